"""A round robin's round as players and removable facts (what ``why`` and ``explain`` use).

Two kinds of rules hold in a round robin (``models/round-robin-2026.md``
section 12):

* **the cycle's rules** (C.05: every player meets every other once a cycle, and
  in an odd field sits out once a cycle): two players who met earlier in the
  cycle (a game or a forfeit) may not meet again in it, a player who had the
  bye in the cycle may not have it again. A round that breaks one is illegal
  (``check`` exit 7);
* **the table** (C.05 Annex 1): each board of the Berger table's round, and its
  bye, as a fact that forbids its players every other partner. A round that
  departs from it breaks no absolute rule: it differs (``check`` exit 6), and
  ``why`` names the criterion (:mod:`.evaluate`). The table's facts are in the
  problem so that ``explain`` can say why a round cannot be paired: the table's
  round repeats a game of the cycle (the file departed from the table earlier),
  and what to waive.
"""

from __future__ import annotations

from mipair.explain.facts import BYE, Fact, PairingProblem, pair
from mipair.systems.roundrobin.state import RoundRobinState

TABLE = "C.05 Annex 1"
"""The Berger table's rule, as the facts and criteria name it."""
CYCLE = "C.05"
"""The cycle's rules (each pair once, each bye once)."""
TABLE_KIND = "table"


def _rounds(rounds: list[int]) -> str:
    return ("round " if len(rounds) == 1 else "rounds ") + ", ".join(map(str, rounds))


def met_in_cycle(state: RoundRobinState) -> dict[frozenset[int], list[int]]:
    """The pairs who met earlier in the cycle (a game or a forfeit), with the rounds."""
    t = state.tournament
    met: dict[frozenset[int], list[int]] = {}
    for rnd in range(state.cycle_start, state.round):
        for pid in t.players:
            cell = t.cell(pid, rnd)
            if cell is not None and cell.opponent is not None and pid < cell.opponent:
                met.setdefault(pair(pid, cell.opponent), []).append(rnd)
    return met


def byes_in_cycle(state: RoundRobinState) -> dict[int, list[int]]:
    """The players who had the pairing-allocated bye earlier in the cycle, with the rounds."""
    t = state.tournament
    byes: dict[int, list[int]] = {}
    for rnd in range(state.cycle_start, state.round):
        for pid in t.players:
            cell = t.cell(pid, rnd)
            if cell is not None and cell.is_pab:
                byes.setdefault(pid, []).append(rnd)
    return byes


def rematch_fact(a: int, b: int, rounds: list[int]) -> Fact:
    when = _rounds(rounds)
    return Fact(
        "rematch",
        (a, b),
        f"players {a} and {b} have met already in this cycle ({when}); each pair meets "
        "once a cycle",
        f"allow {a} and {b} to meet twice in this cycle",
        frozenset({pair(a, b)}),
        note=when,
        criterion=CYCLE,
    )


def bye_fact(player: int, rounds: list[int]) -> Fact:
    when = _rounds(rounds)
    return Fact(
        "bye",
        (player,),
        f"player {player} had the bye in this cycle ({when}); each player sits out once a cycle",
        f"give {player} a second bye in this cycle",
        frozenset({pair(player, BYE)}),
        note=when,
        criterion=CYCLE,
    )


def table_facts(state: RoundRobinState) -> list[Fact]:
    """Each board of the table's round, and its bye, forbidding its players any other
    partner (see the module docstring)."""
    nodes = (*state.players, BYE)
    rnd = state.round
    facts = []
    for game in state.table.games:
        ends = (game.white, game.black)
        facts.append(
            Fact(
                TABLE_KIND,
                ends,
                f"the Berger table pairs {game.white} (White) with {game.black} on board "
                f"{game.board} of round {rnd}",
                f"pair {game.white} and {game.black} otherwise than the table",
                frozenset(pair(p, x) for p in ends for x in nodes if x not in ends),
                note=f"board {game.board}",
                criterion=TABLE,
            )
        )
    if state.bye is not None:
        bye = state.bye
        facts.append(
            Fact(
                TABLE_KIND,
                (bye,),
                f"the Berger table gives {bye} the bye in round {rnd}",
                f"give {bye} a game instead of the table's bye",
                frozenset(pair(bye, x) for x in state.players if x != bye),
                note="bye",
                criterion=TABLE,
            )
        )
    return facts


def cycle_facts(state: RoundRobinState) -> list[Fact]:
    """The cycle's rules among the round's players (see the module docstring)."""
    present = set(state.players)
    met = sorted((sorted(ends), rounds) for ends, rounds in met_in_cycle(state).items())
    facts = [rematch_fact(a, b, rounds) for (a, b), rounds in met if {a, b} <= present]
    if len(present) % 2:
        facts += [
            bye_fact(p, rounds)
            for p, rounds in sorted(byes_in_cycle(state).items())
            if p in present
        ]
    return facts


def round_problem(state: RoundRobinState, with_table: bool = True) -> PairingProblem:
    """The round's players and facts: the cycle's rules, then (``with_table``) the table's."""
    facts = cycle_facts(state) + (table_facts(state) if with_table else [])
    return PairingProblem(
        state.round,
        state.players,
        tuple(facts),
        rules={"complete": CYCLE, "bye": TABLE},
    )


def table_breaks(state: RoundRobinState) -> list[Fact]:
    """The cycle's rules the table's own round breaks (none unless the file departed from
    the table in an earlier round of the cycle)."""
    pairs = {pair(g.white, g.black) for g in state.table.games}
    if state.bye is not None:
        pairs.add(pair(state.bye, BYE))
    return [fact for fact in cycle_facts(state) if fact.blocks & pairs]
