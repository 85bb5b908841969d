"""What a tournament day of each game through the desk (its API or its pages) is held
against: a real OpenGotha file beside the clone, an OpenGotha file cut before a round by the
command line, the results typed, a line of ``mipair papp standings``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.support.installed_command import cli
from tests.support.paths import ROOT, SHARED

SCENARIOS = ROOT / "scenarios"

REAL_GO = SHARED / "data" / "go" / "Toulouse2024.xml"
"""A real OpenGotha file (38 players, six rounds, absences), beside the clone."""
GO_RESULTS = ["1-0", "0-1", "1-0", "0-1", "="]


def cut_go_file(source: Path, folder: Path, last: int) -> Path:
    """``source`` with its rounds after ``last`` taken back, by ``mipair mcmahon unpair``."""
    file = folder / source.name
    shutil.copy(source, file)
    played = max(int(r) for r in re.findall(rb'roundNumber="(\d+)"', file.read_bytes()))
    for _ in range(played - last):
        cli(folder, "mcmahon", "unpair", file, "--force")
    return file


GO_SOURCES = pytest.mark.parametrize(
    "source", [SCENARIOS / "mcmahon" / "club.xml", REAL_GO], ids=["shipped", "real"]
)
"""A Go test run on the shipped OpenGotha file and on the real one (skipped when absent:
:func:`go_source_cut`)."""


def go_source_cut(source: Path, folder: Path, last: int) -> Path:
    """``source`` cut after round ``last`` in ``folder`` (:func:`cut_go_file`); the test is
    skipped when ``source`` is not beside the clone."""
    if not source.exists():
        pytest.skip(f"{source.name} is not beside the clone (../shared/data/go)")
    return cut_go_file(source, folder, last)


PAPP_LINE = re.compile(r"^\s*(\d+)\s+(\S+) \[\s*(\S+)\] [ -](.*) (\d+) (\S+)$")
"""A line of ``mipair papp standings``: rank, points, tie-break, name, number, country."""
