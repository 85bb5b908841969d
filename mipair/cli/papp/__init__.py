"""``mipair papp ...``: PAPP (Othello penalty pairing) on a native event file.

* ``papp new EVENT --players FILE [--id N ...] | --trf FILE`` starts an event;
* ``papp pair EVENT [--config papp.cfg] [--save]`` pairs the next round (Black first);
* ``papp result EVENT ENTRY...`` records results (``145 40``, ``145+4``, ``145=``, ``145-6``);
* ``papp standings EVENT [--after R] [--teams]`` prints points and tie-breaks;
* ``papp config [FILE]`` writes PAPP's default configuration.

The configuration is ``--config``, else ``$PAPP_CFG``, else ``papp.cfg`` next to
the event; when that file does not exist PAPP's defaults are written there
(and used), as PAPP does.
"""

from __future__ import annotations

import click

from mipair.cli.papp.reports import standings_cmd
from mipair.cli.papp.results import result
from mipair.cli.papp.rounds import pair
from mipair.cli.papp.setup import config_cmd, new


@click.group(name="papp")
def papp() -> None:
    """PAPP: Othello pairing by penalties (French federation's system)."""


for command in (new, pair, result, standings_cmd, config_cmd):
    papp.add_command(command)
