"""PAPP's files (the Othello federation's pairing program), read and written.

* ``event`` and ``event_file``: mipair's PAPP event (``*.papp``): settings,
  players, rounds of disc-scored games;
* ``players`` (with ``lexer``): the JECH/PAPP player file (``joueurs``);
* ``config`` and ``config_file`` (with ``lexer``): the configuration file
  (``papp.cfg``) and its penalty tables;
* ``xml_files``: ``rounds.xml`` and ``stand###.xml``; ``elo_file``: the rating
  file; ``figures``: how numbers are written;
* ``from_trf``: an event from a TRF tournament.

Nothing here pairs: the pairing system is :mod:`mipair.systems.papp`.
"""
