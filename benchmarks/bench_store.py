#!/usr/bin/env python3
"""The desk's store under a tournament day: each operation's time, median and 95th percentile.

    python3 benchmarks/bench_store.py                           # SQLite in a temporary folder
    python3 benchmarks/bench_store.py --database postgresql+psycopg://USER@HOST/NAME
    python3 benchmarks/bench_store.py --players 300 --rounds 9 --saves 1350

A tournament of ``--players`` players and ``--rounds`` rounds is generated
(``mipair generate``, paired by mipair), stored as revision 1, then
``--saves`` results are entered one by one, each a save of the whole TRF with
one result changed, as the desk saves it. Around each save the operations a
page or an API call makes are timed: the session lookup every request makes,
the current document, the tournament list, a history page, the public read by
slug. The database is empty at the start (``--database`` must name an empty one).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mipair.store.accounts import add_account
from mipair.store.database import database_url
from mipair.store.documents import Document
from mipair.store.migrate import open_store
from mipair.store.revisions import document, history, save
from mipair.store.schema import Game
from mipair.store.sessions import open_session, session_director
from mipair.store.tournaments import create_tournament, public_tournament, tournaments_of


def generated(players: int, rounds: int, folder: Path) -> bytes:
    """A TRF-2026 file of a tournament mipair generated and paired."""
    config = folder / "generate.cfg"
    config.write_text(f"PlayersNumber={players}\nRoundsNumber={rounds}\n")
    out = folder / "open.trf"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mipair.cli.main",
            "generate",
            str(config),
            "-o",
            str(out),
            "-s",
            "58",
        ],
        check=True,
        capture_output=True,
    )
    return out.read_bytes()


def with_result(trf: bytes, index: int) -> bytes:
    """``trf`` with the result of one game of one 001 line changed (the index-th, cycling)."""
    lines = trf.split(b"\n")
    rows = [k for k, line in enumerate(lines) if line.startswith(b"001")]
    row = rows[index % len(rows)]
    line = bytearray(lines[row])
    cell = 98 + 10 * (index // len(rows) % 9)  # the result column of a round's cell
    if cell < len(line):
        line[cell] = ord("1" if line[cell] != ord("1") else "0")
    lines[row] = bytes(line)
    return b"\n".join(lines)


def timed(times: dict[str, list[float]], name: str, call: Callable[[], object]) -> None:
    started = time.perf_counter()
    call()
    times.setdefault(name, []).append(time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="an empty database's URL (default: SQLite, temporary)")
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--saves", type=int, default=1350)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trf = generated(args.players, args.rounds, Path(folder))
        store = open_store(args.database or database_url(data=folder))
        anna = add_account(store, "anna", "anna-password")
        token = open_session(store, anna).token
        info, first = create_tournament(
            store, anna, Game.CHESS, "Open", Document.single("open.trf", trf), "imported"
        )
        times: dict[str, list[float]] = {}
        number = first.number
        for index in range(args.saves):
            trf = with_result(trf, index)
            doc = Document.single("open.trf", trf)
            timed(times, "session lookup", lambda: session_director(store, token))
            timed(
                times,
                "save a result",
                lambda d=doc, n=number: save(store, anna, info.id, n, d, "result"),
            )
            number += 1
            timed(times, "current document", lambda: document(store, anna, info.id))
            timed(times, "public read (slug)", lambda: public_tournament(store, info.slug))
            if index % 10 == 0:
                timed(times, "history page (100)", lambda: history(store, anna, info.id))
                timed(times, "tournament list", lambda: tournaments_of(store, anna))
        print(f"{store.url.split(':')[0]}: {len(trf)} bytes of TRF, {args.saves} saves")
        print(f"{'operation':<20} {'calls':>6} {'median ms':>10} {'p95 ms':>8}")
        for name, values in times.items():
            p95 = statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
            print(
                f"{name:<20} {len(values):>6} {1000 * statistics.median(values):>10.2f} {1000 * p95:>8.2f}"
            )
        store.close()


if __name__ == "__main__":
    main()
