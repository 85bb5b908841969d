"""The HTML crosstable from a ``cell.tpl`` template (PAPP manual 6.8).

The template is copied as it is, except that ``$PAPP_CROSSTABLE`` becomes the
table (laid out by ``models/papp/crosstable.html.j2``) and the lines between
``<!-- CELL-BEGIN -->`` and ``<!-- CELL-END -->`` define one cell, written for
every player and round with PAPP's keywords replaced:

PAPP_COLOR, PAPP_OPP (the opponent's line in the table), PAPP_OPP_NAME[n],
PAPP_MY_NAME[n], PAPP_BLACK_NAME[n], PAPP_WHITE_NAME[n] (first n characters;
the whole name without [n]), PAPP_COUPON, PAPP_SCORE, PAPP_SCORE_RELATIF,
PAPP_MY_SCORE, PAPP_OPP_SCORE, PAPP_PTS, PAPP_TOTAL, PAPP_RONDE, PAPP_TABLE,
PAPP_RANG (the player's rank after that round). Values are HTML-escaped.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.resources import model_file
from mipair.systems.papp.scoring import (
    format_points,
    format_tiebreak,
    game_points,
    points_before,
    ranks,
    standings,
    tiebreak_name,
)


@dataclass(frozen=True)
class Standing:
    """Every player's half-points and rank after one round."""

    points: dict[int, int]
    ranks: dict[int, int]


BEGIN, END, TABLE = "<!-- CELL-BEGIN -->", "<!-- CELL-END -->", "$PAPP_CROSSTABLE"
_NAMED = ("OPP_NAME", "MY_NAME", "BLACK_NAME", "WHITE_NAME")
_PLAIN = (
    "SCORE_RELATIF",
    "OPP_SCORE",
    "MY_SCORE",
    "COUPON",
    "SCORE",
    "COLOR",
    "TOTAL",
    "RONDE",
    "TABLE",
    "RANG",
    "PTS",
    "OPP",
)
KEYWORD = re.compile(
    r"PAPP_(" + "|".join(_NAMED) + r")(?:\[(\d+)\])?|PAPP_(" + "|".join(_PLAIN) + r")"
)


def default_template() -> str:
    """The shipped ``cell.tpl`` (with its CSS)."""
    return model_file("papp", "cell.tpl").read_text(encoding="utf-8")


def split_template(text: str, source: str | None = None) -> tuple[str, str]:
    """(the page without the cell definition, the cell definition)."""
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        raise InputError(f"the template needs a cell between '{BEGIN}' and '{END}'", file=source)
    if TABLE not in text:
        raise InputError(f"the template has no '{TABLE}'", file=source)
    start = text.rfind("\n", 0, begin) + 1
    stop = text.find("\n", end)
    stop = len(text) if stop < 0 else stop + 1
    cell = text[text.find("\n", begin) + 1 : text.rfind("\n", 0, end) + 1]
    return text[:start] + text[stop:], cell


def fill_cell(cell: str, values: dict[str, str]) -> str:
    """The cell with every keyword replaced by its (escaped) value."""

    def value(match: re.Match[str]) -> str:
        if match.group(1):
            text = values[match.group(1)]
            size = match.group(2)
            return html.escape(text[: int(size)] if size else text)
        return html.escape(values[match.group(3)])

    return KEYWORD.sub(value, cell)


def cell_values(
    event: Event, number: int, pid: int, line_of: dict[int, int], after: Standing
) -> dict[str, str]:
    """The keywords' values for player ``pid`` in round ``number`` (``after``: that round's)."""
    settings = event.settings
    rnd = event.round(number)
    total = format_points(after.points[pid])
    rank_then = after.ranks
    me = event.player(pid).full_name
    base = dict.fromkeys(_NAMED + _PLAIN, "")
    base.update(MY_NAME=me, RONDE=str(number), TOTAL=total, RANG=str(rank_then[pid]), PTS="0")
    if rnd.bip == pid:
        own, other = settings.total_discs - settings.bip_discs, settings.bip_discs
        base.update(OPP="Bip", OPP_NAME="Bip", BLACK_NAME=me, WHITE_NAME="Bip")
        base.update(_scored(own, other, f"{me} {own}/{other} Bip"))
        return base
    game = rnd.game_of(pid)
    if game is None:
        base["COLOR"] = "absent"
        return base
    opponent = game.opponent(pid)
    black = event.player(game.black).full_name
    white = event.player(game.white).full_name
    base.update(
        COLOR=settings.colours[0 if game.black == pid else 1],
        OPP=str(line_of[opponent]),
        OPP_NAME=event.player(opponent).full_name,
        BLACK_NAME=black,
        WHITE_NAME=white,
        TABLE=str(next(k for k, g in enumerate(rnd.games, 1) if g is game)),
    )
    if game.black_discs is not None:
        own = game.discs_of(pid, settings.total_discs)
        coupon = f"{black} {game.black_discs}/{settings.total_discs - game.black_discs} {white}"
        base.update(_scored(own, settings.total_discs - own, coupon))
    return base


def _scored(own: int, other: int, coupon: str) -> dict[str, str]:
    """The keywords of a game with its result, from the player's side."""
    return {
        "COUPON": coupon,
        "SCORE": f"{own}/{other}",
        "SCORE_RELATIF": f"{own - other:+d}" if own != other else "0",
        "MY_SCORE": str(own),
        "OPP_SCORE": str(other),
        "PTS": format_points(game_points(own, other)),
    }


def crosstable_html(event: Event, after: int, template: str, source: str | None = None) -> str:
    """The page: ``template`` with the crosstable after round ``after``."""
    page, cell = split_template(template, source)
    lines = standings(event, after)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    rank = ranks(lines)
    then = {
        r: Standing(points_before(event, r + 1), ranks(standings(event, r)))
        for r in range(1, after + 1)
    }
    rows = [
        {
            "id": ln.id,
            "rank": rank[ln.id],
            "name": event.player(ln.id).full_name,
            "country": event.country_of(ln.id),
            "cells": [
                Markup(fill_cell(cell, cell_values(event, r, ln.id, line_of, then[r])))
                for r in range(1, after + 1)
            ],
            "points": format_points(ln.points),
            "tiebreak": format_tiebreak(ln.tiebreak),
        }
        for ln in lines
    ]
    table = (
        _environment()
        .get_template("crosstable.html.j2")
        .render(rounds=range(1, after + 1), rows=rows, tiebreak=tiebreak_name(event))
    )
    return page.replace(TABLE, table)


def _environment() -> Environment:
    folder = Path(model_file("papp", "crosstable.html.j2")).parent
    return Environment(loader=FileSystemLoader(folder), autoescape=select_autoescape(["j2"]))
