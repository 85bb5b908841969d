#!/usr/bin/env python3
"""Every round of some tournaments, paired by mipair and by other engines, timed side by side.

Each round of each file is cut back to the rounds before it by the reference
corpus's own tool (``../shared/tools/conformance.py``, read at run time), then
handed to every engine in turn, one whole process each (JaVaFo/bbpPairings
command line: ``{in}`` the cut file, ``{out}`` the pairing). For each process:
wall seconds, CPU seconds (user + system) and peak resident memory (the
child's ``ru_maxrss``), and whether its pairing (pairs, colours and bye) is
the one the file holds for that round.

    python3 benchmarks/versus_engine.py FILE.trf ... \\
        --engine "mipair=.venv/bin/mipair --dutch {in} -p {out}" \\
        --engine "bbp=/path/to/bbpPairings.exe --dutch {in} -p {out}"

Engines run one after another on each round, so every round meets the same
neighbours' load for all of them. Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED_TOOLS = Path(__file__).resolve().parents[2] / "shared" / "tools"


def conformance_tool():
    """The reference corpus's replay tool (cut and compare), imported from ../shared."""
    sys.path.insert(0, str(SHARED_TOOLS))
    import conformance  # type: ignore[import-not-found]

    return conformance


def run(template: str, src: str, dst: str) -> tuple[float, float, float, int]:
    """Run one engine process: wall s, CPU s, peak MiB, exit code."""
    cmd = [a.replace("{in}", src).replace("{out}", dst) for a in shlex.split(template)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.stderr is not None:
        proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, proc.returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--engine", action="append", required=True, help="NAME=COMMAND ({in} {out})")
    ap.add_argument("--rounds", help="only these rounds, e.g. 2,5")
    ap.add_argument("--json", help="also write every measurement here (JSON lines)")
    args = ap.parse_args(argv)
    tool = conformance_tool()
    engines = [tuple(e.split("=", 1)) for e in args.engine]
    only = {int(r) for r in args.rounds.split(",")} if args.rounds else None
    print(f"{'file':<20} {'round':>5} " + " ".join(f"{n:>28}" for n, _ in engines))
    log_file = open(args.json, "w") if args.json else contextlib.nullcontext()  # noqa: SIM115
    with log_file as log, tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.trf"), os.path.join(tmp, "out.txt")
        for path in args.files:
            header, players, n = tool.parse(str(path))
            first = tool.initial_colour(players, n)
            for r in range(n):
                if only is not None and r + 1 not in only:
                    continue
                with open(src, "w") as fh:
                    fh.write(tool.cut(header, players, n, r, first))
                want = tool.expected(players, r)
                cells = []
                for name, template in engines:
                    if os.path.exists(dst):
                        os.remove(dst)
                    wall, cpu, mib, code = run(template, src, dst)
                    same = code == 0 and os.path.exists(dst) and tool.read_output(dst) == want
                    cells.append(f"{wall:7.2f}s {cpu:7.2f}c {mib:6.0f}M {'=' if same else 'x'}")
                    if log:
                        row = {"file": path.name, "round": r + 1, "players": len(players)}
                        row |= {"engine": name, "wall": wall, "cpu": cpu, "peak_mib": mib}
                        log.write(json.dumps(row | {"exit": code, "identical": same}) + "\n")
                        log.flush()
                print(f"{path.name:<20} {r + 1:>5} " + " ".join(f"{c:>28}" for c in cells))
                sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
