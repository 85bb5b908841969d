"""The FIDE (Dutch) System, editions 2026 (C.04.3, in force since 1 February 2026) and 2017."""
