#!/usr/bin/env python3
"""A small round's whole process beside its floor: what Python, numpy and HiGHS cost alone.

A tournament manager starts one ``mipair --dutch IN -p OUT`` process per
round. This runs, in turn and ``--repeat`` times over, each of these
processes, so that every one meets the same neighbours' load:

- ``python -c pass`` (the interpreter), ``import numpy``, ``import numpy,
  highspy``, ``import numpy, highspy, pysat.solvers`` (the libraries every
  round needs; SAT only some rounds);
- ``import mipair ...``: every mipair module a drop-in round loads, no pairing;
- ``mipair --dutch ROUND -p OUT`` for each round file given (a file cut back
  to the round to pair, e.g. by ``../shared/tools/conformance.py``), by the
  installed ``mipair`` command, cold: as a user runs it by default, no resident
  running (``MIPAIR_RESIDENT`` unset, a runtime folder of its own with none in
  it), so the call pairs in-process; with ``--old PATH`` the same with another
  checkout of mipair first on the path; with ``--resident`` the same call again
  handed to a resident pairing process (started first, in another runtime
  folder of its own, and stopped at the end: ``mipair resident start|stop``).

For each: median wall seconds and median CPU seconds (user + system of the
child; a call handed to the resident counts the calling process's CPU and the
CPU of the resident's child that ran it, read from the resident's ``cutime``
and ``cstime`` in ``/proc``, in clock ticks of 10 ms). Not a test: nothing
here asserts a speed.

    python3 benchmarks/bench_startup.py ROUND.trf ... [--repeat 10] [--old CHECKOUT] [--resident]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DROPIN_MODULES = """
import sys
sys.argv = ["mipair", "--dutch", "/nonexistent", "-p", "/nonexistent.out"]
import mipair.cli.main, mipair.operations.dropin, mipair.systems.registry
from mipair.systems.fide.edition import load_edition
load_edition("dutch")
import mipair.systems.fide.dutch.engine, mipair.systems.fide.dutch.procedures
"""


def children_cpu(env: dict[str, str]) -> float:
    """CPU seconds of the ended children of the resident that ``env`` reaches (0 without)."""
    folder = Path(env.get("XDG_RUNTIME_DIR", "/nonexistent")) / "mipair"
    total = 0.0
    for lock in folder.glob("*.lock"):
        try:
            pid = lock.read_text().split()[0]
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    return total


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process (which must succeed), with those of the
    resident's child that ran it."""
    before = children_cpu(env)
    start = time.perf_counter()
    proc = subprocess.Popen(  # from /: "python -c" puts the working folder first on the path
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd="/"
    )
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed ({os.waitstatus_to_exitcode(status)}): {' '.join(cmd)}")
    wall = time.perf_counter() - start
    time.sleep(0.05)  # the resident reaps its child just after the child has answered
    return wall, usage.ru_utime + usage.ru_stime + children_cpu(env) - before


SCRIPT = Path(sys.executable).parent / "mipair"
MIPAIR = (
    [sys.executable, str(SCRIPT)]  # the installed command, as a tournament manager runs it
    if SCRIPT.exists()
    else [sys.executable, "-c", "import sys; from mipair.cli.main import main; sys.exit(main())"]
)


def commands(
    rounds: list[Path], old: Path | None, cold: dict[str, str], resident: dict[str, str] | None
) -> list[tuple[str, list[str], dict[str, str]]]:
    """(label, command, environment) of every process to time (``cold``: the environment
    of calls that find no resident; ``resident``: of calls that go to the resident)."""
    python, env = sys.executable, dict(os.environ, MIPAIR_RESIDENT="0")
    mipair = MIPAIR
    runs = [
        ("python -c pass", [python, "-c", "pass"], env),
        ("import numpy", [python, "-c", "import numpy"], env),
        ("import numpy, highspy", [python, "-c", "import numpy, highspy"], env),
        ("+ pysat.solvers", [python, "-c", "import numpy, highspy, pysat.solvers"], env),
        ("+ mipair's drop-in modules", [python, "-c", DROPIN_MODULES], env),
    ]
    for path in rounds:
        pair = ["--dutch", str(path), "-p", os.devnull]
        if old is not None:
            old_env = dict(cold, PYTHONPATH=str(old), MIPAIR_RESIDENT="0")  # in-process, and
            # an older checkout would start a resident by itself
            runs.append((f"old {path.name}", [*mipair, *pair], old_env))
        runs.append((f"mipair {path.name}", [*mipair, *pair], cold))
        if resident is not None:
            runs.append((f"resident {path.name}", [*mipair, *pair], resident))
    return runs


def resident_environment(folder: str) -> dict[str, str]:
    """The environment of calls that may use a resident in ``folder``."""
    env = dict(os.environ, XDG_RUNTIME_DIR=folder)
    env.pop("MIPAIR_RESIDENT", None)
    return env


def resident(folder: str, action: str) -> None:
    """``mipair resident ACTION`` in ``folder``, from ``/`` as the timed calls run."""
    env = resident_environment(folder)
    subprocess.run([*MIPAIR, "resident", action], env=env, cwd="/", check=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rounds", nargs="*", type=Path, help="TRF files, each cut back to its round")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--old", type=Path, help="another mipair checkout, timed beside this one")
    ap.add_argument("--resident", action="store_true", help="each round by a resident too")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mipair-bench-") as none_running:
        cold = resident_environment(none_running)
        if not args.resident:
            measure(commands(args.rounds, args.old, cold, None), args.repeat)
            return 0
        with tempfile.TemporaryDirectory(prefix="mipair-bench-") as folder:
            resident(folder, "start")
            try:
                runs = commands(args.rounds, args.old, cold, resident_environment(folder))
                measure(runs, args.repeat)
            finally:
                resident(folder, "stop")
    return 0


def measure(runs: list[tuple[str, list[str], dict[str, str]]], repeat: int) -> None:
    """Time every run ``repeat`` times over, in turn, and print the medians."""
    walls: dict[str, list[float]] = {label: [] for label, _, _ in runs}
    cpus: dict[str, list[float]] = {label: [] for label, _, _ in runs}
    loads = []
    for _ in range(repeat):
        loads.append(os.getloadavg()[0])
        for label, cmd, env in runs:
            wall, cpu = timed(cmd, env)
            walls[label].append(wall)
            cpus[label].append(cpu)
    print(f"load average (1 min) {min(loads):.1f}-{max(loads):.1f}, {repeat} runs each")
    print(f"{'process':<40} {'median wall s':>14} {'median CPU s':>13}")
    for label, _, _ in runs:
        wall, cpu = statistics.median(walls[label]), statistics.median(cpus[label])
        print(f"{label:<40} {wall:14.3f} {cpu:13.3f}")


if __name__ == "__main__":
    raise SystemExit(main())
