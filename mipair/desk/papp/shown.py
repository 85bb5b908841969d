"""An Othello event in the desks' views (:mod:`mipair.desk.views`): a round's pairing (Black
first, the score from Black's side as PAPP writes it, Bip as the bye), the standings and
crosstable of PAPP's L and W (points, the tie-break, discs, Buchholz), a player's card."""

from __future__ import annotations

from mipair.desk import views
from mipair.desk.papp.people import registered_player
from mipair.desk.papp.reports import crosstable_cell, score_text
from mipair.errors import InputError
from mipair.formats.papp.event import Event, game_points
from mipair.systems.papp.scoring import (
    format_points,
    format_tiebreak,
    ranks,
    standings,
    tiebreak_name,
)


def person(event: Event, pid: int) -> dict[str, object]:
    """A player by his number, with his country and rating."""
    record = event.player(pid)
    return views.person(pid, record.full_name, country=event.country_of(pid), rating=record.rating)


def pairing(event: Event, round_number: int | None) -> views.Pairing:
    """A paired round (default: the latest) with the scores entered so far."""
    number = event.paired_round if round_number is None else round_number
    if not 1 <= number <= event.paired_round or not event.round(number).paired:
        raise InputError(f"round {number} is not paired", field="round")
    rnd = event.round(number)
    black, white = event.settings.colours
    boards = [
        views.board(
            k,
            person(event, g.black),
            person(event, g.white),
            "" if g.black_discs is None else score_text(event, g),
            by_hand=g.by_hand,
        )
        for k, g in enumerate(rnd.games, 1)
    ]
    present = set(event.present(number))
    return views.pairing(
        number,
        rnd.complete,
        boards,
        bye=None if rnd.bip is None else person(event, rnd.bip),
        absent=[person(event, p) for p in event.ids if p not in present],
        columns=views.columns("Table", black, white, white="second"),
    )


def ranked(event: Event, after: int | None, with_rounds: bool) -> views.Standings:
    """The standings after a complete round (default: the last), as PAPP's L, with each
    round's cell of PAPP's W when ``with_rounds``."""
    rnd = event.completed if after is None else after
    if not 0 <= rnd <= event.completed:
        raise InputError(f"round {rnd} has no complete results", field="after")
    shown = event if after is None else event.as_of(rnd)
    lines = standings(shown, rnd)
    rank = ranks(lines)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    rows = [
        views.row(
            rank[ln.id],
            person(shown, ln.id) | {"present": ln.present},
            format_points(ln.points),
            [format_tiebreak(ln.tiebreak), str(ln.discs), format_points(ln.buchholz)],
            rounds=[crosstable_cell(shown, r, ln.id, line_of).strip() for r in range(1, rnd + 1)]
            if with_rounds
            else None,
        )
        for ln in lines
    ]
    return views.standings(rnd, [tiebreak_name(event), "discs", "Buchholz"], rows)


def card(event: Event, player: str) -> dict[str, object]:
    """A player's card: each round's colour, score and opponent, his rank and points."""
    pid = registered_player(event, player)
    total = event.settings.total_discs
    played = []
    for rnd in event.rounds:
        game = rnd.game_of(pid)
        if rnd.bip == pid:
            own = total - event.settings.bip_discs
            played.append(views.game(rnd.number, None, None, _sign(own, total), f"{own}"))
        elif game is not None:
            colour = "b" if game.black == pid else "w"
            opponent = person(event, game.opponent(pid))
            if game.played:
                own = game.discs_of(pid, total)
                score = f"{own}/{total - own}"
                played.append(views.game(rnd.number, opponent, colour, _sign(own, total), score))
            else:
                played.append(views.game(rnd.number, opponent, colour, ""))
    row = next(
        (r for r in ranked(event, None, False)["rows"] if r["player"]["id"] == str(pid)), None
    )
    rank = None if row is None else row["rank"]
    return views.card(person(event, pid), rank, "" if row is None else row["points"], played)


def _sign(own: int, total: int) -> str:
    return "-=+"[game_points(own, total - own)]
