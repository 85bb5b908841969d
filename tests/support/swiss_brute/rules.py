"""What the Dubov and Burstein brute forces share: colour preferences, the legal pairs, the bye
(and, with the team system's, the procedure that pairs brackets from the top).

Both systems take the colour preference of the Dutch system (absolute, strong,
mild) and differ only for a player who has not played (Dubov 1.6.4: a mild
preference for Black; Burstein 1.5.4: none); both keep [C1] and [C3] with no
exception and give the PAB first, to the first eligible player in an order
that leaves the others pairable (3.1 of either text).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from mipair.model import Colour
from tests.support.swiss_brute.history import BLACK, WHITE, Entrant, Field, RoundPairing, pairable

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0
Preference = tuple[Colour | None, int]


class NoLegalPairing(Exception):
    """The text finds no pairing (the arbiter decides)."""


def preference(e: Entrant, newcomer: Colour | None) -> Preference:
    """(colour, strength): absolute beyond +-1 or after two equal colours, strong at +-1, mild at 0."""
    colours, cd = e.colours, e.colour_difference
    if cd > 1:
        return BLACK, ABSOLUTE
    if cd < -1:
        return WHITE, ABSOLUTE
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return colours[-1].opposite, ABSOLUTE
    if cd:
        return (BLACK if cd > 0 else WHITE), STRONG
    if colours:
        return colours[-1].opposite, MILD
    return newcomer, MILD if newcomer else NONE


def give(first: int, second: int, colour: Colour) -> tuple[int, int]:
    """(white, black) when ``first`` gets ``colour``."""
    return (first, second) if colour is WHITE else (second, first)


class SwissRound:
    """The players of a round, their preferences and the pairs [C1] and [C3] allow."""

    newcomer: Colour | None = None

    def __init__(self, field: Field) -> None:
        self.field = field
        self.players = {e.id: e for e in field.to_pair()}
        self.pref = {pid: preference(e, self.newcomer) for pid, e in self.players.items()}
        self.forbidden = {
            frozenset(pair)
            for fp in field.tournament.forbidden
            if fp.applies(field.round)
            for pair in itertools.combinations(fp.players, 2)
        }

    def legal(self, a: int, b: int) -> bool:
        """[C1] no rematch (and the organiser's forbidden pairs), [C3] no equal absolute preferences."""
        if b in self.players[a].opponents or frozenset((a, b)) in self.forbidden:
            return False
        (ca, sa), (cb, sb) = self.pref[a], self.pref[b]
        return not (sa == ABSOLUTE and sb == ABSOLUTE and ca == cb)

    def score(self, pid: int) -> int:
        return self.players[pid].pairing_score

    def first_bye(self, ids: list[int], order: Callable[[int], tuple]) -> int:
        """3.1: the first eligible player ([C2]) in ``order`` who leaves the others pairable ([C4])."""
        for pid in sorted((p for p in ids if not self.players[p].pab_barred), key=order):
            if pairable([p for p in ids if p != pid], self.legal):
                return pid
        raise NoLegalPairing("no player may take the PAB ([C2], [C4])")


def top_down(
    unpaired: list[int],
    bracket: Callable[[list[int]], list[tuple[int, int]]],
    colours: Callable[[int, int], tuple[int, int]],
) -> list[tuple[int, int]]:
    """The boards of a procedure with no downfloaters (Dubov 1.9, C.04.6 3.3.2): ``bracket``
    pairs the top-scoregroup of who is left with its upfloaters, until nobody is left;
    ``colours`` gives each pair as (white, black)."""
    boards: list[tuple[int, int]] = []
    while unpaired:
        pairs = bracket(unpaired)
        boards += [colours(a, b) for a, b in pairs]
        done = {p for pair in pairs for p in pair}
        unpaired = [p for p in unpaired if p not in done]
    return boards


def check_round(field: Field, pairing: RoundPairing) -> None:
    """Everyone present paired once (one PAB at most, to an eligible player), no rematch."""
    present = sorted(e.id for e in field.to_pair())
    paired = [p for board in pairing.boards for p in board]
    assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == present
    for white, black in pairing.boards:
        assert black not in field.entrants[white].opponents
    assert pairing.bye is None or not field.entrants[pairing.bye].pab_barred


def check_absolute_granted(round_: SwissRound, pairing: RoundPairing) -> None:
    """[C3] with 5.2.3: an absolute preference is always granted."""
    for white, black in pairing.boards:
        (cw, sw), (cb, sb) = round_.pref[white], round_.pref[black]
        assert sw < ABSOLUTE or cw is WHITE
        assert sb < ABSOLUTE or cb is BLACK
