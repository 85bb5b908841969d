"""The chess desk behind the one desk interface (:class:`mipair.desk.game.Desk`).

Each operation reads the TRF-2026 file (:func:`~mipair.desk.chess.trf_file.parse_event`),
applies the very change ``mipair chess ...`` applies and writes the file as the
command line's store does (:func:`~mipair.desk.chess.trf_file.event_text`, UTF-8):
the same change gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from mipair.desk import views
from mipair.desk.chess import attendance, registration, rounds, standings, team_game
from mipair.desk.chess.document import ChessEvent, round_not_paired
from mipair.desk.chess.notation import shown_result
from mipair.desk.chess.pairing_view import Seat, pairing_view
from mipair.desk.chess.rounds_dates import today
from mipair.desk.chess.settings import described, new_event, settings_of, system_of
from mipair.desk.chess.team_event import is_team, section
from mipair.desk.chess.team_matches import pair_matches, unpair_matches
from mipair.desk.chess.trf_file import event_text, parse_event
from mipair.desk.game import Changed, Desk, Download, Files, Option, Status, options_of
from mipair.errors import InputError
from mipair.formats.text import decode, newline_of
from mipair.formats.trf import lost_in, parse_text, write_tournament
from mipair.systems.base import AnySystem

_person = standings.person_view
"""A chess player in the views' shape."""

BYES = {"absent": "zero", "half-bye": "half", "full-bye": "full", "plays": None}
"""An attendance status -> the bye of ``mipair chess bye --points`` (None: ``present``)."""
COLOURS = {False: ("White", "Black"), True: ("White in game 1", "Black in game 1")}
"""A pairing's first and second player: of a match, game 1's colours (reversed in game 2)."""
TRF_FORMATS = {
    "trf26": "TRF-2026 (the tournament's own file)",
    "trfx": "TRF(x), as JaVaFo and bbpPairings read it (mipair convert --to trfx)",
    "trf16": "TRF16, FIDE's rating report of 2016 (mipair convert --to trf16)",
}


@lru_cache(maxsize=8)
def parsed(name: str, data: bytes) -> ChessEvent:
    """The event a file's bytes hold. An event is a frozen value, every change makes a new
    one: the last few files read are kept, so that what reads one file several times (a
    page's heading and its table, a change's checks and its answer) parses it once."""
    return parse_event(decode(data), name)


class ChessDesk(Desk):
    """A chess tournament on one TRF-2026 file (``mipair chess``)."""

    name = "chess"
    title = "Chess"
    ending = ".trf"
    statuses = (
        Status("absent", "absent: a zero-point bye (Z)"),
        Status("half-bye", "a half-point bye asked for (H)"),
        Status("full-bye", "a full-point bye (F)"),
        Status("plays", "plays (a bye or an absence taken back)"),
    )
    results_help = (
        "board: the board number; result: 1-0, 0-1, 1/2 (or =), +- or -+ (a forfeit), -- "
        "(both forfeited), ? (erased, in the round being played); a match of two games "
        "(Double-Swiss): both games' results in order, each White first (1-0 1/2), or board "
        "3.2 for game 2 alone"
    )
    create_options = (
        Option("name", str, "The tournament's name (012).", required=True),
        Option("rounds", int, "Number of rounds (142).", required=True),
        Option("system", str, "Pairing system (default: the first of TRF files)."),
        Option("rules", str, "Edition (default: the newest)."),
        Option("place", str, "Where it is played (022)."),
        Option("federation", str, "The organising federation, 3 letters (032)."),
        Option("date", str, "First day, or first and last: YYYY-MM-DD[,YYYY-MM-DD]."),
        Option("arbiter", str, "The chief arbiter (102)."),
        Option("time_control", str, "The time control, as text (122)."),
        Option("points", str, "Points for a win, draw, loss: W,D,L (162)."),
        Option("pab", str, "The PAB's points (default: a win's)."),
        Option("tiebreaks", str, "The tie-break list, e.g. BH/C1,BH,SB,DE (202)."),
        Option("acceleration", str, "none or baku (the Baku acceleration, 250 records)."),
        Option("initial_colour", str, "white or black: the first player's colour in round 1."),
        Option("boards", int, "A team system: the boards of a match (352)."),
        Option("match_points", str, "A team system: match points W,D,L (362; 2,1,0)."),
        Option("team_type", str, "A team system: 192 after FIDE_TEAM_ (TYPEA_MP_GP)."),
    )
    register_options = (
        Option("name", str, 'The player, "Lastname, Firstname".', required=True),
        Option("rating", int, "FIDE rating.", default=0),
        Option("federation", str, "FIDE federation, 3 letters.", default=""),
        Option("title", str, "GM, IM, WGM, FM, WIM, CM, WFM, WCM.", default=""),
        Option("fide_id", str, "FIDE id.", default=""),
        Option("sex", str, "m or w.", default=""),
        Option("birth", str, "Birth date YYYY-MM-DD (or year).", default=""),
        Option("team", str, "A team tournament: the player's team (name or number)."),
        Option("board", int, "A team tournament: his board in the team's order."),
    )
    pair_options = (Option("date", str, "The round's date, YYYY-MM-DD (default: today)."),)

    # -- which files -------------------------------------------------------------------

    def runs(self, system: AnySystem) -> bool:
        return bool(system.registered.trf_codes)

    def main_file(self, files: Files) -> str:
        if len(files) != 1:
            raise InputError("a chess tournament is one TRF file", field="files")
        return next(iter(files))

    def event(self, files: Files) -> ChessEvent:
        name = self.main_file(files)
        return parsed(name, files[name])

    def changed(
        self, files: Files, after: ChessEvent, what: str, report: Mapping[str, object]
    ) -> Changed:
        """The files after a change, written as ``mipair chess`` writes them."""
        name = self.main_file(files)
        written = event_text(after).encode("utf-8") if after != self.event(files) else files[name]
        return Changed({name: written}, what, report)

    # -- creating ----------------------------------------------------------------------

    def create(self, fields: Mapping[str, Any]) -> Changed:
        options = options_of(fields, self.create_options, "a chess tournament")
        event = new_event(settings_of(options))
        report = described(event)
        text = event_text(event).encode("utf-8")
        return Changed({self.file_name: text}, f"created: {report['name']}", report)

    def imported(self, files: Files) -> Changed:
        event = self.event(files)
        return Changed(dict(files), "imported", self.summary(files) | {"file": event.source})

    # -- reading -----------------------------------------------------------------------

    def summary(self, files: Files) -> dict[str, object]:
        event = self.event(files)
        system, edition, baku = system_of(event)
        heading = standings.heading(event)
        playing = event.playing.number if event.playing else None
        after = event.paired + 1 if event.paired < event.total_rounds else None
        teams = {"teams": len(section(event).teams)} if is_team(event) else {}
        return {
            "name": heading["name"],
            "system": heading["system"],
            "rounds": event.total_rounds,
            "completed": event.completed,
            "playing": playing,
            "next": None if playing else after,
            "players": len(event.tournament.players),
            "heading": heading,
        } | teams

    def players(self, files: Files) -> list[dict[str, object]]:
        event = self.event(files)
        people = [_person(standings.person(event, pid)) for pid in sorted(event.tournament.players)]
        if is_team(event):  # each player with his team
            member = section(event).player_teams()
            names = {n: team.name for n, team in section(event).teams.items()}
            return [p | {"team": names[member[int(str(p["id"]))]]} for p in people]
        return people

    def teams(self, files: Files) -> list[dict[str, object]] | None:
        event = self.event(files)
        return team_game.teams(event) if is_team(event) else None

    def pairing(self, files: Files, round_number: int | None) -> views.Pairing:
        event = self.event(files)
        if is_team(event):
            return team_game.pairing(event, round_number)
        number = event.paired if round_number is None else round_number
        if not 1 <= number <= event.paired:
            raise round_not_paired(event, number)
        view = pairing_view(event, number)
        return views.pairing(
            number,
            view["complete"],
            [
                views.board(
                    b["board"],
                    _seat(b["white"]),
                    _seat(b["black"]),
                    b["result"],
                    **({"match": b.get("match", "")} if event.games > 1 else {}),
                )
                for b in view["boards"]
            ],
            bye=None if view["bye"] is None else _seat(view["bye"]),
            byes=[{**_seat(p), "bye": p["bye"]} for p in view["byes"]],
            absent=[_seat(p) for p in view["absent"]],
            date=view["date"],
            columns=views.columns("Board", *COLOURS[event.games > 1]),
        )

    def ranked(self, files: Files, after: int | None, with_rounds: bool) -> views.Standings:
        event = self.event(files)
        if is_team(event):
            return team_game.ranked(event, after, with_rounds)
        view = (standings.crosstable_view if with_rounds else standings.standings_view)(
            event, after
        )
        rows = [
            views.row(
                row["rank"],
                _person(row),
                _points(row["points"]),
                [_points(row["tiebreaks"][n]) for n in view["tiebreaks"]],
                rounds=[standings.entry_text(e) for e in row["rounds"]] if with_rounds else None,
            )
            for row in view["standings"]
        ]
        return views.standings(view["after"], view["tiebreaks"], rows)

    def card(self, files: Files, player: str) -> dict[str, object]:
        event = self.event(files)
        if is_team(event):
            return team_game.card(event, player)  # a team's card
        pid = event.player(player)
        view = standings.crosstable_view(event)
        row = next(r for r in view["standings"] if r["id"] == pid)
        played = []
        for number, cell in enumerate(event.completed_cells()[pid]):
            opponent = cell.opponent
            played.append(
                views.game(
                    number // event.games + 1,  # a match's games under its round
                    None if opponent is None else _person(standings.person(event, opponent)),
                    cell.colour.value if cell.colour is not None else None,
                    cell.result.value,
                )
            )
        if event.playing is not None:
            played += _playing_game(event, pid)
        return views.card(_person(row), row["rank"], _points(row["points"]), played)

    def result_key(self, board: views.Board) -> str:
        """The board's number; a team match's board: ``MATCH.BOARD``."""
        return str(board["extras"].get("key") or board["board"])

    def downloads(self) -> tuple[Download, ...]:
        return tuple(Download(f, label, "text/plain") for f, label in TRF_FORMATS.items())

    def download(self, files: Files, format: str) -> tuple[str, bytes]:
        """The file itself (``trf26``), or as ``mipair convert FILE --to FORMAT`` writes it."""
        name = self.main_file(files)
        if format not in TRF_FORMATS:
            raise InputError(f"{format!r}: one of {', '.join(TRF_FORMATS)}", field="format")
        stem = name.rpartition(".")[0] or name
        if format == "trf26":
            return name, files[name]
        text = decode(files[name])
        t = parse_text(text, name)
        lost_in(t, format)  # what the edition drops is the converter's warning; it is dropped
        out = write_tournament(t, format, newline_of(text)).encode("utf-8")
        return f"{stem}.{format}", out

    # -- changing ----------------------------------------------------------------------

    def register(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        options = options_of(fields, self.register_options, "a registration")
        if options["team"] is not None or options["board"] is not None:
            return self.changed(files, *team_game.register(self.event(files), options))
        options = {k: v for k, v in options.items() if k not in ("team", "board")}
        after, number = registration.register(self.event(files), registration.Entry(**options))
        player = after.tournament.players[number]
        report = {"id": number, "name": player.name, "rating": player.rating or None}
        return self.changed(files, after, f"registered {player.name} ({number})", report)

    def register_team(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        options = options_of(fields, (Option("name", str, "The team.", required=True),), "a team")
        return self.changed(files, *team_game.register_team(self.event(files), options["name"]))

    def attendance(
        self, files: Files, players: Sequence[str], rounds: Sequence[int], status: str
    ) -> Changed:
        if status not in BYES:
            raise InputError(f"{status!r}: one of {', '.join(BYES)}", field="status")
        kind = BYES[status]
        event = self.event(files)
        byes = team_game.attendance if is_team(event) else attendance.byes_of
        after, ids = byes(event, players, rounds, kind)
        where = ", ".join(map(str, rounds))
        report = {"players": ids, "rounds": list(rounds), "bye": kind}
        return self.changed(files, after, f"{status}: {_listed(ids)} in round {where}", report)

    def withdraw(self, files: Files, players: Sequence[str], first: int | None) -> Changed:
        event = self.event(files)
        leave = team_game.withdraw if is_team(event) else attendance.withdrawal
        after, ids, start = leave(event, players, first)
        report = {"players": ids, "from": start}
        return self.changed(files, after, f"withdrawn from round {start}: {_listed(ids)}", report)

    def pair(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        options = options_of(fields, self.pair_options, "pairing")
        event = self.event(files)
        pair_next = pair_matches if is_team(event) else rounds.pair_next
        after, playing = pair_next(event, options["date"] or today())
        report = self.pairing({self.main_file(files): event_text(after).encode("utf-8")}, None)
        return self.changed(files, after, f"round {playing.number} paired", report)

    def results(
        self, files: Files, round_number: int | None, entries: Sequence[tuple[str, str]]
    ) -> Changed:
        event = self.event(files)
        if is_team(event):
            return self.changed(files, *team_game.results(event, round_number, entries))
        after, done = rounds.enter_results(event, round_number, entries)
        boards = ", ".join(str(e.board) for e in done.entered)
        what = f"results of round {done.round}: board {boards}"
        return self.changed(files, after, what, rounds.results_report(done))

    def unpair(self, files: Files, round_number: int | None, force: bool) -> Changed:
        event = self.event(files)
        if round_number is not None and (
            event.playing is None or event.playing.number != round_number
        ):
            raise InputError(
                f"round {round_number} is not the round being played: only that round is "
                "taken back",
                field="round",
            )
        after, playing = (unpair_matches if is_team(event) else rounds.unpair)(event, force)
        report = {"round": playing.number, "boards": len(playing.games)}
        return self.changed(files, after, f"round {playing.number} taken back", report)


def _seat(seat: Seat) -> dict[str, object]:
    return {**_person(seat), "points": seat["points"]}


def _points(value: object) -> str:
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _listed(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids))


def _playing_game(event: ChessEvent, pid: int) -> list[dict[str, object]]:
    """The round being played as a player's card shows it (the result once entered)."""
    playing = event.playing
    assert playing is not None
    for game in playing.games:
        if pid in (game.white, game.black):
            opponent = _person(standings.person(event, game.black + game.white - pid))
            shown = []
            for number, outcome in enumerate(game.results(event.games)):
                white = (pid == game.white) == (number % 2 == 0)  # colours alternate in a match
                result = "" if outcome is None else outcome[0 if white else 1].value
                shown.append(
                    views.game(
                        playing.number,
                        opponent,
                        "w" if white else "b",
                        result,
                        shown=shown_result(outcome),
                    )
                )
            return shown
    if playing.bye == pid:
        return [views.game(playing.number, None, None, "U")] * event.games
    return []
