"""Many TRF files at once: the ``001`` records sliced by polars, not line by line.

The careful reader (:func:`mipair.formats.trf.read_tournament`) parses one
line at a time in Python; for thousands of files that is most of an import's
time. Here every file's lines go into one frame, and the fixed columns of the
player records (C.04 Annex 2: id 5-8, rating 49-52, points 81-84, a 10-column
cell a round from column 92) are cut with ``str.slice`` and checked with
vectorised expressions. The few other records of a file (headers, rounds,
point system) still go through the careful reader's :class:`RecordReader`.

This path only *accepts*: a file it cannot take as a plain, well-formed
tournament (a field out of shape, a game its opponent does not confirm,
points that disagree, an announced bye, an acceleration, forbidden pairs, a
point system to infer...) is handed back, and the importer reads it with the
careful reader, which accepts it or gives its located message. The rows of an
accepted file equal those :mod:`mipair.results.trf_rows` builds from the
careful reader's model (tests/results/test_results_fast.py compares both).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from mipair.errors import InputError
from mipair.formats.text import split_lines
from mipair.formats.trf import detect_edition
from mipair.formats.trf_player import CELL_WIDTH, FIRST_CELL, MIN_LENGTH, STATIC_BLANKS, Where
from mipair.formats.trf_records import RecordReader
from mipair.model import PointSystem
from mipair.results import trf_rows
from mipair.results.schema import GAMES, PLAYERS, TOURNAMENTS, frame
from mipair.results.trf_fast_checks import failing_files

# a character Python's str.strip() and polars' strip_chars() may not agree on
# (controls, separators other than the blank): a player line holding one is read carefully
ODD_CHARACTER = r"[\p{Cc}]|[\p{Z}&&[^ ]]"
DIGITS = r"^ *[0-9]+$"
POINTS = r"^ *([0-9]+)(?:\.([0-9]))?$"  # 4.0, 11, 3.5 (other spellings: careful reader)
GAME_RESULTS = "1=0WDL+-"  # results that need (or, for + and -, may have) an opponent
RESULTS = GAME_RESULTS + "HFUZ"


@dataclass(frozen=True)
class TrfFile:
    """One file to import: its tournament index, path, content hash and text."""

    index: int
    path: str
    digest: str
    text: str


@dataclass
class Accepted:
    """The rows of the files taken, and the positions of those handed back."""

    tables: dict[str, pl.DataFrame]
    rejected: list[int]


def read_many(files: list[TrfFile]) -> Accepted:
    """Rows of every file this path can take; the others' positions in ``rejected``."""
    lines = line_frame(files)
    records, rejected = read_records(files, lines)
    players = player_frame(lines)
    cells = cell_frame(players)
    rejected |= set(players.filter(~pl.col("ok"))["file"].to_list())
    rejected |= set(cells.filter(~pl.col("ok"))["file"].to_list())
    points = point_frame(records)
    grid = games_grid(players, cells, points)
    rejected |= failing_files(players, grid, records)
    keep = [pos for pos in range(len(files)) if pos not in rejected]
    tables = build_tables(files, keep, records, players, grid)
    return Accepted(tables, sorted(rejected))


# -- lines and the other records ------------------------------------------------


def line_frame(files: list[TrfFile]) -> pl.DataFrame:
    """Every line of every file: position of its file, line number (1-based), text."""
    texts: list[str] = []
    owners: list[int] = []
    numbers: list[int] = []
    for pos, item in enumerate(files):
        lines = split_lines(item.text)
        texts += lines
        owners += [pos] * len(lines)
        numbers += range(1, len(lines) + 1)
    return pl.DataFrame(
        {"file": owners, "line": numbers, "text": texts},
        schema={"file": pl.UInt32, "line": pl.UInt32, "text": pl.String},
    )


def read_records(
    files: list[TrfFile], lines: pl.DataFrame
) -> tuple[dict[int, RecordReader], set[int]]:
    """The non-player records of every file, read by the careful reader's RecordReader.

    A file with a record error, or with records this path does not handle
    (announced byes, accelerations, forbidden pairs, ids by rank), is rejected.
    """
    readers = {pos: RecordReader() for pos in range(len(files))}
    rejected: set[int] = set()
    others = lines.filter(~pl.col("text").str.starts_with("001"))
    for pos, number, raw in others.iter_rows():
        line = raw.rstrip()
        if not line.strip() or line.startswith("###") or pos in rejected:
            continue
        code = line[:3]
        try:
            if len(line) < 3 or not code.isalnum():
                raise InputError("not a record")
            readers[pos].read(code.upper(), line, Where(files[pos].path, number))
        except InputError:
            rejected.add(pos)
    for pos, reader in readers.items():
        if reader.byes or reader.accelerations or reader.forbidden or reader.use_rank_ids:
            rejected.add(pos)
    return readers, rejected


# -- the player records ---------------------------------------------------------


def player_frame(lines: pl.DataFrame) -> pl.DataFrame:
    """The static part of every ``001`` line, with ``ok`` false where a field is out of shape."""
    text = pl.col("text")
    raw = lines.filter(text.str.starts_with("001"))
    odd = raw.group_by("file").agg(text.str.contains(ODD_CHARACTER).any().alias("odd"))
    df = raw.with_columns(text.str.strip_chars_end(" ")).with_columns(
        text.str.len_chars().alias("length")
    )
    length = pl.col("length")

    def cut(first: int, width: int) -> pl.Expr:
        return text.str.slice(first, width)

    blanks = [(length < col) | (cut(col - 1, 1) == " ") for col in STATIC_BLANKS]
    points = cut(80, 4).str.extract_groups(POINTS)
    df = df.with_columns(
        id=cut(4, 4).str.strip_chars(" ").cast(pl.UInt32, strict=False),
        rating=cut(48, 4).str.strip_chars(" ").replace("", "0").cast(pl.Int32, strict=False),
        tenths=points.struct.field("1").cast(pl.Int64, strict=False) * 10
        + points.struct.field("2").fill_null("0").cast(pl.Int64, strict=False),
        rank=cut(85, 4).str.strip_chars(" ").replace("", None).cast(pl.Int32, strict=False),
        shape=pl.all_horizontal(
            length >= MIN_LENGTH,
            *blanks,
            cut(4, 4).str.contains(DIGITS),
            cut(48, 4).str.contains(r"^ *[0-9]*$"),
            cut(85, 4).str.contains(r"^ *[0-9]*$"),
            cut(89, 2).str.contains(r"^ *$"),
        ),
    )
    df = df.join(odd, on="file")
    ok = (
        pl.col("shape")
        & ~pl.col("odd")
        & pl.col("id").is_between(1, 9999)
        & pl.col("tenths").is_not_null()
    )
    return df.with_columns(ok=ok.fill_null(False))


def cell_frame(players: pl.DataFrame) -> pl.DataFrame:
    """Every written (non-blank) round cell: file, player, round, opponent, colour, result, ok."""
    widest = int(players.select(pl.col("length").max().fill_null(0)).item())
    rounds = max(0, -(-(widest - FIRST_CELL) // CELL_WIDTH))
    text = pl.col("text")
    cut = [
        text.str.slice(FIRST_CELL + CELL_WIDTH * r, CELL_WIDTH)
        .str.pad_end(CELL_WIDTH)
        .alias(str(r + 1))
        for r in range(rounds)
    ]
    wide = players.select("file", "id", *cut) if rounds else None
    if wide is None:
        return pl.DataFrame(
            schema={"file": pl.UInt32, "id": pl.UInt32, "round": pl.UInt16, "ok": pl.Boolean}
        )
    long = wide.unpivot(index=["file", "id"], variable_name="round", value_name="cell").filter(
        pl.col("cell").str.strip_chars(" ") != ""
    )
    cell = pl.col("cell")
    opp_text = cell.str.slice(0, 4)
    colour = cell.str.slice(5, 1)
    result = cell.str.slice(7, 1).str.to_uppercase()
    long = long.with_columns(
        round=pl.col("round").cast(pl.UInt16),
        opponent=pl.when(opp_text.str.strip_chars("0 ") == "")
        .then(None)
        .otherwise(opp_text.str.strip_chars(" ").cast(pl.UInt32, strict=False)),
        colour=pl.when(colour.is_in(["w", "W"]))
        .then(pl.lit("w"))
        .when(colour.is_in(["b", "B"]))
        .then(pl.lit("b")),
        result=pl.when(result == " ").then(pl.lit("Z")).otherwise(result),
    )
    opponent, result = pl.col("opponent"), pl.col("result")
    has = opponent.is_not_null()
    ok = pl.all_horizontal(
        *[cell.str.slice(offset, 1) == " " for offset in (4, 6, 8, 9)],
        (opp_text.str.strip_chars("0 ") == "") | opp_text.str.contains(r"^ *[0-9]+ *$"),
        opponent.is_null() | (opponent != pl.col("id")),
        colour.is_in(["w", "W", "b", "B", "-", " "]),
        result.is_in(list(RESULTS)) | (cell.str.slice(7, 1) == " "),
        ~(has & (cell.str.slice(7, 1) == " ")),
        has | pl.col("colour").is_null(),
        ~(has & result.is_in(list("HFUZ"))),
        has | ~result.is_in(list("10WDL")),
        ~has | result.is_in(["+", "-"]) | pl.col("colour").is_not_null(),
    )
    return long.with_columns(ok=ok.fill_null(False))


# -- points and the games grid --------------------------------------

POINT_KINDS = (
    "win",
    "draw",
    "loss",
    "zero_bye",
    "forfeit_loss",
    "forfeit_win",
    "half_bye",
    "full_bye",
    "pab",
)


def point_frame(records: dict[int, RecordReader]) -> pl.DataFrame:
    """Every file's point system, resolved (a PAB worth a win, ...), in tenths."""
    rows: dict[str, list[int]] = {"file": [], **{kind: [] for kind in POINT_KINDS}}
    for pos, reader in records.items():
        ps = reader.point_system()
        rows["file"].append(pos)
        for kind in POINT_KINDS:
            rows[kind].append(resolved(ps, kind))
    return pl.DataFrame(rows, schema={"file": pl.UInt32, **{k: pl.Int64 for k in POINT_KINDS}})


def resolved(ps: PointSystem, kind: str) -> int:
    """A point system's value for one kind of result, its default applied (tenths)."""
    value = getattr(ps, kind)
    if value is not None:
        return int(value)
    return int(ps.draw if kind == "half_bye" else ps.win)


def cell_points() -> pl.Expr:
    """What a round is worth (PointSystem.cell_points), from the point columns joined in."""
    result, alone = pl.col("result"), pl.col("opponent").is_null()
    return (
        pl.when(result.is_null() | (result == "Z") | ((result == "-") & alone))
        .then(pl.col("zero_bye"))
        .when(result.is_in(["1", "W"]))
        .then(pl.col("win"))
        .when(result.is_in(["=", "D"]))
        .then(pl.col("draw"))
        .when(result.is_in(["0", "L"]))
        .then(pl.col("loss"))
        .when(result == "-")
        .then(pl.col("forfeit_loss"))
        .when((result == "U") | ((result == "+") & alone))
        .then(pl.col("pab"))
        .when(result == "+")
        .then(pl.col("forfeit_win"))
        .when(result == "H")
        .then(pl.col("half_bye"))
        .otherwise(pl.col("full_bye"))  # F
    )


def bye_kind() -> pl.Expr:
    """trf_rows.bye_kind over the grid: pab, full, half or zero without opponent."""
    result = pl.col("result")
    return (
        pl.when(pl.col("opponent").is_not_null())
        .then(None)
        .when(result.is_in(["U", "+"]))
        .then(pl.lit("pab"))
        .when(result.is_in(["F", "1", "W"]))
        .then(pl.lit("full"))
        .when(result.is_in(["H", "=", "D"]))
        .then(pl.lit("half"))
        .otherwise(pl.lit("zero"))
    )


def games_grid(players: pl.DataFrame, cells: pl.DataFrame, points: pl.DataFrame) -> pl.DataFrame:
    """One row a player a round up to the file's last written round, cells joined, in tenths."""
    written = cells.group_by("file").agg(pl.col("round").max().alias("written"))
    grid = (
        players.select("file", "id")
        .join(written, on="file", how="left")
        .with_columns(round=pl.int_ranges(1, pl.col("written").fill_null(0) + 1, dtype=pl.UInt16))
        .explode("round")
        .drop_nulls("round")
    )
    grid = grid.join(
        cells.select("file", "id", "round", "opponent", "colour", "result"),
        on=["file", "id", "round"],
        how="left",
    ).join(points, on="file", how="left")
    return grid.with_columns(tenths=cell_points(), bye=bye_kind()).drop(POINT_KINDS)


# -- the tables -----------------------------------------------------------------


def build_tables(
    files: list[TrfFile],
    keep: list[int],
    records: dict[int, RecordReader],
    players: pl.DataFrame,
    grid: pl.DataFrame,
) -> dict[str, pl.DataFrame]:
    """The tournaments, players and games rows of the files kept."""
    index = pl.col("file").replace_strict(
        keep, [files[pos].index for pos in keep], return_dtype=pl.UInt32
    )
    grid = grid.filter(pl.col("file").is_in(keep))
    taking_part = pl.col("opponent").is_not_null() | (pl.col("bye") == "pab")
    played = dict(grid.filter(taking_part).group_by("file").agg(pl.col("round").max()).iter_rows())
    counts = dict(players.group_by("file").agg(pl.len()).iter_rows())
    rows: dict[str, list[object]] = {name: [] for name in TOURNAMENTS}
    for pos in keep:
        item, reader = files[pos], records[pos]
        row = trf_rows.row_of(
            item.index,
            item.path,
            item.digest,
            detect_edition(item.text),
            headers=tuple(reader.headers),
            system=reader.system_192 or trf_rows.header_text(tuple(reader.headers), "092"),
            total_rounds=reader.total_rounds,
            rounds_played=int(played.get(pos, 0)),
            players=int(counts.get(pos, 0)),
            point_system=reader.point_system(),
        )
        for name in TOURNAMENTS:
            rows[name].append(row[name])
    text = pl.col("text")
    people = (
        players.filter(pl.col("file").is_in(keep))
        .select(
            tournament=index,
            id=pl.col("id"),
            name=text.str.slice(14, 33).str.strip_chars(" "),
            sex=text.str.slice(9, 1).str.strip_chars(" "),
            title=text.str.slice(10, 3).str.strip_chars(" "),
            rating=pl.when(pl.col("rating") != 0).then(pl.col("rating")),
            federation=text.str.slice(53, 3).str.strip_chars(" "),
            fide_id=text.str.slice(57, 11).str.strip_chars(" "),
            birth=text.str.slice(69, 10).str.strip_chars(" "),
            file_points=pl.col("tenths") / 10,
            file_rank=pl.col("rank"),
        )
        .sort("tournament", "id")
    )
    games = grid.select(
        tournament=index,
        round=pl.col("round"),
        player=pl.col("id"),
        opponent=pl.col("opponent"),
        colour=pl.col("colour"),
        result=pl.col("result"),
        points=pl.col("tenths") / 10,
        played=pl.col("opponent").is_not_null()
        & ~pl.col("result").is_in(["+", "-"]).fill_null(False),
        bye=pl.col("bye"),
        discs=pl.lit(None, dtype=pl.Int16),
    ).sort("tournament", "player", "round")
    return {
        "tournaments": frame(rows, TOURNAMENTS),
        "players": people.cast(pl.Schema(PLAYERS)),
        "games": games.cast(pl.Schema(GAMES)),
    }
