"""What every front door does with a tournament file, written once.

The ``mipair`` command (:mod:`mipair.cli`), the HTTP service
(:mod:`mipair.service`) and the resident pairing process
(:mod:`mipair.resident`) all call these; none of them imports another.
They pass a :class:`~mipair.systems.base.PairingSystem` object along and never
name a system: what differs between systems is the system's own (its hooks
and its registry line, :mod:`mipair.systems.registry`).

- :mod:`.files`: a file opened once, the system it is for found from what was
  read (its ending, else its TRF 192 record);
- :mod:`.pairing`: the next round paired, the boards as data, the
  JaVaFo/bbpPairings text, the players' cards;
- :mod:`.judging`: a proposal against the system's pairing (``why``), an
  impossible round explained, the published rounds checked, the standings;
- :mod:`.forms`, :mod:`.dropin`: the JaVaFo/bbpPairings command lines, which
  the command runs in its own process and the resident in its children;
- :mod:`.streams`, :mod:`.outcome`: a call's standard streams and its exit code.
"""
