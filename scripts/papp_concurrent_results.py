#!/usr/bin/env python3
"""Many ``mipair papp result`` commands started at once on one event: how many results stay?

    python3 scripts/papp_concurrent_results.py [--games 50] [--tries 20] [--mipair PATH]

Each try makes a fresh event of ``2 x games`` players in a temporary folder, pairs round 1,
then starts one ``mipair papp result EVENT "BLACK DISCS"`` process per game, all at once, and
waits for them. It prints, per try, the results found in the file and the commands that
failed, then the totals (``--games 50 --tries 20``: 1,000 commands). ``--mipair`` runs
another installation (another checkout's ``.venv/bin/mipair``) on the same events, to compare.
The event is made with this checkout's mipair; the commands run with ``--mipair``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def one_try(folder: Path, games: int, mipair: list[str]) -> tuple[int, int, float]:
    """(results in the file, commands that failed, seconds) for one try."""
    from mipair.formats.papp.event_file import read_event
    from tests.support.papp_day import new_event, run

    event = new_event(folder, 2 * games, rounds=7)
    assert run("papp", "pair", event).code == 0
    pairs = read_event(event).round(1).games
    env = dict(os.environ, MIPAIR_LOCK_WAIT="900")
    env.pop("PAPP_CFG", None)
    started = time.monotonic()
    procs = [
        subprocess.Popen(
            [*mipair, "papp", "result", str(event), f"{g.black} {10 + k % 40}"],
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for k, g in enumerate(pairs)
    ]
    failed = sum(p.wait() != 0 for p in procs)
    seconds = time.monotonic() - started
    kept = sum(g.played for g in read_event(event).round(1).games)
    return kept, failed, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--mipair", help="the mipair executable to test (default: this one)")
    args = parser.parse_args()
    mipair = [args.mipair] if args.mipair else [sys.executable, "-m", "mipair.cli.main"]
    total_kept = total_failed = 0
    for k in range(1, args.tries + 1):
        with tempfile.TemporaryDirectory() as folder:
            kept, failed, seconds = one_try(Path(folder), args.games, mipair)
        total_kept, total_failed = total_kept + kept, total_failed + failed
        print(f"try {k}: {kept} of {args.games} results in the file, {failed} commands "
              f"failed, {seconds:.1f} s", flush=True)  # fmt: skip
    commands = args.games * args.tries
    print(f"total: {total_kept} of {commands} results kept, {total_failed} commands failed; "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
