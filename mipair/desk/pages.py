"""The printable pages of every desk: jinja2 templates sharing one page frame.

Each desk keeps its pages in its own ``templates/`` folder; they extend
``base.html`` of ``mipair/desk/templates/``: the tournament's name, place
and dates as heading, one table style, a print style (A4, the table's header
repeated on every printed page).
"""

from __future__ import annotations

from functools import cache

import jinja2


@cache
def environment(package: str) -> jinja2.Environment:
    """The templates of the desk ``package``, then the shared ones."""
    return jinja2.Environment(
        loader=jinja2.ChoiceLoader(
            [
                jinja2.PackageLoader(package, "templates"),
                jinja2.PackageLoader("mipair.desk", "templates"),
            ]
        ),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
