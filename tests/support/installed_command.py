"""Run the installed ``mipair`` script (the one pip put beside this Python) as a user types it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("mipair")


def mipair(*args: object, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """``mipair ARGS`` in a process of its own (no resident process, no debug tracebacks);
    ``env`` adds variables."""
    if not SCRIPT.exists():
        pytest.skip(f"no installed mipair script beside {sys.executable} (pip install -e .)")
    environment = dict(os.environ, MIPAIR_RESIDENT="0", **env)
    environment.pop("MIPAIR_DEBUG", None)
    return subprocess.run(
        [str(SCRIPT), *map(str, args)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=600,
    )


def cli(folder: Path, *args: object) -> str:
    """``mipair ARGS`` in ``folder`` by the installed command (no PAPP_CFG), its output."""
    done = mipair(*args, cwd=folder, PAPP_CFG="")
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def refused(result: subprocess.CompletedProcess[str], code: int = 3) -> str:
    """The one located line a refusal printed (exit ``code``, no traceback), checked."""
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]
