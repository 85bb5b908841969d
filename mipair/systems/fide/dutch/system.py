"""The FIDE Dutch system (C.04.3) behind the common interface.

Every edition with a model file ``models/dutch-<edition>.toml`` (2026, 2017,
2012); its procedure objects are :mod:`procedure2026`, :mod:`procedure2017`
and :mod:`procedure2012`. Besides C.04.1's rules, the Dutch system's absolute
colour rules (C3 and the general colour rules on a pairing's own colours)
and how its explanations order a relaxed round's boards. Its facts and
colour notes are imported by the methods that use them: a drop-in round
needs neither.
"""

from __future__ import annotations

from mipair.model import Tournament
from mipair.systems.base import BoardMaker
from mipair.systems.fide.state import Snapshot
from mipair.systems.fide.system import FideSystem
from mipair.systems.registry import get_system


class DutchSystem(FideSystem):
    """FIDE (Dutch) System, C.04.3, every edition with a model file."""

    title = "FIDE Dutch system"

    def boards_of(self, state: Snapshot) -> BoardMaker:
        from mipair.systems.fide.dutch.facts import dutch_boards

        return dutch_boards(state)


def dutch_snapshot(t: Tournament, rnd: int, rules: str | None = None) -> Snapshot:
    """The Dutch state of ``t`` before round ``rnd`` by edition ``rules`` (None: the newest)."""
    system = get_system("dutch")
    assert isinstance(system, FideSystem)
    return system.snapshot(t, rnd, rules)
