#!/usr/bin/env python3
"""Benchmark of the Team Swiss engine (C.04.6): seconds per round by number of teams.

For every size a random team tournament is made by ``mipair generate --system team``'s
generator (teams of 2 to 6 boards drawn from the seed, FIDE expected scores, 30% drawn
boards) and its first rounds are paired by the engine; each pairing call is timed in wall
and CPU seconds (user + system of the process), and the process's peak resident memory is
read at the end (each size runs in a process of its own). ``--beside COMMAND`` also times
another engine on the very file each round is paired from: COMMAND is run with ``{file}``
replaced by the file's path (a TRF-2026 team file holding the rounds before), killed after
``--time-limit`` seconds, and its answer (the JaVaFo text) compared with mipair's. A team
file numbers 999 teams at the most (``310``): a larger field is paired in memory, and the
file another engine reads then misnumbers its teams.

    python3 benchmarks/bench_team.py                                   # 100, 1000 teams, 3 rounds
    python3 benchmarks/bench_team.py --sizes 1000 --rounds 5 --seed 7
    python3 benchmarks/bench_team.py --sizes 1000 --beside "python -m gacrux.pairingchecker -i {file} -p -d B"

Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

from mipair.check.config import GeneratorConfig
from mipair.check.team_generate import random_team_tournament
from mipair.formats.trf_write import write_tournament
from mipair.model import Tournament
from mipair.pairing import RoundPairing
from mipair.systems.registry import get_system


def verdict(output: str, pairing: RoundPairing) -> str:
    """The other engine's answer (the JaVaFo/bbpPairings text) beside mipair's: "same",
    "differs", or what it printed instead of a pairing."""
    lines = output.split("\n")
    try:
        rows = [tuple(map(int, line.split())) for line in lines[1 : 1 + int(lines[0])]]
    except ValueError:
        return f"(no pairing: {lines[0][:40]!r})"
    mine = {(b.white, b.black) for b in pairing.boards}
    if pairing.bye is not None:
        mine.add((pairing.bye, 0))
    return "same" if {(row[0], row[1]) for row in rows} == mine else "differs"


def run_size(teams: int, rounds: int, seed: int, beside: str | None, limit: float) -> list[str]:
    """One size: the rows of the table (one per round)."""
    system = get_system("team")
    rows: list[str] = []
    folder = tempfile.mkdtemp(prefix="bench-team-")

    def timed(state: object) -> RoundPairing:
        wall, cpu = time.perf_counter(), time.process_time()
        pairing = system.pair(state)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        other = ""
        if beside:
            path = os.path.join(folder, f"round-{pairing.round}.trf")
            with open(path, "w") as out:
                out.write(write_tournament(replace(state.tournament)))  # type: ignore[attr-defined]
            command = shlex.split(beside.replace("{file}", path))
            start = time.perf_counter()
            try:
                done = subprocess.run(command, capture_output=True, text=True, timeout=limit)
                spent = time.perf_counter() - start
                other = f"{spent:9.2f} {verdict(done.stdout, pairing)}"
            except subprocess.TimeoutExpired:
                other = f"  > {limit:.0f} (stopped)"
        rows.append(
            f"{teams:6} {pairing.round:5} {len(pairing.boards):7} {wall:9.2f} {cpu:9.2f} {other}"
        )
        return pairing

    config = GeneratorConfig(players=teams, rounds=rounds, draw_percentage=30.0)
    tournament: Tournament = random_team_tournament(
        config, seed, system, pair=timed, most_teams=None
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    boards = len(tournament.teams.boards or "") if tournament.teams else 0
    rows.append(f"{teams:6} teams of {boards} boards: peak memory {peak:.0f} MiB")
    return rows


def worker(args: tuple[int, int, int, str | None, float], out: mp.Queue) -> None:  # type: ignore[type-arg]
    out.put(run_size(*args))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="100,1000", help="comma-separated numbers of teams")
    ap.add_argument("--rounds", type=int, default=3, help="rounds to pair per size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--beside", help="another engine's command line, {file} the round's file")
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds for --beside")
    args = ap.parse_args(argv)
    beside = "  beside" if args.beside else ""
    print(f"{'teams':>6} {'round':>5} {'matches':>7} {'wall s':>9} {'cpu s':>9}{beside}")
    for size in (int(s) for s in args.sizes.split(",") if s.strip()):
        out: mp.Queue = mp.Queue()  # type: ignore[type-arg]
        proc = mp.Process(
            target=worker, args=((size, args.rounds, args.seed, args.beside, args.time_limit), out)
        )
        proc.start()
        rows = out.get()
        proc.join()
        print("\n".join(rows), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
