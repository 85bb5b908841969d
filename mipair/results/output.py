"""Tables to Parquet or CSV files, written as :mod:`mipair.formats.destination` writes every
output: atomically for a regular file (temporary file, fsync, rename), in place for a device."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import polars as pl

from mipair.errors import FileAccessError
from mipair.formats.destination import write_file

FORMATS = ("parquet", "csv")


def write_table(table: pl.DataFrame, path: str | Path, fmt: str) -> None:
    """Write ``table`` to ``path`` as ``fmt`` (parquet or csv); the file appears whole or not at all."""

    def write(handle: BinaryIO) -> None:
        if fmt == "csv":
            table.write_csv(handle)
        else:
            table.write_parquet(handle)

    write_file(path, write)


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
