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


@dataclass(frozen=True)
class FieldArrays:
    """Every entrant's side, who met whom, and which clubs share a clubs group."""

    side: Side
    met: np.ndarray  # met[i, j]: entrants i and j played before
    club_group: np.ndarray  # club_group[c, d]: clubs c and d are in a common group


def _codes(values: list[str]) -> tuple[np.ndarray, list[str]]:
    known = sorted(set(values))
    where = {v: k for k, v in enumerate(known)}
    return np.array([where[v] for v in values], dtype=np.int64), known


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
    place = {e.index: k for k, e in enumerate(people)}
    met = np.zeros((len(people), len(people)), dtype=bool)
    for k, e in enumerate(people):
        for other in e.met:
            if other in place:
                met[k, place[other]] = True
    club_group = np.zeros((len(clubs), len(clubs)), dtype=bool)
    for group in fld.params.clubs_groups:
        inside = [k for k, c in enumerate(clubs) if c in group]
        club_group[np.ix_(inside, inside)] = True
    return FieldArrays(side, met, club_group)


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
