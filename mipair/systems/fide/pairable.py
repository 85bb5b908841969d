"""The pairs C.04.1 allows in a round of a FIDE Swiss system, over its vertices.

The questions asked over them (can these players all be paired?) are every Swiss
system's: :class:`mipair.systems.swiss_pairable.Pairable`.
"""

from __future__ import annotations

import numpy as np

from mipair.systems.fide.rules import forbidden_pairs
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.swiss_pairable import allowed_pairs


def basic_pairs(snap: Snapshot, states: list[PlayerState]) -> np.ndarray:
    """The pairs C.04.1 allows among ``states`` (vertex ``i`` the ``i``-th): no two
    who have played each other, no pair the organiser forbids this round, as a
    symmetric boolean matrix; each system removes its own pairs from it."""
    return allowed_pairs(
        [s.id for s in states], [s.opponents for s in states], forbidden_pairs(snap)
    )
