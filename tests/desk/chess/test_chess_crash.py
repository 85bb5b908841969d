"""Crash safety of the chess desk: SIGKILL at random moments during result entry.

``mipair chess result`` commands (results of the round being played,
forfeits included, and corrections of the rounds before it) run in a child
killed at random moments (tests/support/kill_harness.py); after each stop the file
must be the state after every command that returned, or after the one under
way too, to the byte. The standings behind the ranks use polars, whose threads a
forked child must not inherit: the plan and the kills run in fresh processes.
CI runs 300 commands and 150 kills; more with ``MIPAIR_CHESS_CRASH_OPERATIONS``
and ``MIPAIR_CHESS_CRASH_KILLS``.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
from pathlib import Path

import pytest

from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.registration import Entry, register
from mipair.desk.chess.rounds import enter_results, pair_next
from mipair.desk.chess.settings import Settings, new_event
from mipair.desk.chess.trf_file import event_text, parse_event
from mipair.formats.text import load, save
from tests.support.kill_harness import Outcome, Run, kill_while_running

OPERATIONS = int(os.environ.get("MIPAIR_CHESS_CRASH_OPERATIONS", "300"))
KILLS = int(os.environ.get("MIPAIR_CHESS_CRASH_KILLS", "150"))
PLAYED = ["1-0", "0-1", "="]

Command = tuple[int, int, str]  # round, board, result


def starting_event(rng: random.Random) -> ChessEvent:
    """16 players, rounds 1-5 played (no forfeit), round 6 of 9 being played."""
    event = new_event(Settings("Crash Open", 9))
    for k in range(16):
        event, _ = register(event, Entry(f"Player {k:02d}, X", rng.randint(1400, 2400)))
    for rnd in range(1, 7):
        event, playing = pair_next(event, f"2026-03-{rnd:02d}")
        if rnd < 6:
            typed = [(str(b), rng.choice(PLAYED)) for b in range(1, len(playing.games) + 1)]
            event, _ = enter_results(event, rnd, typed)
    return event


def plan(seed: int) -> tuple[list[Command], list[str]]:
    """The commands and the file's text before them and after each (``texts[k]``: after the
    first k). Run in a process of its own: the standings (ranks) use polars, whose threads
    a forked child must not inherit."""
    rng = random.Random(seed)
    event = read_event_text(event_text(starting_event(rng)))
    todo, texts = [], [event_text(event)]
    for _ in range(OPERATIONS):
        if rng.random() < 0.6:
            command = (6, rng.randint(1, 8), rng.choice([*PLAYED, "+-", "-+", "-/-"]))
        else:  # a correction that keeps the game played: the pairing of round 6 stands
            command = (rng.randint(1, 5), rng.randint(1, 8), rng.choice(PLAYED))
        event, _ = enter_results(event, command[0], [(str(command[1]), command[2])])
        todo.append(command)
        texts.append(event_text(event))
    return todo, texts


def runner(file: Path, todo: list[Command]) -> Run:
    from mipair.cli.group import cli
    from mipair.operations.outcome import run_guarded

    def run(index: int) -> int:
        rnd, board, result = todo[index]
        args = ["chess", "result", str(file), "--round", str(rnd), str(board), result]
        return run_guarded(lambda: cli.main(args, prog_name="mipair", standalone_mode=False))

    return run


def read_event_text(text: str) -> ChessEvent:
    """The event as the commands will read it from the file."""
    return parse_event(text, "crash.trf")


def survive_kills(folder: str, todo: list[Command], texts: list[str]) -> Outcome:
    """The commands run in children killed at random moments, each stop checked. Run in a
    process without polars (the children's standings start its threads afresh)."""
    assert "polars" not in sys.modules
    where = Path(folder)
    file = where / "crash.trf"
    save(file, texts[0])

    def check(returned: int) -> None:
        on_disk = load(file)
        assert on_disk in (texts[returned], texts[min(returned + 1, len(todo))]), (
            f"the file differs from the state after command {returned}"
        )

    run = kill_while_running(len(todo), runner(file, todo), check, random.Random(26), KILLS, where)
    assert load(file) == texts[-1]
    assert not list(where.glob(".*.tmp"))
    return run


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
def test_no_confirmed_result_is_lost_under_sigkill(tmp_path: Path) -> None:
    fresh = multiprocessing.get_context("spawn")  # processes without this one's polars
    with fresh.Pool(1) as pool:
        todo, texts = pool.apply(plan, (58,))
    assert len(set(texts)) > OPERATIONS // 2  # most commands change the file
    with fresh.Pool(1) as pool:
        run = pool.apply(survive_kills, (str(tmp_path), todo, texts))
    assert run.kills >= KILLS // 2
