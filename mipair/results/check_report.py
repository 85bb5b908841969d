"""The report of ``mipair check`` as a table: one row a checked round (a file's error: one row).

Built from the checks' JSON form, so it follows whatever the checker reports.
Columns: file, rules, round, verdict, agrees, violations (how many absolute
rules the published round breaks), criterion (the first one it loses on),
summary, seconds, error.
"""

from __future__ import annotations

from collections.abc import Iterable

import polars as pl

from mipair.results.output import write_table

SCHEMA: dict[str, pl.DataType] = {
    "file": pl.String(),
    "rules": pl.String(),
    "round": pl.UInt16(),
    "verdict": pl.String(),
    "agrees": pl.Boolean(),
    "violations": pl.UInt32(),
    "criterion": pl.String(),
    "summary": pl.String(),
    "seconds": pl.Float64(),
    "error": pl.String(),
}


def report_rows(checks: Iterable) -> list[dict]:
    """Rows of the report table from TournamentCheck objects (their ``to_json``)."""
    rows: list[dict] = []
    for check in checks:
        data = check.to_json()
        base = {"file": data["file"], "rules": data["rules"], "error": data.get("error")}
        if data.get("error"):
            rows.append(base)
            continue
        for rc in data["checks"]:
            difference = rc.get("difference") or {}
            rows.append(
                {
                    **base,
                    "round": rc["round"],
                    "verdict": rc["verdict"],
                    "agrees": rc["verdict"] == "same",
                    "violations": len(rc.get("violations") or []),
                    "criterion": difference.get("criterion"),
                    "summary": rc.get("summary"),
                    "seconds": rc.get("seconds"),
                }
            )
    return rows


def report_table(checks: Iterable) -> pl.DataFrame:
    rows = report_rows(checks)
    return pl.DataFrame({name: [row.get(name) for row in rows] for name in SCHEMA}, schema=SCHEMA)


def write_report(checks: Iterable, path: str, fmt: str) -> None:
    """Write the report table to ``path`` as parquet or csv (atomically)."""
    write_table(report_table(checks), path, fmt)
