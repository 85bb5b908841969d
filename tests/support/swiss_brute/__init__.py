"""Brute forces for the FIDE Dubov, Burstein and Lim systems (2026 editions).

Each module is written from the text as models/<system>-2026.md states it and
shares no code with mipair's pairing systems: it reads a tournament through
mipair.formats (the file format is not the engine) and nothing of
mipair.systems. They are the oracle the engines of issue 37 are tested against.

- ``history``: what the basic rules (C.04.1) and the handling rules (C.04.2)
  derive from a tournament file, the same for the three systems;
- ``dubov``: the Dubov procedure applied literally, for fields of up to ~12;
- ``burstein``: every complete legal pairing enumerated and ranked bracket by
  bracket by [C5]-[C8], then the order of Article 4;
- ``lim``: the Lim procedure applied literally (floaters, exchanges, median).
"""
