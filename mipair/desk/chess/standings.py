"""Standings and crosstable of a chess tournament, by its own tie-break list (C.07).

The standings are those of ``mipair standings`` on the same file
(:func:`mipair.results.standings.standings`, the list of record 202/212):
points, then the tie-breaks in order, players still tied sharing their
rank. They are computed from the completed rounds only (the round being
played counts once its last result is in). :func:`with_ranks` writes the
ranks into the players' 001 records (columns 86-89), as a rating report
has them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, NotRequired, TypedDict

from mipair.desk import views
from mipair.desk.chess.document import ChessEvent
from mipair.errors import InputError
from mipair.model import Cell, Tournament


class Person(TypedDict):
    """A player as lists name him (:func:`person`)."""

    id: int
    name: str
    titled: str
    title: str
    federation: str
    rating: int | None
    fide_id: str


class Entry(TypedDict):
    """A crosstable cell (:func:`_entry`)."""

    opponent: int | None
    line: int | None
    colour: str | None
    result: str


class Row(Person):
    """A line of the standings: the player, his rank, points and tie-breaks (by their names);
    in the crosstable, his rounds."""

    rank: int
    points: float
    tiebreaks: dict[str, float | None]
    rounds: NotRequired[list[Entry]]


class StandingsView(TypedDict):
    """The standings (:func:`standings_view`) or the crosstable (:func:`crosstable_view`)."""

    tournament: dict[str, object]
    after: int
    tiebreaks: list[str]
    standings: list[Row]


def completed_tournament(event: ChessEvent, after: int | None = None) -> Tournament:
    """The tournament as its completed rounds (or rounds 1..``after``) leave it."""
    if after is not None and not 0 <= after <= event.completed:
        raise InputError(
            f"round {after}: the rounds completed are 1 to {event.completed}", field="after"
        )
    return replace(event.tournament, results=event.completed_cells(after))


def ranking(event: ChessEvent, after: int | None = None) -> list[dict[str, Any]]:
    """``[{id, rank, points, tiebreaks}]`` best first, as ``mipair standings --json``."""
    from mipair.desk.chess.settings import tiebreak_list
    from mipair.results.standings import standings

    return standings(completed_tournament(event, after), tiebreak_list(event) or None)


def with_ranks(event: ChessEvent) -> ChessEvent:
    """The players' rank fields set from the standings (none before round 1 is complete);
    a team tournament ranks its teams (:func:`~.team_standings.with_team_ranks`)."""
    if event.tournament.teams is not None:
        return event
    people = event.tournament.players
    ranks: dict[int, int | None] = {pid: None for pid in people}
    if event.completed and people:
        ranks.update((row["id"], row["rank"]) for row in ranking(event))
    if all(people[pid].rank == rank for pid, rank in ranks.items()):
        return event
    return event.changed(players={pid: replace(p, rank=ranks[pid]) for pid, p in people.items()})


def heading(event: ChessEvent) -> dict[str, object]:
    """What a printed page says of the tournament: name, place, dates, rounds, system."""
    from mipair.desk.chess import engine
    from mipair.desk.chess.settings import system_of

    system, edition, baku = system_of(event)
    return {
        "name": event.header("012"),
        "location": event.header("022"),
        "begin": event.header("042"),
        "end": event.header("052"),
        "arbiter": event.header("102"),
        "rounds": event.total_rounds,
        "system": f"{engine.title(system)} ({edition}{', Baku acceleration' if baku else ''})",
    }


def person(event: ChessEvent, pid: int) -> Person:
    """A player as lists name him."""
    p = event.tournament.players[pid]
    return {
        "id": pid,
        "name": p.name,
        "titled": f"{p.title} {p.name}".strip(),
        "title": p.title,
        "federation": p.federation,
        "rating": p.rating or None,
        "fide_id": p.fide_id,
    }


def person_view(row: Person) -> dict[str, object]:
    """A chess player in the desks' views' shape (:mod:`mipair.desk.views`; the pairing
    number as the id)."""
    return views.person(
        row["id"],
        row["name"],
        title=row["title"],
        federation=row["federation"],
        rating=row["rating"],
        fide_id=row["fide_id"],
    )


def standings_view(event: ChessEvent, after: int | None = None) -> StandingsView:
    """The standings after the completed rounds (or round ``after``), one row a player."""
    rows = ranking(event, after)
    names = list(rows[0]["tiebreaks"]) if rows else []
    return {
        "tournament": heading(event),
        "after": event.completed if after is None else after,
        "tiebreaks": names,
        "standings": [
            {
                "rank": row["rank"],
                **person(event, row["id"]),
                "points": row["points"],
                "tiebreaks": row["tiebreaks"],
            }
            for row in rows
        ],
    }


def crosstable_view(event: ChessEvent, after: int | None = None) -> StandingsView:
    """Each player in standings order, his rounds against the opponents' places."""
    view = standings_view(event, after)
    line_of = {row["id"]: k for k, row in enumerate(view["standings"], 1)}
    cells = event.completed_cells(view["after"])
    for row in view["standings"]:
        row["rounds"] = [_entry(cell, line_of) for cell in cells[row["id"]]]
    return view


def _entry(cell: Cell, line_of: dict[int, int]) -> Entry:
    """A crosstable cell: the opponent's line, the colour, the result code."""
    opponent = cell.opponent
    return {
        "opponent": opponent,
        "line": None if opponent is None else line_of[opponent],
        "colour": cell.colour.value if cell.colour is not None else None,
        "result": cell.result.value,
    }


def _points(value: object) -> str:
    return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def ranking_table(
    title: str,
    label: str,
    columns: Sequence[tuple[str, str]],
    tiebreaks: Sequence[str],
    rows: Sequence[tuple[object, object, str, Sequence[object], Sequence[str]]],
) -> str:
    """A ranking as a plain table: the title, then a line a player or team: rank, number,
    name, the ``columns`` (heading and format spec, e.g. ``("Pts", ">5")``), the tie-breaks
    (the individual standings and the team standings print the same layout)."""
    width = max([len(row[2]) for row in rows] + [4])

    def line(
        rank: object, number: object, name: str, cells: Sequence[object], breaks: Sequence[str]
    ) -> str:
        shown = " ".join(f"{cell:{spec}}" for cell, (_, spec) in zip(cells, columns, strict=True))
        return f"{rank:>4} {number:>4}  {name:<{width}} {shown}" + "".join(
            f" {b:>8}" for b in breaks
        )

    heading_line = line("Rk", "No", label, [head for head, _ in columns], tiebreaks)
    return "\n".join([title, heading_line, *(line(*row) for row in rows)]) + "\n"


def standings_text(view: StandingsView) -> str:
    """The standings as a plain table."""
    names = view["tiebreaks"]
    rows = [
        (
            row["rank"],
            row["id"],
            row["name"],
            [row["rating"] or "", row["federation"], _points(row["points"])],
            [_points(row["tiebreaks"][n]) for n in names],
        )
        for row in view["standings"]
    ]
    columns = (("Rtg", ">4"), ("Fed", "3"), ("Pts", ">5"))
    return ranking_table(f"Standings after round {view['after']}", "Name", columns, names, rows)


def crosstable_text(view: StandingsView) -> str:
    """The crosstable: a line a player, a column a round (``12w1``: line 12, White, a win)."""
    width = max([len(r["name"]) for r in view["standings"]] + [4])
    after = view["after"]
    cells = len(view["standings"][0]["rounds"]) if view["standings"] else after
    games = cells // after if after else 1  # a match's games each a column: R2.1 R2.2
    labels = [
        f"R{r}" if games == 1 else f"R{r}.{g}"
        for r in range(1, after + 1)
        for g in range(1, games + 1)
    ]
    lines = [
        f"Crosstable after round {after}",
        f"{'Rk':>4}  {'Name':<{width}} {'Rtg':>4}"
        + "".join(f" {label:>6}" for label in labels)
        + f" {'Pts':>5}",
    ]
    for k, row in enumerate(view["standings"], 1):
        entries = "".join(f" {entry_text(e):>6}" for e in row["rounds"])
        lines.append(
            f"{k:>4}  {row['name']:<{width}} {row['rating'] or '':>4}{entries} "
            f"{_points(row['points']):>5}"
        )
    return "\n".join(lines) + "\n"


def entry_text(entry: Entry) -> str:
    """``12w1``, ``7b=``, ``3w+``; a round without a game: its code alone (``U``, ``H``, ``Z``)."""
    if entry["line"] is None:
        return entry["result"]
    return f"{entry['line']}{entry['colour'] or '-'}{entry['result']}"
