"""The Go desk behind the one desk interface (:class:`mipair.desk.game.Desk`).

Each operation reads the OpenGotha file, applies the very change ``mipair mcmahon
...`` applies (:mod:`~mipair.desk.mcmahon.event`) and writes the file as the
command line's store does (:func:`~mipair.formats.opengotha_write.format_opengotha`,
UTF-8; the command line writes it after every change, so does this desk): the
same change gives the same bytes. A withdrawal is ``mipair mcmahon absent`` from
a round to the last one (OpenGotha has no other).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mipair.desk import views
from mipair.desk.game import Changed, Desk, Download, Files, Option, Status, options_of
from mipair.desk.mcmahon import event
from mipair.desk.mcmahon.views import (
    StandingsView,
    heading,
    pairing_view,
    person,
    result_text,
    results_report,
    standings_view,
)
from mipair.errors import InputError
from mipair.formats.h9 import h9_bytes
from mipair.formats.opengotha import OgPlayer, OgTournament, parse_opengotha
from mipair.formats.opengotha_write import format_opengotha
from mipair.systems.base import AnySystem
from mipair.systems.mcmahon.params import model, params_of
from mipair.systems.mcmahon.standings import h9_text
from mipair.systems.registry import for_ending

WINS = {"RESULT_WHITEWINS": ("1", "0"), "RESULT_BLACKWINS": ("0", "1")}
"""A known result as each player's code (White's, Black's); a jigo is ``=`` for both."""
EVEN = {"RESULT_EQUAL": ("=", "="), "RESULT_BOTHWIN": ("1", "1"), "RESULT_BOTHLOSE": ("0", "0")}


class GoDesk(Desk):
    """A Go tournament on one OpenGotha file (``mipair mcmahon``)."""

    name = "go"
    title = "Go"
    ending = ".xml"
    statuses = (Status("absent", "does not play"), Status("plays", "plays"))
    results_help = (
        "board: the table number (or a player's key); result: 1-0 (White won), 0-1, = "
        "(jigo), 1-1, 0-0 or ? (unknown); ! after it when decided by default (1-0!)"
    )
    create_options = (
        Option("name", str, "The tournament's name.", required=True),
        Option("rounds", int, "Number of rounds.", required=True),
        Option("swiss", bool, "OpenGotha's Swiss preset (wins, no handicap).", default=False),
        Option("bar", str, "McMahon bar (e.g. 3D; the preset's by default)."),
        Option("floor", str, "McMahon floor (e.g. 20K)."),
        Option("location", str, "Where it is played.", default=""),
        Option("director", str, "Who directs it.", default=""),
        Option("date", str, "First day, or first and last: YYYY-MM-DD[,YYYY-MM-DD].", default=""),
    )
    register_options = (
        Option("surname", str, "Surname.", required=True),
        Option("first_name", str, "First name.", required=True),
        Option("rank", str, "Rank (e.g. 3D, 12K).", required=True),
        Option("rating", int, "GoR (from the rank when not given)."),
        Option("club", str, "Club.", default=""),
        Option("country", str, "Country, two letters.", default=""),
        Option("egf_pin", str, "EGD PIN.", default=""),
        Option("super", int, "McMahon points added (super group).", default=0),
        Option("preliminary", bool, "Not paired until confirmed.", default=False),
    )
    pair_options = (
        Option("og", str, "OpenGotha behaviour to reproduce (default: the file's version)."),
        Option("forbid", list, "Never pair these two: KEY,KEY (a list).", default=[]),
        Option("objective", str, "opengotha (the default) or entropy."),
    )

    # -- which files -------------------------------------------------------------------

    def runs(self, system: AnySystem) -> bool:
        return self.ending in system.registered.endings

    def main_file(self, files: Files) -> str:
        if len(files) != 1:
            raise InputError("a Go tournament is one OpenGotha file", field="files")
        return next(iter(files))

    def tournament(self, files: Files) -> OgTournament:
        name = self.main_file(files)
        return parse_opengotha(files[name], name)

    def changed(
        self, files: Files, after: OgTournament, what: str, report: Mapping[str, object]
    ) -> Changed:
        """The file after a change, written as ``mipair mcmahon`` writes it."""
        text = format_opengotha(after).encode("utf-8")
        return Changed({self.main_file(files): text}, what, report)

    # -- creating ----------------------------------------------------------------------

    def create(self, fields: Mapping[str, Any]) -> Changed:
        o = options_of(fields, self.create_options, "a Go tournament")
        begin, _, end = o["date"].partition(",")
        kind = "swiss" if o["swiss"] else ""
        settings = event.Settings(
            o["name"],
            o["rounds"],
            kind,
            "",
            o["location"],
            o["director"],
            begin,
            end,
            o["bar"],
            o["floor"],
        )
        text = format_opengotha(event.new_tournament(settings)).encode("utf-8")
        report = {"name": o["name"], "rounds": o["rounds"]}
        return Changed({self.file_name: text}, f"created: {o['name']}", report)

    def imported(self, files: Files) -> Changed:
        self.tournament(files)
        return Changed(dict(files), "imported", self.summary(files))

    # -- reading -----------------------------------------------------------------------

    def summary(self, files: Files) -> dict[str, object]:
        t = self.tournament(files)
        params = params_of(t)
        paired = event.paired_rounds(t)
        open_round = any(g.result == "RESULT_UNKNOWN" for g in t.games if g.round == paired)
        found = heading(t)
        system = for_ending(self.file_name)
        return {
            "name": found["name"],
            "system": "" if system is None else system.title,
            "rounds": params.rounds,
            "completed": paired - 1 if open_round else paired,
            "playing": paired if open_round else None,
            "next": paired + 1 if not open_round and paired < params.rounds else None,
            "players": len(t.players),
            "heading": found,
        }

    def players(self, files: Files) -> list[dict[str, object]]:
        return [_person(p) for p in self.tournament(files).players]

    def pairing(self, files: Files, round_number: int | None) -> views.Pairing:
        t = self.tournament(files)
        number = event.round_or_last(t, round_number)
        view = pairing_view(t, number)
        who = {p.key: _person(p) for p in t.players}
        return views.pairing(
            number,
            all(g["result"] for g in view["games"]),
            [
                views.board(
                    g["table"],
                    who[g["white"]],
                    who[g["black"]],
                    g["result"],
                    handicap=g["handicap"],
                )
                for g in view["games"]
            ],
            bye=None if view["bye"] is None else who[view["bye"]],
            absent=[who[k] for k in view["absent"]],
            columns=views.columns("Table", "White", "Black"),
        )

    def ranked(self, files: Files, after: int | None, with_rounds: bool) -> views.Standings:
        t = self.tournament(files)
        view = standings_view(t, _completed(t) if after is None else after)
        rows = [
            views.row(
                row["place"],
                _person(t.players[k]),
                row["shown"][0] if row["shown"] else "",
                row["shown"],
                rounds=row["rounds"] if with_rounds else None,
            )
            for k, row in zip(_indices(t, view), view["standings"])
        ]
        return views.standings(view["after"], view["columns"], rows)

    def card(self, files: Files, player: str) -> dict[str, object]:
        t = self.tournament(files)
        key = event.player_of(t, player).key
        who = {p.key: p for p in t.players}
        rounds: list[tuple[int, dict[str, object]]] = []
        for g in sorted(t.games, key=lambda g: g.round):
            if key not in (g.white, g.black):
                continue
            white = key == g.white
            codes = WINS.get(g.result.removesuffix("_BYDEF")) or EVEN.get(
                g.result.removesuffix("_BYDEF"), ("", "")
            )
            opponent = who[g.black if white else g.white]
            rounds.append(
                (
                    g.round,
                    views.game(
                        g.round,
                        _person(opponent),
                        "w" if white else "b",
                        codes[0 if white else 1],
                        shown=result_text(g.result),
                    ),
                )
            )
        rounds += [
            (b.round, views.game(b.round, None, None, "bye")) for b in t.byes if b.player == key
        ]
        rounds.sort(key=lambda numbered: numbered[0])
        view = standings_view(t, _completed(t))
        standing = next((row for row in view["standings"] if row["key"] == key), None)
        rank = None if standing is None else standing["place"]
        points = "" if standing is None or not standing["shown"] else standing["shown"][0]
        return views.card(_person(who[key]), rank, points, [view for _, view in rounds])

    def downloads(self) -> tuple[Download, ...]:
        return (
            Download("opengotha", "OpenGotha XML (the tournament's own file)", "application/xml"),
            Download("h9", "EGF results (.h9), as OpenGotha exports them", "text/plain"),
        )

    def download(self, files: Files, format: str) -> tuple[str, bytes]:
        name = self.main_file(files)
        stem = name.rpartition(".")[0] or name
        if format == "opengotha":
            return name, files[name]
        if format == "h9":
            t = self.tournament(files)
            return f"{stem}.h9", h9_bytes(h9_text(t, params_of(t), None))
        raise InputError(f"{format!r}: one of opengotha, h9", field="format")

    # -- changing ----------------------------------------------------------------------

    def register(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        o = options_of(fields, self.register_options, "a registration")
        entry = event.Entry(
            o["surname"],
            o["first_name"],
            o["rank"],
            o["rating"],
            o["club"],
            o["country"],
            o["egf_pin"],
            o["super"],
            o["preliminary"],
        )
        t = self.tournament(files)
        player = event.register(t, entry)
        report = {
            "key": player.key,
            "name": player.full_name,
            "rank": player.rank_label,
            "rating": player.rating,
        }
        return self.changed(files, t, f"registered {player.full_name} ({player.key})", report)

    def attendance(
        self, files: Files, players: Sequence[str], rounds: Sequence[int], status: str
    ) -> Changed:
        if status not in {s.name for s in self.statuses}:
            raise InputError(f"{status!r}: absent or plays", field="status")
        t = self.tournament(files)
        plays = status == "plays"
        event.set_plays(t, players, rounds, plays)
        named = [event.player_of(t, k).key for k in players]
        report = {"players": named, "rounds": list(rounds), "plays": plays}
        where = ", ".join(map(str, rounds))
        return self.changed(files, t, f"{status}: {', '.join(named)} in round {where}", report)

    def withdraw(self, files: Files, players: Sequence[str], first: int | None) -> Changed:
        t = self.tournament(files)
        start = event.paired_rounds(t) + 1 if first is None else first
        last = params_of(t).rounds
        if start > last:
            raise InputError(f"all {last} rounds are paired already", field="round")
        absent = self.attendance(files, players, range(start, last + 1), "absent")
        named = ", ".join(event.player_of(t, k).key for k in players)
        return Changed(absent.files, f"withdrawn from round {start}: {named}", absent.report)

    def pair(self, files: Files, fields: Mapping[str, Any]) -> Changed:
        o = options_of(fields, self.pair_options, "pairing")
        objective = o["objective"] or next(iter(model()["entropy"]["objectives"]))
        t = self.tournament(files)
        pairs = event.forbidden_pairs(o["forbid"])
        rnd = event.pair_next(t, o["og"], objective, pairs)
        after = self.changed(files, t, f"round {rnd.round} paired", {})
        return Changed(after.files, after.what, self.pairing(after.files, rnd.round))

    def results(
        self, files: Files, round_number: int | None, entries: Sequence[tuple[str, str]]
    ) -> Changed:
        t = self.tournament(files)
        r, changed = event.enter_results(t, round_number, entries)
        tables = ", ".join(str(game.table) for game, _ in changed)
        return self.changed(
            files, t, f"results of round {r}: table {tables}", results_report(r, changed)
        )

    def unpair(self, files: Files, round_number: int | None, force: bool) -> Changed:
        t = self.tournament(files)
        r = event.round_or_last(t, round_number)
        removed = event.unpair(t, r, force)
        return self.changed(files, t, f"round {r} taken back", {"round": r, "games": removed})

    # -- judging -----------------------------------------------------------------------

    def before_pairing(self, files: Files) -> Files:
        """Without the last round while it has a result still unknown: McMahon pairs the
        first round without games, so that round is judged as it was paired."""
        t = self.tournament(files)
        last = event.paired_rounds(t)
        if not any(g.result == "RESULT_UNKNOWN" for g in t.games if g.round == last):
            return files
        event.unpair(t, last, force=True)
        return {self.main_file(files): format_opengotha(t).encode("utf-8")}


def _completed(t: OgTournament) -> int:
    """The last round whose results are all in."""
    paired = event.paired_rounds(t)
    open_round = any(g.result == "RESULT_UNKNOWN" for g in t.games if g.round == paired)
    return paired - 1 if open_round else paired


def _person(p: OgPlayer) -> dict[str, object]:
    shown = person(p)
    return views.person(
        shown["key"],
        shown["name"],
        rank=shown["rank"],
        country=shown["country"],
        club=shown["club"],
    )


def _indices(t: OgTournament, view: StandingsView) -> list[int]:
    index = {p.key: k for k, p in enumerate(t.players)}
    return [index[row["key"]] for row in view["standings"]]
