"""The live pairs among some players, or of the whole field, as a matrix."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from mipair.formats.trf import read_tournament
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.fide.edition import load_edition
from mipair.systems.fide.field import RoundField
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "dutch").glob("*.trf*"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_live_pairs_are_the_pairs_edge_finds_live(path: Path) -> None:
    """For some players of each round (pairs ruled out for good among them), the
    matrix holds exactly the pairs ``edge`` finds live between two of them, both
    ways, and nothing outside them; the whole field's, every live pair."""
    tournament = read_tournament(path)
    rng = random.Random(path.name)
    checked = 0
    for number in range(1, tournament.rounds_written + 2):
        field = RoundField(snapshot(tournament, number, "2026"), load_edition("dutch", "2026"))
        if field.n < 4:
            continue
        field.kill_all(rng.sample(range(len(field.edges)), len(field.edges) // 4))
        members = np.array(sorted(rng.sample(range(field.n), field.n // 2 + 1)))
        live = field.live_pairs(members)
        everyone = field.live_pairs()
        inside = set(members.tolist())
        for u in range(field.n):
            for v in range(field.n):
                expected = u != v and {u, v} <= inside and field.edge(u, v) is not None
                assert live[u, v] == expected
                assert everyone[u, v] == (u != v and field.edge(u, v) is not None)
        checked += 1
    assert checked
