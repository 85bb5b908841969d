"""The changes of an Othello day, each a :data:`~mipair.desk.papp.session.Change` (the event
after it, and the text that reports it), as ``mipair papp`` and the service's desk make them.

Each function takes what the arbiter typed and gives the change that
:func:`~mipair.desk.papp.session.change_event` applies under the event's lock;
what a change has to say besides its text (coupons not recorded, coupons
entered twice, namesakes) it adds to the lists it was given, filled anew each
time the change runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mipair.desk.papp.configuration import Configuration
from mipair.desk.papp.entries import Recorded, correct, current_round, record
from mipair.desk.papp.people import (
    known_players,
    new_players_file,
    new_record,
    registered_player,
    registered_players,
)
from mipair.desk.papp.random_results import random_results
from mipair.desk.papp.registration import add_to_file, same_name
from mipair.desk.papp.reports import standings_text
from mipair.desk.papp.roster import (
    change_country,
    clear_pairs,
    couple,
    decouple,
    delete,
    register,
    reinstate,
    withdraw,
)
from mipair.desk.papp.session import Change
from mipair.errors import InputError
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.event import Event
from mipair.formats.papp.figures import format_score
from mipair.systems.papp.pairing import apply_pairing
from mipair.systems.papp.planned import within_rounds
from mipair.systems.papp.presentation import describe_pairing, player_label
from mipair.systems.papp.system import PappState, pair_state


def paired(event: Event, details: bool, config: PappConfig, extra: bool) -> tuple[Event, str]:
    """The event with the next round paired (through the PAPP system), and the table; a
    round past the planned ones only when ``extra`` (the event then plans it)."""
    event = within_rounds(event, extra)
    pairing = pair_state(PappState(event, config))
    text = describe_pairing(event, config.penalties, pairing, details)
    return apply_pairing(event, pairing), text


def pairing(event_file: str | Path, config: PappConfig, details: bool, extra: bool) -> Change:
    """``papp pair``: the next round paired and saved."""

    def change(event: Event) -> tuple[Event, str]:
        after, text = paired(event, details, config, extra)
        return after, text + (f"(saved in {event_file})\n" if after != event else "")

    return change


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


def complete_notice(before: Event, after: Event, number: int) -> str:
    """PAPP's notice when the last coupon of a round is in: the round's new standings."""
    if before.round(number).complete or not after.round(number).complete:
        return ""
    return f"Round {number}: results complete.\n" + standings_text(after, number)


def coupons(
    entries: Sequence[str],
    round_no: int | None,
    draw: bool,
    relative: bool,
    bad: list[str],
    again: list[str],
) -> Change:
    """``papp result``: every good coupon recorded; the bad ones go to ``bad``, those entered
    again with the same score to ``again``."""

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
        text = "".join(f"{line}\n" for line in lines) + complete_notice(start, event, number)
        return event, text

    return change


def correction(
    round_no: int, black: str, black_discs: int, white: str, white_discs: int, relative: bool
) -> Change:
    """``papp correct``: a game of any round, its right Black and White and their discs."""

    def change(event: Event) -> tuple[Event, str]:
        first, second = registered_player(event, black), registered_player(event, white)
        after, outcome = correct(event, round_no, first, black_discs, second, white_discs)
        text = coupon(after, outcome, relative) + "\n"
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
        return after, text + complete_notice(event, after, outcome.round)

    return change


def roster(players: Sequence[str], leave: bool, for_good: bool = False) -> Change:
    """``papp withdraw`` (``delete``: for good) and ``papp return``; then who is out."""
    move = (delete if for_good else withdraw) if leave else reinstate

    def change(event: Event) -> tuple[Event, str]:
        after = move(event, registered_players(event, players))
        gone = ", ".join(player_label(after, p) for p in sorted(after.withdrawn))
        return after, f"Round {after.round_to_pair}: withdrawn: {gone or 'nobody'}\n"

    return change


def nationality(player: str, country: str) -> Change:
    """``papp country``: another nationality for the tournament."""

    def change(event: Event) -> tuple[Event, str]:
        pid = registered_player(event, player)
        old = event.country_of(pid)
        after = change_country(event, pid, country)
        return after, f"{player_label(after, pid)}: {old} -> {after.country_of(pid)}\n"

    return change


def check_registration(ids: Sequence[int], new_name: str | None) -> None:
    """Refuse a registration that names both players by number and a new player, or neither."""
    if bool(ids) == bool(new_name):
        raise InputError("give player numbers, or --new 'NAME, First name'")


def registration(
    event_file: str | Path,
    configuration: Configuration,
    players_file: str | None,
    ids: Sequence[int],
    new: tuple[str | None, str | None, int | None, int | None, bool],
    warnings: list[str],
) -> Change:
    """``papp register``: players of the player files by number, or a new player (``new``: the
    name, country, rating, number and force of ``--new``), added to ``nouveaux``; the
    namesakes already registered go to ``warnings``."""
    new_name, country, rating, number, force = new
    check_registration(ids, new_name)
    known, news = known_players(event_file, configuration, players_file)

    def change(event: Event) -> tuple[Event, str]:
        warnings.clear()
        if new_name:
            record, add = new_record(
                known, news, event, new_name, (country, rating, number, force), configuration
            )
            if add:
                add_to_file(new_players_file(event_file, configuration), record)
            records = [record]
        else:
            by_id = {r.id: r for r in known}
            missing = [str(i) for i in ids if i not in by_id]
            if missing:
                raise InputError(f"player(s) {', '.join(missing)} not in the player files")
            records = [by_id[i] for i in dict.fromkeys(ids)]
        lines = []
        for player in records:
            for twin in same_name(event.players, player.name, player.firstname):
                warnings.append(f"warning: {twin.full_name} ({twin.id}) is registered already")
            event = register(event, player)
            lines.append(
                f"Round {event.round_to_pair}: registered {player_label(event, player.id)}"
            )
            if player.comment:
                lines.append(f"  `{player.comment}")
        return event, "".join(f"{line}\n" for line in lines)

    return change


def by_hand(black: str, white: str) -> Change:
    """``papp couple``: BLACK with WHITE in the round to pair."""

    def change(event: Event) -> tuple[Event, str]:
        first, second = registered_player(event, black), registered_player(event, white)
        after = couple(event, first, second)
        return after, f"Round {after.round_to_pair}: {first} - {second} (by hand)\n"

    return change


def unpaired(player: str) -> Change:
    """``papp decouple``: a player's pairing in the round to pair undone."""

    def change(event: Event) -> tuple[Event, str]:
        pid = registered_player(event, player)
        after = decouple(event, pid)
        return after, f"Round {after.round_to_pair}: {pid} is not paired\n"

    return change


def no_pairs(event: Event) -> tuple[Event, str]:
    """``papp clear-pairs``: every pairing of the round to pair undone."""
    after = clear_pairs(event)
    return after, f"Round {after.round_to_pair}: no pairs\n"
