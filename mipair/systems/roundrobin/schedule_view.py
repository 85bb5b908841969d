"""A round robin's whole schedule as data, and as text: what ``mipair roundrobin`` prints.

The schedule of a field (numbered players, or a tournament file's players by
their pairing numbers) over its cycles (:mod:`.schedule`): every round's
boards, White first, and its bye; with the players' names, the drawing of
lots the file records and, for a Varma draw, the groups (Annex 2). The same
data is printed as text, as JSON and, by the command, as a printable page.
"""

from __future__ import annotations

from typing import TypedDict

from mipair.model import Tournament
from mipair.systems.roundrobin.draw import numbers_as_drawn, recorded_draw
from mipair.systems.roundrobin.schedule import cycle_of, schedule
from mipair.systems.roundrobin.settings import Cycles
from mipair.systems.roundrobin.summary import cycles_text
from mipair.systems.roundrobin.varma import varma_groups


class Person(TypedDict):
    """A player as the schedule names them (by number only without a file)."""

    id: int
    name: str
    rating: int | None
    federation: str


class Board(TypedDict):
    board: int
    white: Person
    black: Person


class RoundView(TypedDict):
    round: int
    cycle: int
    boards: list[Board]
    bye: Person | None


class Draw(TypedDict):
    """The drawing of lots the file records, and whether its numbers are the draw's."""

    method: str
    seed: str
    as_drawn: bool | None


class Heading(TypedDict):
    name: str
    location: str
    begin: str
    end: str


class ScheduleView(TypedDict):
    """The whole schedule (:func:`schedule_view`)."""

    tournament: Heading
    players: list[Person]
    type: str
    rounds: list[RoundView]
    draw: Draw | None
    varma: dict[str, list[int]] | None


def header(t: Tournament | None, code: str) -> str:
    """The text of the tournament record ``code`` of ``t`` ('' without one)."""
    if t is None:
        return ""
    return next((text.strip() for c, text in t.headers if c == code), "")


def schedule_view(
    size: int, cycles: Cycles, t: Tournament | None = None, varma: bool = False
) -> ScheduleView:
    """The schedule of ``size`` players over ``cycles`` (``t``: the tournament whose players
    they are; ``varma``: with the groups of Annex 2)."""

    def player(number: int) -> Person:
        if t is None:
            return {"id": number, "name": "", "rating": None, "federation": ""}
        p = t.players[number]
        return {
            "id": number,
            "name": p.name,
            "rating": p.rating or None,
            "federation": p.federation,
        }

    rounds: list[RoundView] = [
        {
            "round": r.number,
            "cycle": cycle_of(size, r.number),
            "boards": [
                {"board": g.board, "white": player(g.white), "black": player(g.black)}
                for g in r.games
            ],
            "bye": None if r.bye is None else player(r.bye),
        }
        for r in schedule(size, cycles)
    ]
    drawn = recorded_draw(t) if t is not None else None
    draw: Draw | None = None
    if t is not None and drawn is not None:
        draw = {"method": drawn[0], "seed": drawn[1], "as_drawn": numbers_as_drawn(t)}
    return {
        "tournament": {
            "name": header(t, "012") or "Round robin",
            "location": header(t, "022"),
            "begin": header(t, "042"),
            "end": header(t, "052"),
        },
        "players": [player(n) for n in range(1, size + 1)],
        "type": cycles_text(cycles),
        "rounds": rounds,
        "draw": draw,
        "varma": {k: list(v) for k, v in varma_groups(size).items()} if varma else None,
    }


def schedule_text(view: ScheduleView) -> str:
    """The schedule as plain text: the players, then each round's boards and bye."""
    rounds = view["rounds"]
    lines = [
        f"{view['tournament']['name']}: {len(view['players'])} players, {view['type']}, "
        f"{len(rounds)} rounds"
    ]
    draw = view["draw"]
    if draw is not None:
        agrees = "the numbers are the draw's" if draw["as_drawn"] else "NOT the draw's numbers"
        lines.append(f"Drawing of lots: {draw['method']}, seed {draw['seed']} ({agrees})")
    if view["varma"]:
        lines.append(
            "Varma groups: "
            + "; ".join(f"{k} {', '.join(map(str, v))}" for k, v in view["varma"].items())
        )
    named = any(p["name"] for p in view["players"])
    if named:
        lines.append("")
        lines += [
            f"{p['id']:4}  {p['name']:<30} {p['rating'] or '':>4} {p['federation']}".rstrip()
            for p in view["players"]
        ]
    width = max((len(p["name"]) for p in view["players"]), default=0)

    def who(p: Person) -> str:
        return f"{p['id']:4} {p['name']:<{width}}" if named else f"{p['id']:4}"

    for r in rounds:
        lines += ["", f"Round {r['round']}" + (f" (cycle {r['cycle']})" if r["cycle"] > 1 else "")]
        lines += [
            f"{b['board']:4}  {who(b['white'])}  -  {who(b['black'])}".rstrip() for b in r["boards"]
        ]
        if r["bye"] is not None:
            lines.append(f" bye  {who(r['bye'])}".rstrip())
    return "\n".join(lines) + "\n"
