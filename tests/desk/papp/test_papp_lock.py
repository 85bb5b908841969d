"""Issue 36, item 1: one writer at a time on an event; nothing confirmed is lost.

Fifty ``mipair papp result`` processes started at once, each on its own game, leave fifty
results in the file (each command read-changes-writes the whole file: without the lock most
of them overwrite the others' results). A command that cannot get the lock within its wait
stops with a message naming the file and changes nothing. A stale temporary file of a killed
writer is removed by the next command."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mipair.formats.papp.event_file import read_event
from mipair.formats.state_file import locked_state
from tests.support.papp_day import new_event, run

GAMES = 50


@pytest.fixture(autouse=True)
def no_env_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPP_CFG", raising=False)


def _mipair() -> list[str]:
    return [sys.executable, "-c", "import sys; from mipair.cli.main import main; sys.exit(main())"]


def test_fifty_result_commands_at_once_keep_fifty_results(tmp_path: Path) -> None:
    event = new_event(tmp_path, 2 * GAMES, rounds=7)
    assert run("papp", "pair", event).code == 0
    games = read_event(event).round(1).games
    assert len(games) == GAMES
    env = dict(os.environ, MIPAIR_LOCK_WAIT="600")
    procs = [
        subprocess.Popen(
            [*_mipair(), "papp", "result", str(event), f"{g.black} {10 + k % 40}"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k, g in enumerate(games)
    ]
    outcomes = [(p.wait(timeout=900), p.stdout.read(), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert [code for code, _, _ in outcomes] == [0] * GAMES, [e for _, _, e in outcomes if e]
    after = read_event(event).round(1)
    assert [g.black_discs for g in after.games] == [10 + k % 40 for k in range(GAMES)]
    assert after.complete and not list(tmp_path.glob(".*.tmp"))


def test_a_second_writer_waits_then_is_refused(tmp_path: Path, monkeypatch) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    before = event.read_text()
    monkeypatch.setenv("MIPAIR_LOCK_WAIT", "0.3")
    with locked_state(event):  # another command is changing the event
        started = time.monotonic()
        got = run("papp", "pair", event)
        waited = time.monotonic() - started
    assert got.code == 5 and "another command is changing this file" in got.err
    assert str(event) in got.err and waited >= 0.3 and got.out == ""
    assert event.read_text() == before
    assert run("papp", "pair", event).code == 0  # the lock was released


def test_a_killed_writers_temporary_file_is_removed(tmp_path: Path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    stale = tmp_path / f".{event.name}.{dead}.tmp"
    stale.write_text("half a file")
    alive = tmp_path / f".other.txt.{os.getpid()}.tmp"  # a writer still at work: kept
    alive.write_text("being written")
    assert run("papp", "pair", event).code == 0
    assert not stale.exists() and alive.exists() and read_event(event).paired_round == 1
