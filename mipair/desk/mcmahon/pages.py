"""Printable HTML pages of a round's pairing and of the standings, as Go clubs post them.

The pages are jinja2 templates (``templates/`` beside this module, on the
desks' shared frame: :mod:`mipair.desk.pages`) filled with the data of
:mod:`~mipair.desk.mcmahon.views`: one table, a heading with the tournament's
name, place and dates, and a print style (A4, the table's header repeated on
every page).
"""

from __future__ import annotations

from collections.abc import Mapping

from mipair.desk.pages import environment

PACKAGE = "mipair.desk.mcmahon"


def pairing_page(view: Mapping[str, object]) -> str:
    """The HTML page of a round (data of :func:`~mipair.desk.mcmahon.views.pairing_view`)."""
    return environment(PACKAGE).get_template("pairing.html").render(**view)


def standings_page(view: Mapping[str, object]) -> str:
    """The HTML page of the standings (data of :func:`~mipair.desk.mcmahon.views.standings_view`)."""
    return environment(PACKAGE).get_template("standings.html").render(**view)
