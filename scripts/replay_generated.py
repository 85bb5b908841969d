#!/usr/bin/env python3
"""Generate random tournaments with mipair and replay them through the conformance tool.

Seeds 1..N (``--seeds``) each give one tournament whose size is drawn from
``--min-players``..``--max-players`` (10..300 by default) and whose rounds
from 4..9, with draws, forfeits, retirements and half-point byes (every
fifth seed uses 3-1-0 scoring). The files go to a temporary directory (or
``--dir``), generated on all cores with a progress bar, and then

    python3 ../shared/tools/conformance.py --engine "mipair --dutch {in} -p {out}" DIR

replays every round; since mipair paired each round itself, the figure
should be 100% identical rounds. Nothing is written into the repository.

    python3 scripts/replay_generated.py --seeds 20 --max-players 40
    python3 scripts/replay_generated.py --seeds 200          # the issue's full run (slow)
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT.parent / "shared" / "tools" / "conformance.py"


def mipair_command() -> str:
    """How to start mipair: the command on PATH, else the one installed beside this
    Python (a virtual environment that is not activated), else this Python with -m."""
    beside = Path(sys.executable).with_name("mipair")
    return shutil.which("mipair") or (
        str(beside) if beside.exists() else f"{sys.executable} -m mipair.cli.main"
    )


def config_for(seed: int, low: int, high: int):
    """The generator configuration of one seed (size and rounds drawn from the seed)."""
    from mipair.check.config import GeneratorConfig
    from mipair.model import PointSystem

    rng = random.Random(f"replay-{seed}")
    players = rng.randint(low, high)
    points = PointSystem(win=30, draw=10) if seed % 5 == 0 else PointSystem()
    return GeneratorConfig(
        players=players,
        rounds=min(rng.randint(4, 9), players - 1),
        draw_percentage=rng.choice([20, 35, 50]),
        forfeit_rate=25,
        retired_rate=15,
        half_point_bye_rate=8,
        point_system=points,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=200, help="generate seeds 1..SEEDS")
    ap.add_argument("--first", type=int, default=1, help="first seed")
    ap.add_argument("--min-players", type=int, default=10)
    ap.add_argument("--max-players", type=int, default=300)
    ap.add_argument("--rules", choices=("2026", "2017", "2012"), default="2026")
    ap.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--dir", help="keep the files here instead of a temporary directory")
    ap.add_argument(
        "--engine",
        default=None,
        help='engine template (default: "mipair --dutch [--rules R] {in} -p {out}")',
    )
    args = ap.parse_args(argv)
    if not TOOL.exists():
        print(f"conformance tool not found: {TOOL}", file=sys.stderr)
        return 2

    from mipair.check.parallel import GenerateTask, default_jobs, generate_task, run

    jobs = args.jobs or default_jobs()
    work = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="mipair-replay-"))
    work.mkdir(parents=True, exist_ok=True)
    seeds = range(args.first, args.first + args.seeds)
    tasks = [
        GenerateTask(
            "dutch",
            config_for(s, args.min_players, args.max_players),
            s,
            args.rules,
            str(work / f"g{s:05d}.trf"),
            "trf26",
        )
        for s in seeds
    ]
    results = run(generate_task, tasks, jobs, "generating", sys.stderr.isatty())
    failed = [(out, err) for out, _, err, _ in results if err]
    for out, err in failed:
        print(f"not generated: {out}: {err}", file=sys.stderr)
    for out, _, _, note in results:
        if note:
            print(f"ended early: {out}: {note}", file=sys.stderr)
    rules = "" if args.rules == "2026" else f"--rules {args.rules} "
    engine = args.engine or f"{mipair_command()} --dutch {rules}{{in}} -p {{out}}"
    print(f"{len(tasks) - len(failed)} tournaments in {work}; replaying with: {engine}", flush=True)
    code = subprocess.call(
        [sys.executable, str(TOOL), "--engine", engine, "--jobs", str(jobs), str(work)]
    )
    if not args.dir:
        shutil.rmtree(work, ignore_errors=True)
    return code or (1 if failed else 0)


if __name__ == "__main__":
    raise SystemExit(main())
