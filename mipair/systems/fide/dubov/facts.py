"""The facts of a Dubov round, in an arbiter's words: C.04.1's (rematch, forbidden
pair, the PAB) and C3, one per pair of players with the same absolute colour
preference (C.04.4.1 (2026) 2.1.3: no topscorer or last-round exception)."""

from __future__ import annotations

from mipair.explain.facts import Fact, PairingProblem
from mipair.systems.fide.colours import colour_fact, preference
from mipair.systems.fide.dubov.field import NEWCOMER
from mipair.systems.fide.facts import basic_problem
from mipair.systems.fide.state import Snapshot


def dubov_problem(snap: Snapshot) -> PairingProblem:
    """The players to pair in ``snap`` and every absolute-criterion fact among them."""
    newcomer = NEWCOMER[snap.edition.settings["newcomer_preference"]]
    prefs = {p: preference(snap.players[p], newcomer) for p in snap.to_pair}

    def clash(a: int, b: int) -> list[Fact]:
        pa, pb = prefs[a], prefs[b]
        if pa.absolute and pb.absolute and pa.colour is pb.colour:
            return [colour_fact(a, b, pa, pb)]
        return []

    return basic_problem(snap, clash)
