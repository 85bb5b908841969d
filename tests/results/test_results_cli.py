"""``mipair standings`` and ``mipair bulk import`` as a user runs them."""

from __future__ import annotations

import json

import polars as pl

from mipair.formats.trf import read_tournament
from mipair.results.standings import standings
from tests.support.cli_process import run_cli as mipair
from tests.support.paths import ROOT

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"


def test_standings_json_as_the_issue_says():
    done = mipair("standings", str(SMALL), "--tiebreaks", "BH/C1,BH,SB,DE", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [set(r) for r in rows] == [{"id", "rank", "points", "tiebreaks"}] * len(rows)
    assert all(list(r["tiebreaks"]) == ["BH/C1", "BH", "SB", "DE"] for r in rows)
    assert rows == standings(read_tournament(SMALL), "BH/C1,BH,SB,DE")
    # ranked by points, then BH/C1
    keys = [(-r["points"], -r["tiebreaks"]["BH/C1"]) for r in rows]
    assert keys == sorted(keys)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)


def test_standings_text_and_csv(tmp_path):
    out = tmp_path / "standings.csv"
    done = mipair("standings", str(SMALL), "-t", "BH,WIN", "--to", "csv", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].split() == ["rank", "id", "name", "pts", "BH", "WIN"]
    table = pl.read_csv(out)
    assert table.columns == ["id", "rank", "points", "BH", "WIN"]
    assert table.height == len(read_tournament(SMALL).players)


def test_standings_bad_tiebreak_is_one_line_exit_3():
    done = mipair("standings", str(SMALL), "-t", "BH/Q1")
    assert done.returncode == 3
    assert done.stderr.strip().splitlines() == ["--tiebreaks: 'BH/Q1': BH takes no modifier 'Q1'"]


def test_bulk_import_goes_on_after_a_bad_file(tmp_path):
    source = tmp_path / "in"
    source.mkdir()
    (source / "a.trfx").write_text(SMALL.read_text())
    (source / "broken.trf").write_text("001 abc\n")
    out = tmp_path / "out"
    done = mipair("bulk", "import", str(source), "-o", str(out), "--to", "csv", "-j", "1")
    assert done.returncode == 3
    assert f"{source / 'broken.trf'}:1:" in done.stderr
    assert "1 of 2 files imported" in done.stdout
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"{n}.csv" for n in ("errors", "games", "players", "standings", "tournaments")]
    standings_table = pl.read_csv(out / "standings.csv")
    assert standings_table.columns[:4] == ["tournament", "id", "rank", "points"]
    assert pl.read_csv(out / "errors.csv")["source"].to_list() == [str(source / "broken.trf")]


def test_standings_default_to_the_files_own_list(tmp_path):
    trf = tmp_path / "with-list.trfx"
    trf.write_text("212 PTS,BH/C1,WIN\n" + SMALL.read_text())
    done = mipair("standings", str(trf), "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert all(list(r["tiebreaks"]) == ["BH/C1", "WIN"] for r in rows)
