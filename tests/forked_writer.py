"""A writer process to kill: forked from the test (a restart costs no imports), reporting each
change it has made durable as one number a line on a pipe (tests/test_*_crash.py)."""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable


def spawn(work: Callable[[int], None]) -> tuple[int, int]:
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
