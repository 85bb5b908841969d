#!/usr/bin/env python3
"""Large McMahon fields paired in parts: the command's time and peak memory by field size.

For every size, bench_mcmahon.py's synthetic Go field is written as an OpenGotha file
(in ``--folder``, kept for the next run), with ``--played`` rounds already paired
(by mipair, results drawn as bench_mcmahon.py draws them); then the installed command
pairs the next round as a director types it, ``mipair mcmahon pair FILE`` (its table
thrown away), and the process's wall-clock time, CPU time (user + system) and peak
resident memory (``ru_maxrss`` of the child) are printed, beside the memory estimate
the command refuses a round by (``mipair.systems.mcmahon.footprint``, exit 4).

    python3 benchmarks/bench_mcmahon_parts.py --sizes 1000,10000,50000,200000
    python3 benchmarks/bench_mcmahon_parts.py --sizes 10000,50000 --played 2 --folder /tmp/go
    python3 benchmarks/bench_mcmahon_parts.py --checkout /tmp/before --limit 1800

``--checkout DIR`` pairs with the mipair of another checkout instead (``python -m
mipair.cli.main`` with ``PYTHONPATH=DIR``: an earlier commit's ``git archive``, to compare;
the estimate column is still this checkout's). Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def event_file(folder: Path, size: int, played: int) -> Path:
    """The synthetic tournament of ``size`` players with ``played`` rounds (written once)."""
    from bench_mcmahon import play, tournament

    from mipair.formats.opengotha_write import write_opengotha
    from mipair.systems.mcmahon.pairing import pair_state
    from mipair.systems.mcmahon.state import state_of

    path = folder / f"go{size}_round{played + 1}.xml"
    if not path.exists():
        t = tournament(size, max(played + 1, 5), seed=1)
        draw = random.Random(2)
        for _ in range(played):
            play(t, pair_state(state_of(t, None)), draw)
        write_opengotha(str(path), t)
    return path


def estimate_mib(path: Path) -> float:
    from mipair.formats.opengotha import read_opengotha
    from mipair.memory import MIB
    from mipair.systems.mcmahon.footprint import round_estimate
    from mipair.systems.mcmahon.state import state_of

    return round_estimate(state_of(read_opengotha(str(path)))) / MIB


def run(
    command: list[str], checkout: str | None, limit: float, folder: Path
) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak MiB and exit code of ``command`` run in ``folder`` (so
    that ``python -m`` finds no checkout in the current folder; ``checkout``'s mipair first
    on the path when given), killed after ``limit`` seconds (exit -9)."""
    env = dict(os.environ, MIPAIR_RESIDENT="0")
    if checkout:
        env["PYTHONPATH"] = checkout
    start = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=folder
    )
    timer = threading.Timer(limit, child.kill)
    timer.start()
    _, status, usage = os.wait4(child.pid, 0)
    timer.cancel()
    wall = time.perf_counter() - start
    if child.stderr is not None:
        sys.stderr.write(child.stderr.read().decode(errors="replace")[-500:])
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,50000,200000")
    ap.add_argument("--played", default="0", help="rounds already paired (e.g. 0,2)")
    ap.add_argument("--folder", help="where the files are kept (default: a temporary folder)")
    ap.add_argument("--checkout", help="pair with this checkout's mipair (PYTHONPATH)")
    ap.add_argument("--limit", type=float, default=3600, help="seconds before a run is killed")
    args = ap.parse_args()
    folder = Path(args.folder or tempfile.mkdtemp(prefix="mipair-go-"))
    folder.mkdir(parents=True, exist_ok=True)
    script = Path(sys.executable).with_name("mipair")
    checkout = str(Path(args.checkout).resolve()) if args.checkout else None
    head = [sys.executable, "-m", "mipair.cli.main"] if checkout else [str(script)]
    print(
        f"{'players':>8} {'round':>5} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'estimate':>9} exit"
    )
    for played in (int(p) for p in args.played.split(",")):
        for size in (int(s) for s in args.sizes.split(",")):
            path = event_file(folder, size, played)
            wall, cpu, peak, code = run(
                [*head, "mcmahon", "pair", str(path)], checkout, args.limit, folder
            )
            print(
                f"{size:>8} {played + 1:>5} {wall:8.1f} {cpu:8.1f} {peak:9.0f} "
                f"{estimate_mib(path):9.0f} {code}",
                flush=True,
            )


if __name__ == "__main__":
    main()
