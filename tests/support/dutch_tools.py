"""The Dutch system's generator and checker with the tests' short signatures.

``generate(cfg, seed, rules)`` and ``check_round(t, rnd, rules)`` take a tournament
in memory and the FIDE Dutch system (the product's functions take any system).
"""

from __future__ import annotations

from typing import Any

from mipair.check import generate as generator
from mipair.check import replay
from mipair.model import Tournament
from mipair.rounds import rounds_to_check
from mipair.systems.registry import get_system


def dutch() -> Any:
    """The registered FIDE Dutch system."""
    return get_system("dutch")


def generate(config: Any, seed: int, rules: str | None = None, **hooks: Any) -> Tournament:
    """A random tournament paired by the Dutch system (``rules``: its edition)."""
    return generator.generate(config, seed, dutch(), rules, **hooks)


def check_round(t: Tournament, rnd: int, rules: str | None = None) -> replay.RoundCheck:
    """Round ``rnd`` of ``t`` re-paired by the Dutch system and compared."""
    return replay.check_round(dutch(), t, rnd, rules)


def check_tournament(t: Tournament, rules: str | None = None) -> replay.TournamentCheck:
    """Every round of ``t`` re-paired by the Dutch system and compared."""
    out = replay.TournamentCheck(t.source or "<tournament>", rules or dutch().edition(None))
    out.rounds = [check_round(t, r, rules) for r in rounds_to_check(t)]
    return out
