"""An Othello tournament day as PAPP runs it, on a PAPP event file.

* ``creation``: a new event from a player file (settings from the configuration);
* ``registration``: players found by name, numbers for new players, ``nouveaux``;
* ``entries``: coupons entered, erased and corrected;
* ``roster``: withdrawals and returns, late players, pairs made by hand;
* ``reports``: the text PAPP prints (pairings, results, standings, crosstable, card);
* ``crosstable_html``: the HTML crosstable from ``cell.tpl``;
* ``outputs``: the round-by-round files the configuration asks for.

The pairing itself is the PAPP system's (:mod:`mipair.systems.papp`); the
files read and written are :mod:`mipair.formats.papp`. ``mipair papp``
(:mod:`mipair.cli.papp`) is the command line over this.
"""
