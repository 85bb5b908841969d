"""Calls of the installed ``mipair`` command with or without a resident pairing process
(the resident tests' helper): runtime folders of their own, residents started as an
operator starts them, the processes they leave."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support.paths import ROOT

SCRIPT = Path(sys.executable).parent / "mipair"
SCENARIOS = ROOT / "scenarios"
WAIT = 180.0  # seconds for a resident to import the engine and run its trial calls

MARKS = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the resident is Linux-only"),
    pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}"),
]
"""The marks of every module that runs the command with a resident (``pytestmark``)."""


def environment(runtime: Path, **extra: str) -> dict[str, str]:
    """The environment of a call that may use the resident of ``runtime``."""
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime))
    for name in ("MIPAIR_RESIDENT", "MIPAIR_DEBUG", "PYTHONPATH"):
        env.pop(name, None)
    return {**env, **extra}


def traced(
    command: list[str], env: dict[str, str], cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``python COMMAND`` (a script, ``-m``, ``-c``), its imports traced on stderr."""
    return subprocess.run(
        [sys.executable, "-X", "importtime", *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
    )


def call(
    args: list[str], env: dict[str, str], cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``mipair ARGS`` by its console script, its imports traced on stderr."""
    return traced([str(SCRIPT), *args], env, cwd, timeout)


def user_stderr(done: subprocess.CompletedProcess[str]) -> str:
    """What the user sees on stderr (the import trace left out)."""
    return "".join(
        line for line in done.stderr.splitlines(True) if not line.startswith("import time:")
    )


def imported_engine(done: subprocess.CompletedProcess[str]) -> bool:
    """Did the calling process itself import the drop-in code (it ran in-process)?"""
    return in_trace(done.stderr)


def in_trace(trace: str, module: str = "mipair.operations.dropin") -> bool:
    """Is ``module`` among the imports an ``-X importtime`` trace lists?"""
    return any(
        line.startswith("import time:") and line.split("|")[-1].strip() == module
        for line in trace.splitlines()
    )


def folder_of(runtime: Path) -> Path:
    return runtime / "mipair"


def live_pids(runtime: Path) -> list[int]:
    """The resident processes running for ``runtime`` (from their lock files)."""
    pids = []
    folder = folder_of(runtime)
    for lock in folder.glob("*.lock") if folder.is_dir() else []:
        text = lock.read_text().split()
        if text and Path(f"/proc/{text[0]}").exists():
            cmdline = Path(f"/proc/{text[0]}/cmdline").read_bytes()
            if b"mipair.resident.server" in cmdline and str(folder).encode() in cmdline:
                pids.append(int(text[0]))
    return pids


def wait_for(condition: Callable[[], object], seconds: float = WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return bool(condition())


def stop(runtime: Path) -> None:
    for pid in live_pids(runtime):
        os.kill(pid, signal.SIGTERM)
    assert wait_for(lambda: not live_pids(runtime), 60)


@contextlib.contextmanager
def resident_folder(started: bool = False) -> Iterator[Path]:
    """A private runtime folder with a short path (a Unix socket's name has at most 107
    bytes), with a resident listening in it when ``started`` (``mipair resident start``);
    every resident of it stopped and the folder removed at the end."""
    path = Path(tempfile.mkdtemp(prefix="mr-", dir="/tmp"))
    os.chmod(path, 0o700)
    try:
        if started:
            done = subprocess.run(
                [str(SCRIPT), "resident", "start"],
                capture_output=True,
                text=True,
                env=environment(path),
                timeout=WAIT,
            )
            assert done.returncode == 0, done.stderr
            assert "started" in done.stdout
        yield path
    finally:
        stop(path)
        shutil.rmtree(path, ignore_errors=True)


def children_of(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def start_a_long_call(
    runtime: Path, work: Path, **streams: object
) -> tuple[subprocess.Popen[str], int]:
    """A call that generates a large tournament, and the resident's child running it
    (the one in the call's working folder: the spare waiting for the next call is not)."""
    (work / "big.txt").write_text("PlayersNumber=400\nRoundsNumber=11\n")
    [resident] = live_pids(runtime)
    client = subprocess.Popen(
        [str(SCRIPT), "--dutch", "-g", "big.txt", "-o", "big.trf", "-s", "7"],
        env=environment(runtime),
        cwd=work,
        text=True,
        **streams,  # type: ignore[call-overload]
    )

    def running() -> list[int]:
        found = []
        for child in children_of(resident):
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{child}/cwd") == str(work):
                    found.append(child)
        return found

    assert wait_for(running, 120), "no child took the call"
    time.sleep(0.5)
    return client, running()[0]


def processes_with(marker: str) -> list[int]:
    """The processes whose environment holds ``marker`` (any the test's calls left)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            with contextlib.suppress(OSError):
                if marker.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
    return found
