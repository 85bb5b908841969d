"""A TRF file whose 192 code names an edition (``FIDE_DUTCH_2017``) is paired, checked and
explained by that edition unless ``--rules`` says otherwise: the arbiter's file says which
rules the tournament runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

SCENARIO = ROOT / "scenarios" / "dutch-2012" / "bye-left-over.trfx"


def mipair(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", *args],
        capture_output=True,
        text=True,
        check=False,
        env={"MIPAIR_RESIDENT": "0", "PATH": "/usr/bin:/bin"},
    )


def typed(tmp_path: Path, code: str) -> Path:
    """The scenario with a 192 record ``code`` after its comment lines."""
    lines = SCENARIO.read_text().splitlines(keepends=True)
    at = next(k for k, line in enumerate(lines) if not line.startswith("###"))
    path = tmp_path / "typed.trfx"
    path.write_text("".join(lines[:at] + [f"192 {code}\n"] + lines[at:]))
    return path


def test_the_scenario_is_one_the_editions_pair_differently() -> None:
    by_2026 = mipair("solve", "--rules", "2026", str(SCENARIO))
    by_2017 = mipair("solve", "--rules", "2017", str(SCENARIO))
    assert by_2026.returncode == by_2017.returncode == 0
    assert by_2026.stdout != by_2017.stdout


def test_solve_pairs_by_the_edition_the_file_names(tmp_path: Path) -> None:
    path = typed(tmp_path, "FIDE_DUTCH_2017")
    by_file = mipair("solve", str(path))
    assert by_file.returncode == 0, by_file.stderr
    assert by_file.stdout == mipair("solve", "--rules", "2017", str(path)).stdout
    assert by_file.stdout != mipair("solve", "--rules", "2026", str(path)).stdout


def test_rules_asked_for_override_the_file(tmp_path: Path) -> None:
    path = typed(tmp_path, "FIDE_DUTCH_2017")
    asked = mipair("solve", "--rules", "2026", str(path))
    assert asked.stdout == mipair("solve", "--rules", "2026", str(SCENARIO)).stdout


def test_a_code_without_an_edition_is_paired_by_the_default(tmp_path: Path) -> None:
    path = typed(tmp_path, "FIDE_DUTCH")
    assert mipair("solve", str(path)).stdout == mipair("solve", str(SCENARIO)).stdout


def test_check_replays_by_the_edition_the_file_names(tmp_path: Path) -> None:
    path = typed(tmp_path, "FIDE_DUTCH_2017")
    report = mipair("check", "--json", str(path))
    assert report.returncode == 0, report.stderr
    assert [f["rules"] for f in json.loads(report.stdout)["files"]] == ["2017"]
    plain = json.loads(mipair("check", "--json", str(SCENARIO)).stdout)
    assert [f["rules"] for f in plain["files"]] == ["2026"]
