"""``papp result``, ``correct``, ``withdraw``, ``return`` and ``country``: the arbiter's desk."""

from __future__ import annotations

import click

from mipair.cli.papp.common import apply, config_option, configure, player_label
from mipair.desk.papp.entries import Recorded
from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.formats.papp.figures import format_score


def coupon(event: Event, done: Recorded, relative: bool = False) -> str:
    """One recorded coupon, naming its round (and saying when it corrects a finished round)."""
    game, total = done.game, event.settings.total_discs
    score = "-" if game.black_discs is None else format_score(game.black_discs, total, relative)
    was = "" if done.replaced is None else format_score(done.replaced, total, relative)
    if done.correction:
        head = f"Round {done.round}, correction (was {was or 'not entered'})"
    elif done.replaced is not None and done.replaced != game.black_discs:
        head = f"Round {done.round} (replaces {was})"
    else:
        head = f"Round {done.round}"
    return f"{head}: {player_label(event, game.black)} {score} {player_label(event, game.white)}"


def _complete_notice(before: Event, after: Event, number: int) -> str:
    """PAPP's notice when the last coupon of a round is in: the round's new standings."""
    from mipair.desk.papp.reports import standings_text

    if before.round(number).complete or not after.round(number).complete:
        return ""
    return f"Round {number}: results complete.\n" + standings_text(after, number)


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
    from mipair.desk.papp.entries import current_round, record
    from mipair.desk.papp.random_results import random_results

    if not entries and not draw:
        raise InputError("give coupons ('145 40'...), or --random", field="result")
    configuration = configure(config_file, event_file)
    relative = configuration.config.relative_display
    bad: list[str] = []
    again: list[str] = []

    def change(event: Event) -> tuple[Event, str]:
        bad.clear()
        again.clear()
        start = event
        lines = []
        number = current_round(event) if round_no is None else round_no
        for entry in entries:
            try:
                event, outcome = record(event, entry, round_no)
            except InputError as exc:
                bad.append(f"'{entry}' not recorded: {exc.message}")
                continue
            lines.append(coupon(event, outcome, relative))
            if outcome.again:
                again.append(
                    f"warning: '{entry}': this coupon was entered already, with this score"
                )
        if draw:
            event, drawn = random_results(event, number)
            lines.append(f"Round {number}: {drawn} random results drawn")
        text = "".join(f"{line}\n" for line in lines) + _complete_notice(start, event, number)
        return event, text

    apply(event_file, configuration, change)
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
    from mipair.cli.papp.common import resolve_player
    from mipair.desk.papp.entries import correct

    configuration = configure(config_file, event_file)

    def change(event: Event) -> tuple[Event, str]:
        first, second = resolve_player(event, black), resolve_player(event, white)
        after, outcome = correct(event, round_no, first, black_discs, second, white_discs)
        text = coupon(after, outcome, configuration.config.relative_display) + "\n"
        if outcome.round < after.paired_round:
            text += (
                f"Scores and tie-breaks recomputed; the pairing of round {after.paired_round} "
                "is left as it is (papp clear-pairs, then papp pair, to redo it)\n"
            )
        if outcome.round < after.completed:
            text += (
                f"The files published for rounds {outcome.round}-{after.completed - 1} are kept "
                f"as published; round {after.completed}'s standings are published again\n"
            )
        return after, text + _complete_notice(event, after, outcome.round)

    apply(event_file, configuration, change)


def _players(event: Event, players: tuple[str, ...]) -> list[int]:
    """Players by number or name; ``*`` for every registered player."""
    from mipair.cli.papp.common import resolve_player

    if players == ("*",):
        return event.ids
    return [resolve_player(event, p) for p in players]


def _change_roster(
    event_file: str,
    players: tuple[str, ...],
    leave: bool,
    config_file: str | None,
    for_good: bool = False,
) -> None:
    """Withdraw (``leave``), delete or bring back players, save, then list who is out."""
    from mipair.desk.papp.roster import delete, reinstate, withdraw

    configuration = configure(config_file, event_file)
    move = (delete if for_good else withdraw) if leave else reinstate

    def change(event: Event) -> tuple[Event, str]:
        after = move(event, _players(event, players))
        gone = ", ".join(player_label(after, p) for p in sorted(after.withdrawn))
        return after, f"Round {after.round_to_pair}: withdrawn: {gone or 'nobody'}\n"

    apply(event_file, configuration, change)


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
    from mipair.cli.papp.common import resolve_player
    from mipair.desk.papp.roster import change_country

    configuration = configure(config_file, event_file)

    def change(event: Event) -> tuple[Event, str]:
        pid = resolve_player(event, player)
        old = event.country_of(pid)
        after = change_country(event, pid, country)
        return after, f"{player_label(after, pid)}: {old} -> {after.country_of(pid)}\n"

    apply(event_file, configuration, change)
