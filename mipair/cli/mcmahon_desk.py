"""The Go director's day without OpenGotha: ``mipair mcmahon new|register|absent|present|
confirm|result|unpair EVENT.xml ...`` (with ``pair --save``, ``pairing`` and ``standings``
of :mod:`mipair.cli.mcmahon`).

The OpenGotha XML file is the tournament's whole state and OpenGotha opens it
at any moment. Every command that changes it holds the file's lock for its
read-change-write and saves it atomically before printing anything
(:mod:`mipair.desk.mcmahon.store`); the changes themselves are in
:mod:`mipair.desk.mcmahon.event`.
"""

from __future__ import annotations

import json

import click

from mipair.errors import InputError


def _say(text: str, as_json: bool, data: dict) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else text)


json_option = click.option("--json", "as_json", is_flag=True, help="Print the change as JSON.")


def _rounds(text: str) -> list[int]:
    """``3``, ``3,4`` or ``2-4`` as round numbers."""
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise InputError(f"--round {text!r}: round numbers expected, e.g. 3 or 3,4 or 2-4")
        out += range(int(low), int(high or low) + 1)
    return out


@click.command("new")
@click.argument("event", type=click.Path(dir_okay=False))
@click.option("--name", required=True, help="The tournament's name.")
@click.option("--rounds", type=int, required=True, help="Number of rounds.")
@click.option("--swiss", is_flag=True, help="OpenGotha's Swiss preset (wins, no handicap).")
@click.option("--bar", help="McMahon bar (e.g. 3D; the preset's 4D by default).")
@click.option("--floor", help="McMahon floor (e.g. 20K).")
@click.option("--location", default="", help="Where it is played.")
@click.option("--director", default="", help="Who directs it.")
@click.option(
    "--date", "dates", default="", metavar="YYYY-MM-DD[,YYYY-MM-DD]", help="First and last day."
)
@json_option
def new(
    event: str,
    name: str,
    rounds: int,
    swiss: bool,
    bar: str | None,
    floor: str | None,
    location: str,
    director: str,
    dates: str,
    as_json: bool,
) -> None:
    """Create a tournament file (OpenGotha's McMahon or Swiss preset)."""
    from mipair.desk.mcmahon.event import Settings, new_tournament
    from mipair.desk.mcmahon.store import create

    begin, _, end = dates.partition(",")
    settings = Settings(
        name,
        rounds,
        "swiss" if swiss else "",
        "",
        location,
        director,
        begin,
        end,
        bar,
        floor,
    )
    create(event, new_tournament(settings))
    _say(
        f"{event}: {name}, {rounds} rounds",
        as_json,
        {"file": event, "name": name, "rounds": rounds},
    )


@click.command("register")
@click.argument("event", type=click.Path(dir_okay=False))
@click.argument("surname")
@click.argument("first_name")
@click.argument("rank")
@click.option("--rating", type=int, help="GoR (from the rank when not given).")
@click.option("--club", default="", help="Club (4 characters usual).")
@click.option("--country", default="", help="Country, two letters.")
@click.option("--egf-pin", default="", help="EGD PIN.")
@click.option(
    "--super", "super_group", type=int, default=0, help="McMahon points added (super group)."
)
@click.option(
    "--preliminary", is_flag=True, help="Preliminary registration: not paired until confirmed."
)
@json_option
def register(
    event: str,
    surname: str,
    first_name: str,
    rank: str,
    rating: int | None,
    club: str,
    country: str,
    egf_pin: str,
    super_group: int,
    preliminary: bool,
    as_json: bool,
) -> None:
    """Register a player (absent from the rounds already paired)."""
    from mipair.desk.mcmahon.event import Entry
    from mipair.desk.mcmahon.event import register as add_player
    from mipair.desk.mcmahon.store import changing

    entry = Entry(
        surname, first_name, rank, rating, club, country, egf_pin, super_group, preliminary
    )
    with changing(event) as tournament:
        player = add_player(tournament, entry)
    data = {
        "key": player.key,
        "name": player.full_name,
        "rank": player.rank_label,
        "rating": player.rating,
    }
    _say(f"{player.key}: {player.full_name} {player.rank_label} registered", as_json, data)


def _participation(plays: bool):
    verb = "plays" if plays else "is absent from"

    @click.argument("event", type=click.Path(dir_okay=False))
    @click.argument("keys", nargs=-1, required=True)
    @click.option("--round", "rounds", required=True, metavar="R[,R|R-R]", help="The round(s).")
    @json_option
    def command(event: str, keys: tuple[str, ...], rounds: str, as_json: bool) -> None:
        from mipair.desk.mcmahon.event import player_of, set_plays
        from mipair.desk.mcmahon.store import changing

        numbers = _rounds(rounds)
        with changing(event) as tournament:
            set_plays(tournament, keys, numbers, plays)
            named = [player_of(tournament, k).key for k in keys]
        text = "\n".join(f"{k} {verb} round {', '.join(map(str, numbers))}" for k in named)
        _say(text, as_json, {"players": named, "rounds": numbers, "plays": plays})

    command.__doc__ = (
        f"Mark players as {'playing' if plays else 'absent from'} rounds not yet paired."
    )
    return click.command("present" if plays else "absent")(command)


@click.command("confirm")
@click.argument("event", type=click.Path(dir_okay=False))
@click.argument("keys", nargs=-1, required=True)
@json_option
def confirm(event: str, keys: tuple[str, ...], as_json: bool) -> None:
    """Make preliminary registrations final (only final players are paired)."""
    from mipair.desk.mcmahon.event import confirm as make_final
    from mipair.desk.mcmahon.event import player_of
    from mipair.desk.mcmahon.store import changing

    with changing(event) as tournament:
        make_final(tournament, keys)
        named = [player_of(tournament, k).key for k in keys]
    _say("\n".join(f"{k} confirmed" for k in named), as_json, {"players": named})


@click.command("result")
@click.argument("event", type=click.Path(dir_okay=False))
@click.argument(
    "entries", nargs=-1, required=True, metavar="TABLE|KEY RESULT [TABLE|KEY RESULT]..."
)
@click.option("--round", "round_number", type=int, help="The round (default: the last paired).")
@json_option
def result(event: str, entries: tuple[str, ...], round_number: int | None, as_json: bool) -> None:
    """Enter or correct results: a table number (or a player's key) and its result, as many
    as wanted. RESULT is 1-0 (White won), 0-1, = (jigo), 1-1, 0-0 or ? (unknown); ! after it
    when decided by default (1-0!)."""
    from mipair.desk.mcmahon.event import enter_results
    from mipair.desk.mcmahon.store import changing
    from mipair.desk.mcmahon.views import result_text, results_report

    if len(entries) % 2:
        raise InputError(
            "a table (or a player's key) and a result expected, in pairs",
            file=event,
            field="result",
        )
    with changing(event) as tournament:
        r, changed = enter_results(tournament, round_number, zip(entries[::2], entries[1::2]))
    lines = []
    for game, before in changed:
        was = f" (was {result_text(before) or 'unknown'})" if before != "RESULT_UNKNOWN" else ""
        lines.append(
            f"round {r} table {game.table}: {game.white} - {game.black} {result_text(game.result)}{was}"
        )
    _say("\n".join(lines), as_json, results_report(r, changed))


@click.command("unpair")
@click.argument("event", type=click.Path(dir_okay=False))
@click.option("--round", "round_number", type=int, help="The round (default: the last paired).")
@click.option("--force", is_flag=True, help="Also when results are entered (they are lost).")
@json_option
def unpair(event: str, round_number: int | None, force: bool, as_json: bool) -> None:
    """Take the last round's pairing back (to change absences and pair it again)."""
    from mipair.desk.mcmahon.event import paired_rounds
    from mipair.desk.mcmahon.event import unpair as take_back
    from mipair.desk.mcmahon.store import changing

    with changing(event) as tournament:
        r = paired_rounds(tournament) if round_number is None else round_number
        removed = take_back(tournament, r, force)
    _say(f"round {r}: {removed} games taken back", as_json, {"round": r, "games": removed})


COMMANDS = [new, register, _participation(False), _participation(True), confirm, result, unpair]
