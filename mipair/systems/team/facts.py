"""A team round's absolute rules as removable facts (what ``why`` checks and ``explain`` reduces).

The absolute criteria of C.04.6 (2.1, 2.2): [C1] two teams that played a match do not
meet again (a match not played may be repeated, T12), [C2] the PAB never goes to a team
that had a PAB, won a match by forfeit or had a full-point bye (T11), and [C3] every
team but the PAB's is paired; besides, the competition's forbidden pairs (``260``).
No colour rule is absolute (the Preface). Players of the problem are teams, by TPN; the
problem is built as every Swiss system's (:func:`~mipair.systems.swiss_facts.numbered_problem`).
"""

from __future__ import annotations

from mipair.explain.facts import Fact, PairingProblem, pair
from mipair.systems.swiss_facts import (
    barred_fact,
    forbidden_fact,
    listed,
    numbered_problem,
    pair_fact,
)
from mipair.systems.team.field import TeamState
from mipair.systems.team.settings import settings
from mipair.team_rounds import Kind

STRUCTURE = {"complete": "complete", "bye": "bye"}
"""The round's structural rules -> their key in the model file's ``absolute_ids``."""


def rematch_fact(state: TeamState, a: int, b: int) -> Fact:
    """[C1]: a and b played a match (a game over the board) already."""
    rounds = [k for k, r in enumerate(state.history[a], 1) if r.played and r.opponent == b]
    when = listed(rounds, "round", "rounds")
    return pair_fact(
        "rematch",
        a,
        b,
        f"teams {a} and {b} have already played a match ({when})",
        f"allow {a} and {b} to meet again",
        when,
    )


def bye_causes(state: TeamState, team: int) -> str:
    """What bars a team from the PAB ([C2]), e.g. 'had the PAB in round 3'."""
    causes = []
    for k, r in enumerate(state.history[team], 1):
        if r.kind is Kind.PAB:
            causes.append(f"had the PAB in round {k}")
        elif r.kind is Kind.FULL_BYE:
            causes.append(f"had a full-point bye in round {k}")
        elif r.forfeit_win:
            causes.append(f"won a match by forfeit in round {k}")
    return "; ".join(causes)


def bye_fact(state: TeamState, team: int) -> Fact:
    cause = bye_causes(state, team)
    return barred_fact(
        team,
        f"team {team} may not receive the PAB ({cause})",
        f"allow team {team} the PAB",
        cause,
    )


def round_problem(state: TeamState) -> PairingProblem:
    """The teams to pair and the facts among them: for each pair (by TPN) [C1] and the
    forbidden pair, then [C2] for each team barred from the PAB."""
    ids = tuple(sorted(state.teams))

    def pair_facts(a: int, b: int) -> list[Fact]:
        facts = [rematch_fact(state, a, b)] if b in state.teams[a].met else []
        if pair(a, b) in state.forbidden:
            facts.append(forbidden_fact(a, b, "teams"))
        return facts

    barred = [bye_fact(state, n) for n in ids if state.teams[n].bye_barred]
    numbered = settings().absolute_ids
    names = {n: str(n) for n in ids}
    return numbered_problem(state.round, ids, pair_facts, barred, numbered, STRUCTURE, names)
