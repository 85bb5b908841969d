"""HiGHS is loaded with one OpenBLAS thread unless the user chose otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = (
    "import os; from mipair.solver.highs import load; h = load(); "
    "print(os.environ['OPENBLAS_NUM_THREADS'], h.Highs().getInfinity() > 1e20)"
)


@pytest.mark.parametrize("given, expected", [(None, "1"), ("3", "3")])
def test_openblas_threads(given: str | None, expected: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == [expected, "True"]
