"""The HTML crosstable from a template (PAPP manual 6.8, PAPP 1.36's ``crosstable.c``).

The template is ``cell.tmpl`` beside the event (the name PAPP 1.36 reads and
writes) or ``cell.tpl`` (the manual's name); when there is neither, PAPP's
behaviour is to write a default one, which mipair does when it publishes
(``models/papp/cell.tpl``, written as ``cell.tmpl``). The template is copied
line by line, except:

* the lines from ``<!-- CELL-BEGIN -->`` to ``<!-- CELL-END -->`` define the
  cell and are not copied;
* a line holding ``$PAPP_CROSSTABLE`` is replaced, whole, by the table:
  PAPP's own markup (``models/papp/crosstable.html.j2``), one row a player in
  the order of the standings, each round's cell wrapped in
  ``<td class="crosstable_cell">``;
* elsewhere ``PAPP_TOURNAMENT_NAME`` and ``PAPP_RONDE`` become the
  tournament's name and the number of rounds in the table.

In the cell, PAPP's keywords are replaced by the values PAPP gives them,
padded as PAPP pads them (:func:`cell_values`); every occurrence is replaced
and values are HTML-escaped (formats/papp.md, section 7, says where this
differs from PAPP).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from mipair.errors import InputError
from mipair.formats.papp.config import papp_file
from mipair.formats.papp.event import Event
from mipair.formats.papp.figures import format_discs, format_score
from mipair.systems.papp.scoring import (
    Line,
    format_points,
    format_tiebreak,
    game_points,
    points_before,
    standings,
)

BEGIN, END, TABLE = "<!-- CELL-BEGIN -->", "<!-- CELL-END -->", "$PAPP_CROSSTABLE"
TEMPLATES = ("cell.tmpl", "cell.tpl")
"""The template's names, in the order they are looked for beside the event."""
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
PAGE_KEYWORD = re.compile(r"PAPP_TOURNAMENT_NAME|PAPP_RONDE")
_POINTS = {0: " 0 ", 1: "0.5", 2: " 1 "}


def default_template() -> str:
    """The shipped template (with its CSS for PAPP's table classes)."""
    return papp_file("cell.tpl").read_text(encoding="utf-8")


def template_path(event_file: str | Path) -> Path | None:
    """The template beside the event (``cell.tmpl``, else ``cell.tpl``), None when neither."""
    folder = Path(event_file).parent
    return next((folder / n for n in TEMPLATES if (folder / n).is_file()), None)


def split_template(text: str, source: str | None = None) -> tuple[list[str], str]:
    """(the page's lines without the cell definition, the cell definition)."""
    lines = text.splitlines(keepends=True)
    begin = next((k for k, ln in enumerate(lines) if BEGIN in ln), None)
    end = next(
        (k for k, ln in enumerate(lines) if END in ln and begin is not None and k > begin), None
    )
    if begin is None or end is None:
        raise InputError(
            f"the template needs a cell between a line '{BEGIN}' and a line '{END}'",
            file=source,
            field="template",
        )
    page = lines[:begin] + lines[end + 1 :]
    if not any(TABLE in ln for ln in page):
        raise InputError(f"the template has no '{TABLE}'", file=source, field="template")
    return page, "".join(lines[begin + 1 : end])


def fill_cell(cell: str, values: dict[str, str]) -> str:
    """The cell with every keyword replaced by its (escaped) value."""

    def value(match: re.Match[str]) -> str:
        if match.group(1):
            text, size = values[match.group(1)], match.group(2)
            return html.escape(text[: int(size)] if size else text)
        return html.escape(values[match.group(3)])

    return KEYWORD.sub(value, cell)


def _padded(text: str, width: int) -> str:
    return text.ljust(width)


def cell_values(
    event: Event, number: int, pid: int, line_of: dict[int, int], rank_then: dict[int, int]
) -> dict[str, str]:
    """The keywords' values for ``pid`` in round ``number`` (``rank_then``: places after it)."""
    settings = event.settings
    total_discs = settings.total_discs
    rnd = event.round(number)
    me = event.player(pid).full_name
    cumulative = points_before(event, number + 1)[pid]
    base = {"MY_NAME": me, "TOTAL": _padded(format_points(cumulative), 5)}
    base["RANG"] = str(rank_then[pid])
    if rnd.bip == pid:
        own = total_discs - settings.bip_discs
        base.update(dict.fromkeys(("COUPON", "OPP_NAME", "SCORE", "SCORE_RELATIF"), "BIP"))
        base.update(dict.fromkeys(("MY_SCORE", "OPP_SCORE", "BLACK_NAME", "WHITE_NAME"), "BIP"))
        base.update(COLOR=" - ", OPP="-  ", RONDE="-", TABLE="-")
        base["PTS"] = _POINTS[game_points(own, settings.bip_discs)]
        return base
    game = rnd.game_of(pid)
    if game is None or game.black_discs is None:
        base.update(COUPON=" --- ", COLOR=" - ", OPP="-  ", OPP_NAME="-", SCORE="---")
        base.update(SCORE_RELATIF="---", MY_SCORE="--", OPP_SCORE="--", PTS=_POINTS[0])
        base.update(BLACK_NAME="-", WHITE_NAME="-", RONDE="-", TABLE="-")
        return base
    opponent = game.opponent(pid)
    own = game.discs_of(pid, total_discs)
    relative = format_score(own, total_discs, True)
    if len(relative) > 2 and relative[1] == "0":
        relative = relative[0] + relative[2:]  # PAPP drops a leading zero: +08 -> +8
    players = len(event.players)
    digits = 1 if players < 20 else 2 if players < 200 else 3
    table = next(k for k, g in enumerate(rnd.games, 1) if g is game)
    black, white = event.player(game.black).full_name, event.player(game.white).full_name
    base.update(
        COLOR=f" {settings.colours[0 if game.black == pid else 1][:1]} ",
        OPP=_padded(str(line_of[opponent]), 3),
        OPP_NAME=event.player(opponent).full_name,
        BLACK_NAME=black,
        WHITE_NAME=white,
        COUPON=f"{black}  {format_score(game.black_discs, total_discs)}  {white}",
        SCORE=_padded(format_score(own, total_discs), 3),
        SCORE_RELATIF=_padded(relative, 3),
        MY_SCORE=_padded(format_discs(own, total_discs), 2),
        OPP_SCORE=_padded(format_discs(total_discs - own, total_discs), 2),
        PTS=_POINTS[game_points(own, total_discs - own)],
        RONDE=f"{number:02d}",
        TABLE=f"{table:0{digits}d}",
    )
    return base


def crosstable_html(event: Event, after: int, template: str, source: str | None = None) -> str:
    """The page: ``template`` with the crosstable after round ``after``."""
    page, cell = split_template(template, source)
    lines = standings(event, after)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    places = {r: _places(standings(event, r)) for r in range(1, after + 1)}
    rows = [
        {
            "line": k,
            "name": event.player(ln.id).full_name,
            "country": event.country_of(ln.id),
            "cells": [
                Markup(fill_cell(cell, cell_values(event, r, ln.id, line_of, places[r])))
                for r in range(1, after + 1)
            ],
            "points": format_points(ln.points),
            "tiebreak": format_tiebreak(ln.tiebreak),
        }
        for k, ln in enumerate(lines, 1)
    ]
    table = _environment().get_template("crosstable.html.j2").render(rounds=after, rows=rows)
    page_values = {
        "PAPP_TOURNAMENT_NAME": html.escape(event.settings.name),
        "PAPP_RONDE": str(after),
    }
    out = []
    for line in page:
        if TABLE in line:
            out.append(table)
        else:
            out.append(PAGE_KEYWORD.sub(lambda m: page_values[m.group(0)], line))
    return "".join(out)


def _places(lines: list[Line]) -> dict[int, int]:
    """Each player's line in the standings (PAPP_RANG: no shared places)."""
    return {ln.id: k for k, ln in enumerate(lines, 1)}


def _environment() -> Environment:
    folder = Path(papp_file("crosstable.html.j2")).parent
    return Environment(
        loader=FileSystemLoader(folder),
        autoescape=select_autoescape(["j2"]),
        keep_trailing_newline=True,
        trim_blocks=True,
    )
