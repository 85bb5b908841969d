"""The 2017 Dutch procedure on fields whose windows start from a core of their pairs.

A window of more than ``SPARSE_FROM`` candidate pairs (a whole first round of
some 80 players or more) enters HiGHS with its natural pairs only and lets the
others in by their reduced costs (:func:`mipair.systems.fide.sparse.core`);
the pairing must be the reference engine's all the same.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.systems.fide.dutch.system import dutch_snapshot
from mipair.systems.fide.sparse import SPARSE_FROM
from mipair.systems.fide.system import pair_snapshot
from tests.support.paths import ROOT

CORPUS = ROOT.parent / "shared" / "conformance" / "dutch-2017"


def largest_tournaments(count: int) -> list[Path]:
    """The ``count`` corpus tournaments with the most players."""
    sized = [(len(read_tournament(f).players), f) for f in sorted(CORPUS.glob("*.trf"))]
    return [f for _, f in sorted(sized, key=lambda pair: -pair[0])[:count]]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/conformance is not next to the clone")
@pytest.mark.parametrize("rnd", [1, 2])
def test_large_2017_rounds_pair_as_the_reference_engine(rnd: int) -> None:
    for path in largest_tournaments(2):
        t = read_tournament(path)
        n = len(t.players)
        assert n * (n - 1) // 2 > SPARSE_FROM  # round 1's one window starts from a core
        cut = replace(
            t,
            results={
                pid: cells[: rnd - 1]
                + tuple(c for c in cells[rnd - 1 : rnd] if c is not None and not c.takes_part)
                for pid, cells in t.results.items()
            },
        )
        pairing = pair_snapshot(dutch_snapshot(cut, rnd, "2017"))
        want = {
            frozenset((pid, c.opponent))
            for pid, cells in t.results.items()
            for c in cells[rnd - 1 : rnd]
            if c is not None and c.opponent is not None
        }
        assert pairing.pairs() == want, f"{path.name} round {rnd}"
