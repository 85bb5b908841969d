"""mipair: a tournament pairing engine built on MIP (HiGHS) and SAT (python-sat)."""

__version__ = "0.1.0"
