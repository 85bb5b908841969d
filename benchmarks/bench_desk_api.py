#!/usr/bin/env python3
"""A chess open played through the desk's API and its pages: each kind of call's time, median
and 95th percentile, as a director's page or program meets them.

    python3 benchmarks/bench_desk_api.py                        # SQLite in a temporary folder
    python3 benchmarks/bench_desk_api.py --database postgresql+psycopg://USER@HOST/EMPTY_NAME
    python3 benchmarks/bench_desk_api.py --players 300 --rounds 9

Starts ``mipair serve`` (``tests/support/service_server.py``: the documented command, one small-lane
worker) on an empty database, makes an account with ``mipair account add``, signs in with
the session cookie and its CSRF token, creates a chess tournament of ``--rounds`` rounds and
registers ``--players`` players one by one; then each round: the pairing (in the worker
lane: timed apart), the round read back, every result entered board by board (one request,
one revision each), then the standings, the crosstable, a player's card, the tournament's
summary, and the public standings and pairing by the tournament's link. The pages are timed
the same way on the same day: each round's first result is saved by the round page's form (the
session cookie and the form's CSRF token), and after each round every director's page
(overview, players, the round, standings, crosstable, a card) and every public page is read
(:func:`read_pages`). Each call is timed at the client, from its request to its whole answer
(the HTTP client's own time included).
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
        if answer.status_code not in (200, 201, 303):
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
        pages = f"/desk/tournaments/{created['tournament']['id']}"
        form = {
            "csrf_token": csrf,
            "revision": str(revision),
            f"result:{boards[0]['board']}": rng.choice(RESULTS),
        }
        timed(
            "page: save a result (the round's form)",
            lambda: client.post(f"{pages}/rounds/{number}/results", data=form),
        )
        revision = timed("summary", lambda: client.get(base))["revision"]
        for board in boards[1:]:
            entry = {"board": board["board"], "result": rng.choice(RESULTS)}
            revision = timed(
                "enter a result",
                lambda: client.post(
                    f"{base}/rounds/{number}/results",
                    json={"revision": revision, "results": [entry]},
                ),
            )["revision"]
        slug = created["tournament"]["slug"]
        card = rng.randrange(1, players + 1)
        read_pages(client, timed, pages, f"/public/{slug}", number, card)
        timed("standings", lambda: client.get(f"{base}/standings"))
        timed("crosstable", lambda: client.get(f"{base}/crosstable"))
        timed(
            "a player's card", lambda: client.get(f"{base}/players/{rng.randrange(1, players + 1)}")
        )
        timed("public standings", lambda: client.get(f"{public}/standings"))
        timed("public round", lambda: client.get(f"{public}/rounds/{number}"))
    timed("history page", lambda: client.get(f"{base}/revisions"))
    timed("download TRF-2026", lambda: client.get(f"{base}/files/trf26"))


def read_pages(
    client: httpx.Client, timed: Timed, pages: str, public: str, number: int, card: int
) -> None:
    """Every page of the tournament after round ``number`` (``card``: a player's): the
    director's and the public link's (HTML, each checked to be 200)."""
    for where, base in (("page", pages), ("public page", public)):
        timed(f"{where}: overview", lambda: client.get(base))
        timed(f"{where}: players", lambda: client.get(f"{base}/players"))
        timed(f"{where}: the round", lambda: client.get(f"{base}/rounds/{number}"))
        timed(f"{where}: standings", lambda: client.get(f"{base}/standings"))
        timed(f"{where}: crosstable", lambda: client.get(f"{base}/crosstable"))
        timed(f"{where}: a player's card", lambda: client.get(f"{base}/players/{card}"))


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
