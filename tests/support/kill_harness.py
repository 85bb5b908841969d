"""Crash safety: a writer in a child process, killed at random moments.

A child (forked from the test, so that a restart costs no imports) makes its changes one after
the other and reports each one it has made durable as one number a line on a pipe
(:func:`fork_writer`, :func:`acks_until`; the store's test drives its own). For the desks,
:func:`kill_while_running` runs commands that way, kills the child with SIGKILL at a random
moment, checks the state file (every command that returned is in it, the one under way may be,
nothing else), then starts a new child from there. The commands must be absolute (a score, a
result): the one under way can be run again.
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Run = Callable[[int], int]
"""Run command ``index`` in this process; its exit code."""


def child(run: Run, start: int, count: int, ack: int) -> None:
    """Run the commands from ``start`` on; write each index to ``ack`` once it returned."""
    with (
        open(os.devnull, "w") as sink,
        contextlib.redirect_stdout(sink),
        contextlib.redirect_stderr(sink),
    ):
        for index in range(start, count):
            code = run(index)
            if code != 0:
                os._exit(10 + code)
            os.write(ack, f"{index}\n".encode())
    os._exit(0)


def fork_writer(work: Callable[[int], None]) -> tuple[int, int]:
    """Fork a child running ``work(ack)`` (``ack``: the pipe's write end; the child ends
    with exit 3 if ``work`` returns); (its pid, the read end of its acks)."""
    read, write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            work(write)
        finally:
            os._exit(3)
    os.close(write)
    return pid, read


def spawn(run: Run, start: int, count: int) -> tuple[int, int]:
    """Fork a child running the commands from ``start``; (its pid, the read end of its acks)."""
    return fork_writer(lambda ack: child(run, start, count, ack))


def acks_until(read: int, deadline: float | None) -> tuple[list[int], bool]:
    """Acks read until ``deadline`` (None: until the child closes the pipe); (acks, closed).
    Each ack is one write of a few bytes, so it arrives whole."""
    buffer = b""
    while True:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        ready, _, _ = select.select([read], [], [], wait)
        if not ready:
            return [int(x) for x in buffer.split()], False
        chunk = os.read(read, 65536)
        if not chunk:
            return [int(x) for x in buffer.split()], True
        buffer += chunk


@dataclass
class Outcome:
    """What a run under kills did."""

    kills: int
    checked: int
    strays: int  # stops that left a writer's temporary file behind


def kill_while_running(
    count: int,
    run: Run,
    check: Callable[[int], None],
    rng: random.Random,
    kills: int,
    folder: Path,
) -> Outcome:
    """Run commands 0..count-1 in children, about ``kills`` of them killed at random moments
    (the moments follow the measured pace of the commands); after every stop,
    ``check(returned)`` with the number of commands that had returned."""
    done, killed, checked, pace, strays = 0, 0, 0, 0.01, 0
    while done < count:
        started = time.monotonic()
        pid, read = spawn(run, done, count)
        if killed < kills:
            per_kill = (count - done) / (kills - killed)  # commands per kill still to go
            got, _ = acks_until(read, started + rng.uniform(0, 2 * per_kill * pace))
            os.kill(pid, signal.SIGKILL)
            killed += 1
        else:
            got, _ = acks_until(read, None)
        _, status = os.waitpid(pid, 0)
        more, _ = acks_until(read, time.monotonic())  # acks written just before the kill
        os.close(read)
        got += more
        assert not (os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0), status
        if got:
            pace = 0.8 * pace + 0.2 * (time.monotonic() - started) / len(got)
        returned = max(got) + 1 if got else done
        strays += bool(list(folder.glob(".*.tmp")))
        check(returned)
        done = returned
        checked += 1
    return Outcome(killed, checked, strays)
