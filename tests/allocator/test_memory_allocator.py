"""The allocator setting the memory estimate was measured with (mipair.allocator.settle): in a
round below 6,000 players a block of a few MiB is served on pages of its own, which go back to
the system when it is freed, where glibc's default serves it from its heap once a larger block
has been freed (glibc's own count, mallinfo2, tells which); larger rounds keep glibc's rule.
Each case runs in a fresh interpreter, so that nothing else has set the allocator."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

pytestmark = pytest.mark.skipif(
    platform.libc_ver()[0] != "glibc", reason="the setting is glibc's (mallopt); elsewhere a no-op"
)

PROBE = """
import ctypes, json, os, sys
import numpy as np

class MallInfo2(ctypes.Structure):  # glibc's struct mallinfo2 (malloc.h), all size_t
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd",
        "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

mallinfo2 = ctypes.CDLL(None).mallinfo2
mallinfo2.restype = MallInfo2

def own_pages_kib():  # bytes glibc holds in blocks on pages of their own (mmap)
    return mallinfo2().hblkhd // 1024

def resident_kib():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4096 // 1024

from mipair import allocator

taken = None
for players in sys.argv[1:]:  # the rounds paired before, by their players to pair
    taken = allocator.settle(int(players))
first = np.ones(8 * 2**20 // 8)  # 8 MiB freed: glibc's own rule raises its threshold to it
del first
before = own_pages_kib()
block = np.ones(3 * 2**20 // 8)  # 3 MiB, over the 2 MiB from which blocks go back
on_own_pages = own_pages_kib() - before
held = resident_kib()
del block
print(json.dumps({"taken": taken, "own_pages_kib": on_own_pages,
                  "returned_kib": held - resident_kib(),  # and, to tell a failure's cause:
                  "settings": {k: v for k, v in os.environ.items() if "MALLOC" in k or "GLIBC" in k}}))
"""


def freed_after(*rounds: int) -> dict:
    """What a fresh interpreter hands back when it frees a 3 MiB block, after it settled
    the allocator for rounds of ``rounds`` players (none: glibc as it starts)."""
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *map(str, rounds)],
        capture_output=True,
        text=True,
        check=True,
        env=glibc_as_it_starts(),
    )
    return json.loads(run.stdout)


def glibc_as_it_starts() -> dict[str, str]:
    """This environment without glibc's malloc settings: any of them turns glibc's rising
    threshold off (Dask's nanny, started by the cluster tests in this process, puts
    MALLOC_TRIM_THRESHOLD_ in it)."""
    return {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("MALLOC_") and name != "GLIBC_TUNABLES"
    }


def test_in_a_round_of_1000_players_a_freed_block_of_a_few_mib_goes_back() -> None:
    probe = freed_after(1000)
    assert probe["taken"] == 2 * 2**20
    assert probe["own_pages_kib"] >= 3 * 1024, probe  # served on pages of its own
    assert probe["returned_kib"] >= 3 * 1024 - 64, probe  # which went back when it was freed


def test_without_the_setting_glibc_keeps_it() -> None:
    """The control: glibc's default serves the block from its heap (where a freed
    block stays unless it ends the heap), so the test above measures the setting and
    not numpy or the kernel."""
    probe = freed_after()
    assert probe["own_pages_kib"] < 1024, probe


def test_a_round_of_9999_players_keeps_glibcs_rule() -> None:
    probe = freed_after(9999)
    assert probe["taken"] is None
    assert probe["own_pages_kib"] < 1024, probe


def test_a_large_round_after_a_small_one_gets_the_values_glibcs_rule_reaches() -> None:
    """A process (a service worker) that paired a small round first: the 2 MiB
    threshold is lifted again for a 9,999-player round, and the block comes from the heap."""
    probe = freed_after(100, 9999)
    assert probe["taken"] == 32 * 2**20
    assert probe["own_pages_kib"] < 1024, probe


def test_pairing_a_fide_round_sets_it(tmp_path: Path) -> None:
    """The engine sets the allocator before it builds a round's models (the estimate
    that refused nothing pairable was measured so)."""
    code = (
        "import sys\n"
        "from mipair import allocator\n"
        "from mipair.operations.dropin import run_dropin\n"
        "assert run_dropin(['--dutch', sys.argv[1], '-p', sys.argv[2]]) == 0\n"
        "print(allocator._threshold)\n"
    )
    source = ROOT / "scenarios" / "dutch" / "small.trfx"
    run = subprocess.run(
        [sys.executable, "-c", code, str(source), str(tmp_path / "out.txt")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.split() == ["[2097152]"]
