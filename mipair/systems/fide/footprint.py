"""How large a FIDE round's models will be, read from its state before anything is
built: the input of the memory estimate that refuses a round too large (exit 4,
:mod:`mipair.memory`)."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from mipair import allocator
from mipair.memory import all_pairs, available_memory, fits, round_bytes
from mipair.systems.fide.edition import model_name
from mipair.systems.fide.state import Snapshot


def scoregroup_sizes(snap: Snapshot) -> list[int]:
    """The number of players to pair in each scoregroup (by pairing score), highest first."""
    scores = Counter(snap.players[pid].pairing_score for pid in snap.to_pair)
    return [scores[score] for score in sorted(scores, reverse=True)]


def largest_window_pairs(sizes: list[int]) -> int | None:
    """The pairs of the largest window a round models (a bracket and the next
    scoregroup, :class:`mipair.systems.fide.windows.WindowModels`): those of two
    adjacent scoregroups of ``sizes``, every pair counted (rematches too: an upper
    bound); None for a field of one scoregroup (every first round), whose one
    window is the whole field."""
    if len(sizes) < 2:
        return None
    return all_pairs(max(a + b for a, b in pairwise(sizes)))


def memory_table(snap: Snapshot) -> str:
    """The name of the round's edition's table in ``models/memory.toml``."""
    return model_name(snap.edition.system, snap.edition.name)


def round_estimate(snap: Snapshot) -> int:
    """The round's peak estimated in bytes (:func:`mipair.memory.round_bytes`, by
    its edition's constants), as :func:`refuse_too_large` judges it."""
    sizes = scoregroup_sizes(snap)
    return round_bytes(sum(sizes), largest_window_pairs(sizes), memory_table(snap))


def refuse_too_large(snap: Snapshot) -> None:
    """Refuse (TooLargeError, exit 4) a round whose peak memory would not fit in
    what is available (:func:`mipair.memory.fits`); else set the allocator as the
    estimate was measured with (:func:`mipair.allocator.settle`)."""
    sizes = scoregroup_sizes(snap)  # their sum: the players to pair
    fits(sum(sizes), available_memory(), largest_window_pairs(sizes), memory_table(snap))
    allocator.settle(sum(sizes))
