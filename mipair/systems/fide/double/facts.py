"""A Double-Swiss round's absolute rules as removable facts (what ``why`` and ``explain`` use).

[C1]: two players who have played a match (not one ended by forfeit) do not
meet again; the organiser's forbidden pairs are kept apart the same way
(DS18). [C2]: a player who had the PAB, won a match by forfeit or had a
full-point bye does not get the PAB. Each fact is numbered as the model file's
``absolute_ids`` says.
"""

from __future__ import annotations

from mipair.explain.facts import Fact, PairingProblem, pair
from mipair.matches import match
from mipair.systems.fide.double.state import DoubleState
from mipair.systems.fide.edition import Edition
from mipair.systems.fide.facts import STRUCTURE
from mipair.systems.swiss_facts import (
    barred_fact,
    forbidden_fact,
    listed,
    numbered_problem,
    pair_fact,
)


def met_in(state: DoubleState, a: int, b: int) -> list[int]:
    """The matches a and b played (ended by forfeit: not a meeting)."""
    t = state.tournament
    return [k for k in range(1, state.round) if (m := match(t, a, k)).is_played and m.opponent == b]


def rematch_fact(state: DoubleState, a: int, b: int) -> Fact:
    when = listed(met_in(state, a, b), "match", "matches")
    return pair_fact(
        "rematch",
        a,
        b,
        f"players {a} and {b} have already played a match ({when})",
        f"allow {a} and {b} a second match",
        when,
    )


def bye_cause(state: DoubleState, pid: int) -> str:
    """Why the player may not have the PAB: the first match that bars it."""
    t = state.tournament
    for k in range(1, state.round):
        past = match(t, pid, k)
        if past.is_pab:
            return f"had the pairing-allocated bye in match {k}"
        if past.won_by_forfeit:
            return f"won match {k} by forfeit"
        if past.opponent is None and past.games[0] is not None:
            return f"had a full-point bye in match {k}"
    return "barred from the bye"


def bye_fact(state: DoubleState, pid: int) -> Fact:
    cause = bye_cause(state, pid)
    return barred_fact(
        pid,
        f"player {pid} may not receive the bye ({cause})",
        f"allow player {pid} the bye",
        cause,
    )


def round_problem(state: DoubleState, edition: Edition) -> PairingProblem:
    """The players to pair and the facts among them, numbered as the edition says."""
    ids = state.to_pair
    players = state.players

    def pair_facts(a: int, b: int) -> list[Fact]:
        facts = [rematch_fact(state, a, b)] if b in players[a].opponents else []
        if pair(a, b) in state.forbidden:
            facts.append(forbidden_fact(a, b))
        return facts

    barred = [bye_fact(state, p) for p in ids if players[p].pab_barred]
    return numbered_problem(state.round, ids, pair_facts, barred, edition.absolute_ids, STRUCTURE)
