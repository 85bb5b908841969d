"""``papp result``, ``correct``, ``withdraw`` and ``return``: what happens at the arbiter's desk."""

from __future__ import annotations

import click

from mipair.cli.papp.common import commit, player_label
from mipair.desk.papp.entries import Recorded
from mipair.errors import InputError
from mipair.formats.papp.event import Event
from mipair.formats.papp.event_file import read_event


def coupon(event: Event, done: Recorded) -> str:
    """One recorded coupon, naming its round (and saying when it corrects a finished round)."""
    game, total = done.game, event.settings.total_discs
    score = "-" if game.black_discs is None else f"{game.black_discs}/{total - game.black_discs}"
    was = "" if done.replaced is None else f"{done.replaced}/{total - done.replaced}"
    if done.correction:
        head = f"Round {done.round}, correction (was {was or 'not entered'})"
    elif done.replaced is not None and done.replaced != game.black_discs:
        head = f"Round {done.round} (replaces {was})"
    else:
        head = f"Round {done.round}"
    return f"{head}: {player_label(event, game.black)} {score} {player_label(event, game.white)}"


@click.command(
    "result", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": True}
)
@click.option("--round", "round_no", type=int, help="The round (default: the round being played).")
@click.argument("event_file", metavar="EVENT")
@click.argument("entries", nargs=-1, required=True)
def result(event_file: str, entries: tuple[str, ...], round_no: int | None) -> None:
    """Record coupons: '145 40' (discs), '145+4', '145=', '145-6', '-145' or '145e' (erase).

    Every good coupon is recorded (and saved) even when another is bad; the bad
    ones are named on stderr and the exit code is 3.
    """
    from mipair.desk.papp.entries import record

    event = read_event(event_file)
    done: list[Recorded] = []
    bad: list[str] = []
    for entry in entries:
        try:
            event, outcome = record(event, entry, round_no)
            done.append(outcome)
        except InputError as exc:
            bad.append(f"'{entry}' not recorded: {exc.message}")
    if done:
        commit(event_file, event)
    for outcome in done:
        click.echo(coupon(event, outcome))
    if bad:
        raise InputError("; ".join(bad), file=event_file, field="result")


@click.command("correct")
@click.argument("event_file", metavar="EVENT")
@click.argument("round_no", metavar="ROUND", type=int)
@click.argument("black", type=int)
@click.argument("black_discs", type=int)
@click.argument("white", type=int)
@click.argument("white_discs", type=int)
def correct_cmd(
    event_file: str, round_no: int, black: int, black_discs: int, white: int, white_discs: int
) -> None:
    """Correct a game of any round: the right BLACK, his discs, the right WHITE, his discs."""
    from mipair.desk.papp.entries import correct

    event, outcome = correct(
        read_event(event_file), round_no, black, black_discs, white, white_discs
    )
    commit(event_file, event)
    click.echo(coupon(event, outcome))
    if outcome.round < event.paired_round:
        click.echo(
            f"Scores and tie-breaks recomputed; the pairing of round {event.paired_round} "
            "is left as it is (papp clear-pairs, then papp pair, to redo it)"
        )


def _players(event: Event, players: tuple[str, ...]) -> list[int]:
    """Player numbers; ``*`` for every registered player."""
    if players == ("*",):
        return event.ids
    try:
        return [int(p) for p in players]
    except ValueError:
        raise InputError("players are given by number, or '*' for everyone") from None


def _change_roster(
    event_file: str, players: tuple[str, ...], leave: bool, for_good: bool = False
) -> None:
    """Withdraw (``leave``), delete or bring back players, save, then list who is out."""
    from mipair.desk.papp.roster import delete, reinstate, withdraw

    event = read_event(event_file)
    change = (delete if for_good else withdraw) if leave else reinstate
    event = change(event, _players(event, players))
    commit(event_file, event)
    gone = ", ".join(player_label(event, p) for p in sorted(event.withdrawn))
    click.echo(f"Round {event.round_to_pair}: withdrawn: {gone or 'nobody'}")


@click.command("withdraw")
@click.argument("event_file", metavar="EVENT")
@click.argument("players", nargs=-1, required=True)
@click.option("--delete", "for_good", is_flag=True, help="Remove for good (never played only).")
def withdraw_cmd(event_file: str, players: tuple[str, ...], for_good: bool) -> None:
    """PLAYERS leave the tournament from the round to pair on ('*': everyone; PAPP's '-')."""
    _change_roster(event_file, players, leave=True, for_good=for_good)


@click.command("return")
@click.argument("event_file", metavar="EVENT")
@click.argument("players", nargs=-1, required=True)
def return_cmd(event_file: str, players: tuple[str, ...]) -> None:
    """PLAYERS come back from the round to pair on ('*': everyone; PAPP's '+')."""
    _change_roster(event_file, players, leave=False)
