"""What the resident does once, so that its children only read, pair and write.

The engine imports its parts on demand and fills its caches (model files,
criteria tables, HiGHS's first instance) on first use: a fresh child would pay
for them on every call (measured: a 30-player round 140 ms in a child of a
resident that had only imported, 80-100 ms once a round had been paired
before the fork). So the resident runs trial calls itself before it listens:
with each drop-in system and edition it generates a small tournament (which
pairs its rounds) and checks it (which pairs them again), as a service worker
would before its first request. Children start from that state, never from
another client's round.

HiGHS runs single-threaded here (the engine's setting); :func:`single_threaded`
confirms it, since a ``fork`` must not copy a process with other threads.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile

from mipair.operations.dropin import run_dropin
from mipair.solver import highs
from mipair.systems.registry import dropin_systems, get_system, load

TRIAL_PLAYERS = 12
TRIAL_ROUNDS = 3
TRIAL_SEED = "1"
KNOWN = (
    "mipair.operations.judging",
    "mipair.check.report",
    "mipair.check.generate",
    "mipair.formats.destination",
    "mipair.formats.text",
    "pysat.solvers",
)
"""Modules any drop-in call may load that the trial calls might not."""


def drop_in_systems() -> list[tuple[str, tuple[str | None, ...]]]:
    """Each drop-in system's name with its editions (None: the default)."""
    return [(line.name, (None, *load(line).editions())) for line in dropin_systems()]


def trial_config(folder: str, system: str) -> str:
    """The generator configuration of ``system``'s trial tournament, written in ``folder``:
    :data:`TRIAL_PLAYERS` players, :data:`TRIAL_ROUNDS` rounds unless the field decides
    them (a round robin's table)."""
    rounds = get_system(system).generated_type(TRIAL_PLAYERS, None).rounds or TRIAL_ROUNDS
    config = os.path.join(folder, f"trial-{system}.txt")
    with open(config, "w") as handle:
        handle.write(f"PlayersNumber={TRIAL_PLAYERS}\nRoundsNumber={rounds}\n")
    return config


def trial_calls(folder: str) -> list[list[str]]:
    """Drop-in calls that generate, then check, a small tournament with each system and
    edition (their files in ``folder``)."""
    calls = []
    for system, editions in drop_in_systems():
        config = trial_config(folder, system)
        for edition in editions:
            rules = ["--rules", edition] if edition else []
            tournament = os.path.join(folder, f"{system}-{edition}.trf")
            calls.append([*rules, f"--{system}", "-g", config, "-o", tournament, "-s", TRIAL_SEED])
            calls.append([*rules, f"--{system}", tournament, "-c"])
    return calls


def single_threaded() -> bool:
    """Is this process still one thread (safe to fork)?"""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


def warm_up() -> None:
    """Import what drop-in calls load and run the trial calls (their output goes to
    the resident's standard output, ``/dev/null``)."""
    highs.load()  # numpy and HiGHS, OpenBLAS single-threaded as in a drop-in call
    for name in KNOWN:
        importlib.import_module(name)
    with tempfile.TemporaryDirectory(prefix="mipair-warm-up-") as folder:
        for call in trial_calls(folder):
            run_dropin(call)
    sys.stdout.flush()
