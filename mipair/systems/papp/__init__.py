"""PAPP, the French Othello federation's pairing system, on mipair's solver layer.

PAPP pairs a round by minimising a sum of penalties over all pairs of players
(colours, floats, rematches, same country, elitism) with every penalty set in a
configuration file. Modules: ``system`` (PAPP behind the pairing-system
interface), ``penalties`` (p_ij and the state before a round it is computed
from), ``pairing`` (the matching and the last pass), ``roundrobin`` (the
table PAPP rotates), ``scoring`` (points, Buchholz, Brightwell, standings)
and ``presentation`` (the pairing as the arbiter reads it).

PAPP's files (event, players, configuration, XML, rating file) are in
:mod:`mipair.formats.papp`; the tournament day around the pairing
(registration, coupons, withdrawals, published files) in
:mod:`mipair.desk.papp`.
"""
