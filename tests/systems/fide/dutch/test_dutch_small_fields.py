"""Small fields late in a tournament (issue 28): the window model that holds the
players below it gives the pairing the completion oracle's cuts give, and the
late rounds of the stress corpus are paired as the reference engine paired them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.model import Tournament
from mipair.systems.fide import windows
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.fide.system import pair_snapshot as pair_round
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "dutch").glob("*.trf*"))
STRESS = ROOT.parent / "shared" / "stress" / "dutch-2026"


def cut(t: Tournament, rnd: int) -> Tournament:
    """The tournament as it stood before round ``rnd`` (its absences kept)."""
    return replace(
        t,
        results={
            pid: cells[: rnd - 1]
            + tuple(c for c in cells[rnd - 1 : rnd] if c is not None and not c.takes_part)
            for pid, cells in t.results.items()
        },
    )


def reference(t: Tournament, rnd: int) -> set[frozenset[int]]:
    """The pairs of round ``rnd`` as the file records them."""
    return {
        frozenset((pid, c.opponent))
        for pid, cells in t.results.items()
        for c in cells[rnd - 1 : rnd]
        if c is not None and c.opponent is not None
    }


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_the_whole_model_pairs_as_the_completion_oracle(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every round of a scenario, paired with the players below each window in
    its model and with them left to the completion oracle: the same pairing."""
    t = read_tournament(path)
    for rnd in range(2, t.rounds_written + 1):
        before = snapshot(cut(t, rnd), rnd)
        whole = pair_round(before)
        monkeypatch.setattr(windows, "WHOLE_UP_TO", 0)
        by_cuts = pair_round(before)
        monkeypatch.undo()
        assert whole == by_cuts, f"round {rnd}"


@pytest.mark.skipif(not STRESS.is_dir(), reason="../shared/stress is not next to the clone")
@pytest.mark.parametrize("name", ["h900074", "h900127", "h900128"])
def test_late_rounds_of_small_fields_match_the_reference(name: str) -> None:
    """The last three rounds of stress tournaments whose late rounds took minutes."""
    t = read_tournament(STRESS / f"{name}.trf")
    last = t.rounds_written
    for rnd in range(last - 2, last + 1):
        assert pair_round(snapshot(cut(t, rnd), rnd)).pairs() == reference(t, rnd), f"round {rnd}"
