"""``papp result``, ``correct``, ``withdraw``, ``return`` and ``country``: the arbiter's desk."""

from __future__ import annotations

import click

from mipair.cli.papp.common import apply, config_option, configure
from mipair.errors import InputError


@click.command(
    "result", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": True}
)
@click.option("--round", "round_no", type=int, help="The round (default: the round being played).")
@click.option(
    "--random",
    "draw",
    is_flag=True,
    help="Testing (PAPP's '?'): random results, from the ratings, for every game without one.",
)
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("entries", nargs=-1)
def result(
    event_file: str,
    entries: tuple[str, ...],
    round_no: int | None,
    draw: bool,
    config_file: str | None,
) -> None:
    """Record coupons: '145 40' (discs), '145+4', '145=', '145-6', '-145' or '145e' (erase);
    the player by number or by the start of his name ('laz 40', 'poi35', '-laz').

    Every good coupon is recorded (and saved) even when another is bad; the bad
    ones are named on stderr and the exit code is 3. A coupon entered again
    with the same score is recorded once and said on stderr.
    """
    from mipair.desk.papp.changes import coupons

    if not entries and not draw:
        raise InputError("give coupons ('145 40'...), or --random", field="result")
    configuration = configure(config_file, event_file)
    relative = configuration.config.relative_display
    bad: list[str] = []
    again: list[str] = []
    apply(event_file, configuration, coupons(entries, round_no, draw, relative, bad, again))
    for warning in again:
        click.echo(warning, err=True)
    if bad:
        raise InputError("; ".join(bad), file=event_file, field="result")


@click.command("correct")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("round_no", metavar="ROUND", type=int)
@click.argument("black")
@click.argument("black_discs", type=int)
@click.argument("white")
@click.argument("white_discs", type=int)
def correct_cmd(
    event_file: str,
    round_no: int,
    black: str,
    black_discs: int,
    white: str,
    white_discs: int,
    config_file: str | None,
) -> None:
    """Correct a game of any round: the right BLACK, his discs, the right WHITE, his discs
    (players by number or by the start of their name)."""
    from mipair.desk.papp.changes import correction

    configuration = configure(config_file, event_file)
    relative = configuration.config.relative_display
    change = correction(round_no, black, black_discs, white, white_discs, relative)
    apply(event_file, configuration, change)


def _change_roster(
    event_file: str,
    players: tuple[str, ...],
    leave: bool,
    config_file: str | None,
    for_good: bool = False,
) -> None:
    """Withdraw (``leave``), delete or bring back players, save, then list who is out."""
    from mipair.desk.papp.changes import roster

    apply(event_file, configure(config_file, event_file), roster(players, leave, for_good))


@click.command("withdraw")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("players", nargs=-1, required=True)
@click.option("--delete", "for_good", is_flag=True, help="Remove for good (never played only).")
def withdraw_cmd(
    event_file: str, players: tuple[str, ...], for_good: bool, config_file: str | None
) -> None:
    """PLAYERS leave the tournament from the round to pair on ('*': everyone; PAPP's '-')."""
    _change_roster(event_file, players, True, config_file, for_good)


@click.command("return")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("players", nargs=-1, required=True)
def return_cmd(event_file: str, players: tuple[str, ...], config_file: str | None) -> None:
    """PLAYERS come back from the round to pair on ('*': everyone; PAPP's '+')."""
    _change_roster(event_file, players, False, config_file)


@click.command("country")
@config_option
@click.argument("event_file", metavar="EVENT")
@click.argument("player")
@click.argument("country")
def country_cmd(event_file: str, player: str, country: str, config_file: str | None) -> None:
    """Give PLAYER another nationality for this tournament (PAPP's 'N'), e.g. a team 'USA2'."""
    from mipair.desk.papp.changes import nationality

    apply(event_file, configure(config_file, event_file), nationality(player, country))
