"""The exit codes of the guides' table (docs/chess-arbiter.md), asked of the installed ``mipair`` command.

Each probe runs the venv's console script as a user or a tournament manager
would: with a standard descriptor closed by the shell (``>&-``, ``2>&-``), a
reader that has gone away (a pipe's read end closed, ``| head``), a command
line click or the drop-in parser refuses. No resident runs (``XDG_RUNTIME_DIR``
on an empty folder of the test's own, ``MIPAIR_RESIDENT`` unset, as a user has
it); tests/resident/test_resident.py asks the same through a resident.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

SCRIPT = Path(sys.executable).parent / "mipair"
SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """A working folder with the small scenario (``in.trfx``), a bad file (``bad.trfx``)
    and an empty private runtime folder (``runtime``)."""
    shutil.copy(SMALL, tmp_path / "in.trfx")
    (tmp_path / "bad.trfx").write_text("012 not a tournament\n")
    (tmp_path / "runtime").mkdir(mode=0o700)
    return tmp_path


def environment(work: Path) -> dict[str, str]:
    env = dict(os.environ, XDG_RUNTIME_DIR=str(work / "runtime"))
    for name in ("MIPAIR_RESIDENT", "MIPAIR_DEBUG"):
        env.pop(name, None)
    return env


def mipair(work: Path, *args: str, **streams: object) -> subprocess.CompletedProcess[str]:
    """``mipair ARGS`` in ``work`` by the installed script (stdout and stderr captured
    unless ``streams`` says otherwise)."""
    options: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    options.update(streams)
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [str(SCRIPT), *args], cwd=work, env=environment(work), text=True, timeout=300, **options
    )


def shell(work: Path, line: str) -> subprocess.CompletedProcess[str]:
    """``sh -c LINE`` in ``work``, ``$M`` the installed script."""
    return subprocess.run(
        ["sh", "-c", line],
        cwd=work,
        env=dict(environment(work), M=str(SCRIPT)),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_closed_stdout_and_an_output_file_is_a_pairing(work: Path) -> None:
    reference = mipair(work, "--dutch", "in.trfx", "-p", "reference.txt")
    assert reference.returncode == 0, reference.stderr
    closed = shell(work, 'exec "$M" --dutch in.trfx -p out.txt >&-')
    assert (closed.returncode, closed.stderr) == (0, "")
    assert (work / "out.txt").read_text() == (work / "reference.txt").read_text()


def test_closed_stdout_for_the_pairing_itself_is_exit_5(work: Path) -> None:
    closed = shell(work, 'exec "$M" --dutch in.trfx -p >&-')
    assert closed.returncode == 5
    assert closed.stderr == "<stdout>: cannot write to standard output: Bad file descriptor\n"


def test_closed_stderr_and_a_bad_file_is_exit_3(work: Path) -> None:
    closed = shell(work, 'exec "$M" --dutch bad.trfx -p out.txt 2>&-')
    assert closed.returncode == 3
    assert closed.stdout == ""  # the error line is lost, never written to stdout instead
    assert not (work / "out.txt").exists()


def gone_reader() -> int:
    """The write end of a pipe whose reader has already gone (every write: EPIPE)."""
    read, write = os.pipe()
    os.close(read)
    return write


@pytest.mark.parametrize(
    "args, code",
    [
        (["solve", "in.trfx"], 0),
        (["--dutch", "in.trfx", "-p"], 0),
        (["check", "in.trfx"], 6),  # the small scenario's published rounds differ from mipair's
        (["--help"], 0),
    ],
)
def test_a_reader_that_has_gone_changes_no_code(work: Path, args: list[str], code: int) -> None:
    pipe = gone_reader()
    try:
        done = mipair(work, *args, stdout=pipe)
    finally:
        os.close(pipe)
    assert done.returncode == code
    assert done.stderr == ""


def test_an_error_said_to_a_reader_that_has_gone_keeps_its_code(work: Path) -> None:
    pipe = gone_reader()
    try:
        done = mipair(work, "--dutch", "bad.trfx", "-p", "out.txt", stdout=pipe, stderr=pipe)
    finally:
        os.close(pipe)
    assert done.returncode == 3


def test_head_of_a_usage_error_is_exit_3(work: Path) -> None:
    piped = subprocess.run(
        ["bash", "-c", '"$M" --dutch x.trfx 2>&1 | head -6; exit "${PIPESTATUS[0]}"'],
        cwd=work,
        env=dict(environment(work), M=str(SCRIPT)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert piped.returncode == 3
    assert piped.stdout == "mipair: one of -p, -c or -g is needed (see mipair --help)\n"


@pytest.mark.parametrize(
    "args, start",
    [
        (["--frobnicate"], "mipair: No such option '--frobnicate'."),
        (["frobnicate"], "mipair: No such command 'frobnicate'."),
        (["solve"], "mipair solve: Missing argument 'FILE'."),
        (["solve", "in.trfx", "--json", "--frobnicate"], "mipair solve: No such option"),
        (["convert", "in.trfx", "--to", "trf99"], "mipair convert: Invalid value for '--to'"),
        (["--dutch", "in.trfx", "-p", "-c"], "mipair: -p and -c cannot be combined"),
        (["--dutch", "in.trfx"], "mipair: one of -p, -c or -g is needed"),
    ],
)
def test_a_usage_error_is_one_line_and_exit_3(work: Path, args: list[str], start: str) -> None:
    done = mipair(work, *args)
    assert done.returncode == 3
    assert done.stderr.startswith(start)
    assert done.stderr.count("\n") == 1
    assert done.stdout == ""


def test_a_folder_given_for_a_file_is_exit_5(work: Path) -> None:
    done = mipair(work, "standings", str(work))
    assert done.returncode == 5
    assert done.stderr.count("\n") == 1 and "is a directory" in done.stderr


def test_mipair_alone_shows_the_help(work: Path) -> None:
    done = mipair(work)
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: mipair") and "Exit codes" in done.stdout
