"""Printable HTML pages of a round's pairing and of the standings, as Go clubs post them.

The pages are jinja2 templates (``templates/`` beside this module) filled
with the data of :mod:`~mipair.desk.mcmahon.views`: one table, a heading with
the tournament's name, place and dates, and a print style (A4, the table's
header repeated on every page).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("mipair.desk.mcmahon", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def pairing_page(view: dict[str, Any]) -> str:
    """The HTML page of a round (data of :func:`~mipair.desk.mcmahon.views.pairing_view`)."""
    return _environment().get_template("pairing.html").render(**view)


def standings_page(view: dict[str, Any]) -> str:
    """The HTML page of the standings (data of :func:`~mipair.desk.mcmahon.views.standings_view`)."""
    return _environment().get_template("standings.html").render(**view)
