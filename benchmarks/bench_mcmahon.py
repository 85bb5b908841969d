#!/usr/bin/env python3
"""Benchmark of the McMahon engine: seconds per round and peak memory by field size.

For every size a synthetic Go tournament is built (ranks from 25k to 7d, most
players between 15k and 2d, one club per six players in 20 countries, every
twentieth player absent in one round) and its rounds are paired by mipair with
OpenGotha's weights (``--og``, default 3.52) and OpenGotha's McMahon preset
(floor 20k, bar 4d); results follow the rank difference after handicap (the stronger wins
two games in three). Each ``pair_state`` call is timed, wall clock and CPU
(building the field, the weights and the matching; not reading or writing
files; the CPU time is the fairer figure on a shared machine). Every size runs in a
process of its own, so the peak resident memory (``ru_maxrss``) is that size's.

    python3 benchmarks/bench_mcmahon.py                     # 700 and 2000 players, 5 rounds
    python3 benchmarks/bench_mcmahon.py --sizes 100,700 --rounds 3 --json out.json
    python3 benchmarks/bench_mcmahon.py --sizes 700 --objective entropy   # the thesis's trade-off

The last column is the finished tournament's total error (``mipair evaluate``), whose
figure should not depend on the field's size (the thesis's eq. 7.1 as read).

Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import resource
import statistics
import sys
import time


def tournament(size: int, rounds: int, seed: int):
    """A synthetic OpenGotha tournament of ``size`` players (no games yet), with OpenGotha's
    McMahon preset (models/mcmahon.toml ``[presets.mcmahon]``)."""
    from mipair.desk.mcmahon.event import Settings, new_tournament
    from mipair.formats.opengotha import OgPlayer

    draw = random.Random(seed)
    countries = [
        f"C{k:02d}"[:2] if k < 10 else chr(65 + k % 26) + chr(65 + k // 26) for k in range(20)
    ]
    t = new_tournament(Settings(f"Benchmark {size}", rounds, begin="2026-01-01"))
    for k in range(size):
        rank = max(-25, min(6, round(draw.gauss(-7, 6))))
        flags = ["1"] * 20
        if k % 20 == 7:
            flags[draw.randrange(rounds)] = "0"
        club = f"K{k // 6:03d}"
        t.players.append(
            OgPlayer(
                f"Player{k:05d}",
                "Go",
                rank,
                (rank + 30) * 100 - 900 + draw.randrange(100),
                countries[(k // 6) % 20],
                club,
                0,
                "".join(flags),
                "FIN",
                "",
                {},
            )
        )
    return t


def play(t, rnd, draw: random.Random) -> None:
    """Record the new round with results: the stronger (after handicap) wins 2 times in 3."""
    from mipair.formats.opengotha import OgBye, OgGame

    for g in rnd.games:
        white, black = t.players[g.white], t.players[g.black]
        edge = white.rank - black.rank - g.handicap
        white_wins = draw.random() < (0.67 if edge > 0 else 0.33 if edge < 0 else 0.5)
        result = "RESULT_WHITEWINS" if white_wins else "RESULT_BLACKWINS"
        t.games.append(OgGame(rnd.round, g.table, white.key, black.key, g.handicap, result))
    if rnd.bye is not None:
        t.byes.append(OgBye(rnd.round, t.players[rnd.bye].key))


def run_size(size: int, rounds: int, edition: str, seed: int, objective: str, out) -> None:
    from dataclasses import replace

    from mipair.systems.mcmahon.pairing import pair_state
    from mipair.systems.mcmahon.state import state_of

    t = tournament(size, rounds, seed)
    draw = random.Random(seed + 1)
    seconds, cpu = [], []
    for _ in range(rounds):
        state = replace(state_of(t, edition), objective=objective)
        start, start_cpu = time.perf_counter(), time.process_time()
        rnd = pair_state(state)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        play(t, rnd, draw)
        print(
            f"  {size} players, round {rnd.round}: {seconds[-1]:.2f} s ({cpu[-1]:.2f} s CPU)",
            file=sys.stderr,
            flush=True,
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    from mipair.systems.mcmahon.evaluate import evaluate

    error = evaluate(t).total_error
    out.put({"players": size, "seconds": seconds, "cpu": cpu, "peak_mib": peak, "error": error})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="700,2000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--og", default=None, choices=["3.52", "3.51"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--objective", default="opengotha", choices=["opengotha", "entropy"])
    ap.add_argument("--json", dest="json_file")
    args = ap.parse_args()
    rows = []
    print(
        f"{'players':>7} {'rounds':>6} {'mean s':>8} {'max s':>8} {'mean CPU':>8} {'max CPU':>8} "
        f"{'peak MiB':>9} {'error':>6}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        out: mp.Queue = mp.Queue()
        worker = mp.Process(
            target=run_size, args=(size, args.rounds, args.og, args.seed, args.objective, out)
        )
        worker.start()
        worker.join()
        if out.empty():
            sys.exit(f"the {size}-player run failed (exit code {worker.exitcode})")
        row = out.get()
        rows.append(row)
        s, c = row["seconds"], row["cpu"]
        print(
            f"{size:>7} {len(s):>6} {statistics.mean(s):8.2f} {max(s):8.2f} "
            f"{statistics.mean(c):8.2f} {max(c):8.2f} {row['peak_mib']:9.0f} {row['error']:6.3f}"
        )
    if args.json_file:
        with open(args.json_file, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=2)


if __name__ == "__main__":
    main()
