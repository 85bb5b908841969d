"""The ``001`` player record of every TRF edition: its columns, read and written.

Positions in messages are 1-based columns, as the FIDE text numbers them.
Round r's cell starts at column 92 + 10 (r - 1): opponent in 4 columns,
blank, colour, blank, result code, two blanks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mipair.errors import InputError, TooLargeError
from mipair.model import Cell, Colour, Player, Result, parse_points, points_to_str

FIRST_CELL = 91  # 0-based start of round 1's cell (column 92)
CELL_WIDTH = 10
MIN_LENGTH = 84  # up to the points field (81-84), mandatory for pairing
MAX_ID = 9999
MAX_ROUND = 999  # round numbers have three digits (240, 250, 260 records)
MAX_DIGITS = 9  # no field of the TRF family holds a longer number

RESULT_CODES = {r.value: r for r in Result}
# columns (1-based) that the record layout leaves blank, checked where a shift
# would silently change a value
STATIC_BLANKS = (4, 9, 48, 53, 80, 85)
# the fields of the static part: (first column, last column, name), 1-based inclusive
FIELDS = (
    (1, 3, "record code (1-3)"),
    (5, 8, "player id (5-8)"),
    (10, 10, "sex (10)"),
    (11, 13, "title (11-13)"),
    (15, 47, "name (15-47)"),
    (49, 52, "rating (49-52)"),
    (54, 56, "federation (54-56)"),
    (58, 68, "FIDE id (58-68)"),
    (70, 79, "birth date (70-79)"),
    (81, 84, "points (81-84)"),
    (86, 89, "rank (86-89)"),
)


def field_at(column: int) -> str:
    """The name of the ``001`` field holding a 1-based column."""
    for first, last, name in FIELDS:
        if first <= column <= last:
            return name
    if column > FIRST_CELL:
        rnd = (column - FIRST_CELL - 1) // CELL_WIDTH + 1
        start = FIRST_CELL + 1 + CELL_WIDTH * (rnd - 1)
        return f"round {rnd} (columns {start}-{start + 7})"
    return f"column {column}"


@dataclass(frozen=True)
class Where:
    """A line of a file, for error messages."""

    file: str
    line: int

    def error(self, message: str, field: str | None = None) -> InputError:
        return InputError(message, file=self.file, line=self.line, field=field)


def parse_int(text: str, where: Where, field: str, *, blank: int | None = None) -> int | None:
    """A right-aligned unsigned integer field; ``blank`` is the value of an empty field."""
    t = text.strip()
    if not t:
        return blank
    if not (t.isascii() and t.isdigit()):
        raise where.error(f"{t[:20]!r} is not a number", field)
    if len(t) > MAX_DIGITS:
        raise where.error(f"{t[:20]}{'...' if len(t) > 20 else ''} is too large", field)
    return int(t)


def parse_player_id(text: str, where: Where, field: str) -> int:
    """A pairing id 1..9999."""
    value = parse_int(text, where, field)
    if value is None:
        raise where.error("the player id is missing", field)
    if not 1 <= value <= MAX_ID:
        raise where.error(f"player id {value} is outside 1..{MAX_ID}", field)
    return value


def parse_player(line: str, where: Where) -> tuple[Player, tuple[Cell | None, ...]]:
    """Read one ``001`` line into its static part and its round cells."""
    if len(line) < MIN_LENGTH:
        raise where.error(
            f"truncated 001 record: it ends at column {len(line)}, "
            f"the points field (columns 81-84) is missing",
            "001",
        )
    for col in STATIC_BLANKS:
        if col <= len(line) and line[col - 1] != " ":
            raise where.error(
                f"column {col} should be blank but holds {line[col - 1]!r} (a field is shifted)",
                "001",
            )
    pid = parse_player_id(line[4:8], where, "player id (5-8)")
    rating = parse_int(line[48:52], where, "rating (49-52)", blank=0)
    points_text = line[80:84]
    if not points_text.strip():
        raise where.error(
            "the points field is empty (it is mandatory for pairing)", "points (81-84)"
        )
    try:
        points = parse_points(points_text)
    except ValueError:
        raise where.error(
            f"{points_text.strip()!r} is not a points value", "points (81-84)"
        ) from None
    rank = parse_int(line[85:89], where, "rank (86-89)")
    if len(line) > 89 and line[89:FIRST_CELL].strip():
        raise where.error("columns 90-91 should be blank (a round cell is shifted)", "001")
    player = Player(
        id=pid,
        name=line[14:47].strip(),
        sex=line[9].strip(),
        title=line[10:13].strip(),
        rating=rating or 0,
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        points=points,
        rank=rank,
        line=where.line,
    )
    cells: list[Cell | None] = []
    start = FIRST_CELL
    while start < len(line):
        text = line[start : start + CELL_WIDTH].ljust(CELL_WIDTH)
        cells.append(parse_cell(text, pid, len(cells) + 1, where))
        start += CELL_WIDTH
    while cells and cells[-1] is None:
        cells.pop()
    return player, tuple(cells)


@cache
def cell_field(rnd: int) -> str:
    """The name of round ``rnd``'s cell in error messages, with its columns."""
    return (
        f"round {rnd} (columns {FIRST_CELL + 1 + CELL_WIDTH * (rnd - 1)}-"
        f"{FIRST_CELL + 8 + CELL_WIDTH * (rnd - 1)})"
    )


def parse_cell(text: str, pid: int, rnd: int, where: Where) -> Cell | None:
    """One round cell (10 characters). Blank: nothing written (None).

    The combinations follow the reference engine: a bye code (H F U Z) has no
    opponent; a game result (1 = 0 W D L) needs an opponent and a colour,
    except the old ``0000 - =`` half-point bye; forfeits (+ -) may stand with
    or without an opponent.
    """
    if not text.strip():
        return None
    field = cell_field(rnd)
    for offset in (4, 6, 8, 9):
        if text[offset] != " ":
            raise where.error(
                f"column {FIRST_CELL + CELL_WIDTH * (rnd - 1) + offset + 1} should be "
                f"blank but holds {text[offset]!r} (the cell is shifted)",
                field,
            )
    opp_text, colour_ch, result_ch = text[0:4], text[5], text[7].upper()
    opponent: int | None = None
    if opp_text.strip() and opp_text.strip("0 ") != "":
        opponent = parse_player_id(opp_text, where, field)
        if opponent == pid:
            raise where.error(f"player {pid} is paired with themself", field)
    if colour_ch in "wW":
        colour: Colour | None = Colour.WHITE
    elif colour_ch in "bB":
        colour = Colour.BLACK
    elif colour_ch in "- ":
        colour = None
    else:
        raise where.error(f"unknown colour {colour_ch!r} (w, b, - or blank)", field)
    if result_ch == " ":
        if opponent is not None:
            raise where.error(f"the result against {opponent} is missing", field)
        result = Result.ZERO_BYE
    elif result_ch in RESULT_CODES:
        result = RESULT_CODES[result_ch]
    else:
        raise where.error(f"unknown result code {text[7]!r}", field)
    if opponent is None and colour is not None:
        raise where.error(f"colour {colour_ch!r} without an opponent", field)
    if result.is_bye and opponent is not None:
        raise where.error(f"bye code {result.value!r} with an opponent ({opponent})", field)
    if (
        result
        in (
            Result.WIN,
            Result.LOSS,
            Result.WIN_UNPLAYED,
            Result.DRAW_UNPLAYED,
            Result.LOSS_UNPLAYED,
        )
        and opponent is None
    ):
        raise where.error(f"game result {result.value!r} without an opponent", field)
    if not result.is_bye and not result.is_forfeit and opponent is not None and colour is None:
        raise where.error(f"a game against {opponent} needs a colour (w or b)", field)
    return Cell(opponent, colour, result)


def format_cell(cell: Cell | None) -> str:
    """The 8 characters of a cell (without the two-blank separator)."""
    if cell is None:
        return " " * 8
    opp = f"{cell.opponent:4d}" if cell.opponent is not None else "0000"
    col = cell.colour.value if cell.colour is not None else "-"
    return f"{opp} {col} {cell.result.value}"


def format_player(player: Player, cells: tuple[Cell | None, ...]) -> str:
    """One ``001`` line; trailing blanks removed."""
    pts = points_to_str(player.points) if player.points is not None else ""
    if len(pts) > 4:
        raise TooLargeError(
            f"player {player.id}: {pts} points do not fit the 4-column points field"
        )
    rating = str(player.rating) if player.rating else ""
    rank = str(player.rank) if player.rank is not None else ""
    head = (
        f"001 {player.id:4d} {player.sex[:1]:1}{player.title[:3]:>3} {player.name[:33]:<33} "
        f"{rating:>4} {player.federation[:3]:<3} {player.fide_id[:11]:>11} {player.birth[:10]:<10} "
        f"{pts:>4} {rank:>4}  "
    )
    body = "".join(format_cell(c) + "  " for c in cells)
    return (head + body).rstrip().ljust(MIN_LENGTH)
