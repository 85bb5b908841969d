"""Worked tables of the 2026 texts, as data, for the brute forces' tests and the engines'."""

from __future__ import annotations

LIM_EXCHANGE_4_2 = [
    ([], [(1, 4), (2, 5), (3, 6)]),
    ([4], [(1, 5), (2, 4), (3, 6)]),
    ([4, 5], [(1, 6), (2, 4), (3, 5)]),
    ([4, 5, 6], [(1, 3), (2, 5), (4, 6)]),
    ([4, 5, 6, 3], [(1, 2), (3, 5), (4, 6)]),
]
"""Lim 4.2: six players; the players #1 has met -> the group's pairs (#1 tries 4, 5, 6, 3, 2)."""

LIM_EXCHANGE_4_3 = [
    ([], [(1, 6), (2, 4), (3, 5)]),
    ([4], [(1, 6), (2, 5), (3, 4)]),
    ([4, 5], [(1, 6), (2, 3), (4, 5)]),
    ([4, 5, 3], [(1, 3), (2, 6), (4, 5)]),
    ([4, 5, 3, 6], [(1, 2), (3, 5), (4, 6)]),
]
"""Lim 4.3: #1 has met 4 and 5; the players #2 has met -> the group's pairs."""
