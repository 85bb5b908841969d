"""Coupons: entering, erasing and correcting the result of a game (PAPP manual 2.3, 6.7).

An entry is what the arbiter types: the player, by number or by the start of
his name (``145 40``, ``laz 40``, ``LAZARD Emmanuel 40``, ``poi35``), then
his discs (``40``) or the difference with his opponent (``+4``, ``=``, ``-6``);
``-145``, ``-laz`` or ``145e`` (``145x``) erase the coupon of that player's
game. A name is looked for among the players of the round's games (case and
accents aside) and must name one of them. Every entry names its round: by
default the round being played (the latest round with a pairing); a result
for a round whose results were all in is a correction and is reported as one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from mipair.desk.papp.registration import named
from mipair.errors import InputError
from mipair.formats.papp.event import Event, Game

_NUMBER = r"[0-9]{1,9}"  # ASCII digits of bounded length: no '²', no 5000-digit number
_NAME = r"[^0-9+=]*[^0-9+=\s-][^0-9+=]*?"
_SCORE = re.compile(
    rf"^\s*(?:(?P<number>{_NUMBER})\s+|(?P<name>{_NAME})\s*|(?P<plain>{_NUMBER})(?=\s*[+=-]))"
    rf"(?:(?P<sign>[+-])\s*(?P<diff>{_NUMBER})|(?P<draw>=)\s*0*|(?P<discs>{_NUMBER}))\s*$"
)  # a number and discs need a blank between them: "14540" is not "145 40"
_ERASE = re.compile(rf"^\s*(?:-\s*(?P<who>[^-\s].*?)|(?P<number>{_NUMBER})\s*[eExX])\s*$")


@dataclass(frozen=True)
class Entry:
    """A parsed coupon: the player (number, or the start of a name); ``discs`` None erases."""

    player: int | str
    discs: int | None


@dataclass(frozen=True)
class Recorded:
    """What an entry did: the game after it, the score it replaced, whether a finished round."""

    round: int
    game: Game
    replaced: int | None  # Black's discs before (None: no score was there)
    correction: bool  # the round had all its results before this entry

    @property
    def again(self) -> bool:
        """The same coupon was entered before (PAPP: "coupon already entered")."""
        return self.replaced is not None and self.replaced == self.game.black_discs


def _who(text: str) -> int | str:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else text


def parse_entry(text: str, total: int) -> Entry:
    """A coupon as the arbiter types it (see the module docstring)."""
    erase = _ERASE.match(text)
    if erase:
        return Entry(_who(erase["who"] or erase["number"]), None)
    m = _SCORE.match(text)
    if not m:
        raise InputError(
            f"cannot read the result '{text.strip()}': expected PLAYER DISCS, "
            "PLAYER+DIFF, PLAYER=, PLAYER-DIFF or -PLAYER (erase); PLAYER is a number "
            "or the start of a name"
        )
    if m["discs"] is not None:
        own = int(m["discs"])
    else:
        diff = 0 if m["draw"] else int(m["diff"]) * (1 if m["sign"] == "+" else -1)
        if (total + diff) % 2:
            raise InputError(f"a difference of {diff} is impossible with {total} discs")
        own = (total + diff) // 2
    if not 0 <= own <= total:
        raise InputError(f"{own} discs is not a score out of {total}")
    return Entry(_who(m["number"] or m["plain"] or m["name"]), own)


def find_in_round(event: Event, number: int, who: int | str) -> int:
    """The player ``who`` names among the players of round ``number``'s games."""
    if isinstance(who, int):
        return who
    players = [event.player(p) for g in event.round(number).games for p in (g.black, g.white)]
    found = named(players, who)
    if len(found) == 1:
        return found[0].id
    if not found:
        raise InputError(
            f"no player of round {number} is called '{who}'", file=event.source, field="player"
        )
    names = ", ".join(f"{r.full_name} ({r.id})" for r in sorted(found, key=lambda r: r.id))
    raise InputError(
        f"'{who}' could be {names}: type more of the name", file=event.source, field="player"
    )


def current_round(event: Event) -> int:
    """The round results go to by default: the latest one with a pairing."""
    if event.paired_round == 0:
        raise InputError("no round has been paired yet", file=event.source, field="round")
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
        raise InputError(f"round {number} is not in the event", file=event.source, field="round")
    rnd = event.round(number)
    pid = find_in_round(event, number, entry.player)
    game = rnd.game_of(pid)
    if game is None:
        raise InputError(
            f"player {pid} has no game in round {number}", file=event.source, field="player"
        )
    finished = rnd.complete
    if entry.discs is None:
        if finished and number < len(event.rounds):
            raise InputError(
                f"round {number} is followed by other rounds: correct its result instead of "
                "erasing it",
                file=event.source,
                field="round",
            )
        new = replace(game, black_discs=None)
    else:
        total = event.settings.total_discs
        black = entry.discs if pid == game.black else total - entry.discs
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
        raise InputError(f"round {number} is not in the event", file=event.source, field="round")
    if black_discs + white_discs != total or min(black_discs, white_discs) < 0:
        raise InputError(
            f"{black_discs}/{white_discs} does not add up to {total} discs",
            file=event.source,
            field="discs",
        )
    rnd = event.round(number)
    game = rnd.game_of(black)
    if game is None or game.opponent(black) != white:
        raise InputError(
            f"players {black} and {white} were not paired in round {number}",
            file=event.source,
            field="player",
        )
    new = replace(game, black=black, white=white, black_discs=black_discs)
    finished = rnd.complete
    return _set_game(event, number, game, new), Recorded(number, new, game.black_discs, finished)
