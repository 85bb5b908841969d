"""A Double-Swiss file's standings count a match's PAB once (C.04.5 1.4): the file writes
it in both of the match's columns, its value the whole match's, so a player's points in
the standings are the points field the file's own writer computed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.model import Result
from tests.support.installed_command import cli


@pytest.mark.parametrize("seed", [7, 9])
def test_the_standings_points_are_the_files_points(tmp_path: Path, seed: int) -> None:
    cli(tmp_path, "generate", "--system", "double-swiss", "-o", "d.trf", "-s", seed)
    t = read_tournament(str(tmp_path / "d.trf"))
    pab_matches = sum(
        1 for cells in t.results.values() for c in cells if c is not None and c.result is Result.PAB
    )
    assert pab_matches >= 2, "the generated tournament gave no PAB: pick another seed"
    rows = json.loads(cli(tmp_path, "standings", "d.trf", "--json"))
    assert len(rows) == len(t.players)
    for row in rows:
        written = t.players[row["id"]].points
        assert written is not None
        assert float(row["points"]) == written / 10, row
