"""The FIDE Double-Swiss System (C.04.5, 2026): every pairing a two-game match."""
