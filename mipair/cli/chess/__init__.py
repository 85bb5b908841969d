"""``mipair chess ...``: a chess tournament day on one TRF-2026 file.

* ``chess new FILE --name ... --rounds N [--system S] [--rules E] ...`` creates it;
* ``register``, ``forbid``: players and prohibited pairings; ``team``, ``lineup``: a
  team tournament's teams and a round's line-up (``register --in TEAM``: its players);
* ``draw``: a round robin's pairing numbers drawn by lot;
* ``absent``, ``bye``, ``present``, ``withdraw``: who plays which round (240);
* ``pair --save``, ``pairing``, ``result``, ``unpair``: the rounds;
* ``standings``, ``crosstable``: what is posted (text, JSON, printable HTML); ``card``: a
  player's (a team's) rounds.

Every command that changes the file holds its lock and writes it atomically
before printing (:mod:`mipair.desk.chess.store`); the changes themselves are
in :mod:`mipair.desk.chess`.
"""

from __future__ import annotations

import click

from mipair.cli.chess.attendance import absent, bye, present, withdraw
from mipair.cli.chess.card import card
from mipair.cli.chess.lots import draw
from mipair.cli.chess.reports import crosstable, standings
from mipair.cli.chess.rounds import pair, pairing, result, unpair
from mipair.cli.chess.setup import forbid, new, register
from mipair.cli.chess.team import lineup, team


@click.group(name="chess")
def chess() -> None:
    """A chess tournament day (FIDE Swiss systems, round robins) on one TRF-2026 file."""


for command in (
    new,
    team,
    register,
    forbid,
    draw,
    absent,
    bye,
    present,
    withdraw,
    pair,
    pairing,
    result,
    lineup,
    unpair,
    standings,
    crosstable,
    card,
):
    chess.add_command(command)
