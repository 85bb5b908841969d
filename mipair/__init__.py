"""mipair: a tournament pairing engine built on MIP (HiGHS) and SAT (python-sat)."""

__version__ = "0.1.0"

SYSTEMS_NAMED = (
    "FIDE Swiss (Dutch in its 2026, 2017 and 2012 editions; Burstein, Dubov, Lim and "
    "Double-Swiss, 2026), "
    "FIDE round-robin (C.05: Berger and Varma tables, the drawing of lots), "
    "the FIDE Swiss system for teams (C.04.6, 2026), "
    "McMahon (Go, OpenGotha files) and PAPP (Othello)"
)
"""The pairing systems, as ``mipair --help`` and the service's /docs name them."""
