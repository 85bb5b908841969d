"""How much memory a McMahon round needs, estimated from its state before the field is
built: the input of the refusal of a round too large (exit 4, :mod:`mipair.memory`).

What grows with the field is linear: the file's players and games as read, each
player's scores and entrant, the field's arrays (who met whom is kept as the pairs
that met, never a table of every pair). The one quadratic term is the largest set of
players matched at once: the whole field up to OpenGotha's part size (600), a part
above it (:mod:`~mipair.systems.mcmahon.chunks`), each pair's weight terms and the
matching's model. The constants are ``[mcmahon]`` of ``models/memory.toml``, fitted to
the peaks ``benchmarks/bench_mcmahon_parts.py`` measures (benchmarks/README.md).
"""

from __future__ import annotations

from mipair.memory import MIB, all_pairs, available_memory, constants, refuse_beyond
from mipair.systems.mcmahon.params import model
from mipair.systems.mcmahon.state import McMahonState

TABLE = "mcmahon"
"""The estimate's table in ``models/memory.toml``."""


def matched_at_once(players: int) -> int:
    """The most players one matching holds: the field, or OpenGotha's largest part."""
    return min(players, int(model()["parts"]["largest"]))


def round_estimate(state: McMahonState) -> int:
    """The peak resident memory of pairing ``state``'s round, in bytes."""
    values = constants(TABLE)
    t = state.tournament
    return int(
        values["process_mib"] * MIB
        + values["player_bytes"] * len(t.players)
        + values["game_bytes"] * len(t.games)
        + values["matched_pair_bytes"] * all_pairs(matched_at_once(len(state.players)))
    )


def refuse_too_large(state: McMahonState) -> None:
    """Refuse (TooLargeError, exit 4) a round whose estimated peak would not fit in the
    memory available (``MIPAIR_MEMORY_MB`` or the system's)."""
    players = len(state.players)
    refuse_beyond(
        round_estimate(state),
        available_memory(),
        f"{players:,} players to pair",
        f"matched {matched_at_once(players):,} at a time",
        state.tournament.path or None,
    )
