"""What a Team Swiss posts: a round's matches on their boards, the team standings, the team
crosstable and a team's card (text, JSON, printable pages).

The standings are those of ``mipair standings`` on the same file
(:func:`mipair.results.team_standings.team_ranking`, the list of record 202/212, else the
team default) after the completed rounds. A team's round is what
:mod:`mipair.team_rounds` reads from the file (a match, the PAB, a bye, an absence).
"""

from __future__ import annotations

from typing import Any

from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.notation import shown_result
from mipair.desk.chess.rounds_dates import round_dates
from mipair.desk.chess.standings import heading, person, ranking_table
from mipair.desk.chess.team_event import section
from mipair.desk.chess.team_matches import round_matches
from mipair.desk.chess.team_standings import ranking, tournament_after
from mipair.model import Points, points_to_str
from mipair.team_rounds import Kind, TeamRound, standings, team_rounds

BYE_WORDS = {"H": "half-point bye", "F": "full-point bye", "Z": "absent"}
KIND_CODES = {Kind.PAB: "PAB", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ABSENT: "-"}
"""A crosstable's cell of a round without a match."""


def _team(event: ChessEvent, number: int, scores: dict[int, tuple[Points, Points]]) -> dict:
    team = section(event).teams[number]
    mp, gp = scores.get(number, (0, 0))
    return {
        "id": number,
        "name": team.name,
        "match_points": points_to_str(mp),
        "game_points": points_to_str(gp),
    }


# -- a round ---------------------------------------------------------------------------


def team_pairing_view(event: ChessEvent, rnd: int) -> dict[str, Any]:
    """Round ``rnd`` (paired): its matches in order, each with its teams' scores before the
    round, its boards (``key`` ``MATCH.BOARD``, as results are typed) and its score once
    every board has a result; the PAB team; the teams' byes and absences asked for."""
    matches, pab = round_matches(event, rnd)
    before = standings(tournament_after(event, rnd - 1), rnd - 1) if rnd > 1 else {}
    t = event.tournament
    playing = event.playing if event.playing and event.playing.number == rnd else None
    games = event.round_boards(rnd)
    team_of = section(event).player_teams()
    rows = []
    for match in matches:
        boards, score = [], {match.white: 0, match.black: 0}
        for number, place in enumerate(match.games, 1):
            game = games[place]
            if playing is not None:
                codes = playing.games[place].result
            else:
                white, black = t.cell(game.white, rnd), t.cell(game.black, rnd)
                codes = (white.result, black.result) if white and black else None
            if codes is not None:
                score[team_of[game.white]] += t.point_system.points(codes[0])
                score[team_of[game.black]] += t.point_system.points(codes[1])
            boards.append(
                {
                    "board": number,
                    "key": f"{match.number}.{number}",
                    "white": person(event, game.white),
                    "black": person(event, game.black),
                    "result": shown_result(codes),
                    "codes": None if codes is None else [c.value for c in codes],
                }
            )
        done = all(b["codes"] is not None for b in boards)
        rows.append(
            {
                "match": match.number,
                "white": _team(event, match.white, before),
                "black": _team(event, match.black, before),
                "result": f"{points_to_str(score[match.white])}-{points_to_str(score[match.black])}"
                if done
                else "",
                "boards": boards,
            }
        )
    byes = [
        {**_team(event, n, before), "bye": BYE_WORDS[bye.kind]}
        for bye in section(event).byes
        if bye.round == rnd
        for n in bye.teams
    ]
    return {
        "tournament": heading(event),
        "round": rnd,
        "date": round_dates(event).get(rnd, ""),
        "complete": rnd <= event.completed,
        "matches": rows,
        "pab": None if pab is None else _team(event, pab, before),
        "byes": byes,
    }


def team_pairing_text(view: dict[str, Any]) -> str:
    """The matches as the arbiter reads them out, each with its boards."""
    lines = [f"Round {view['round']}" + (f" ({view['date']})" if view["date"] else "")]
    for m in view["matches"]:
        white, black = m["white"], m["black"]
        lines.append(
            f"Match {m['match']}: {white['id']} {white['name']} ({white['match_points']}) - "
            f"{black['id']} {black['name']} ({black['match_points']}) {m['result']}".rstrip()
        )
        for b in m["boards"]:
            lines.append(
                f"  {b['key']:>6}  {b['white']['id']:>4} {b['white']['titled']:<28} - "
                f"{b['black']['id']:>4} {b['black']['titled']:<28} {b['result']}".rstrip()
            )
    if view["pab"]:
        lines.append(f"PAB: {view['pab']['id']} {view['pab']['name']}")
    lines += [f"{b['bye'].capitalize()}: {b['id']} {b['name']}" for b in view["byes"]]
    return "\n".join(lines) + "\n"


# -- the standings -----------------------------------------------------------------------


def team_standings_view(event: ChessEvent, after: int | None = None) -> dict[str, Any]:
    """The team standings (the view of ``mipair standings`` for a team file)."""
    primary, rows = ranking(event, after)
    return {
        "tournament": heading(event),
        "after": event.completed if after is None else after,
        "primary": primary,
        "tiebreaks": list(rows[0]["tiebreaks"]) if rows else [],
        "standings": rows,
    }


def team_standings_text(view: dict[str, Any]) -> str:
    """The team standings as a plain table."""
    names = view["tiebreaks"]
    rows = [
        (
            r["rank"],
            r["id"],
            r["name"],
            [_shown(r["match_points"]), _shown(r["game_points"])],
            [_shown(r["tiebreaks"][n]) for n in names],
        )
        for r in view["standings"]
    ]
    title = f"Team standings after round {view['after']}"
    return ranking_table(title, "Team", (("MP", ">5"), ("GP", ">6")), names, rows)


def team_crosstable_view(event: ChessEvent, after: int | None = None) -> dict[str, Any]:
    """The team standings, each team's rounds: the opponent's line, the colour of its board
    1, its game points (``3w2.5``), or the round without a match (PAB, H, F, -)."""
    view = team_standings_view(event, after)
    line_of = {row["id"]: k for k, row in enumerate(view["standings"], 1)}
    done = view["after"]
    history = team_rounds(tournament_after(event, after), done) if view["standings"] else {}
    for row in view["standings"]:
        row["rounds"] = [_cell(r, line_of) for r in history[row["id"]]]
    return view


def _cell(r: TeamRound, line_of: dict[int, int]) -> str:
    if r.kind is not Kind.MATCH:
        return KIND_CODES[r.kind]
    line = "" if r.opponent is None else str(line_of.get(r.opponent, ""))
    colour = r.colour.value if r.colour is not None else "-"
    return f"{line}{colour}{points_to_str(r.game_points)}"


def team_crosstable_text(view: dict[str, Any]) -> str:
    """The team crosstable: a line a team, a column a round."""
    width = max([len(r["name"]) for r in view["standings"]] + [4])
    rounds = range(1, view["after"] + 1)
    lines = [
        f"Team crosstable after round {view['after']}",
        f"{'Rk':>4}  {'Team':<{width}}"
        + "".join(f" {f'R{r}':>7}" for r in rounds)
        + "    MP    GP",
    ]
    for k, row in enumerate(view["standings"], 1):
        cells = "".join(f" {c:>7}" for c in row["rounds"])
        lines.append(
            f"{k:>4}  {row['name']:<{width}}{cells} {_shown(row['match_points']):>5} "
            f"{_shown(row['game_points']):>5}"
        )
    return "\n".join(lines) + "\n"


# -- a team ------------------------------------------------------------------------------


def team_card(event: ChessEvent, number: int) -> dict[str, Any]:
    """One team: its players in board order, its rank and scores, its rounds so far (the
    round being played's match too)."""
    team = section(event).teams[number]
    rows = {row["id"]: row for row in ranking(event)[1]}
    history = (
        team_rounds(tournament_after(event, None), event.completed).get(number, ())
        if event.completed and event.tournament.players
        else ()
    )
    names = section(event).teams
    played = [
        {
            "round": rnd,
            "opponent": None
            if r.opponent is None
            else {"id": r.opponent, "name": names[r.opponent].name},
            "colour": None if r.colour is None else r.colour.value,
            "kind": r.kind.value,
            "match_points": points_to_str(r.match_points),
            "game_points": points_to_str(r.game_points),
        }
        for rnd, r in enumerate(history, 1)
    ]
    if event.playing is not None:
        played += _playing_match(event, number)
    row = rows.get(number, {})
    return {
        "team": {"id": number, "name": team.name},
        "players": [person(event, pid) for pid in team.players],
        "rank": row.get("rank"),
        "match_points": row.get("match_points", 0),
        "game_points": row.get("game_points", 0),
        "rounds": played,
    }


def _playing_match(event: ChessEvent, number: int) -> list[dict[str, Any]]:
    playing = event.playing
    assert playing is not None
    matches, pab = round_matches(event, playing.number)
    names = section(event).teams
    for m in matches:
        if number in (m.white, m.black):
            other = m.black if number == m.white else m.white
            colour = "w" if number == m.white else "b"
            return [
                {
                    "round": playing.number,
                    "opponent": {"id": other, "name": names[other].name},
                    "colour": colour,
                    "kind": "playing",
                    "match_points": "",
                    "game_points": "",
                }
            ]
    if pab == number:
        return [{"round": playing.number, "opponent": None, "colour": None, "kind": "pab"}]
    return []


def _shown(value: object) -> str:
    return "-" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
