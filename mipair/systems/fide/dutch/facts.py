"""The facts of a Dutch round, in an arbiter's words.

Every absolute criterion that forbids something in the round becomes one
removable :class:`~mipair.explain.facts.Fact`, decided by the Dutch building
blocks (:mod:`mipair.systems.fide.dutch.absolute`):

* ``rematch``: C1, one per pair of players who already played each other;
* ``forbidden``: one per pair an XXP / 260 record forbids this round;
* ``bye``: C2, one per player who may not receive the pairing-allocated bye;
* ``colour``: C3, one per pair of non-topscorers with the same absolute colour.

The first three are C.04.1's, shared by every FIDE system
(:mod:`mipair.systems.fide.facts`); the colour clashes are the Dutch system's.

:func:`colour_breaches` judges a pairing's own colours by the general Swiss
rules (C.04.1 (2026) Art. 6 and 7, (2017) f and g): no colour difference
beyond +-2 and no colour three times in a row. The Dutch system's exception
(both editions): a pair with a topscorer (last round only, :func:`is_topscorer`)
may break them; C10/C11 (2017: C.8/C.9) then count it as a quality criterion.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.explain.facts import Fact, Matching
from mipair.pairing import RoundPairing
from mipair.reports import Violation
from mipair.systems.base import BoardMaker
from mipair.systems.fide.colours import colour_breaches as shared_colour_breaches
from mipair.systems.fide.colours import preference
from mipair.systems.fide.dutch.absolute import clash_class, is_topscorer
from mipair.systems.fide.facts import colour_fact
from mipair.systems.fide.state import Snapshot


def colour_clashes(snap: Snapshot) -> Callable[[int, int], list[Fact]]:
    """C3: a fact for each pair of ``snap``'s non-topscorers with the same absolute colour
    preference (what the Dutch system adds to C.04.1's facts,
    :func:`~mipair.systems.fide.facts.basic_problem`)."""
    ids = snap.to_pair
    prefs = {p: preference(snap.players[p]) for p in ids}
    classes = {p: clash_class(snap, snap.players[p], prefs[p]) for p in ids}

    def clash(a: int, b: int) -> list[Fact]:
        if classes[a] is not None and classes[a] == classes[b]:  # C3 (colour_clash)
            return [colour_fact(a, b, prefs[a], prefs[b], ", and neither is a topscorer")]
        return []

    return clash


def colour_breaches(snap: Snapshot, pairing: RoundPairing) -> list[Violation]:
    """Every player to whom the pairing's own colours give |CD| > 2 or a third equal
    colour in a row, outside the topscorer exception (see the module docstring)."""
    return shared_colour_breaches(snap, pairing, lambda state: is_topscorer(snap, state))


def dutch_boards(snap: Snapshot) -> BoardMaker:
    """Boards of a pairing: colours by Article 5, higher pairing scores first."""
    from mipair.systems.fide.dutch.colours import allocate

    def make(m: Matching) -> tuple[tuple[int, int], ...]:
        st = snap.players
        games = sorted(
            m.games,
            key=lambda g: (
                -max(st[g[0]].pairing_score, st[g[1]].pairing_score),
                -min(st[g[0]].pairing_score, st[g[1]].pairing_score),
                min(st[g[0]].tpn, st[g[1]].tpn),
            ),
        )
        return tuple(allocate(snap, st[a], st[b]) for a, b in games)

    return make
