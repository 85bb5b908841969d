"""The absolute rules every FIDE Swiss system shares (C.04.1), as removable facts.

Each rule of :mod:`mipair.systems.fide.rules` that forbids something in a round
becomes one :class:`~mipair.explain.facts.Fact` in an arbiter's words (what
``why`` checks and ``explain`` reduces), numbered as the edition's model file
says (``absolute_ids``). :func:`basic_problem` is the round's pairing problem
with these facts; a system adds its own (:func:`colour_fact`: two absolute
colour preferences for one colour, by each system's C3; :func:`colour_clashes`:
C3 with no exception, as Dubov and Burstein have it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mipair.explain.facts import Fact, PairingProblem, pair
from mipair.model import Result
from mipair.systems.fide.colours import COLOUR_NAME, Preference, absolute_class, preference
from mipair.systems.fide.rules import forbidden_pairs, pab_eligible, rematch
from mipair.systems.fide.state import Snapshot, pab_ineligible
from mipair.systems.swiss_facts import (
    barred_fact,
    forbidden_fact,
    listed,
    numbered_problem,
    pair_fact,
)


def games_between(snap: Snapshot, a: int, b: int) -> list[int]:
    """Rounds in which a and b played a game that counts (forfeits do not)."""
    t = snap.tournament
    out = []
    for k in range(1, snap.round):
        cell = t.cell(a, k)
        if cell is not None and cell.is_played and cell.opponent == b:
            out.append(k)
    return out


def rematch_fact(snap: Snapshot, a: int, b: int) -> Fact:
    when = listed(games_between(snap, a, b), "round", "rounds")
    return pair_fact(
        "rematch",
        a,
        b,
        f"players {a} and {b} have already played each other ({when})",
        f"allow {a} and {b} to play each other again",
        when,
    )


def bye_causes(snap: Snapshot, pid: int) -> str:
    """The rounds that bar a player from the PAB, e.g. 'had the bye in round 3'."""
    t = snap.tournament
    ps = t.point_system
    causes = []
    edition = snap.edition
    for k in range(1, snap.round):
        cell = t.cell(pid, k)
        if cell is None or not pab_ineligible(ps, [cell], edition):
            continue
        if cell.is_pab:
            causes.append(f"had the pairing-allocated bye in round {k}")
        elif cell.opponent is not None:
            causes.append(f"won by forfeit in round {k}")
        elif cell.result is Result.FULL_BYE:
            causes.append(f"had a full-point bye in round {k}")
        else:
            causes.append(f"had a bye worth a win in round {k}")
    return "; ".join(causes) or "barred from the bye"


def bye_fact(snap: Snapshot, pid: int) -> Fact:
    cause = bye_causes(snap, pid)
    second = "a second bye" if snap.players[pid].had_pab else "the bye"
    return barred_fact(
        pid,
        f"player {pid} may not receive the bye ({cause})",
        f"allow player {pid} {second}",
        cause,
    )


STRUCTURE = {"complete": "complete", "bye": "odd_bye"}
"""The round's structural rules (:attr:`PairingProblem.rules`) -> their key in ``absolute_ids``."""


def basic_problem(
    snap: Snapshot, more: Callable[[int, int], Iterable[Fact]] | None = None
) -> PairingProblem:
    """The players to pair in ``snap`` and the facts among them, each numbered as the
    edition numbers it: for every pair (in pairing-id order) C.04.1's rematch and
    forbidden pair, then the system's own (``more(a, b)``); then the bye facts."""
    ids = snap.to_pair
    states = {p: snap.players[p] for p in ids}
    banned = forbidden_pairs(snap)

    def pair_facts(a: int, b: int) -> list[Fact]:
        facts = [rematch_fact(snap, a, b)] if rematch(states[a], states[b]) else []
        if pair(a, b) in banned:
            facts.append(forbidden_fact(a, b))
        if more is not None:
            facts += more(a, b)
        return facts

    barred = [bye_fact(snap, p) for p in ids if not pab_eligible(states[p])]
    return numbered_problem(
        snap.round, ids, pair_facts, barred, snap.edition.absolute_ids, STRUCTURE
    )


def why_absolute(p: Preference) -> str:
    """Why a colour preference is absolute, e.g. 'colour difference -2'."""
    if abs(p.cd) >= 2:
        return f"colour difference {p.cd:+d}"
    assert p.repeated is not None
    return f"two {COLOUR_NAME[p.repeated]}s in a row"


def colour_fact(a: int, b: int, pa: Preference, pb: Preference, exception: str = "") -> Fact:
    """The fact that a and b, both with an absolute preference for one colour, do not
    meet (``exception``: why the system's exception does not apply, e.g. topscorers)."""
    assert pa.colour is not None
    col = COLOUR_NAME[pa.colour]
    return pair_fact(
        "colour",
        a,
        b,
        f"players {a} ({why_absolute(pa)}) and {b} ({why_absolute(pb)}) must both have "
        f"{col}{exception}",
        f"let {a} and {b} meet although one of them cannot have {col}",
        col,
    )


def colour_clashes(snap: Snapshot) -> Callable[[int, int], list[Fact]]:
    """C3 with no exception (Dubov and Burstein 2.1.3): a fact for each pair of players
    with the same absolute colour preference."""
    prefs = {p: preference(snap.players[p]) for p in snap.to_pair}

    def clash(a: int, b: int) -> list[Fact]:
        kind = absolute_class(prefs[a])
        if kind is not None and kind == absolute_class(prefs[b]):
            return [colour_fact(a, b, prefs[a], prefs[b])]
        return []

    return clash
