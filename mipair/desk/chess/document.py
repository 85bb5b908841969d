"""A chess tournament at the arbiter's desk: the tournament file's content, as one value.

:class:`ChessEvent` is what the TRF-2026 state file says (read and written by
:mod:`~mipair.desk.chess.trf_file`):

* ``tournament``: the :class:`~mipair.model.Tournament` whose round cells hold
  the **completed** rounds (every board has its result) and the byes asked for
  later rounds (TRF-2026 240: half-point, full-point, zero-point);
* ``boards``: the board order of each completed round, as it was published
  (a TRF cell has no board number);
* ``playing``: the round paired and not yet complete, its boards with the
  results entered so far (a TRF cell cannot hold a game without its result,
  so this round stays out of the cells until its last result is in);
* ``games``: the TRF rounds one round fills. 1, or a match's games (a
  Double-Swiss match, C.04.5: round ``k`` is TRF rounds ``2k - 1`` and ``2k``,
  the same board with the colours reversed in game 2). Every round number of
  the desk is the system's own round (a match); :meth:`ChessEvent.columns`
  gives its TRF rounds.

Every operation of the desk is a function from one event to the next
(:mod:`~mipair.desk.chess.rounds`, :mod:`~mipair.desk.chess.registration`,
:mod:`~mipair.desk.chess.attendance`); the same change gives the same file.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

from mipair import matches, rounds
from mipair.errors import InputError
from mipair.model import Cell, Points, Result, Tournament
from mipair.pairing import Board, RoundPairing

Outcome = tuple[Result, Result]
"""A game's result as the TRF writes it: White's code and Black's code."""

ABSENT = Cell(None, None, Result.ZERO_BYE)
"""A round without a game or a bye: a zero-point bye (``0000 - Z``)."""

CRLF = "\r\n"
"""The line end of a new file (the FIDE text asks for a CR at the end of each line)."""


@dataclass(frozen=True)
class Game:
    """A board of the round being played: White, Black and the result once entered; in a
    match, also game 2's result (its White, the board's Black, first)."""

    white: int
    black: int
    result: Outcome | None = None
    return_result: Outcome | None = None

    def results(self, games: int) -> tuple[Outcome | None, ...]:
        """The results of the board's ``games`` games, in order."""
        return (self.result, self.return_result)[:games]

    def with_result(self, game: int, outcome: Outcome | None) -> Game:
        """The board with game ``game`` (1 or 2) given ``outcome``."""
        if game == 1:
            return replace(self, result=outcome)
        return replace(self, return_result=outcome)


@dataclass(frozen=True)
class PlayingRound:
    """The round paired and not yet complete: its boards in order and its PAB."""

    number: int
    games: tuple[Game, ...]
    bye: int | None = None
    match_games: int = 1  # the games of each board (ChessEvent.games)

    @property
    def complete(self) -> bool:
        return all(r is not None for g in self.games for r in g.results(self.match_games))

    @property
    def has_results(self) -> bool:
        return any(r is not None for g in self.games for r in g.results(self.match_games))

    def pairing(self) -> RoundPairing:
        """The round as the pairing systems hand it back."""
        return RoundPairing(
            self.number, tuple(Board(g.white, g.black) for g in self.games), self.bye
        )


@dataclass(frozen=True)
class ChessEvent:
    """The whole state of a chess tournament (see the module docstring)."""

    tournament: Tournament
    boards: tuple[tuple[Board, ...], ...] = ()
    playing: PlayingRound | None = None
    newline: str = CRLF
    source: str = ""
    games: int = 1

    @property
    def completed(self) -> int:
        """The number of completed rounds (their results in the cells)."""
        return len(self.boards)

    def columns(self, rnd: int) -> range:
        """The TRF rounds of round ``rnd`` (one, or a match's games)."""
        return range((rnd - 1) * self.games + 1, rnd * self.games + 1)

    @property
    def paired(self) -> int:
        """The last round paired (completed or being played); 0 before round 1."""
        return self.playing.number if self.playing is not None else self.completed

    @property
    def total_rounds(self) -> int:
        """The rounds of the tournament (142, which counts TRF rounds: a match's games; a
        file without it: the rounds paired)."""
        total = self.tournament.total_rounds
        return total // self.games if total else self.paired

    def header(self, code: str) -> str:
        """The text of the tournament record ``code`` ('' when absent)."""
        return next((text.strip() for c, text in self.tournament.headers if c == code), "")

    def with_header(self, code: str, text: str) -> ChessEvent:
        """The event with record ``code`` set to ``text`` (removed when ``text`` is empty)."""
        kept = [(c, t) for c, t in self.tournament.headers if c != code]
        if text:
            kept.append((code, text))
        return self.changed(headers=tuple(sorted(kept, key=lambda h: _header_order(h[0]))))

    def changed(self, **fields: object) -> ChessEvent:
        """The event with the tournament's ``fields`` replaced."""
        return replace(self, tournament=replace(self.tournament, **fields))  # type: ignore[arg-type]

    def completed_cells(self, after: int | None = None) -> dict[int, tuple[Cell, ...]]:
        """Each player's cells of rounds 1..``after`` (default: the completed rounds; a
        match's games each a cell), a round without a game or a bye an absence (``0000 - Z``),
        as the file writes them."""
        rounds = (self.completed if after is None else after) * self.games
        out = {}
        for pid in sorted(self.tournament.players):
            cells = self.tournament.results.get(pid, ())[:rounds]
            out[pid] = tuple(c or ABSENT for c in cells + (None,) * (rounds - len(cells)))
        return out

    def cell(self, player: int, rnd: int) -> Cell | None:
        """The player's cell of round ``rnd`` (of a match: game 1's)."""
        return self.tournament.cell(player, self.columns(rnd)[0])

    def round_boards(self, rnd: int) -> tuple[Board, ...]:
        """The boards of a paired round in their published order."""
        if self.playing is not None and rnd == self.playing.number:
            return self.playing.pairing().boards
        if not 1 <= rnd <= self.completed:
            raise round_not_paired(self, rnd)
        return self.boards[rnd - 1]

    def player(self, text: str) -> int:
        """The player ``text`` names: a pairing number, or the start of a name that fits one
        player only (case and accents aside)."""
        who = text.strip()
        if who.isascii() and who.isdigit():
            number = int(who)
            if number not in self.tournament.players:
                raise InputError(f"no player has the pairing number {number}", field="player")
            return number
        wanted = folded(who)
        found = [p for p in self.tournament.players.values() if folded(p.name).startswith(wanted)]
        exact = [p for p in found if folded(p.name) == wanted]
        found = exact if len(exact) == 1 else found
        if len(found) == 1 and wanted:
            return found[0].id
        if not found or not wanted:
            raise InputError(f"no player's name starts with {who!r}", field="player")
        names = ", ".join(f"{p.name} ({p.id})" for p in found[:5])
        raise InputError(f"{who!r} could be {names}: type more of the name", field="player")


def game_boards(boards: tuple[Board, ...], game: int) -> tuple[Board, ...]:
    """The boards of game ``game`` of a match: game 1's, the colours reversed in every even
    game (C.04.5 4.4: the players alternate colours within a match)."""
    if game % 2:
        return boards
    return tuple(Board(b.black, b.white) for b in boards)


def scores_before(t: Tournament, rnd: int, games: int) -> dict[int, Points]:
    """Every player's points before round ``rnd`` of ``t``, a round ``games`` TRF rounds: a
    match's points are its games', its PAB the whole match's value (C.04.5 1.4)."""
    if games == 1:
        return rounds.scores_before(t, rnd)
    return matches.scores_before(t, rnd)


def folded(text: str) -> str:
    """A name for searching: no accents, no case, blanks and commas collapsed."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace(",", " ").split())


def _header_order(code: str) -> tuple[int, str]:
    """Tournament records in the order of their codes (``012`` first), others after."""
    return (int(code), code) if code.isdigit() else (1000, code)


def round_not_paired(event: ChessEvent, rnd: int) -> InputError:
    """The error for a round that has no pairing (yet)."""
    if event.paired == 0:
        where = f"round {rnd}: " if rnd else ""
        return InputError(f"{where}no round is paired yet", field="round")
    return InputError(
        f"round {rnd} is not paired (the rounds paired are 1 to {event.paired})", field="round"
    )


def check_future_round(event: ChessEvent, rnd: int) -> None:
    """Refuse a round that is paired already or beyond the last round (exit 3)."""
    if not 1 <= rnd <= event.total_rounds:
        raise InputError(
            f"round {rnd}: the tournament has rounds 1 to {event.total_rounds}", field="round"
        )
    if rnd <= event.paired:
        raise InputError(
            f"round {rnd} is paired already (the next round to pair is {event.paired + 1})",
            field="round",
        )
