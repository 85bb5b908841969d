"""Run the ``mipair`` command in a process of its own, as a user would, or in this process
(tests' helpers)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

from tests.support.paths import ROOT


def run_cli(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m mipair.cli.main ARGS`` with this checkout first on the path (no debug
    tracebacks), ``stdin`` as its input, the variables of ``env`` set over the tests'."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    env.pop("MIPAIR_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def in_process(*args: object) -> tuple[int, str, str]:
    """``mipair ARGS`` in this process: exit code, stdout, stderr."""
    from mipair.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()
