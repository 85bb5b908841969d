"""Settings for the whole test suite.

Drop-in calls in tests run in-process: ``MIPAIR_RESIDENT=0`` keeps them from
starting or using a resident pairing process (tests/test_resident*.py ask for
one explicitly, in a runtime folder of their own: the fixtures below).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["MIPAIR_RESIDENT"] = "0"


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """An empty private runtime folder for residents (stopped at the end)."""
    from resident_process import resident_folder

    with resident_folder() as path:
        yield path


@pytest.fixture(scope="module")
def runtime() -> Iterator[Path]:
    """A runtime folder with a resident listening in it, started as an operator would
    (one for each module that asks)."""
    from resident_process import resident_folder

    with resident_folder(started=True) as path:
        yield path
