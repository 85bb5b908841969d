"""The pages that show a tournament, the same for its directors and for its public link: where
the day stands, the players, a round's pairing (with the results so far), the standings, the
crosstable, a player's card.

Each is made from the desk's views (:mod:`mipair.desk.views`, one shape for every
game) by one template; a director's page adds its forms (the templates show them
only when ``shown.director``). A view the desk refuses (a round not paired, no
standings before the first round) is a page that says so, with the refusal's status.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request
from fastapi.responses import HTMLResponse

from mipair.desk.game import Desk, Files
from mipair.service.desk.auth import Signed
from mipair.service.desk_pages.frame import Failure, Shown, attempt, render


async def shown_view(
    request: Request,
    shown: Shown,
    signed: Signed | None,
    template: str,
    key: str,
    make: Callable[[Desk, Files], object],
    failure: Failure | None = None,
    status: int = 200,
    **context: object,
) -> HTMLResponse:
    """The page ``template`` showing ``make``'s view as ``key`` (the desk's refusal shown
    instead, when it refuses)."""
    found, refused = await attempt(shown.view(make))
    if refused is not None and failure is None:
        failure, status = refused, refused.status
    return render(
        request, template, signed, shown, status, failure=failure, **{key: found}, **context
    )


async def overview(
    request: Request,
    shown: Shown,
    signed: Signed | None,
    failure: Failure | None = None,
    status: int = 200,
    **context: object,
) -> HTMLResponse:
    """Where the day stands: the rounds, the players' count; for a director the forms to pair
    and undo, the downloads, the public link and the latest changes."""
    return render(
        request,
        "overview.html",
        signed,
        shown,
        status,
        failure=failure,
        game=shown.desk.describe(),
        **context,
    )


async def players_page(
    request: Request,
    shown: Shown,
    signed: Signed | None,
    failure: Failure | None = None,
    status: int = 200,
) -> HTMLResponse:
    """The players; in a team tournament also its teams (whom its attendance forms name)."""
    teams, _ = await attempt(shown.view(lambda desk, files: desk.teams(files)))
    return await shown_view(
        request,
        shown,
        signed,
        "players.html",
        "players",
        lambda desk, files: desk.players(files),
        failure,
        status,
        game=shown.desk.describe(),
        teams=teams,
    )


async def round_page(
    request: Request,
    shown: Shown,
    signed: Signed | None,
    number: int,
    failure: Failure | None = None,
    status: int = 200,
    **context: object,
) -> HTMLResponse:
    """A round's pairing with its results; for a director, a result field a board (the
    keyboard moves from board to board) and, for the round being played, a proposed
    pairing to hold against the system's (``why``)."""

    def made(desk: Desk, files: Files) -> dict[str, object]:
        pairing = desk.pairing(files, number)
        keys = [desk.result_key(board) for board in pairing["boards"]]
        return {**pairing, "keys": keys}

    return await shown_view(
        request,
        shown,
        signed,
        "round.html",
        "pairing",
        made,
        failure,
        status,
        number=number,
        game=shown.desk.describe(),
        **context,
    )


async def ranking_page(
    request: Request, shown: Shown, signed: Signed | None, after: int | None, crosstable: bool
) -> HTMLResponse:
    """The standings after a round (default: the last complete one), or the crosstable."""
    return await shown_view(
        request,
        shown,
        signed,
        "ranking.html",
        "table",
        lambda desk, files: desk.ranked(files, after, with_rounds=crosstable),
        with_rounds=crosstable,
    )


async def card_page(
    request: Request, shown: Shown, signed: Signed | None, player: str
) -> HTMLResponse:
    return await shown_view(
        request, shown, signed, "card.html", "card", lambda desk, files: desk.card(files, player)
    )
