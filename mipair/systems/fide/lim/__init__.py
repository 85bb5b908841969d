"""The FIDE Lim System (C.04.4.3), specified in ``models/lim-2026.md``."""
