#!/usr/bin/env python3
"""Bulk import speed: N generated tournaments into the tables, rows per second.

The tournaments are drawn quickly, not paired by the Dutch engine (that
would take hours for 10,000 files): every round pairs the players present
at random (no rematch when one can be avoided), gives the odd one the PAB,
draws results (30% draws, 3% forfeits) and a few half-point byes and
absences. Field sizes are uniform in ``--min-players..--max-players``,
rounds in 5..9; files are written as TRF-2026 into a temporary folder (or
``--dir``), then imported by ``mipair.results.importer.import_files`` on
``--jobs`` processes (default: all cores; each chunk of files is read by the
vectorised TRF reader, mipair/results/trf_fast.py), the tables are written
as Parquet once, and the standings with the default tie-breaks are computed
over all of them at once. Wall time and the
CPU time of all processes are both given: on a shared machine the wall time
says more about the neighbours than about mipair.

    python3 benchmarks/bench_bulk.py                     # 10,000 tournaments
    python3 benchmarks/bench_bulk.py --count 500 --jobs 1
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mipair.check.parallel import default_jobs  # noqa: E402
from mipair.formats.trf import write_tournament  # noqa: E402
from mipair.model import Cell, Colour, Player, Result, Tournament  # noqa: E402
from mipair.results.importer import find_files, import_files  # noqa: E402
from mipair.results.output import write_tables  # noqa: E402
from mipair.results.standings import standings_of  # noqa: E402
from mipair.results.tiebreak_spec import parse_list  # noqa: E402

W, B = Colour.WHITE, Colour.BLACK


def game_results(rng: random.Random) -> tuple[Result, Result]:
    """White's and Black's results of one game."""
    draw = rng.random()
    if draw < 0.03:
        return (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    if draw < 0.33:
        return (Result.DRAW, Result.DRAW)
    return (Result.WIN, Result.LOSS) if rng.random() < 0.55 else (Result.LOSS, Result.WIN)


def random_round(rng: random.Random, ids: list[int], met: dict[int, set[int]]) -> dict[int, Cell]:
    """One round's cells: a few byes and absences, random pairs, the PAB for the odd one."""
    cells: dict[int, Cell] = {}
    present = []
    for pid in ids:
        roll = rng.random()
        if roll < 0.02:
            cells[pid] = Cell(None, None, Result.HALF_BYE)
        elif roll < 0.03:
            cells[pid] = Cell(None, None, Result.ZERO_BYE)
        else:
            present.append(pid)
    rng.shuffle(present)
    if len(present) % 2:
        cells[present.pop()] = Cell(None, None, Result.PAB)
    while present:
        first = present.pop()
        partner = next((p for p in present if p not in met[first]), present[0])
        present.remove(partner)
        met[first].add(partner)
        met[partner].add(first)
        white_result, black_result = game_results(rng)
        cells[first] = Cell(partner, W, white_result)
        cells[partner] = Cell(first, B, black_result)
    return cells


def random_tournament(seed: int, low: int, high: int) -> Tournament:
    rng = random.Random(seed)
    size, rounds = rng.randint(low, high), rng.randint(5, 9)
    ids = list(range(1, size + 1))
    ratings = sorted((rng.randint(1400, 2600) for _ in ids), reverse=True)
    met: dict[int, set[int]] = {pid: set() for pid in ids}
    columns: dict[int, list[Cell | None]] = {pid: [] for pid in ids}
    for _ in range(rounds):
        cells = random_round(rng, ids, met)
        for pid in ids:
            columns[pid].append(cells[pid])
    return Tournament(
        players={pid: Player(pid, name=f"Player {pid}", rating=ratings[pid - 1]) for pid in ids},
        results={pid: tuple(c) for pid, c in columns.items()},
        total_rounds=rounds,
        system="Swiss (bench)",
        headers=(("012", f"Bench {seed}"),),
    )


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--min-players", type=int, default=10)
    parser.add_argument("--max-players", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--dir", help="folder for the files (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.dir or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        for seed in range(args.count):
            path = folder / f"t{seed:05d}.trf"
            if not path.exists():  # a --dir kept from an earlier run is reused
                t = random_tournament(seed, args.min_players, args.max_players)
                path.write_text(write_tournament(t, "trf26"))
        made = time.perf_counter() - start
        files = find_files([str(folder)])[: args.count]
        cpu_before = cpu_seconds()
        start = time.perf_counter()
        tables = import_files(files, args.jobs)
        imported = time.perf_counter() - start
        cpu = cpu_seconds() - cpu_before
        start = time.perf_counter()
        written = write_tables(tables.as_dict(), folder / "tables", "parquet")
        saved = time.perf_counter() - start
        size = sum(path.stat().st_size for path in written)
        start = time.perf_counter()
        ranking = standings_of(tables.as_dict(), parse_list(None))
        ranked = time.perf_counter() - start
    rows = tables.games.height + tables.players.height + tables.tournaments.height
    print(f"{len(files)} files generated in {made:.1f} s; {tables.errors.height} errors")
    print(
        f"import: {imported:.1f} s on {args.jobs} processes, "
        f"{tables.games.height:,} games rows, {tables.players.height:,} players rows, "
        f"{rows / imported:,.0f} rows/s ({len(files) / imported:,.0f} files/s)"
    )
    print(
        f"import CPU time (all processes): {cpu:.1f} s, {cpu / len(files) * 1000:.1f} ms a file; "
        f"on {args.jobs} idle cores: about {cpu / args.jobs:.0f} s"
    )
    print(f"tables written as Parquet once: {saved:.1f} s, {size / 2**20:.1f} MiB")
    print(
        f"standings (default tie-breaks, all tournaments at once): {ranked:.1f} s, {ranking.height:,} rows"
    )
    return 0 if tables.errors.height == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
