#!/usr/bin/env python3
"""Load test of the pairing service: corpus rounds posted by many clients at once.

Starts ``mipair serve`` on 127.0.0.1 (a free port; or ``--url`` of a running
one), then with rounds of the reference corpus (``../shared/conformance``,
each tournament cut before one of its rounds by the corpus's own tool):

1. one client, warm, each round posted once in turn: p50 / p95 / p99 latency;
2. ``--clients`` clients at once, ``--requests`` requests in all: p50 / p95 /
   p99, throughput, the refusals (429: the client waits the Retry-After it is
   given and sends again, as a well-behaved client does; its latency counts
   from the first try), the errors (any final answer but 200, or a text that
   is not the CLI's) and where the CPU went (``cpu_percent``, % of one core:
   this benchmark's clients, the web process, the workers by priority);
3. with ``--large N``: the same while N large requests (``--large-file``, by
   default a generated 3,000-player tournament) are kept in flight;
4. the whole-process CLI (``mipair --dutch IN -p OUT``) on the same rounds,
   and the engine alone in this process (read + pair, warm), for comparison.

    python3 benchmarks/load_service.py                          # 50 clients, 500 requests
    python3 benchmarks/load_service.py --large 2                # + two 3,000-player requests
    python3 benchmarks/load_service.py --max-players 100 --cli-rounds 40 --json load.json

The clients speak HTTP through ``lean_http`` (h11 over asyncio): they share the machine
with the service, and httpx's client cost 4-5 ms of CPU a request against its 0.7-1.0.

Not a test: nothing here asserts a speed. The service runs with its own
defaults unless ``--workers`` / ``--queue`` are given.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lean_http import Answer, Connection  # noqa: E402

from tests.support.service_server import running_server, worker_processes  # noqa: E402

SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "conformance" / "dutch-2026"


def corpus_tool():
    """The corpus's own cutting tool (../shared/tools/conformance.py), read at run time."""
    path = SHARED / "tools" / "conformance.py"
    spec = importlib.util.spec_from_file_location("conformance", path)
    if spec is None or spec.loader is None or not path.exists():
        sys.exit(f"the corpus tool {path} is missing: this benchmark needs ../shared")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def corpus_rounds(max_players: int, limit: int, seed: int) -> list[tuple[str, bytes]]:
    """Up to ``limit`` rounds (name, TRF text) of tournaments of at most ``max_players``."""
    tool = corpus_tool()
    rounds = []
    for path in sorted(CORPUS.glob("*.trf")):
        header, players, n_rounds = tool.parse(str(path))
        if len(players) > max_players:
            continue
        first = tool.initial_colour(players, n_rounds)
        for r in range(1, n_rounds):
            text = tool.cut(header, players, n_rounds, r, first)
            rounds.append((f"{path.stem}-r{r + 1}", text.encode("utf-8")))
    random.Random(seed).shuffle(rounds)
    return rounds[:limit]


LARGE_CONFIG = "PlayersNumber=3000\nRoundsNumber=2\n"
CACHE = Path(tempfile.gettempdir()) / "mipair-load-service"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(latencies: list[float], seconds: float) -> dict[str, float]:
    return {
        "requests": len(latencies),
        "p50_ms": round(1000 * percentile(latencies, 0.50), 1),
        "p95_ms": round(1000 * percentile(latencies, 0.95), 1),
        "p99_ms": round(1000 * percentile(latencies, 0.99), 1),
        "mean_ms": round(1000 * statistics.fmean(latencies), 1),
        "throughput_per_s": round(len(latencies) / seconds, 1),
    }


def large_round(path: str | None) -> bytes:
    """The large request: ``path``, or a generated 3,000-player tournament cut before its last
    round (made once, kept in the temporary folder): the request pairs its round 2."""
    if path:
        return Path(path).read_bytes()
    CACHE.mkdir(exist_ok=True)
    whole, cut = CACHE / "large3000.trf", CACHE / "large3000-last.trf"
    if not cut.exists():
        (CACHE / "large.cfg").write_text(LARGE_CONFIG)
        mipair = str(Path(sys.executable).with_name("mipair"))
        print("generating a 3,000-player tournament (once)...", flush=True)
        subprocess.run(
            [mipair, "generate", str(CACHE / "large.cfg"), "-o", str(whole), "-s", "5"],
            check=True,
            capture_output=True,
        )
        tool = corpus_tool()
        header, players, n_rounds = tool.parse(str(whole))
        first = tool.initial_colour(players, n_rounds)
        cut.write_text(tool.cut(header, players, n_rounds, n_rounds - 1, first))
    return cut.read_bytes()


def cli_round(text: bytes) -> tuple[float, str]:
    """The whole-process CLI on one round: seconds and the text it writes."""
    with tempfile.TemporaryDirectory() as folder:
        source, out = Path(folder) / "in.trf", Path(folder) / "out.txt"
        source.write_bytes(text)
        start = time.perf_counter()
        subprocess.run(
            [str(Path(sys.executable).with_name("mipair")), "--dutch", str(source), "-p", str(out)],
            check=True,
            capture_output=True,
        )
        return time.perf_counter() - start, out.read_text()


def engine_round(text: bytes) -> float:
    """Read and pair one round in this process (the engine alone, warm): seconds."""
    from mipair.systems.registry import get_system

    system = get_system("dutch")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.trf"
        source.write_bytes(text)
        start = time.perf_counter()
        system.pair(system.read(str(source), "2026"))
        return time.perf_counter() - start


def server_timing(answer: Answer) -> dict[str, float]:
    """The service's own split of an answer's time (Server-Timing): solve and wait, in ms."""
    timing = {}
    for part in answer.headers.get("server-timing", "").split(","):
        name, _, rest = part.strip().partition(";")
        if "dur=" in rest:
            timing[name] = float(rest.split("dur=")[1].split(";")[0])
    return timing


async def post(client: Connection, text: bytes) -> tuple[float, int, str, int, dict]:
    """Post one round, waiting out any 429 as its Retry-After says: (seconds from the first
    try, final status, text, refusals, the service's solve and wait ms)."""
    start = time.perf_counter()
    refusals = 0
    while True:
        answer = await client.post("/v1/pair", {"system": "dutch", "rules": "2026"}, text)
        if answer.status_code != 429:
            break
        refusals += 1
        await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
    seconds = time.perf_counter() - start
    body = answer.json()
    return seconds, answer.status_code, body.get("text", ""), refusals, server_timing(answer)


def split(timings: list[dict]) -> dict[str, float]:
    """p50 / p95 of the service's solve and wait times (ms) over the answers that gave them."""
    figures = {}
    for name in ("solve", "wait"):
        values = [t[name] / 1000 for t in timings if name in t]
        if values:
            figures[f"{name}_p50_ms"] = round(1000 * percentile(values, 0.50), 1)
            figures[f"{name}_p95_ms"] = round(1000 * percentile(values, 0.95), 1)
    return figures


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def service_processes(server_pid: int) -> dict[int, str]:
    """The service's processes, each with its part: the web process, and its workers by CPU
    priority (the small lane's run at the server's, the large lane's lower)."""
    parts = {server_pid: "web"}
    for pid in worker_processes(server_pid):
        idle = os.sched_getscheduler(pid) == getattr(os, "SCHED_IDLE", -1)
        nice = os.getpriority(os.PRIO_PROCESS, pid)
        parts[pid] = f"workers (nice {nice}{', idle policy' if idle else ''})"
    return parts


class CpuShares:
    """Where the machine's CPU went during a phase, in % of one core: this benchmark's own
    process (the clients), the service's web process and its workers (Linux /proc)."""

    def __init__(self, server_pid: int | None) -> None:
        self.parts = service_processes(server_pid) if server_pid else {}
        self.parts[os.getpid()] = "clients (this benchmark)"
        self.start = time.perf_counter()
        self.before = {pid: cpu_seconds(pid) for pid in self.parts}

    def shares(self) -> dict[str, float]:
        elapsed = time.perf_counter() - self.start
        totals: dict[str, float] = {}
        for pid, part in self.parts.items():
            used = cpu_seconds(pid) - self.before[pid]
            totals[part] = totals.get(part, 0.0) + used
        return {part: round(100 * used / elapsed, 1) for part, used in totals.items()}


def load_average() -> float:
    """The machine's 1-minute load average (other work may share it)."""
    return round(os.getloadavg()[0], 1)


async def one_client(url: str, rounds, expected: dict[str, str]) -> tuple[dict, int]:
    client = Connection(url)
    for _, text in rounds[:3]:
        await post(client, text)  # every worker warm
    latencies, timings, errors = [], [], 0
    start, load_before = time.perf_counter(), load_average()
    for name, text in rounds:
        seconds, status, got, _, timing = await post(client, text)
        latencies.append(seconds)
        timings.append(timing)
        errors += status != 200 or (name in expected and got != expected[name])
    await client.close()
    figures = summary(latencies, time.perf_counter() - start) | split(timings)
    return figures | {"load_average": [load_before, load_average()]}, errors


async def many_clients(
    url: str,
    rounds,
    clients: int,
    requests: int,
    expected,
    large: bytes | None,
    in_flight: int,
    server_pid: int | None = None,
) -> tuple[dict, int, int, list]:
    """The small load, with ``in_flight`` large requests kept running meanwhile: (summary,
    errors, refusals, large results as (seconds, status))."""
    work = [rounds[k % len(rounds)] for k in range(requests)]
    latencies: list[float] = []
    timings: list[dict] = []
    errors = refusals = 0
    large_results: list[tuple[float, int]] = []
    done = asyncio.Event()

    async def worker(mine):
        nonlocal errors, refusals
        client = Connection(url)  # each client its own connection, kept alive
        for name, text in mine:
            seconds, status, got, refused, timing = await post(client, text)
            latencies.append(seconds)
            timings.append(timing)
            refusals += refused
            errors += status != 200 or (name in expected and got != expected[name])
        await client.close()

    async def large_client():
        client = Connection(url)
        try:
            while not done.is_set():
                seconds, status, _, _, _ = await post(client, large)
                large_results.append((round(seconds, 1), status))
        finally:
            await client.close()  # the client goes away: the service cancels the solve

    background = [asyncio.create_task(large_client()) for _ in range(in_flight)]
    if background:
        await asyncio.sleep(3.0)  # the large solves have started
    start, load_before = time.perf_counter(), load_average()
    cpu = CpuShares(server_pid)
    await asyncio.gather(*(worker(work[k::clients]) for k in range(clients)))
    elapsed = time.perf_counter() - start
    load = {"load_average": [load_before, load_average()], "cpu_percent": cpu.shares()}
    done.set()
    for task in background:
        task.cancel()
    await asyncio.gather(*background, return_exceptions=True)
    return summary(latencies, elapsed) | split(timings) | load, errors, refusals, large_results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--max-players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=100, help="distinct corpus rounds used")
    parser.add_argument("--cli-rounds", type=int, default=30, help="rounds timed with the CLI")
    parser.add_argument("--workers", type=int, default=None, help="default: the service's")
    parser.add_argument("--queue", type=int, default=None, help="default: the service's")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another service setting (MIPAIR_SERVICE_NAME), e.g. large_niceness=10",
    )
    parser.add_argument("--large", type=int, default=0, help="large requests kept in flight")
    parser.add_argument("--large-file", help="the large request (default: generated, 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="a running service instead of starting one")
    parser.add_argument("--json", help="write the figures here too")
    args = parser.parse_args()

    rounds = corpus_rounds(args.max_players, args.rounds, args.seed)
    print(f"{len(rounds)} corpus rounds of at most {args.max_players} players", flush=True)
    cli_seconds, expected = [], {}
    load_before = load_average()
    for name, text in rounds[: args.cli_rounds]:
        seconds, written = cli_round(text)
        cli_seconds.append(seconds)
        expected[name] = written
    figures: dict[str, object] = {
        "cli_whole_process": summary(cli_seconds, sum(cli_seconds))
        | {"load_average": [load_before, load_average()]},
        "workers": args.workers or "default",
        "queue": args.queue if args.queue is not None else "default",
        "settings": args.set,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    print("CLI, one process a round:", figures["cli_whole_process"], flush=True)
    engine_round(rounds[0][1])
    load_before = load_average()
    engine = [engine_round(text) for _, text in rounds]
    figures["engine_in_process"] = summary(engine, sum(engine)) | {
        "load_average": [load_before, load_average()]
    }
    print("engine alone, warm, in process:", figures["engine_in_process"], flush=True)

    large = large_round(args.large_file) if args.large else None

    def measure(url: str, server_pid: int | None = None) -> None:
        single, errors1 = asyncio.run(one_client(url, rounds, expected))
        print("one client, warm:", single, "errors", errors1, flush=True)
        loaded, errors, refusals, large_results = asyncio.run(
            many_clients(
                url, rounds, args.clients, args.requests, expected, large, args.large, server_pid
            )
        )
        print(
            f"{args.clients} clients ({args.large} large in flight):",
            loaded,
            "errors",
            errors,
            "refusals",
            refusals,
            "large",
            large_results,
            flush=True,
        )
        figures.update(
            one_client=single,
            many_clients=loaded,
            errors=errors + errors1,
            refusals=refusals,
            large_in_flight=args.large,
            large_results=large_results,
        )

    if args.url:
        measure(args.url)
    else:
        settings: dict[str, object] = {
            key: value
            for key, value in (("workers", args.workers), ("queue", args.queue))
            if value is not None
        }
        settings.update(item.split("=", 1) for item in args.set)
        with running_server(**settings) as server:
            measure(server.url, server.pid)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
