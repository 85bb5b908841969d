"""Printable HTML pages of a chess round, the standings and the crosstable.

jinja2 templates (``templates/`` beside this module, on the desks' shared
frame: :mod:`mipair.desk.pages`) filled with the views of
:mod:`~mipair.desk.chess.pairing_view` and :mod:`~mipair.desk.chess.standings`:
the tournament's name, place and dates as heading, the round and its date,
and on the pairing page a result column left blank for the results to be
written in by hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from mipair.desk.chess.standings import entry_text
from mipair.desk.pages import environment

PACKAGE = "mipair.desk.chess"


def page(template: str, view: Mapping[str, object]) -> str:
    """The page ``template`` (``pairing``, ``standings`` or ``crosstable``) of a view."""
    return (
        environment(PACKAGE).get_template(f"{template}.html").render(**view, entry_text=entry_text)
    )
