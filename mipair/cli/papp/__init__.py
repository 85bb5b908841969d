"""``mipair papp ...``: PAPP (Othello penalty pairing) on a native event file.

* ``papp new EVENT [--players FILE] [--id N ...] | --trf FILE`` starts an event;
* ``papp register EVENT ...`` / ``papp search`` register players on the day;
* ``papp pair EVENT [--no-save]`` pairs the next round (Black first),
  ``couple``/``decouple``/``clear-pairs`` make pairs by hand;
* ``papp result EVENT ENTRY...`` records coupons (``145 40``, ``145+4``,
  ``laz=``, ``145-6``, ``-145`` erases; ``--random`` for tests), ``papp
  correct`` corrects any round;
* ``papp withdraw``/``papp return`` (``*`` for everyone), ``papp country``;
* ``papp standings``, ``show``, ``card``, ``crosstable``, ``elo``, ``outputs``;
* ``papp config [--write-default FILE]`` prints or writes PAPP's defaults.

Every command takes ``--config`` (else ``$PAPP_CFG``, else ``papp.cfg`` next
to the event), resolved once (:mod:`mipair.desk.papp.configuration`). Every
command that changes the event holds its lock, writes it atomically and
publishes the round's files (:mod:`mipair.desk.papp.session`).
"""

from __future__ import annotations

import click

from mipair.cli.papp.players import register_cmd, search_cmd
from mipair.cli.papp.reports import (
    card_cmd,
    crosstable_cmd,
    elo_cmd,
    outputs_cmd,
    show_cmd,
    standings_cmd,
)
from mipair.cli.papp.results import correct_cmd, country_cmd, result, return_cmd, withdraw_cmd
from mipair.cli.papp.rounds import clear_pairs_cmd, couple_cmd, decouple_cmd, pair
from mipair.cli.papp.setup import config_cmd, new


@click.group(name="papp")
def papp() -> None:
    """PAPP: Othello pairing by penalties (French federation's system)."""


for command in (
    new,
    search_cmd,
    register_cmd,
    pair,
    couple_cmd,
    decouple_cmd,
    clear_pairs_cmd,
    result,
    correct_cmd,
    withdraw_cmd,
    return_cmd,
    country_cmd,
    standings_cmd,
    show_cmd,
    card_cmd,
    crosstable_cmd,
    elo_cmd,
    outputs_cmd,
    config_cmd,
):
    papp.add_command(command)
