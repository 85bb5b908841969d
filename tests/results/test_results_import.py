"""Bulk import: tables from TRF and PAPP files, bad files reported, the round trip."""

from __future__ import annotations

import polars as pl
import pytest

from mipair.formats.trf import read_tournament
from mipair.results.importer import find_files, import_files
from mipair.results.output import write_tables
from mipair.results.rebuild import cells
from tests.support.paths import ROOT

CORPORA = ROOT.parent / "shared" / "conformance"
SCENARIOS = ROOT / "scenarios"


def trf_files() -> list[str]:
    return sorted(str(p) for p in (SCENARIOS / "dutch").glob("*.trf*"))


def assert_round_trip(files: list[str], tables) -> None:
    """The games table rebuilds every file's result cells exactly."""
    rebuilt = cells(tables.games)
    index = dict(zip(tables.tournaments["source"].to_list(), tables.tournaments["tournament"]))
    for path in files:
        t = read_tournament(path)
        got = rebuilt.get(index[path], {})
        expected = {pid: cells for pid, cells in t.results.items()}
        assert {pid: c for pid, c in got.items() if c} == {
            pid: c for pid, c in expected.items() if c
        }, path


def test_scenarios_round_trip_and_points():
    files = trf_files()
    assert files
    tables = import_files(files)
    assert tables.errors.height == 0
    assert tables.tournaments.height == len(files)
    assert_round_trip(files, tables)
    # a player's points are the sum of the games table and equal the model's
    for path, tid in zip(tables.tournaments["source"], tables.tournaments["tournament"]):
        t = read_tournament(path)
        got = tables.players.filter(pl.col("tournament") == tid)
        for pid, points in zip(got["id"], got["points"]):
            want = sum(t.point_system.cell_points(c) for c in t.results[pid])
            assert round(points * 10) == want


def test_bad_file_goes_to_errors_and_the_rest_is_imported(tmp_path):
    good = trf_files()[0]
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      Someone                           abcd\n")
    tables = import_files([good, str(bad)])
    assert tables.tournaments["source"].to_list() == [good]
    assert tables.errors["source"].to_list() == [str(bad)]
    message = tables.errors["error"][0]
    assert message.startswith(f"{bad}:1: ")


def test_papp_event_import():
    event = str(SCENARIOS / "papp" / "sample.papp")
    tables = import_files([event])
    assert tables.errors.height == 0
    row = tables.tournaments.row(0, named=True)
    assert row["format"] == "papp" and row["name"] == "Sample Othello open"
    games = tables.games
    # round 1: game 1 40/24 2 -> player 1 first colour, won with 40 discs; Bip for 5
    first = games.filter((pl.col("round") == 1) & (pl.col("player") == 1)).row(0, named=True)
    assert (first["opponent"], first["colour"], first["result"], first["discs"]) == (
        2,
        "b",
        "1",
        40,
    )
    second = games.filter((pl.col("round") == 1) & (pl.col("player") == 2)).row(0, named=True)
    assert (second["colour"], second["result"], second["points"], second["discs"]) == (
        "w",
        "0",
        0.0,
        24,
    )
    bip = games.filter((pl.col("round") == 1) & (pl.col("player") == 5)).row(0, named=True)
    assert (bip["bye"], bip["result"], bip["points"]) == ("pab", "U", 1.0)


def test_tables_written_as_parquet_and_csv(tmp_path):
    tables = import_files(trf_files()[:2])
    for fmt in ("parquet", "csv"):
        written = write_tables(tables.as_dict(), tmp_path / fmt, fmt)
        games = next(p for p in written if p.stem == "games")
        back = pl.read_parquet(games) if fmt == "parquet" else pl.read_csv(games)
        assert back.height == tables.games.height
        assert back["points"].sum() == tables.games["points"].sum()


@pytest.mark.skipif(not CORPORA.is_dir(), reason="../shared/conformance is not next to the clone")
def test_corpora_round_trip():
    """Both reference corpora (535 files): the games table rebuilds every file's results."""
    files = find_files([str(CORPORA / "dutch-2026"), str(CORPORA / "dutch-2017")])
    assert len(files) == 535
    tables = import_files(files, jobs=2)
    assert tables.errors.height == 0
    assert_round_trip(files, tables)
