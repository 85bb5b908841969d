"""``mipair chess new`` and ``register``: a tournament and its players."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mipair.cli.chess.common import file_argument, json_option, say
from mipair.desk.chess.engine import systems

if TYPE_CHECKING:
    from mipair.desk.chess.document import ChessEvent


@click.command("new")
@file_argument
@click.option("--name", required=True, help="The tournament's name (012).")
@click.option("--rounds", type=int, required=True, help="Number of rounds (142).")
@click.option("--system", help=f"Pairing system: {', '.join(systems())} (the first by default).")
@click.option("--rules", "edition", metavar="EDITION", help="Edition (default: the newest).")
@click.option("--place", default="", help="Where it is played (022).")
@click.option("--federation", default="", help="The organising federation, 3 letters (032).")
@click.option(
    "--date", "dates", default="", metavar="YYYY-MM-DD[,YYYY-MM-DD]", help="First, last day."
)
@click.option("--arbiter", default="", help="The chief arbiter (102).")
@click.option("--time-control", default="", help="The time control, as text (122).")
@click.option("--points", default="", metavar="W,D,L", help="Points for a win, draw, loss (162).")
@click.option("--pab", default="", metavar="POINTS", help="The PAB's points (default: a win's).")
@click.option("--tiebreaks", default="", metavar="LIST", help="e.g. BH/C1,BH,SB,DE (202).")
@click.option(
    "--acceleration",
    type=click.Choice(["none", "baku"]),
    default="none",
    help="baku: the Baku acceleration (C.04.7), written as 250 records.",
)
@click.option(
    "--initial-colour",
    type=click.Choice(["white", "black"]),
    default="white",
    help="The colour of the first player on board 1 of round 1 (152).",
)
@click.option("--boards", type=int, help="A team system: the boards of a match (352).")
@click.option("--match-points", default="", metavar="W,D,L", help="A team system (362): 2,1,0.")
@click.option(
    "--team-type", default="", metavar="WORDS", help="A team system: 192 after FIDE_TEAM_."
)
@json_option
def new(
    file: str,
    name: str,
    rounds: int,
    system: str | None,
    edition: str | None,
    place: str,
    federation: str,
    dates: str,
    arbiter: str,
    time_control: str,
    points: str,
    pab: str,
    tiebreaks: str,
    acceleration: str,
    initial_colour: str,
    boards: int | None,
    match_points: str,
    team_type: str,
    as_json: bool,
) -> None:
    """Create a tournament file (TRF-2026); an existing file is never replaced. A team system
    (--system team) takes the boards of a match, the match points and its type (colour
    preferences, scores: TYPEA_MP_GP by default); its teams are registered with ``team``."""
    from mipair.desk.chess.settings import described, new_event, settings_of
    from mipair.desk.chess.store import about, create

    settings = settings_of(
        {
            "name": name,
            "rounds": rounds,
            "system": system,
            "rules": edition,
            "place": place,
            "federation": federation,
            "date": dates,
            "arbiter": arbiter,
            "time_control": time_control,
            "points": points,
            "pab": pab,
            "tiebreaks": tiebreaks,
            "acceleration": acceleration,
            "initial_colour": initial_colour,
            "boards": boards,
            "match_points": match_points,
            "team_type": team_type,
        }
    )
    with about(file):
        event = new_event(settings)
    create(file, event)
    data = {"file": file, **described(event)}
    text = f"{file}: {data['name']}, {rounds} rounds, {data['system']} {data['rules']}" + (
        ", Baku acceleration" if data["baku"] else ""
    )
    say(text, as_json, data)


@click.command("register")
@file_argument
@click.argument("name")
@click.option("--rating", type=int, default=0, help="FIDE rating.")
@click.option("--federation", default="", help="FIDE federation, 3 letters.")
@click.option("--title", default="", help="GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
@click.option("--fide-id", default="", help="FIDE id.")
@click.option("--sex", default="", help="m or w.")
@click.option("--birth", default="", metavar="YYYY-MM-DD", help="Birth date (or year).")
@click.option(
    "--in",
    "team",
    metavar="TEAM",
    help="A team tournament: the player's team (its name or number).",
)
@click.option("--board", type=int, help="His board in the team's order (default: after the last).")
@json_option
def register(
    file: str,
    name: str,
    rating: int,
    federation: str,
    title: str,
    fide_id: str,
    sex: str,
    birth: str,
    team: str | None,
    board: int | None,
    as_json: bool,
) -> None:
    """Register a player, NAME as "Lastname, Firstname". He takes his place in the initial
    order (rating, title, name: C.04.2 Article 2): the pairing numbers from his on move up
    by one. Registered after round k was paired, he is absent from rounds 1..k. In a team
    tournament he joins his team (--in TEAM) at a board of its order (--board)."""
    from mipair.desk.chess.registration import Entry
    from mipair.desk.chess.registration import register as add
    from mipair.desk.chess.store import change

    entry = Entry(name, rating, federation, title, fide_id, sex, birth)
    if team is not None or board is not None:
        from mipair.cli.chess.team import register_member

        register_member(file, entry, team, board, as_json)
        return

    def apply(before: ChessEvent) -> tuple[ChessEvent, tuple[ChessEvent, int]]:
        after, number = add(before, entry)
        return after, (after, number)

    event, number = change(file, apply)
    player = event.tournament.players[number]
    last = len(event.tournament.players)
    text = f"{number}: {player.name} registered" + (
        f" (the players after him are now {number + 1}-{last})" if number < last else ""
    )
    say(text, as_json, {"id": number, "name": player.name, "rating": player.rating or None})


@click.command("forbid")
@file_argument
@click.argument("players", nargs=-1, required=True)
@click.option("--round", "rounds", metavar="R-R", help="Only in these rounds (default: all).")
@json_option
def forbid(file: str, players: tuple[str, ...], rounds: str | None, as_json: bool) -> None:
    """These players may not meet (a prohibited pairing, TRF-2026 260); PLAYERS by pairing
    number or by the start of their name."""
    from mipair.cli.chess.common import round_list
    from mipair.desk.chess.attendance import forbid as prohibit
    from mipair.desk.chess.store import change

    def apply(event: ChessEvent) -> tuple[ChessEvent, tuple[list[int], int | None, int | None]]:
        ids = [event.player(p) for p in players]
        span = round_list(rounds) if rounds else []
        first, last = (min(span), max(span)) if span else (None, None)
        return prohibit(event, ids, first, last), (ids, first, last)

    ids, first, last = change(file, apply)
    where = f"rounds {first}-{last}" if first is not None else "every round"
    say(
        f"{', '.join(map(str, ids))} may not meet ({where})",
        as_json,
        {"players": ids, "first": first, "last": last},
    )
