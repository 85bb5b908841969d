"""The dates of the rounds: TRF record 132 (round r's date ``YY/MM/DD`` at column 92 + 10 (r - 1),
the columns of the round cells of the 001 records)."""

from __future__ import annotations

import datetime

from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.settings import date_field
from mipair.formats.trf_player import CELL_WIDTH, FIRST_CELL

RECORD = "132"
OFFSET = FIRST_CELL - len(RECORD) - 1
"""Where round 1's date starts in the record's text (the text follows ``132`` and a blank)."""


def today() -> str:
    """Today's date (YYYY-MM-DD): a round paired without a date is played today."""
    return datetime.date.today().isoformat()


def round_dates(event: ChessEvent) -> dict[int, str]:
    """Round -> its date as the 132 record gives it (``YY/MM/DD``; a match: game 1's)."""
    dates = _column_dates(event)
    return {
        rnd: dates[column]
        for rnd in range(1, event.total_rounds + 1)
        if (column := event.columns(rnd)[0]) in dates
    }


def _column_dates(event: ChessEvent) -> dict[int, str]:
    """TRF round -> its date as the 132 record gives it."""
    text = next((t for c, t in event.tournament.headers if c == RECORD), "")
    dates = {}
    for column in range(1, event.total_rounds * event.games + 1):
        start = OFFSET + CELL_WIDTH * (column - 1)
        value = text[start : start + 8].strip()
        if value:
            dates[column] = value
    return dates


def with_round_date(event: ChessEvent, rnd: int, date: str) -> ChessEvent:
    """The event with round ``rnd`` (every game of a match) played on ``date`` (YYYY-MM-DD or
    YYYY/MM/DD; '' for no date)."""
    dates = _column_dates(event)
    day = date_field(date, "date")
    for column in event.columns(rnd):
        if day:
            dates[column] = day[2:]
        else:
            dates.pop(column, None)
    if not dates:
        return event.with_header(RECORD, "")
    width = OFFSET + CELL_WIDTH * max(dates)
    chars = [" "] * width
    for number, value in dates.items():
        start = OFFSET + CELL_WIDTH * (number - 1)
        chars[start : start + len(value)] = value
    return event.with_header(RECORD, "".join(chars).rstrip())
