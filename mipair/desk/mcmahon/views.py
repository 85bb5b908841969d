"""What the director prints and posts: a round's pairing and the standings, as plain data.

The same data is printed as text, as JSON, or as a printable HTML page
(:mod:`~mipair.desk.mcmahon.pages`). Players are named by their OpenGotha
key, full name, rank, country and club; results as Go players write them
(White's result first: ``1-0``, ``0-1``, ``½-½``; ``!`` decided by default).
"""

from __future__ import annotations

from typing import TypedDict

from mipair.errors import InputError
from mipair.formats.opengotha import OgGame, OgPlayer, OgTournament
from mipair.systems.mcmahon.params import params_of
from mipair.systems.mcmahon.placement import Placement
from mipair.systems.mcmahon.scores import Scores
from mipair.systems.mcmahon.standings import SHORT_NAMES, round_entry, shown, standings

RESULT_TEXT = {
    "RESULT_WHITEWINS": "1-0",
    "RESULT_BLACKWINS": "0-1",
    "RESULT_EQUAL": "½-½",
    "RESULT_BOTHWIN": "1-1",
    "RESULT_BOTHLOSE": "0-0",
    "RESULT_UNKNOWN": "",
}


class Person(TypedDict):
    """A player as the lists name him (:func:`person`)."""

    key: str
    name: str
    rank: str
    country: str
    club: str


class GameLine(TypedDict):
    """A game of a round's pairing."""

    table: int
    white: str
    black: str
    handicap: int
    result: str


class PairingView(TypedDict):
    """A round's pairing (:func:`pairing_view`); players by key, ``players`` names them."""

    tournament: dict[str, object]
    round: int
    games: list[GameLine]
    bye: str | None
    absent: list[str]
    not_paired: list[str]
    players: dict[str, Person]


class Row(Person):
    """A line of the standings: place, player, each round's game, each criterion."""

    place: int
    tied: bool
    rounds: list[str]
    shown: list[str]
    values: dict[str, float]


class StandingsView(TypedDict):
    """The standings after a round (:func:`standings_view`)."""

    tournament: dict[str, object]
    after: int
    criteria: list[str]
    columns: list[str]
    standings: list[Row]


def result_text(result: str) -> str:
    """A result as printed on a pairing list (blank while unknown)."""
    base = result.removesuffix("_BYDEF")
    return RESULT_TEXT[base] + ("!" if result != base else "")


def results_report(round_number: int, changed: list[tuple[OgGame, str]]) -> dict[str, object]:
    """Results entered, as data (``mipair mcmahon result --json``)."""
    return {
        "round": round_number,
        "results": [
            {
                "table": game.table,
                "white": game.white,
                "black": game.black,
                "result": game.result,
                "before": before,
            }
            for game, before in changed
        ],
    }


def person(player: OgPlayer) -> Person:
    return {
        "key": player.key,
        "name": player.full_name,
        "rank": player.rank_label,
        "country": player.country,
        "club": player.club,
    }


def _general(tournament: OgTournament, attribute: str) -> str:
    found = tournament.parameter("GeneralParameterSet", attribute)
    return found[0] if found else ""


def heading(tournament: OgTournament) -> dict[str, object]:
    return {
        "name": _general(tournament, "name"),
        "location": _general(tournament, "location"),
        "begin": _general(tournament, "beginDate"),
        "end": _general(tournament, "endDate"),
        "rounds": params_of(tournament).rounds,
    }


def pairing_view(tournament: OgTournament, round_number: int) -> PairingView:
    """A round: its games by table, its bye, and who does not play it (players by key;
    ``players`` names each of them)."""
    games = sorted((g for g in tournament.games if g.round == round_number), key=lambda g: g.table)
    if not games and not any(b.round == round_number for b in tournament.byes):
        raise InputError(f"round {round_number} is not paired", field="round")
    playing = {k for g in games for k in (g.white, g.black)}
    bye = next((b.player for b in tournament.byes if b.round == round_number), None)
    idle = [p for p in tournament.players if p.key not in playing and p.key != bye]
    return {
        "tournament": heading(tournament),
        "round": round_number,
        "games": [
            {
                "table": g.table,
                "white": g.white,
                "black": g.black,
                "handicap": g.handicap,
                "result": result_text(g.result),
            }
            for g in games
        ],
        "bye": bye,
        "absent": [p.key for p in idle if not p.plays(round_number)],
        "not_paired": [p.key for p in idle if p.plays(round_number)],
        "players": {p.key: person(p) for p in tournament.players},
    }


def standings_view(
    tournament: OgTournament, after: int, edition: str | None = None
) -> StandingsView:
    """The standings after a round: place, player, each round's game, each criterion."""
    params = params_of(tournament, edition)
    if not 0 <= after <= params.rounds:
        raise InputError(
            f"round {after}: the tournament has rounds 1 to {params.rounds}", field="round"
        )
    scores = Scores(tournament, params, after)
    table = standings(Placement(scores, after, params.placement))
    line_of = {s.index: k for k, s in enumerate(table, 1)}
    criteria = list(params.placement)
    rows: list[Row] = []
    for s in table:
        p = tournament.players[s.index]
        rows.append(
            {
                "place": s.place,
                "tied": s.tied,
                **person(p),
                "rounds": [
                    round_entry(scores, s.index, k, line_of).strip() for k in range(1, after + 1)
                ],
                "shown": [shown(c, v) for c, v in zip(criteria, s.stored)],
                "values": dict(zip(criteria, s.values(criteria))),
            }
        )
    return {
        "tournament": heading(tournament),
        "after": after,
        "criteria": criteria,
        "columns": [SHORT_NAMES.get(c, c) for c in criteria],
        "standings": rows,
    }


def pairing_text(view: PairingView) -> str:
    """The pairing as a plain list (table, White, Black, handicap, result)."""
    who = view["players"]

    def named(key: str) -> str:
        return f"{who[key]['name']} ({who[key]['rank']})"

    lines = [
        f"Round {view['round']}",
        f"{'Table':>5}  {'White':32} {'Black':32} {'Hcp':>3}  Result",
    ]
    for g in view["games"]:
        white, black = named(g["white"]), named(g["black"])
        lines.append(f"{g['table']:5}  {white:32} {black:32} {g['handicap']:3}  {g['result']}")
    if view["bye"]:
        lines.append(f"Bye: {who[view['bye']]['name']}")
    if view["absent"]:
        lines.append("Absent: " + ", ".join(who[k]["name"] for k in view["absent"]))
    if view["not_paired"]:
        lines.append("Not paired: " + ", ".join(who[k]["name"] for k in view["not_paired"]))
    return "\n".join(lines) + "\n"


def standings_text(view: StandingsView) -> str:
    """The standings as a plain table."""
    columns = view["columns"]
    head = f"{'Pl':>4}  {'Name':30} {'Rk':>4} " + " ".join(f"{c:>7}" for c in columns)
    lines = [f"Standings after round {view['after']}", head]
    for row in view["standings"]:
        place = "" if row["tied"] else str(row["place"])
        lines.append(
            f"{place:>4}  {row['name']:30} {row['rank']:>4} "
            + " ".join(f"{v:>7}" for v in row["shown"])
        )
    return "\n".join(lines) + "\n"
