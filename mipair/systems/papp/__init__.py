"""PAPP, the French Othello federation's pairing system, on mipair's solver layer.

PAPP pairs a round by minimising a sum of penalties over all pairs of players
(colours, floats, rematches, same country, elitism) with every penalty set in a
configuration file. Modules: ``config``/``config_parser``/``lexer`` (the
configuration language), ``players`` (the JECH/PAPP player file), ``event`` and
``event_io`` (mipair's native PAPP tournament file), ``scoring`` (discs,
points, Buchholz, Brightwell), ``penalties`` (p_ij), ``roundrobin`` and
``pairing``.
"""
