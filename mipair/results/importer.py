"""Import many tournament files into tables, on all cores.

Files are parsed in worker processes, a chunk of files a task; each chunk
comes back as small DataFrames, which are concatenated once. A file that
cannot be read becomes a row of the ``errors`` table (its located one-line
message) and the import goes on. After parsing, everything is polars: the
players' final points are a group-by over the games table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from mipair.check.parallel import run
from mipair.errors import FileAccessError, MipairError
from mipair.formats.papp.event_file import MAGIC, read_event
from mipair.formats.text import decode
from mipair.formats.trf import detect_edition, read_tournament
from mipair.results import papp_rows, trf_rows
from mipair.results.schema import ERRORS, GAMES, PLAYERS, TOURNAMENTS, Columns, frame
from mipair.results.trf_fast import TrfFile, read_many

SUFFIXES = (".trf", ".trfx", ".trf26", ".txt", ".papp")
CHUNK = 500  # files a worker task (the vectorised reader gains from large chunks)


@dataclass(frozen=True)
class Chunk:
    """Files ``paths`` whose tournament indexes start at ``first``."""

    first: int
    paths: tuple[str, ...]


@dataclass
class Tables:
    """The imported tables (the standings are computed from them on request)."""

    tournaments: pl.DataFrame
    players: pl.DataFrame
    games: pl.DataFrame
    errors: pl.DataFrame

    def as_dict(self) -> dict[str, pl.DataFrame]:
        return {
            "tournaments": self.tournaments,
            "players": self.players,
            "games": self.games,
            "errors": self.errors,
        }


def find_files(paths: Sequence[str]) -> list[str]:
    """The tournament files named, directories searched recursively (sorted)."""
    found: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(
                str(p) for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
            )
        elif path.exists():
            found.append(name)
        else:
            raise FileAccessError("no such file or directory", file=name)
    return found


def file_rows(index: int, path: str, data: bytes | None = None) -> dict[str, Columns]:
    """Column lists of one file for each table, by the careful readers (MipairError on a bad file)."""
    if data is None:
        data = read_bytes(path)
    digest = hashlib.sha256(data).hexdigest()
    text = decode(data)
    if text.lstrip().startswith(MAGIC):
        event = read_event(path)
        row = papp_rows.tournament_row(event, index, path, digest)
        players = papp_rows.player_columns(event, index)
        games = papp_rows.game_columns(event, index)
    else:
        t = read_tournament(text, source=path)
        row = trf_rows.tournament_row(t, index, path, digest, detect_edition(text))
        players = trf_rows.player_columns(t, index)
        games = trf_rows.game_columns(t, index)
    return {"tournaments": {k: [v] for k, v in row.items()}, "players": players, "games": games}


def read_bytes(path: str) -> bytes:
    """A file's bytes (FileAccessError, exit 5, when it cannot be read)."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise FileAccessError(f"cannot read the file: {exc.strerror or exc}", file=path) from None


def import_chunk(chunk: Chunk) -> dict[str, pl.DataFrame]:
    """Parse the files of one chunk into DataFrames (one a table).

    Plain TRF files go through the vectorised reader (:mod:`trf_fast`) together;
    PAPP events and every file it hands back are read one by one, carefully,
    which gives a bad file's located message.
    """
    fast: list[TrfFile] = []
    blobs: list[bytes] = []
    careful: dict[int, tuple[str, bytes | None]] = {}
    for offset, path in enumerate(chunk.paths):
        index = chunk.first + offset
        try:
            data = read_bytes(path)
        except MipairError:
            careful[index] = (path, None)  # the careful reader reports it
            continue
        text = decode(data)
        if text.lstrip().startswith(MAGIC):
            careful[index] = (path, data)
        else:
            fast.append(TrfFile(index, path, hashlib.sha256(data).hexdigest(), text))
            blobs.append(data)
    accepted = read_many(fast) if fast else None
    if accepted is not None:
        for pos in accepted.rejected:
            item = fast[pos]
            careful[item.index] = (item.path, blobs[pos])
    parts, errors = careful_parts(careful)
    schemas = {"tournaments": TOURNAMENTS, "players": PLAYERS, "games": GAMES}
    out = {name: stack(parts[name], schemas[name]) for name in schemas}
    if accepted is not None:
        out = {name: pl.concat([out[name], accepted.tables[name]]) for name in schemas}
    out["tournaments"] = out["tournaments"].sort("tournament")
    out["players"] = out["players"].sort("tournament", "id")
    out["games"] = out["games"].sort("tournament", "player", "round")
    out["errors"] = frame(errors, ERRORS)
    return out


def careful_parts(
    files: dict[int, tuple[str, bytes | None]],
) -> tuple[dict[str, list[Columns]], dict[str, list[object]]]:
    """The column lists of files read one by one, and the errors of the bad ones (in order)."""
    parts: dict[str, list[Columns]] = {
        "tournaments": [],
        "players": [],
        "games": [],
    }
    errors: dict[str, list[object]] = {"source": [], "error": []}
    for index in sorted(files):
        path, data = files[index]
        try:
            rows = file_rows(index, path, data)
        except MipairError as exc:
            errors["source"].append(path)
            errors["error"].append(exc.located())
            continue
        except Exception as exc:  # a reader's bug must not lose the other files
            errors["source"].append(path)
            errors["error"].append(f"{path}: unexpected error: {type(exc).__name__}: {exc}")
            continue
        for name, columns in rows.items():
            parts[name].append(columns)
    return parts, errors


def stack(pieces: list[Columns], schema: dict[str, pl.DataType]) -> pl.DataFrame:
    """One DataFrame from the column lists of several files."""
    merged: dict[str, list[object]] = {name: [] for name in schema}
    for columns in pieces:
        size = len(next(iter(columns.values()), []))
        for name in schema:
            merged[name] += columns.get(name, [None] * size)
    return frame(merged, schema)


def import_files(
    paths: Sequence[str], jobs: int = 1, progress: bool = False, chunk: int = CHUNK
) -> Tables:
    """Import every file (in the order given) into tables; bad files go to ``errors``."""
    chunks = [
        Chunk(start, tuple(paths[start : start + chunk])) for start in range(0, len(paths), chunk)
    ]
    # polars forked from a parent that already ran polars can deadlock: fresh processes
    results = run(import_chunk, chunks, jobs, "importing", progress, start_method="spawn")
    empty = {"tournaments": TOURNAMENTS, "players": PLAYERS, "games": GAMES, "errors": ERRORS}
    tables = {
        name: pl.concat([r[name] for r in results]) if results else frame({}, schema)
        for name, schema in empty.items()
    }
    return Tables(
        tournaments=tables["tournaments"],
        players=with_points(tables["players"], tables["games"]),
        games=tables["games"],
        errors=tables["errors"],
    )


def with_points(players: pl.DataFrame, games: pl.DataFrame) -> pl.DataFrame:
    """The players table with each player's final points (the sum of the games table)."""
    totals = games.lazy().group_by("tournament", "player").agg(pl.col("points").sum())
    return (
        players.lazy()
        .join(totals, left_on=["tournament", "id"], right_on=["tournament", "player"], how="left")
        .with_columns(pl.col("points").fill_null(0.0))
        .sort("tournament", "id")
        .collect()
    )
