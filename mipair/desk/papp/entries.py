"""Coupons: entering, erasing and correcting the result of a game (PAPP manual 2.3, 6.7).

An entry is what the arbiter types: ``145 40`` (discs), ``145+4``, ``145=``,
``145-6`` (difference with the opponent), ``-145`` or ``145e`` (erase the
coupon of 145's game). Every entry names its round: by default the round being
played (the latest round with a pairing); a result for a round whose results
were all in is a correction and is reported as one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from mipair.errors import InputError
from mipair.formats.papp.event import Event, Game

_SCORE = re.compile(
    r"^\s*([0-9]{1,9})\s*(?:([+-])\s*([0-9]{1,9})|(=)|\s([0-9]{1,9}))\s*$"
)  # ASCII digits of bounded length: no '²', no 5000-digit number
_ERASE = re.compile(r"^\s*(?:-\s*([0-9]{1,9})|([0-9]{1,9})\s*[eE])\s*$")


@dataclass(frozen=True)
class Entry:
    """A parsed coupon: ``discs`` None erases the game's result."""

    player: int
    discs: int | None


@dataclass(frozen=True)
class Recorded:
    """What an entry did: the game after it, the score it replaced, whether a finished round."""

    round: int
    game: Game
    replaced: int | None  # Black's discs before (None: no score was there)
    correction: bool  # the round had all its results before this entry


def parse_entry(text: str, total: int) -> Entry:
    """A coupon as the arbiter types it (see the module docstring)."""
    erase = _ERASE.match(text)
    if erase:
        return Entry(int(erase.group(1) or erase.group(2)), None)
    m = _SCORE.match(text)
    if not m:
        raise InputError(
            f"cannot read the result '{text.strip()}': expected PLAYER DISCS, "
            "PLAYER+DIFF, PLAYER=, PLAYER-DIFF or -PLAYER (erase)"
        )
    pid = int(m.group(1))
    if m.group(5) is not None:
        own = int(m.group(5))
    else:
        diff = 0 if m.group(4) else int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        if (total + diff) % 2:
            raise InputError(f"a difference of {diff} is impossible with {total} discs")
        own = (total + diff) // 2
    if not 0 <= own <= total:
        raise InputError(f"{own} discs is not a score out of {total}")
    return Entry(pid, own)


def current_round(event: Event) -> int:
    """The round results go to by default: the latest one with a pairing."""
    if event.paired_round == 0:
        raise InputError("no round has been paired yet", file=event.source)
    return event.paired_round


def _set_game(event: Event, number: int, old: Game, new: Game) -> Event:
    rnd = event.round(number)
    games = tuple(new if g is old else g for g in rnd.games)
    return event.with_round(replace(rnd, games=games))


def record(event: Event, text: str, number: int | None = None) -> tuple[Event, Recorded]:
    """Apply one entry to round ``number`` (default: :func:`current_round`)."""
    entry = parse_entry(text, event.settings.total_discs)
    number = current_round(event) if number is None else number
    if not 1 <= number <= len(event.rounds):
        raise InputError(f"round {number} is not in the event", file=event.source)
    rnd = event.round(number)
    game = rnd.game_of(entry.player)
    if game is None:
        raise InputError(f"player {entry.player} has no game in round {number}", file=event.source)
    finished = rnd.complete
    if entry.discs is None:
        if finished and number < len(event.rounds):
            raise InputError(
                f"round {number} is followed by other rounds: correct its result instead of "
                "erasing it",
                file=event.source,
            )
        new = replace(game, black_discs=None)
    else:
        total = event.settings.total_discs
        black = entry.discs if entry.player == game.black else total - entry.discs
        new = replace(game, black_discs=black)
    event = _set_game(event, number, game, new)
    return event, Recorded(number, new, game.black_discs, finished)


def correct(
    event: Event, number: int, black: int, black_discs: int, white: int, white_discs: int
) -> tuple[Event, Recorded]:
    """The manual's 'C': round, the right Black and his discs, the right White and his discs.

    The two players must have played each other in that round (in either
    colour); the discs must add up to the event's total. Scores and
    tie-breaks follow from the event; no pairing is redone.
    """
    total = event.settings.total_discs
    if not 1 <= number <= len(event.rounds):
        raise InputError(f"round {number} is not in the event", file=event.source)
    if black_discs + white_discs != total or min(black_discs, white_discs) < 0:
        raise InputError(
            f"{black_discs}/{white_discs} does not add up to {total} discs", file=event.source
        )
    rnd = event.round(number)
    game = rnd.game_of(black)
    if game is None or game.opponent(black) != white:
        raise InputError(
            f"players {black} and {white} were not paired in round {number}", file=event.source
        )
    new = replace(game, black=black, white=white, black_discs=black_discs)
    finished = rnd.complete
    return _set_game(event, number, game, new), Recorded(number, new, game.black_discs, finished)
