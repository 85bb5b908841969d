"""The FIDE Dubov System (C.04.4.1), specified in ``models/dubov-2026.md``."""
