"""A director's tournament day in the browser: pair, enter and correct results, register,
withdraw, attendance, undo, why and explain.

Every change is the API's own (:func:`mipair.service.desk.work.change`: the
revision the page showed checked, the desk's change applied, the next revision
saved) sent by a plain HTML form with the session's CSRF token. After a change
the browser is sent to the page that shows it (a reload sends nothing again);
a refusal is shown on the page the form was on, as it is now: a stale revision
says that nothing was saved and shows the tournament as the other director
left it, a bad entry says which field, a round with no pairing says why
(``explain``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from mipair.desk.game import Changed, Desk, Files
from mipair.errors import InputError
from mipair.service.desk.auth import Signed
from mipair.service.desk.storage import call
from mipair.service.desk.work import change, lane_job, read, solved
from mipair.service.desk_pages.director import options_of_form
from mipair.service.desk_pages.frame import (
    Failure,
    Form,
    Shown,
    attempt,
    directors_tournament,
    failure_of,
    page_director,
    page_form,
    see_other,
)
from mipair.service.desk_pages.reading import (
    card_page,
    overview,
    players_page,
    ranking_page,
    round_page,
)
from mipair.store.revisions import history, undo

router = APIRouter(prefix="/desk/tournaments/{tournament_id}", include_in_schema=False)
RECENT = 8
"""Changes the overview lists (the API's revisions route gives the whole trail)."""


async def signed_tournament(request: Request, tournament_id: int) -> tuple[Signed, Shown]:
    signed = await page_director(request)
    return signed, await directors_tournament(request, signed, tournament_id)


async def overview_page(
    request: Request,
    signed: Signed,
    shown: Shown,
    failure: Failure | None = None,
    **context: object,
) -> HTMLResponse:
    """The director's overview, with the latest changes."""
    assert shown.info is not None
    recent = await call(request, history, signed.director, shown.info.id, None, RECENT)
    status = failure.status if failure else 200
    return await overview(request, shown, signed, failure, status, recent=recent, **context)


async def saved_or_shown(
    request: Request,
    signed: Signed,
    tournament_id: int,
    work: Awaitable[object],
    then: str,
    page: Callable[[Signed, Shown, Failure], Awaitable[Response]],
) -> Response:
    """After ``work`` (a change): the page ``then``; when it was refused, ``page`` with the
    refusal, showing the tournament as it is now."""
    _, failure = await attempt(work)
    if failure is None:
        return see_other(then)
    shown = await directors_tournament(request, signed, tournament_id)
    return await page(signed, shown, failure)


def applied(
    request: Request,
    signed: Signed,
    tournament_id: int,
    form: Form,
    apply: Callable[[Desk, Files], Changed],
) -> Awaitable[dict[str, object]]:
    """The change ``apply`` based on the revision the form's page showed."""
    return change(request, signed, tournament_id, form.revision, apply)


@router.get("", response_class=HTMLResponse)
async def tournament(tournament_id: int, request: Request) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    return await overview_page(request, signed, shown)


@router.post("/pair", response_class=HTMLResponse)
async def pair(tournament_id: int, request: Request) -> Response:
    """Pair the next round in the worker lanes (the pairing ``mipair solve`` and the game's
    ``pair`` give); no pairing: the overview says why (``explain``)."""
    signed, shown = await signed_tournament(request, tournament_id)
    form = await page_form(request, signed)
    options = options_of_form(form, shown.desk.pair_options)
    work = change(
        request,
        signed,
        tournament_id,
        form.revision,
        job=lambda current: lane_job("desk_pair", current, options),
    )
    _, failure = await attempt(work)
    if failure is None:
        paired = shown.summary.get("next")  # the round paired: the next of the revision read
        return see_other(f"{shown.base}/rounds/{paired}" if paired else shown.base)
    shown = await directors_tournament(request, signed, tournament_id)
    explained = None
    if failure.code == "no_pairing":
        explained, _ = await attempt(explanation(request, signed, tournament_id))
    return await overview_page(request, signed, shown, failure, explain=explained)


async def explanation(request: Request, signed: Signed, tournament_id: int) -> dict[str, object]:
    """Why the round to pair has no pairing (``mipair explain``), in the worker lanes."""
    current = await read(request, signed, tournament_id)
    seconds = request.app.state.service.settings.explain_seconds
    return await solved(request, lane_job("desk_explain", current, explain_seconds=seconds))


@router.get("/explain", response_class=HTMLResponse)
async def explain(tournament_id: int, request: Request) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    explained, failure = await attempt(explanation(request, signed, tournament_id))
    return await overview_page(request, signed, shown, failure, explain=explained)


@router.post("/undo", response_class=HTMLResponse)
async def undo_last(tournament_id: int, request: Request) -> Response:
    """Undo the latest change (a new revision: the trail keeps both)."""
    signed = await page_director(request)
    form = await page_form(request, signed)
    work = call(request, undo, signed.director, tournament_id, form.revision)
    return await saved_or_shown(
        request,
        signed,
        tournament_id,
        work,
        f"/desk/tournaments/{tournament_id}",
        lambda s, shown, failure: overview_page(request, s, shown, failure),
    )


@router.get("/players", response_class=HTMLResponse)
async def players(tournament_id: int, request: Request) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    return await players_page(request, shown, signed)


def players_again(request: Request) -> Callable[[Signed, Shown, Failure], Awaitable[Response]]:
    return lambda signed, shown, failure: players_page(
        request, shown, signed, failure, failure.status
    )


@router.post("/players", response_class=HTMLResponse)
async def register(tournament_id: int, request: Request) -> Response:
    """Register a player (late entries too), as the game's ``register`` does."""
    signed, shown = await signed_tournament(request, tournament_id)
    form = await page_form(request, signed)
    try:
        fields = options_of_form(form, shown.desk.register_options)
    except InputError as exc:
        return await players_page(request, shown, signed, failure_of(exc), 422)
    work = applied(request, signed, tournament_id, form, lambda d, f: d.register(f, fields))
    then = f"{shown.base}/players"
    return await saved_or_shown(request, signed, tournament_id, work, then, players_again(request))


@router.post("/teams", response_class=HTMLResponse)
async def register_team(tournament_id: int, request: Request) -> Response:
    """Register a team of a team tournament, as ``mipair chess team`` does."""
    signed, shown = await signed_tournament(request, tournament_id)
    form = await page_form(request, signed)
    fields = {"name": form.get("team_name")}
    work = applied(request, signed, tournament_id, form, lambda d, f: d.register_team(f, fields))
    then = f"{shown.base}/players"
    return await saved_or_shown(request, signed, tournament_id, work, then, players_again(request))


def rounds_of(text: str) -> list[int]:
    """Rounds typed as ``4, 5`` or ``4 5``."""
    try:
        return [int(part) for part in text.replace(",", " ").split()]
    except ValueError:
        raise InputError(f"round numbers, not {text!r:.40}", field="rounds") from None


@router.post("/withdrawals", response_class=HTMLResponse)
async def withdraw(tournament_id: int, request: Request) -> Response:
    """Players leave the tournament from a round (default: the next) on."""
    signed, shown = await signed_tournament(request, tournament_id)
    form = await page_form(request, signed)
    chosen, first = form.every("players"), form.get("first").strip()
    try:
        start = rounds_of(first)[0] if first else None
    except InputError as exc:
        return await players_page(request, shown, signed, failure_of(exc), 422)
    work = applied(request, signed, tournament_id, form, lambda d, f: d.withdraw(f, chosen, start))
    then = f"{shown.base}/players"
    return await saved_or_shown(request, signed, tournament_id, work, then, players_again(request))


@router.post("/attendance", response_class=HTMLResponse)
async def attendance(tournament_id: int, request: Request) -> Response:
    """Absences, byes asked for and returns in rounds not yet paired."""
    signed, shown = await signed_tournament(request, tournament_id)
    form = await page_form(request, signed)
    chosen, status = form.every("players"), form.get("status")
    try:
        rounds = rounds_of(form.get("rounds"))
    except InputError as exc:
        return await players_page(request, shown, signed, failure_of(exc), 422)
    work = applied(
        request, signed, tournament_id, form, lambda d, f: d.attendance(f, chosen, rounds, status)
    )
    then = f"{shown.base}/players"
    return await saved_or_shown(request, signed, tournament_id, work, then, players_again(request))


@router.get("/players/{player}", response_class=HTMLResponse)
async def card(tournament_id: int, player: str, request: Request) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    return await card_page(request, shown, signed, player)


@router.get("/rounds/{round_number}", response_class=HTMLResponse)
async def round_view(tournament_id: int, round_number: int, request: Request) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    return await round_page(request, shown, signed, round_number)


RESULT_FIELD = "result:"
"""A result field's name: this, then what names the board (:meth:`Desk.result_key`)."""


@router.post("/rounds/{round_number}/results", response_class=HTMLResponse)
async def results(tournament_id: int, round_number: int, request: Request) -> Response:
    """Enter or correct a round's results: every field typed in, one change."""
    signed = await page_director(request)
    form = await page_form(request, signed)
    entries = [
        (key.removeprefix(RESULT_FIELD), value.strip())
        for key, value in form.pairs
        if key.startswith(RESULT_FIELD) and value.strip()
    ]
    base = f"/desk/tournaments/{tournament_id}"

    def again(s: Signed, shown: Shown, failure: Failure) -> Awaitable[Response]:
        return round_page(request, shown, s, round_number, failure, failure.status)

    if not entries:
        shown = await directors_tournament(request, signed, tournament_id)
        return await again(signed, shown, failure_of(InputError("no result was typed")))
    work = applied(
        request, signed, tournament_id, form, lambda d, f: d.results(f, round_number, entries)
    )
    return await saved_or_shown(
        request, signed, tournament_id, work, f"{base}/rounds/{round_number}", again
    )


@router.post("/rounds/{round_number}/unpair", response_class=HTMLResponse)
async def unpair(tournament_id: int, round_number: int, request: Request) -> Response:
    """Take the round being played back (with its results when asked)."""
    signed = await page_director(request)
    form = await page_form(request, signed)
    force = bool(form.get("force"))
    work = applied(
        request, signed, tournament_id, form, lambda d, f: d.unpair(f, round_number, force)
    )
    return await saved_or_shown(
        request,
        signed,
        tournament_id,
        work,
        f"/desk/tournaments/{tournament_id}",
        lambda s, shown, failure: round_page(
            request, shown, s, round_number, failure, failure.status
        ),
    )


@router.post("/rounds/{round_number}/why", response_class=HTMLResponse)
async def why(tournament_id: int, round_number: int, request: Request) -> Response:
    """A proposed pairing of the round being played held against the system's, as ``mipair
    why --pair`` holds it."""
    signed = await page_director(request)
    form = await page_form(request, signed)
    proposed = [line.strip() for line in form.get("pairs").splitlines() if line.strip()]

    async def judged() -> dict[str, object]:
        current = await read(request, signed, tournament_id)
        return await solved(request, lane_job("desk_why", current, pairs=tuple(proposed)))

    answer, failure = await attempt(judged())
    shown = await directors_tournament(request, signed, tournament_id)
    status = failure.status if failure else 200
    return await round_page(
        request, shown, signed, round_number, failure, status, why=answer, proposed=proposed
    )


@router.get("/standings", response_class=HTMLResponse)
async def standings(tournament_id: int, request: Request, after: int | None = None) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    return await ranking_page(request, shown, signed, after, False)


@router.get("/crosstable", response_class=HTMLResponse)
async def crosstable(tournament_id: int, request: Request, after: int | None = None) -> Response:
    signed, shown = await signed_tournament(request, tournament_id)
    return await ranking_page(request, shown, signed, after, True)
