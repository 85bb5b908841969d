"""The allocator setting the memory estimate was measured with (mipair.allocator.settle): in a
round below 6,000 players a freed block of a few MiB goes back to the system, where glibc's
default keeps it in the heap once a block of that size has been freed before; larger rounds
keep glibc's rule. Each case runs in a fresh interpreter, so that nothing else has set the
allocator."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    platform.libc_ver()[0] != "glibc", reason="the setting is glibc's (mallopt); elsewhere a no-op"
)

PROBE = """
import json, sys
import numpy as np

def resident_kib():
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * 4096 // 1024

from mipair import allocator

taken = None
for players in sys.argv[1:]:  # the rounds paired before, by their players to pair
    taken = allocator.settle(int(players))
first = np.ones(8 * 2**20 // 8)  # 8 MiB freed: glibc's own rule raises its threshold to it
del first
block = np.ones(3 * 2**20 // 8)  # 3 MiB, over the 2 MiB from which blocks go back
guard = bytearray(65536)  # a heap block after it, so that its hole is not the heap's top
held = resident_kib()
del block
print(json.dumps({"taken": taken, "returned_kib": held - resident_kib()}))
"""


def freed_after(*rounds: int) -> dict:
    """What a fresh interpreter hands back when it frees a 3 MiB block, after it settled
    the allocator for rounds of ``rounds`` players (none: glibc as it starts)."""
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *map(str, rounds)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout)


def test_in_a_round_of_1000_players_a_freed_block_of_a_few_mib_goes_back() -> None:
    probe = freed_after(1000)
    assert probe["taken"] == 2 * 2**20
    assert probe["returned_kib"] >= 3 * 1024 - 64


def test_without_the_setting_glibc_keeps_it() -> None:
    """The control: glibc's default keeps the block resident, so the test above
    measures the setting and not numpy or the kernel."""
    assert freed_after()["returned_kib"] < 1024


def test_a_round_of_9999_players_keeps_glibcs_rule() -> None:
    probe = freed_after(9999)
    assert probe["taken"] is None
    assert probe["returned_kib"] < 1024


def test_a_large_round_after_a_small_one_gets_the_values_glibcs_rule_reaches() -> None:
    """A process (a service worker) that paired a small round first: the 2 MiB
    threshold is lifted again for a 9,999-player round, and the block is kept."""
    probe = freed_after(100, 9999)
    assert probe["taken"] == 32 * 2**20
    assert probe["returned_kib"] < 1024


def test_pairing_a_fide_round_sets_it(tmp_path: Path) -> None:
    """The engine sets the allocator before it builds a round's models (the estimate
    that refused nothing pairable was measured so)."""
    code = (
        "import sys\n"
        "from mipair import allocator\n"
        "from mipair.cli.main import run_dropin\n"
        "assert run_dropin(['--dutch', sys.argv[1], '-p', sys.argv[2]]) == 0\n"
        "print(allocator._threshold)\n"
    )
    source = Path(__file__).parent.parent / "scenarios" / "dutch" / "small.trfx"
    run = subprocess.run(
        [sys.executable, "-c", code, str(source), str(tmp_path / "out.txt")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.split() == ["[2097152]"]
