"""The round's field as numpy arrays, so that every weight term weighs many pairs at once.

A :class:`Side` holds, for one end of a list of pairs, each entrant attribute
the weight terms read (one array element per pair). :func:`sides` builds the
side of every entrant of a field (cached on the field); ``side.take(positions)``
picks the entrants of the pairs' first or second ends.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from mipair.systems.mcmahon.field import Entrant, Field


@dataclass(frozen=True)
class Side:
    """Entrant attributes, one array element per pair (see the module docstring)."""

    position: np.ndarray  # place in field.entrants
    group: np.ndarray
    group_size: np.ndarray
    inner: np.ndarray
    drawn_up: np.ndarray
    drawn_down: np.ndarray
    balance: np.ndarray
    mms2: np.ndarray
    nbw2: np.ndarray
    smms: np.ndarray
    rank: np.ndarray
    country: np.ndarray  # a code per upper-cased country
    club: np.ndarray  # a code per upper-cased club
    name_order: np.ndarray  # rank of surname + first name in string order
    name_weighted: np.ndarray  # sum of character code x (position + 1)
    name_sum: np.ndarray  # sum of character codes
    name_length: np.ndarray

    def take(self, positions: np.ndarray) -> Side:
        return Side(**{f.name: getattr(self, f.name)[positions] for f in fields(self)})


def _in_sorted(codes: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Which of ``wanted`` are in the sorted array ``codes``."""
    if not len(codes):
        return np.zeros(len(wanted), dtype=bool)
    at = np.minimum(np.searchsorted(codes, wanted), len(codes) - 1)
    return codes[at] == wanted


@dataclass(frozen=True)
class ClubGroups:
    """Which clubs of the field are in which clubs groups: for club ``c``, the groups
    ``group[start[c]:start[c + 1]]``; ``codes``: ``club x groups + group`` of every
    membership, sorted. As long as the memberships, whatever the number of clubs."""

    start: np.ndarray
    group: np.ndarray
    groups: int
    codes: np.ndarray

    @classmethod
    def of(cls, clubs: list[str], groups: tuple[frozenset[str], ...]) -> ClubGroups:
        where = {club: k for k, club in enumerate(clubs)}
        member = sorted((where[c], g) for g, held in enumerate(groups) for c in held if c in where)
        club = np.array([c for c, _ in member], dtype=np.int64)
        group = np.array([g for _, g in member], dtype=np.int64)
        start = np.searchsorted(club, np.arange(len(clubs) + 1))
        return cls(start, group, max(len(groups), 1), club * max(len(groups), 1) + group)

    def common(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """For clubs ``a[k]`` and ``b[k]``: are they in a common group? (Each of ``a[k]``'s
        groups is looked for among ``b[k]``'s memberships.)"""
        counts = self.start[a + 1] - self.start[a]
        pair = np.repeat(np.arange(len(a)), counts)
        out = np.zeros(len(a), dtype=bool)
        if not len(pair):
            return out
        first = np.repeat(np.cumsum(counts) - counts, counts)
        group = self.group[self.start[a][pair] + np.arange(len(pair)) - first]
        out[pair[_in_sorted(self.codes, b[pair] * self.groups + group)]] = True
        return out


@dataclass(frozen=True)
class FieldArrays:
    """Every entrant's side, who met whom, and which clubs share a clubs group.

    Who met whom is the sorted codes ``low x n + high`` of the entrant positions
    of earlier games: as long as the history, where a table of every pair would
    grow with the square of the field (40 GB for 200,000 players)."""

    side: Side
    size: int  # the entrants
    met_codes: np.ndarray
    club_groups: ClubGroups

    def met(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """For entrant positions ``first[k]`` and ``second[k]``: did they play before?"""
        low, high = np.minimum(first, second), np.maximum(first, second)
        return _in_sorted(self.met_codes, low.astype(np.int64) * self.size + high)


def _codes(values: list[str]) -> tuple[np.ndarray, list[str]]:
    known = sorted(set(values))
    where = {v: k for k, v in enumerate(known)}
    return np.array([where[v] for v in values], dtype=np.int64), known


def _met_codes(people: list[Entrant]) -> np.ndarray:
    place = {e.index: k for k, e in enumerate(people)}
    n = len(people)
    codes = [
        min(k, place[other]) * n + max(k, place[other])
        for k, e in enumerate(people)
        for other in e.met
        if other in place
    ]
    return np.unique(np.array(codes, dtype=np.int64))


def _build(fld: Field) -> FieldArrays:
    people: list[Entrant] = fld.entrants
    names = [e.player.name + e.player.first_name for e in people]
    order, _ = _codes(names)
    country, _ = _codes([e.player.country.upper() for e in people])
    club, clubs = _codes([e.player.club.upper() for e in people])

    def column(values: list[int]) -> np.ndarray:
        return np.array(values, dtype=np.int64)

    side = Side(
        position=np.arange(len(people), dtype=np.int64),
        group=column([e.group for e in people]),
        group_size=column([e.group_size for e in people]),
        inner=column([e.inner for e in people]),
        drawn_up=column([e.drawn_up for e in people]),
        drawn_down=column([e.drawn_down for e in people]),
        balance=column([e.balance for e in people]),
        mms2=column([e.mms2 for e in people]),
        nbw2=column([e.nbw2 for e in people]),
        smms=column([e.smms for e in people]),
        rank=column([e.player.rank for e in people]),
        country=country,
        club=club,
        name_order=order,
        name_weighted=column([sum(ord(c) * (i + 1) for i, c in enumerate(n)) for n in names]),
        name_sum=column([sum(ord(c) for c in n) for n in names]),
        name_length=column([len(n) for n in names]),
    )
    groups = ClubGroups.of(clubs, fld.params.clubs_groups)
    return FieldArrays(side, len(people), _met_codes(people), groups)


def arrays(fld: Field) -> FieldArrays:
    """The field's arrays (built once per field)."""
    cached = fld.__dict__.get("_arrays")
    if cached is None:
        cached = _build(fld)
        fld.__dict__["_arrays"] = cached
    return cached


def position_of(fld: Field, e: Entrant) -> int:
    """Where an entrant stands in ``fld.entrants``."""
    places = fld.__dict__.get("_places")
    if places is None:
        places = {x.index: k for k, x in enumerate(fld.entrants)}
        fld.__dict__["_places"] = places
    return places[e.index]
