"""The vectorised TRF reader of bulk import gives the careful reader's rows, or hands the file back.

Every file is imported twice: by ``import_chunk`` (the fast path, with the
careful reader for what it hands back) and by the careful reader alone; the
tables and the located error messages must be the same. The files are the
shipped scenarios, every defect of tests/formats/test_malformed.py, a few hundred
random one-character edits of valid files, and the two reference corpora.
"""

from __future__ import annotations

import random
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from mipair.formats.text import decode
from mipair.results.importer import Chunk, careful_parts, find_files, import_chunk, stack
from mipair.results.schema import GAMES, PLAYERS, TOURNAMENTS
from mipair.results.trf_fast import TrfFile, read_many
from tests.support.defects import DEFECTS, defect_text
from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "dutch"
CORPORA = ROOT.parent / "shared" / "conformance"
KEYS = {
    "tournaments": (TOURNAMENTS, ["tournament"]),
    "players": (PLAYERS, ["tournament", "id"]),
    "games": (GAMES, ["tournament", "player", "round"]),
}


def assert_same_as_careful(files: list[str]) -> dict[str, pl.DataFrame]:
    """Import ``files`` both ways; the tables and error messages agree."""
    fast = import_chunk(Chunk(0, tuple(files)))
    parts, errors = careful_parts({index: (path, None) for index, path in enumerate(files)})
    for name, (schema, keys) in KEYS.items():
        assert_frame_equal(fast[name], stack(parts[name], schema).sort(keys))
    assert fast["errors"]["error"].to_list() == errors["error"]
    return fast


def fast_rejects(paths: list[Path]) -> list[int]:
    """Positions of the files the vectorised reader hands back."""
    items = [TrfFile(i, str(p), "", decode(p.read_bytes())) for i, p in enumerate(paths)]
    return read_many(items).rejected


def test_scenarios_same_rows_and_plain_files_taken_fast():
    files = sorted(str(p) for p in SCENARIOS.glob("*.trf*"))
    tables = assert_same_as_careful(files)
    assert tables["errors"].height == 0 and tables["tournaments"].height == len(files)
    rejected = {Path(files[i]).name for i in fast_rejects([Path(f) for f in files])}
    # accelerations (250 / XXA), announced byes (240) and ids by rank are read carefully
    assert rejected == {"accelerated.trf", "accelerated-latin1-crlf.trf", "ranked.trfx"}


def test_every_malformed_file_handed_back_with_the_careful_message(tmp_path):
    paths = []
    for number, name in enumerate(sorted(DEFECTS)):
        path = tmp_path / f"defect{number:02d}.trf"
        path.write_text(defect_text(name), encoding="utf-8")
        paths.append(path)
    assert fast_rejects(paths) == list(range(len(paths)))
    tables = assert_same_as_careful([str(p) for p in paths])
    assert tables["errors"].height == len(paths)


def test_random_one_character_edits(tmp_path):
    """Edits anywhere in the player records: taken only when the careful reader agrees."""
    rng = random.Random(29)
    base = (SCENARIOS / "small.trfx").read_text(encoding="utf-8").split("\n")
    players = [i for i, line in enumerate(base) if line.startswith("001")]
    alphabet = " 0123456789.wbWB-+=UHFZLD\txé"
    paths = []
    for number in range(300):
        lines = list(base)
        row = rng.choice(players)
        column = rng.randrange(len(lines[row]) + 3)
        text = lines[row].ljust(column + 1)
        lines[row] = text[:column] + rng.choice(alphabet) + text[column + 1 :]
        path = tmp_path / f"edit{number:03d}.trf"
        path.write_text("\n".join(lines), encoding="utf-8")
        paths.append(str(path))
    tables = assert_same_as_careful(paths)
    assert 0 < tables["errors"].height < len(paths)  # both kinds were drawn


@pytest.mark.skipif(not CORPORA.is_dir(), reason="../shared/conformance is not next to the clone")
def test_corpora_same_rows():
    files = find_files([str(CORPORA / "dutch-2026"), str(CORPORA / "dutch-2017")])
    tables = assert_same_as_careful(files)
    assert tables["errors"].height == 0
