#!/usr/bin/env python3
"""Compare mipair's FIDE tie-breaks with the FIDE Technical Commission's implementation.

The FIDE implementation (the public repository OttoMilvang/TieBreakServer,
``tiebreak.py``) is not part of mipair: fetch it outside the project and give
its folder with ``--tbs`` (or the ``TIEBREAKSERVER`` environment variable). This script
imports it only to call it beside mipair, file by file and tie-break by
tie-break, and counts the players whose values agree.

Both compute every tie-break in one run, DE right after the points (so both
start from the same tied groups). The files of the corpora are
Dutch Swiss tournaments, so FIDE's program is told so (its ``swiss`` option:
it would otherwise take a small field with as many rounds as players for a
round robin).

    python3 scripts/compare_tiebreaks.py --tbs TBS ../shared/conformance/dutch-2026 ../shared/conformance/dutch-2017
    TIEBREAKSERVER=TBS python3 scripts/compare_tiebreaks.py --jobs 2 --report diffs.jsonl DIR...
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TIEBREAKS = [
    "DE", "BH", "BH/C1", "BH/C2", "BH/M1", "FB", "SB", "SB/C1", "WIN", "WON", "BPG", "BWG",
    "REP", "PS", "PS/C1", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "AOB",
]  # fmt: skip


def fide_values(tbs: str, path: str) -> dict[str, dict[int, float | None]]:
    """{tie-break: {player: value}} by FIDE's implementation."""
    sys.path.insert(0, tbs)
    from tiebreak import tiebreak  # type: ignore[import-not-found]
    from trf2json import trf2json  # type: ignore[import-not-found]

    text = Path(path).read_text(encoding="latin-1")
    chessfile = trf2json()
    chessfile.parse_file(text, 0)
    tournament = chessfile.get_tournament(1)
    declare_draw(tournament, path)
    # one run for all: DE right after PTS (the groups it splits are the points' ties), FB last
    # (FIDE's program keeps what FB changes in its players' data for the tie-breaks after it)
    order = ["PTS", "DE", *[n for n in TIEBREAKS if n not in ("DE", "FB")], "FB"]
    params = {"tiebreak": order, "swiss": True, "check": False, "unrated": None}
    result = tiebreak(tournament, -1, params).compute_tiebreaks(tournament, params)
    out: dict[str, dict[int, float | None]] = {}
    for position, name in enumerate(order[1:], 1):
        out[name] = {
            c["cid"]: None
            if c["tiebreakScore"][position] is None
            else float(Decimal(c["tiebreakScore"][position]))
            for c in result["competitors"]
        }
    return out


def declare_draw(tournament: dict, path: str) -> None:
    """Give FIDE's program the draw value the file declares when no game was drawn.

    Its TRF reader infers the score table from the results and skips the
    BBW/BBD records, so a 3-1-0 tournament without a drawn game leaves it
    without a draw entry (``KeyError: 'D'``); the file's own BBD value
    (read by mipair's reader) is put there.
    """
    from mipair.formats.trf import read_tournament

    game = tournament.get("scoreSystem", {}).get("game", {})
    if "D" not in game:
        game["D"] = Decimal(read_tournament(path).point_system.draw) / 10


def mipair_values(path: str) -> dict[str, dict[int, float | None]]:
    """{tie-break: {player: value}} by mipair."""
    from mipair.formats.trf import read_tournament
    from mipair.results.standings import standings

    rows = standings(read_tournament(path), ",".join(TIEBREAKS))  # DE first: after the points
    return {name: {r["id"]: r["tiebreaks"][name] for r in rows} for name in TIEBREAKS}


def compare_file(task: tuple[str, str]) -> tuple[str, dict[str, int], list[dict]]:
    """(file, {tie-break: players agreeing}, differences)."""
    tbs, path = task
    try:
        fide = fide_values(tbs, path)
    except Exception as exc:  # FIDE's program failing on a file is a finding, not a stop
        return path, {}, [{"file": path, "fide_error": f"{type(exc).__name__}: {exc}"}]
    ours = mipair_values(path)
    agree: dict[str, int] = {}
    diffs = []
    for name in TIEBREAKS:
        agree[name] = 0
        for player, want in fide[name].items():
            got = ours[name].get(player)
            same = (got is None and want is None) or (
                got is not None and want is not None and abs(got - want) < 1e-6
            )
            if same:
                agree[name] += 1
            else:
                diffs.append(
                    {"file": path, "tiebreak": name, "player": player, "mipair": got, "fide": want}
                )
    return path, agree, diffs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="TRF files or folders")
    parser.add_argument(
        "--tbs",
        default=os.environ.get("TIEBREAKSERVER"),
        required="TIEBREAKSERVER" not in os.environ,
        help="FIDE's TieBreakServer folder (else $TIEBREAKSERVER)",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0, help="only the first N files")
    parser.add_argument("--report", help="write every difference here (JSON lines)")
    args = parser.parse_args()
    if not (Path(args.tbs) / "tiebreak.py").is_file():
        print(
            f"no tiebreak.py in {args.tbs}: fetch OttoMilvang/TieBreakServer there", file=sys.stderr
        )
        return 2
    files: list[str] = []
    for p in args.paths:
        path = Path(p)
        files += sorted(str(f) for f in path.glob("*.trf*")) if path.is_dir() else [p]
    if args.limit:
        files = files[: args.limit]
    tasks = [(args.tbs, f) for f in files]
    totals = dict.fromkeys(TIEBREAKS, 0)
    players = dict.fromkeys(TIEBREAKS, 0)
    files_all_agree = dict.fromkeys(TIEBREAKS, 0)
    differences: list[dict] = []
    failed: list[dict] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for done, (_path, agree, diffs) in enumerate(pool.map(compare_file, tasks), 1):
            if done % 25 == 0:
                print(f"{done} / {len(tasks)} files", file=sys.stderr, flush=True)
            if not agree:
                failed += diffs
                continue
            for name in TIEBREAKS:
                count = sum(1 for d in diffs if d["tiebreak"] == name) + agree[name]
                players[name] += count
                totals[name] += agree[name]
                files_all_agree[name] += agree[name] == count
            differences += diffs
    print(f"{len(files)} files, {len(failed)} that FIDE's program could not compute")
    for failure in failed:
        print(f"  {failure['file']}: {failure['fide_error']}")
    compared = len(files) - len(failed)
    print(f"{'tie-break':<10} {'players equal':>20} {'files all equal':>18}")
    for name in TIEBREAKS:
        print(
            f"{name:<10} {totals[name]:>9} / {players[name]:<9} {files_all_agree[name]:>7} / {compared}"
        )
    if args.report:
        with open(args.report, "w", encoding="utf-8") as fh:
            for d in differences:
                fh.write(json.dumps(d) + "\n")
    return 0 if not differences else 1


if __name__ == "__main__":
    sys.exit(main())
