"""Where the McMahon tests find their files: the project's scenario and ../shared/data/go."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.paths import ROOT

CLUB = ROOT / "scenarios" / "mcmahon" / "club.xml"
GO = ROOT.parent / "shared" / "data" / "go"

REPRODUCIBLE = {
    "Toulouse2024.xml": "3.52",
    "simplemm.xml": "3.52",
    "notsimplemm.xml": "3.52",
    "20200920170137_SM2020.xml": "3.51",
    "20201206180905_SGCPairingsR1.xml": "3.51",
    "20201108233442_FinalFinal19x19.xml": "3.51",
}
"""The OpenGotha files of ../shared/data/go that replay, with the OpenGotha behaviour of each."""

needs_go = pytest.mark.skipif(not GO.is_dir(), reason="../shared/data/go is not next to the clone")


def go_file(name: str) -> Path:
    """A file of ../shared/data/go (the test is skipped when the folder is absent)."""
    path = GO / name
    if not path.exists():
        pytest.skip(f"{path} is not there (../shared/data/go is not next to the clone)")
    return path
