"""An independent oracle for the explanation tests: brute-force pairings of small rounds.

Legality is read straight from the tournament (games in the cells, XXP
records) or from the Dutch building blocks (colour clash, bye eligibility),
never from mipair.explain. A rule is a key ``(kind, frozenset(players))``;
waiving a key allows what it forbids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations

from mipair.systems.fide.dutch.absolute import colour_clash
from mipair.systems.fide.rules import pab_eligible
from mipair.systems.fide.state import Snapshot

Key = tuple[str, frozenset]


def played(snap: Snapshot, a: int, b: int) -> bool:
    t = snap.tournament
    return any(
        (c := t.cell(a, k)) is not None and c.opponent == b and not c.result.is_forfeit
        for k in range(1, snap.round)
    )


def forbidden(snap: Snapshot, a: int, b: int) -> bool:
    return any(
        fp.applies(snap.round) and a in fp.players and b in fp.players
        for fp in snap.tournament.forbidden
    )


def pair_rules(snap: Snapshot, a: int, b: int) -> set[Key]:
    pa, pb = snap.players[a], snap.players[b]
    ab = frozenset((a, b))
    keys = set()
    if played(snap, a, b):
        keys.add(("rematch", ab))
    if forbidden(snap, a, b):
        keys.add(("forbidden", ab))
    if colour_clash(snap, pa, pb):
        keys.add(("colour", ab))
    return keys


def all_rules(snap: Snapshot) -> set[Key]:
    ids = snap.to_pair
    keys: set[Key] = set()
    for a, b in combinations(ids, 2):
        keys |= pair_rules(snap, a, b)
    keys |= {("bye", frozenset((p,))) for p in ids if not pab_eligible(snap.players[p])}
    return keys


def find_pairing(
    players: list[int], ok: Callable[[int, int], bool], bye_ok: Callable[[int], bool]
) -> list[tuple[int, int | None]] | None:
    """Any pairing covering every player, one bye (to a bye_ok player) when the count is odd."""

    def rec(rest: list[int], bye_left: bool) -> list[tuple[int, int | None]] | None:
        if not rest:
            return []
        p, tail = rest[0], rest[1:]
        if bye_left and bye_ok(p):
            got = rec(tail, False)
            if got is not None:
                return got + [(p, None)]
        for q in tail:
            if ok(p, q):
                got = rec([x for x in tail if x != q], bye_left)
                if got is not None:
                    return got + [(p, q)]
        return None

    return rec(sorted(players), len(players) % 2 == 1)


def pairing_under(snap: Snapshot, waived: Iterable[Key]):
    """A pairing of the round when the rules ``waived`` are lifted (None: impossible)."""
    w = set(waived)
    return find_pairing(
        snap.to_pair,
        lambda a, b: pair_rules(snap, a, b) <= w,
        lambda p: pab_eligible(snap.players[p]) or ("bye", frozenset((p,))) in w,
    )


def legal_under(snap: Snapshot, waived: Iterable[Key], boards, bye) -> bool:
    """Is (boards, bye) a complete legal pairing once ``waived`` are lifted?"""
    w = set(waived)
    seen = [p for b in boards for p in b] + ([bye] if bye is not None else [])
    if sorted(seen) != sorted(snap.to_pair):
        return False
    if bye is not None and not (pab_eligible(snap.players[bye]) or ("bye", frozenset((bye,))) in w):
        return False
    return all(pair_rules(snap, a, b) <= w for a, b in boards)


def subsets_below(items: list, size: int) -> Iterable[tuple]:
    for k in range(size):
        yield from combinations(items, k)
