"""How far a round departs from the Berger table: the round robin's two criteria.

A round robin has one right pairing, the table's (C.05 Annex 1), so its
criteria count departures from it, fewer being better:

1. ``C.05 Annex 1``: the players paired otherwise than the table pairs them
   (another opponent, a bye the table does not give, no bye where it gives one);
2. ``C.05 Annex 1 colours``: the games of the table's pairs played with the
   colours reversed.

``why`` and ``check`` name the first of them on which a proposal loses
(``check`` exit 6: the round differs; a rule of the cycle broken is exit 7,
:mod:`.facts`).
"""

from __future__ import annotations

from mipair.pairing import Board, RoundPairing
from mipair.reports import LOWER, CriterionValue
from mipair.systems.roundrobin.facts import TABLE
from mipair.systems.roundrobin.state import RoundRobinState

BYE = 0
"""A player's partner when he has the bye."""


def partners(pairing: RoundPairing) -> dict[int, int]:
    """Each player's opponent in ``pairing`` (:data:`BYE`: he has the bye)."""
    out = {b.white: b.black for b in pairing.boards} | {b.black: b.white for b in pairing.boards}
    if pairing.bye is not None:
        out[pairing.bye] = BYE
    return out


def table_pairing(state: RoundRobinState) -> RoundPairing:
    """The table's round as a pairing (the bye of an absent player is nobody's)."""
    boards = tuple(Board(g.white, g.black) for g in state.table.games)
    return RoundPairing(state.round, boards, state.bye)


def players_moved(state: RoundRobinState, pairing: RoundPairing) -> list[int]:
    """The players ``pairing`` pairs otherwise than the table (criterion 1)."""
    table, given = partners(table_pairing(state)), partners(pairing)
    return [p for p in sorted(set(table) | set(given)) if table.get(p) != given.get(p)]


def colours_reversed(state: RoundRobinState, pairing: RoundPairing) -> list[tuple[int, int]]:
    """The games of ``pairing`` that are the table's pairs with the colours reversed
    (criterion 2), as ``pairing`` gives them (White, Black)."""
    table = {(g.white, g.black) for g in state.table.games}
    return [(b.white, b.black) for b in pairing.boards if (b.black, b.white) in table]


def criteria(state: RoundRobinState, pairing: RoundPairing) -> list[CriterionValue]:
    """The two criteria of ``pairing`` (see the module docstring)."""
    rnd = state.round
    return [
        CriterionValue(
            TABLE,
            f"players paired otherwise than the Berger table pairs them in round {rnd}",
            len(players_moved(state, pairing)),
            LOWER,
        ),
        CriterionValue(
            f"{TABLE} colours",
            f"games of the table's pairs with the colours reversed in round {rnd}",
            len(colours_reversed(state, pairing)),
            LOWER,
        ),
    ]


def colour_note(state: RoundRobinState, proposed: RoundPairing) -> str:
    """For a round with the table's pairs: which games have other colours than the table's."""
    swapped = colours_reversed(state, proposed)
    if not swapped:
        return "The proposal is the Berger table's round."
    shown = ", ".join(f"{black}-{white}" for white, black in swapped)
    return (
        f"Same pairs; colours differ from the Berger table ({TABLE}) on {shown} "
        "(the table's colours shown, White first)."
    )
