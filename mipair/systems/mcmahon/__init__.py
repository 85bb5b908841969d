"""McMahon for Go, as OpenGotha pairs it, on mipair's solver layer (reference: shared mcmahon.md).

Modules: ``params`` (the parameter set over ``models/mcmahon.toml``), ``scores``
(MMS, wins, tie-breakers), ``handicap`` (handicap and colour), ``field`` (score
groups and places before a round), ``weights`` (OpenGotha's weight terms),
``bye`` (who sits out), ``pairing`` (the matching), ``standings`` (tables and
.h9), ``system`` (the :class:`~mipair.systems.base.PairingSystem`).
"""
