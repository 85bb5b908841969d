"""Signing in and out, and a director's tournaments: the list, a new one, an import.

* ``GET/POST /desk/sign-in``: the name and password checked by the store as
  the API checks them (argon2, the same limits: a page past them says when
  to try again); the session cookie set as the API sets it; then the page
  asked (``next``, a desk page only).
* ``POST /desk/sign-out``: the session ended (its CSRF token needed).
* ``GET /desk``: the director's tournaments and those shared with them, the
  forms to create one of each game and to import files (the game told from
  the file; a file that does not parse is shown with its located line and
  nothing is stored).
"""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from mipair.desk.game import Changed, Desk, Option
from mipair.desk.games import desk_for_files, desk_named, desks, game_names
from mipair.errors import InputError
from mipair.service.desk.auth import (
    Signed,
    clear_session_cookie,
    client_address,
    set_session_cookie,
    signed_in,
)
from mipair.service.desk.storage import call
from mipair.service.desk.work import stored
from mipair.service.desk_pages.frame import (
    Failure,
    Form,
    attempt,
    failure_of,
    page_director,
    page_form,
    render,
    see_other,
)
from mipair.service.limits import Refused
from mipair.store.sessions import SignedIn, close_session, open_session
from mipair.store.signin import sign_in
from mipair.store.tournaments import TournamentInfo, tournaments_of

router = APIRouter(include_in_schema=False)


def desk_page(path: str) -> str:
    """Where to go after signing in: ``path`` when it is a desk page, else the list (never
    another site)."""
    return path if path.startswith("/desk") and not path.startswith("//") else "/desk"


@router.get("/desk/sign-in", response_class=HTMLResponse)
async def sign_in_page(request: Request, next: str = "/desk") -> Response:
    """The sign-in form (a director already signed in goes on to the page asked)."""
    try:
        await signed_in(request)
        return see_other(desk_page(next))
    except Refused:
        return render(request, "sign_in.html", None, back=desk_page(next))


@router.post("/desk/sign-in", response_class=HTMLResponse)
async def sign_in_form(request: Request) -> Response:
    form = await page_form(request, None)
    back = desk_page(form.get("next", "/desk"))

    async def opened() -> SignedIn:
        director = await call(
            request, sign_in, form.get("name"), form.get("password"), client_address(request)
        )
        return await call(request, open_session, director)

    session, failure = await attempt(opened())
    if failure is not None or session is None:
        status = failure.status if failure else 401
        return render(request, "sign_in.html", None, None, status, back=back, failure=failure)
    response = see_other(back)
    set_session_cookie(request, response, session.token, session.expires_at)
    return response


@router.post("/desk/sign-out")
async def sign_out(request: Request) -> Response:
    signed = await page_director(request)
    await page_form(request, signed)
    await call(request, close_session, signed.token)
    response = see_other("/desk/sign-in")
    clear_session_cookie(response)
    return response


async def list_page(
    request: Request, signed: Signed, failure: Failure | None = None, status: int = 200
) -> Response:
    found = await call(request, tournaments_of, signed.director)
    games = [desk.describe() for desk in desks()]
    return render(
        request, "list.html", signed, None, status, tournaments=found, games=games, failure=failure
    )


@router.get("/desk", response_class=HTMLResponse)
async def tournament_list(request: Request) -> Response:
    """The director's tournaments, and the forms to create or import one."""
    return await list_page(request, await page_director(request))


def options_of_form(form: Form, spec: Sequence[Option]) -> dict[str, object]:
    """The options a form gives, typed as ``spec`` says (a number that is not one is bad
    input naming its field; an empty field is not given)."""
    given: dict[str, object] = {}
    for option in spec:
        text = form.get(option.name).strip()
        if option.file:
            if option.name in form.chosen:
                given[option.name] = form.chosen[option.name].decode("utf-8", errors="replace")
        elif option.kind is bool:
            if text:
                given[option.name] = True
        elif option.kind is list:
            lines = [line.strip() for line in form.get(option.name).splitlines() if line.strip()]
            if lines:
                given[option.name] = lines
        elif text and option.kind is int:
            try:
                given[option.name] = int(text)
            except ValueError:
                raise InputError(f"a whole number, not {text!r:.40}", field=option.name) from None
        elif text:
            given[option.name] = text
    return given


@router.get("/desk/new", response_class=HTMLResponse)
async def new_page(request: Request, game: str = "") -> Response:
    """The form of a new tournament of ``game``, from its desk's ``new`` options."""
    signed = await page_director(request)
    try:
        desk = desk_named(game)
    except InputError as exc:
        return await list_page(request, signed, failure_of(exc), 422)
    return render(request, "new.html", signed, None, game=desk.describe(), values={})


@router.post("/desk/new", response_class=HTMLResponse)
async def new_tournament(request: Request) -> Response:
    signed = await page_director(request)
    form = await page_form(request, signed)

    async def made() -> TournamentInfo:
        desk = desk_named(form.get("game"))
        changed = await run_in_threadpool(desk.create, options_of_form(form, desk.create_options))
        info, _ = await stored(request, signed, desk, changed)
        return info

    answer, failure = await attempt(made())
    if failure is not None or answer is None:
        if form.get("game") not in game_names():
            return await list_page(request, signed, failure, 422)
        game = desk_named(form.get("game")).describe()
        values = dict(form.pairs)
        return render(
            request, "new.html", signed, None, 422, game=game, values=values, failure=failure
        )
    return see_other(f"/desk/tournaments/{answer.id}")


@router.post("/desk/import", response_class=HTMLResponse)
async def import_files(request: Request) -> Response:
    """A tournament from its files, the game told from the file (nothing stored when a file
    does not parse: the list shows its located line)."""
    signed = await page_director(request)
    form = await page_form(request, signed)

    async def imported() -> TournamentInfo:
        def read_files() -> tuple[Desk, Changed]:
            desk = desk_for_files(form.files)
            return desk, desk.imported(form.files)

        desk, changed = await run_in_threadpool(read_files)
        info, _ = await stored(request, signed, desk, changed)
        return info

    answer, failure = await attempt(imported())
    if failure is not None or answer is None:
        return await list_page(request, signed, failure, failure.status if failure else 422)
    return see_other(f"/desk/tournaments/{answer.id}")
