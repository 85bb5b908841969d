"""Tables to Parquet or CSV files, written atomically (temporary file, fsync, rename)."""

from __future__ import annotations

import os
from pathlib import Path

import polars as pl

from mipair.errors import FileAccessError

FORMATS = ("parquet", "csv")


def _write_then_rename(table: pl.DataFrame, tmp: Path, target: Path, fmt: str) -> None:
    if fmt == "csv":
        table.write_csv(tmp)
    else:
        table.write_parquet(tmp)
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, target)


def write_table(table: pl.DataFrame, path: str | Path, fmt: str) -> None:
    """Write ``table`` to ``path`` as ``fmt`` (parquet or csv); the file appears whole or not at all."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        _write_then_rename(table, tmp, target, fmt)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        message = f"cannot write the table: {exc.strerror or exc}"
        raise FileAccessError(message, file=str(path)) from None


def write_tables(tables: dict[str, pl.DataFrame], directory: str | Path, fmt: str) -> list[Path]:
    """Write each table as ``DIRECTORY/NAME.FMT``; returns the paths written."""
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileAccessError(
            f"cannot create the folder: {exc.strerror or exc}", file=str(folder)
        ) from None
    written = []
    for name, table in tables.items():
        path = folder / f"{name}.{fmt}"
        write_table(table, path, fmt)
        written.append(path)
    return written
