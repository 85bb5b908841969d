"""A Team Swiss's rounds at the desk: pair the matches, lay them on boards, enter results.

* :func:`pair_matches`: the next round's matches, exactly those ``mipair solve`` computes
  from the file, laid out on boards: each team's line-up is its first players in ``310``
  order, board k of one team facing board k of the other, the colours of the boards
  those of ``352`` for the team with White on board 1 (C.04.6 1.6.1, 4; models/team-2026.md
  section 6); the games go match after match into the round being played
  (:mod:`~mipair.desk.chess.rounds`), the PAB team into the desk's ``MPT`` record.
* :func:`change_line_up`: a team's line-up of the round being played (substitutes), before
  any of its boards has a result.
* :func:`enter_match_results`: results by ``MATCH.BOARD`` (``3.2 1-0``: match 3, board 2,
  White's score first) or by ``MATCH`` for the whole match forfeited (``3 +-``: its White
  team wins by forfeit, every board). The individual desk enters them
  (:func:`~mipair.desk.chess.rounds.enter_results`); when the round's last result is in,
  the PAB team's players get the bye (``U``, ``320``) and line-ups out of ``310`` order a
  ``300`` record. A completed round is corrected the same way; the round being played is
  then judged again as the individual desk judges it (its pairing stands unless it now
  breaks an absolute rule; void and taken back when it does and has no result yet).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from mipair.desk.chess import engine, rounds
from mipair.desk.chess.document import (
    ABSENT,
    ChessEvent,
    Game,
    PlayingRound,
    round_not_paired,
)
from mipair.desk.chess.notation import typed_result
from mipair.desk.chess.rounds_dates import with_round_date
from mipair.desk.chess.settings import system_of
from mipair.desk.chess.team_event import (
    TEAM_PAB,
    board_count,
    section,
    team_named,
    white_sequence,
    with_section,
)
from mipair.desk.chess.team_standings import with_team_ranks
from mipair.desk.chess.trf_file import event_text, parse_event
from mipair.errors import InputError
from mipair.model import Cell, Result
from mipair.pairing import Board, RoundPairing
from mipair.team_rounds import TeamReader
from mipair.teams import ByeRecord, LineUp

FORFEITS = {Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "-"}
"""A whole match's result: each board forfeited (the codes as typed)."""


@dataclass(frozen=True)
class Match:
    """A match of a round: its number, the team with White on board 1, the other, and the
    places of its boards among the round's games (board 1 first)."""

    number: int
    white: int
    black: int
    games: tuple[int, ...]


def round_matches(event: ChessEvent, rnd: int) -> tuple[list[Match], int | None]:
    """The matches of a paired round in their published order, and its PAB team. A
    completed round's boards are in its teams' line-ups' order (a round the desk did not
    pair may list its games otherwise); a match's White has White on board 1."""
    team_of = section(event).player_teams()
    boards = event.round_boards(rnd)
    found: dict[frozenset[int], list[int]] = {}
    for place, board in enumerate(boards):
        found.setdefault(frozenset((team_of[board.white], team_of[board.black])), []).append(place)
    if rnd <= event.completed:
        reader = TeamReader(event.tournament)
        for places in found.values():
            team = section(event).teams[team_of[boards[places[0]].white]]
            line_up = reader.line_up(team, rnd)
            places.sort(key=lambda p: _board_of(line_up, boards[p].white, boards[p].black))
    matches = [
        Match(k, team_of[boards[p[0]].white], team_of[boards[p[0]].black], tuple(p))
        for k, p in enumerate(found.values(), 1)
    ]
    return matches, pab_team(event, rnd)


def _board_of(line_up: list[int], white: int, black: int) -> int:
    """A game's board: the place of its player of the line-up's team."""
    return line_up.index(white) if white in line_up else line_up.index(black)


def pab_team(event: ChessEvent, rnd: int) -> int | None:
    """The team given the PAB of round ``rnd`` (``MPT`` for the round being played, ``320``
    for a completed one)."""
    if event.playing is not None and rnd == event.playing.number:
        text = event.header(TEAM_PAB).split()
        if len(text) != 2 or not all(t.isdigit() for t in text) or int(text[0]) != rnd:
            return None
        return int(text[1])
    bye = section(event).bye
    if bye is None or rnd > len(bye.teams):
        return None
    return bye.teams[rnd - 1] or None


# -- pairing -------------------------------------------------------------------------------


def pair_matches(event: ChessEvent, date: str = "") -> tuple[ChessEvent, PlayingRound]:
    """Pair the next round (see the module docstring); it becomes the round being played."""
    if event.playing is not None:
        raise InputError(
            f"round {event.playing.number} is being played: enter its results (or take it "
            "back: unpair) first",
            field="round",
        )
    rnd = event.completed + 1
    if rnd > event.total_rounds:
        raise InputError(f"all {event.total_rounds} rounds are paired", field="round")
    system, edition, _ = system_of(event)
    as_saved = parse_event(event_text(event), event.source).tournament
    pairing = engine.pair_round(as_saved, rnd, system, edition)
    if not pairing.boards:
        raise InputError(f"round {rnd} has no match: fewer than two teams play", field="round")
    games = tuple(g for b in pairing.boards for g in _laid_out(event, b.white, b.black))
    after = with_round_date(event, rnd, date)
    if pairing.bye is not None:
        after = after.with_header(TEAM_PAB, f"{rnd:03d} {pairing.bye:03d}")
    playing = PlayingRound(rnd, games)
    return replace(after, playing=playing), playing


def _laid_out(event: ChessEvent, white: int, black: int) -> list[Game]:
    """A match's boards: each team's first players in ``310`` order, board k against board
    k, the colours of ``352`` for ``white`` (the team with White on board 1)."""
    teams = section(event).teams
    count = board_count(event)
    for number in (white, black):
        team = teams[number]
        if len(team.players) < count:
            raise InputError(
                f"team {number} ({team.name}) has {len(team.players)} players for {count} "
                "boards: register more (register --in TEAM); a board nobody can play is lost "
                "by forfeit: register a reserve for it and enter that board's forfeit "
                "(result MATCH.BOARD +- or -+)",
                field="team",
            )
    ours, theirs = teams[white].players, teams[black].players
    return [
        Game(ours[k], theirs[k]) if colour == "W" else Game(theirs[k], ours[k])
        for k, colour in enumerate(white_sequence(event))
    ]


def change_line_up(
    event: ChessEvent, team_text: str, players: Sequence[str]
) -> tuple[ChessEvent, Match]:
    """The team's players on its boards of the round being played, board 1 first (a
    substitute for a player), before any of its boards has a result."""
    playing = event.playing
    if playing is None:
        raise round_not_paired(event, event.paired + 1)
    team = team_named(event, team_text)
    matches, _ = round_matches(event, playing.number)
    match = next((m for m in matches if team.number in (m.white, m.black)), None)
    if match is None:
        raise InputError(f"team {team.number} has no match in round {playing.number}", field="team")
    ids = [event.player(p) for p in players]
    if len(ids) != len(match.games) or len(set(ids)) != len(ids):
        raise InputError(
            f"a line-up names {len(match.games)} different players, board 1 first", field="player"
        )
    stranger = next((pid for pid in ids if pid not in team.players), None)
    if stranger is not None:
        raise InputError(f"player {stranger} is not a player of team {team.number}", field="player")
    games = list(playing.games)
    if any(games[place].result is not None for place in match.games):
        raise InputError(
            f"match {match.number} has results: its line-up stands (erase them with ?)",
            field="team",
        )
    ours = match.white == team.number
    for board, (place, pid) in enumerate(zip(match.games, ids, strict=True)):
        game = games[place]
        white_is_ours = (white_sequence(event)[board] == "W") == ours
        games[place] = replace(game, white=pid) if white_is_ours else replace(game, black=pid)
    return replace(event, playing=replace(playing, games=tuple(games))), match


# -- results ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchResults:
    """What entering results did: the individual desk's report, each board's match."""

    done: rounds.Results
    boards: dict[int, tuple[int, int]]  # the round's board number -> (match, board)


def enter_match_results(
    event: ChessEvent, rnd: int | None, entries: Iterable[tuple[str, str]]
) -> tuple[ChessEvent, MatchResults]:
    """Enter or correct results (see the module docstring) in round ``rnd`` (default: the
    last round paired)."""
    number = event.paired if rnd is None else rnd
    if not 1 <= number <= event.paired:
        raise round_not_paired(event, number)
    matches, pab = round_matches(event, number)
    boards = event.round_boards(number)
    team_of = section(event).player_teams()
    typed: list[tuple[str, str]] = []
    for key, result in entries:
        for match, board in _addressed(matches, key, number):
            place = match.games[board - 1]
            ours = team_of[boards[place].white] == match.white
            typed.append((str(place + 1), result if board_key(key) else _whole(result, ours)))
    labels = {m.games[k] + 1: (m.number, k + 1) for m in matches for k in range(len(m.games))}
    playing = event.playing
    if playing is not None and number == playing.number:
        after, done = rounds.enter_results(event, number, typed)
        if done.completed:
            after = _completed(after, number, matches, pab)
        return after, MatchResults(done, labels)
    corrected, done = rounds.enter_results(replace(event, playing=None), number, typed)
    after, done = _judged(replace(with_team_ranks(corrected), playing=playing), done)
    return after, MatchResults(done, labels)


def match_report(done: rounds.Results, boards: dict[int, tuple[int, int]]) -> dict[str, object]:
    """What entering results did, as data: the individual desk's report, each result with
    its match and its board in the match (``key``: ``MATCH.BOARD``)."""
    report = rounds.results_report(done)
    for row, entered in zip(report["results"], done.entered, strict=True):  # type: ignore[call-overload]
        match, board = boards[entered.board]
        row.update(match=match, board=board, key=f"{match}.{board}")
    return report


def board_key(key: str) -> bool:
    """Whether a key names one board (``3.2``) rather than a whole match (``3``)."""
    return "." in key


def _addressed(matches: list[Match], key: str, rnd: int) -> list[tuple[Match, int]]:
    """The boards a key names: ``MATCH.BOARD`` one, ``MATCH`` every board of the match."""
    match_text, dot, board_text = key.strip().partition(".")
    if not (match_text.isascii() and match_text.isdigit()) or not (
        1 <= int(match_text) <= len(matches)
    ):
        raise InputError(
            f"round {rnd} has matches 1 to {len(matches)}, not {key[:20]!r} (MATCH.BOARD)",
            field="board",
        )
    match = matches[int(match_text) - 1]
    count = len(match.games)
    if not dot:
        return [(match, k) for k in range(1, count + 1)]
    if not (board_text.isascii() and board_text.isdigit()) or not 1 <= int(board_text) <= count:
        raise InputError(
            f"match {match.number} has boards 1 to {count}, not {key[:20]!r}", field="board"
        )
    return [(match, int(board_text))]


def _whole(typed: str, ours: bool) -> str:
    """A whole match's result (its White team's score first) on one of its boards: a
    forfeit, seen from the other side when the board's White is a player of the other team
    (``ours`` False); ``?`` erases."""
    outcome = typed_result(typed)
    if outcome is None:
        return typed
    if not all(code in FORFEITS for code in outcome):
        raise InputError(
            f"{typed[:20]!r}: a whole match is forfeited (+-, -+ or --); a game's result names "
            "its board (MATCH.BOARD)",
            field="result",
        )
    first, second = outcome if ours else outcome[::-1]
    return FORFEITS[first] + FORFEITS[second]


def _completed(event: ChessEvent, rnd: int, matches: list[Match], pab: int | None) -> ChessEvent:
    """A round whose last result is in: its line-ups out of ``310`` order as ``300``, the PAB
    team's players given the bye (``U``) and the team named by ``320``, the ranks."""
    teams = section(event).teams
    boards = event.boards[rnd - 1]
    team_of = section(event).player_teams()
    line_ups = list(section(event).line_ups)
    for match in matches:
        for team, opponent in ((match.white, match.black), (match.black, match.white)):
            played = [
                b.white if team_of[b.white] == team else b.black
                for b in (boards[place] for place in match.games)
            ]
            if played != [pid for pid in teams[team].players if pid in played]:
                line_ups.append(LineUp(rnd, team, opponent, tuple(played)))
    event = with_section(event, line_ups=tuple(line_ups))
    if pab is not None:
        event = _with_pab(event, rnd, pab)
    paired = [n for m in matches for n in (m.white, m.black)] + ([pab] if pab else [])
    return with_team_ranks(_reserves_blank(event, rnd, paired).with_header(TEAM_PAB, ""))


def _reserves_blank(event: ChessEvent, rnd: int, paired: list[int]) -> ChessEvent:
    """The round's cell of a player of a paired team who had no board left blank (the
    team's round is its match or PAB: :func:`~.team_event.written_cells`)."""
    results = dict(event.tournament.results)
    for number in paired:
        for pid in section(event).teams[number].players:
            cells = results.get(pid, ())
            if len(cells) >= rnd and cells[rnd - 1] == ABSENT:
                results[pid] = (*cells[: rnd - 1], None, *cells[rnd:])
    return event.changed(results=results)


def _with_pab(event: ChessEvent, rnd: int, team: int) -> ChessEvent:
    """The PAB of a completed round: the team's first players ``U``, ``320`` naming it (a
    drawn match's value, C.04.6 1.4, unless the file states another)."""
    count = board_count(event)
    results = dict(event.tournament.results)
    for pid in section(event).teams[team].players[:count]:
        cells = results[pid]
        results[pid] = (*cells[: rnd - 1], Cell(None, None, Result.PAB), *cells[rnd:])
    bye = section(event).bye or ByeRecord(
        section(event).points.draw, count * event.tournament.point_system.draw
    )
    named = (*bye.teams, *(0,) * (rnd - len(bye.teams)))
    bye = replace(bye, teams=(*named[: rnd - 1], team, *named[rnd:]))
    return with_section(event.changed(results=results), bye=bye)


def _judged(event: ChessEvent, done: rounds.Results) -> tuple[ChessEvent, rounds.Results]:
    """The round being played after a correction of an earlier round, judged as the
    individual desk judges it (:mod:`~mipair.desk.chess.rounds`) on its matches."""
    playing = event.playing
    if playing is None:
        return event, done
    matches, pab = round_matches(event, playing.number)
    pairing = RoundPairing(playing.number, tuple(Board(m.white, m.black) for m in matches), pab)
    system, edition, _ = system_of(event)
    broken = engine.broken_rules(event.tournament, pairing, system, edition)
    done = replace(done, playing=playing.number, broken=tuple(broken))
    if not broken or playing.has_results:
        return event, done
    return _without_round(event), replace(done, voided=True)


def _without_round(event: ChessEvent) -> ChessEvent:
    """The event without its round being played (and its date)."""
    playing = event.playing
    assert playing is not None
    return replace(
        with_round_date(event, playing.number, "").with_header(TEAM_PAB, ""), playing=None
    )


def unpair_matches(event: ChessEvent, force: bool = False) -> tuple[ChessEvent, PlayingRound]:
    """Take the round being played back, its PAB team too (see :func:`rounds.unpair`)."""
    after, playing = rounds.unpair(event, force)
    return after.with_header(TEAM_PAB, ""), playing
