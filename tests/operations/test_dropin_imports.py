"""A drop-in round (``mipair --dutch IN -p OUT``, one process per round) loads only
what pairing needs: none of the other commands' libraries, no TOML parser once
the model file is cached, no other edition's procedure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

RUN = """
import atexit, json, sys
sys.argv = ["mipair", "--dutch", sys.argv[1], "-p", sys.argv[2]]
atexit.register(lambda: print(json.dumps(sorted(sys.modules))))
from mipair.cli.main import main
sys.exit(main())
"""

NEVER = (
    "click",
    "polars",
    "rich",
    "jinja2",
    "fastapi",
    "networkx",
    "fractions",
    "mipair.cli.group",
    "mipair.systems.fide.dutch.procedure2017",
    "mipair.systems.fide.dutch.procedure2012",
    "mipair.systems.fide.dutch.criteria2017",
    "mipair.systems.fide.dutch.criteria2012",
)


def modules_of_a_round(tmp_path: Path) -> set[str]:
    """The modules loaded by a drop-in round of a scenario, in a process of its own."""
    out = tmp_path / "pairing.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("MIPAIR_NO_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(ROOT / "scenarios/dutch/small.trfx"), str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_text().split()[0].isdigit()
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_a_dropin_round_loads_only_the_pairing_path(tmp_path: Path) -> None:
    first = modules_of_a_round(tmp_path)
    assert "mipair.systems.fide.dutch.procedure2026" in first
    assert "tomllib" in first or sys.version_info < (3, 11)  # the model file parsed once
    second = modules_of_a_round(tmp_path)
    loaded = [name for name in NEVER if name in first | second]
    assert not loaded, loaded
    assert "tomllib" not in second and "tomli" not in second  # then read from the cache
