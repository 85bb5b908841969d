#!/usr/bin/env python3
"""A chess open played through the desk's API: each kind of call's time, median and 95th
percentile, as a director's page or program meets them.

    python3 benchmarks/bench_desk_api.py                        # SQLite in a temporary folder
    python3 benchmarks/bench_desk_api.py --database postgresql+psycopg://USER@HOST/EMPTY_NAME
    python3 benchmarks/bench_desk_api.py --players 300 --rounds 9

Starts ``mipair serve`` (``tests/support/service_server.py``: the documented command, one small-lane
worker) on an empty database, makes an account with ``mipair account add``, signs in with
the session cookie and its CSRF token, creates a chess tournament of ``--rounds`` rounds and
registers ``--players`` players one by one; then each round: the pairing (in the worker
lane: timed apart), the round read back, every result entered board by board (one request,
one revision each), then the standings, the crosstable, a player's card, the tournament's
summary, and the public standings and pairing by the tournament's link. Each call is timed
at the client, from its request to its whole answer (the HTTP client's own time included).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.service_server import running_server  # noqa: E402

PASSWORD = "correct horse battery"
RESULTS = ["1-0", "0-1", "1/2", "1-0", "0-1"]


class Timed:
    """Each call's duration, by the kind of call."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}

    def __call__(self, kind: str, call: Callable[[], httpx.Response]) -> Any:
        started = time.perf_counter()
        answer = call()
        self.times.setdefault(kind, []).append(time.perf_counter() - started)
        if answer.status_code not in (200, 201):
            raise SystemExit(f"{kind}: {answer.status_code} {answer.text[:300]}")
        return answer.json() if answer.headers.get("content-type") == "application/json" else None

    def table(self) -> str:
        lines = [
            "| call | count | median ms | p95 ms | max ms |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        for kind, times in self.times.items():
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            lines.append(
                f"| {kind} | {len(times)} | {1000 * statistics.median(times):.1f} | "
                f"{1000 * p95:.1f} | {1000 * ordered[-1]:.1f} |"
            )
        return "\n".join(lines)


def add_account(environment: dict[str, str]) -> None:
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "bin" / "mipair"),
            "account",
            "add",
            "bench",
            "--password-stdin",
        ],
        input=PASSWORD + "\n",
        text=True,
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **environment},
    )


def play(client: httpx.Client, players: int, rounds: int, timed: Timed) -> None:
    """The day (see the module docstring)."""
    rng = random.Random(7)
    csrf = timed(
        "sign in",
        lambda: client.post("/v1/desk/sign-in", json={"name": "bench", "password": PASSWORD}),
    )["csrf_token"]
    client.headers["X-CSRF-Token"] = csrf
    settings = {"name": "Bench Open", "rounds": rounds, "tiebreaks": "BH/C1,BH,SB,DE"}
    created = timed(
        "create",
        lambda: client.post("/v1/desk/tournaments", json={"game": "chess", "settings": settings}),
    )
    base = f"/v1/desk/tournaments/{created['tournament']['id']}"
    public = created["tournament"]["public"]
    revision = created["revision"]
    for k in range(players):
        player = {
            "name": f"Player{k:04d}, Bench",
            "rating": rng.randrange(1200, 2700),
            "fide_id": str(9000000 + k),
        }
        revision = timed(
            "register a player",
            lambda: client.post(f"{base}/players", json={"revision": revision, "player": player}),
        )["revision"]
    for number in range(1, rounds + 1):
        revision = timed(
            "pair a round (worker lane)",
            lambda: client.post(
                f"{base}/rounds", json={"revision": revision, "options": {"date": "2026-06-01"}}
            ),
        )["revision"]
        boards = timed("read the round", lambda: client.get(f"{base}/rounds/{number}"))["pairing"][
            "boards"
        ]
        for board in boards:
            entry = {"board": board["board"], "result": rng.choice(RESULTS)}
            revision = timed(
                "enter a result",
                lambda: client.post(
                    f"{base}/rounds/{number}/results",
                    json={"revision": revision, "results": [entry]},
                ),
            )["revision"]
        timed("standings", lambda: client.get(f"{base}/standings"))
        timed("crosstable", lambda: client.get(f"{base}/crosstable"))
        timed(
            "a player's card", lambda: client.get(f"{base}/players/{rng.randrange(1, players + 1)}")
        )
        timed("summary", lambda: client.get(base))
        timed("public standings", lambda: client.get(f"{public}/standings"))
        timed("public round", lambda: client.get(f"{public}/rounds/{number}"))
    timed("history page", lambda: client.get(f"{base}/revisions"))
    timed("download TRF-2026", lambda: client.get(f"{base}/files/trf26"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--database", help="an empty database's URL (default: SQLite)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mipair-bench-desk-") as folder:
        environment = {"MIPAIR_DATA": folder}
        if args.database:
            environment["MIPAIR_DATABASE_URL"] = args.database
        add_account(environment)
        timed = Timed()
        started = time.perf_counter()
        with (
            running_server(environment, workers=1, large_workers=0) as server,
            httpx.Client(base_url=server.url, timeout=600) as client,
        ):
            play(client, args.players, args.rounds, timed)
        where = "PostgreSQL" if args.database else "SQLite"
        print(
            f"{args.players} players, {args.rounds} rounds, {where}, {time.perf_counter() - started:.0f} s"
        )
        print(timed.table())


if __name__ == "__main__":
    main()
