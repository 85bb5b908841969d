"""What every desk page shares: the templates, who is signed in, the form read, the tournament
shown, and a refusal as a message on the page.

* A director's page asks :func:`page_director`: without a valid session it
  raises :class:`SignInFirst`, answered by a redirect to the sign-in page
  (``next`` the page asked), never by data.
* A page's form is read with the service's size limit while it streams
  (:func:`page_form`) and, for a change, its ``csrf_token`` field is checked
  as the API checks the header (:func:`mipair.service.desk.auth.check_csrf`).
* :class:`Shown` is the tournament a page shows (a director's, by id; the
  public one, by its link): its desk, files, revision and summary, and where
  its pages are (``base``), so that one template serves both.
* :func:`attempt` runs a change or a read and turns what the store, a desk or
  the worker lanes refuse into a :class:`Failure` the page shows (a stale
  revision, a file that does not parse with its located line, no pairing).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qsl, quote

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from mipair import __version__
from mipair.desk.game import Desk, Files
from mipair.desk.games import desk_named
from mipair.errors import MipairError
from mipair.service.desk.answers import answer_of
from mipair.service.desk.auth import Signed, check_csrf, signed_in
from mipair.service.desk.storage import call
from mipair.service.desk.work import read
from mipair.service.jobs import safe_name
from mipair.service.limits import Refused, read_form, read_limited
from mipair.store.revisions import RevisionInfo
from mipair.store.sessions import csrf_token
from mipair.store.tournaments import TournamentInfo, public_tournament

T = TypeVar("T")
templates = Jinja2Templates(directory=str(Path(__file__).with_name("templates")))
FORM_FIELDS = 2_000
"""Fields a page's form may have (a round of a thousand boards, each a result)."""
FORM_FILES = 8
"""Files an import may send (a PAPP event: the event, its configuration, player files)."""
FORM_ROOM = 64_000
"""Bytes a form may add around its files (boundaries, the other fields)."""
SIGN_IN = "/desk/sign-in"


class SignInFirst(Exception):
    """A director's page asked without a valid session: answered by the sign-in page."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


async def sign_in_first(request: Request, exc: Exception) -> RedirectResponse:
    """The redirect to the sign-in page, coming back to the page asked (a GET's)."""
    assert isinstance(exc, SignInFirst)
    back = exc.path if request.method == "GET" else "/desk"
    return RedirectResponse(f"{SIGN_IN}?next={quote(back)}", status_code=303)


async def page_director(request: Request) -> Signed:
    """The signed-in director of a page, else :class:`SignInFirst`."""
    try:
        return await signed_in(request)
    except Refused:
        raise SignInFirst(request.url.path) from None


@dataclass(frozen=True)
class Form:
    """A page's form: its fields (the last value of each, and every value) and files."""

    pairs: list[tuple[str, str]]
    files: dict[str, bytes] = field(default_factory=dict)
    """The files chosen, by their names."""
    chosen: dict[str, bytes] = field(default_factory=dict)
    """The files chosen, by the field they were chosen in (the last of each)."""

    def get(self, name: str, default: str = "") -> str:
        found = [value for key, value in self.pairs if key == name]
        return found[-1] if found else default

    def every(self, name: str) -> list[str]:
        return [value for key, value in self.pairs if key == name and value]

    @property
    def revision(self) -> int:
        """The revision the page showed (0 when the form lost it: refused as stale)."""
        text = self.get("revision")
        return int(text) if text.isdigit() else 0


async def page_form(request: Request, signed: Signed | None) -> Form:
    """The form a page sent (multipart or urlencoded, within the service's size limit), its
    CSRF token checked when a director sent it (403 otherwise, as the API answers)."""
    limit = request.app.state.service.settings.max_bytes + FORM_ROOM
    kind = request.headers.get("content-type", "").lower()
    if kind.startswith("multipart/form-data"):
        parsed = await read_form(request, limit, FORM_FIELDS, FORM_FILES)
        pairs, files, chosen = [], {}, {}
        for key, value in parsed.multi_items():
            if isinstance(value, UploadFile):
                if value.filename:
                    files[safe_name(value.filename)] = chosen[key] = await value.read()
            else:
                pairs.append((key, value))
        form = Form(pairs, files, chosen)
    else:
        body = await read_limited(request, limit)
        text = body.decode("utf-8", errors="replace")
        form = Form(parse_qsl(text, keep_blank_values=True, max_num_fields=FORM_FIELDS))
    if signed is not None:
        check_csrf(request, signed, form.get("csrf_token"))
    return form


@dataclass(frozen=True)
class Failure:
    """A refusal as a page shows it: its status, code, message, located line, and for a
    stale revision the current one."""

    status: int
    code: str
    message: str
    located: str = ""
    current: int | None = None
    based_on: int | None = None

    @property
    def stale(self) -> bool:
        return self.code == "stale_revision"


def failure_of(exc: MipairError | Refused) -> Failure:
    answer = exc.answer if isinstance(exc, Refused) else answer_of(exc)
    found = answer.body.get("error")
    error: Mapping[str, object] = found if isinstance(found, Mapping) else {}
    revision, based_on = error.get("revision"), error.get("based_on")
    return Failure(
        answer.status,
        str(error.get("code", "")),
        str(error.get("message", "")),
        str(error.get("located", "")),
        revision if isinstance(revision, int) else None,
        based_on if isinstance(based_on, int) else None,
    )


async def attempt(work: Awaitable[T]) -> tuple[T | None, Failure | None]:
    """``work``'s result, or the refusal it met (raised by the store, a desk, the lanes)."""
    try:
        return await work, None
    except (MipairError, Refused) as exc:
        return None, failure_of(exc)


@dataclass(frozen=True)
class Shown:
    """The tournament a page shows: a director's (``info`` and ``latest`` given) or the public
    one; ``base`` is where its pages are."""

    desk: Desk
    files: Files
    name: str
    revision: int
    base: str
    summary: dict[str, object]
    info: TournamentInfo | None = None
    latest: RevisionInfo | None = None

    @property
    def director(self) -> bool:
        return self.info is not None

    @property
    def paired(self) -> list[int]:
        """The rounds paired so far (the completed ones and the round being played)."""
        last = self.summary.get("playing") or self.summary.get("completed") or 0
        return list(range(1, last + 1)) if isinstance(last, int) else []

    async def view(self, make: Callable[[Desk, Files], T]) -> T:
        """A view of the files (made in a thread)."""
        return await run_in_threadpool(make, self.desk, self.files)


class NotShown(Exception):
    """A tournament a director's page cannot show (another director's, or none: 404)."""

    def __init__(self, signed: Signed, failure: Failure) -> None:
        super().__init__(failure.message)
        self.signed, self.failure = signed, failure


async def not_shown(request: Request, exc: Exception) -> HTMLResponse:
    """The page saying so, with the refusal's status (never the tournament's data)."""
    assert isinstance(exc, NotShown)
    return render(request, "gone.html", exc.signed, None, exc.failure.status, failure=exc.failure)


async def directors_tournament(request: Request, signed: Signed, tournament_id: int) -> Shown:
    """A director's tournament as their pages show it (:class:`NotShown` for another's)."""
    current, failure = await attempt(read(request, signed, tournament_id))
    if current is None:
        assert failure is not None
        raise NotShown(signed, failure)
    summary = await run_in_threadpool(current.desk.summary, current.files)
    return Shown(
        current.desk,
        current.files,
        current.info.name,
        current.revision.number,
        f"/desk/tournaments/{tournament_id}",
        summary,
        current.info,
        current.revision,
    )


async def public_of(request: Request, slug: str) -> Shown:
    """The tournament at a public link (404 for an unknown link)."""
    found = await call(request, public_tournament, slug)
    desk = desk_named(found.game.value)
    files = found.document.as_dict()
    summary = await run_in_threadpool(desk.summary, files)
    return Shown(desk, files, found.name, found.revision, f"/public/{slug}", summary)


def extras(person: Mapping[str, object]) -> str:
    """What a game adds to a player's name (title, federation, rating; rank, club; country),
    as one short line."""
    shown = (str(v) for k, v in person.items() if k not in ("id", "name", "points", "bye") and v)
    return " · ".join(shown)


templates.env.filters["extras"] = extras


def render(
    request: Request,
    template: str,
    signed: Signed | None,
    shown: Shown | None = None,
    status: int = 200,
    **context: object,
) -> HTMLResponse:
    """The page ``template`` with what every page has: the director and their CSRF token,
    the tournament shown and its heading, the version."""
    common: dict[str, object] = {
        "version": __version__,
        "director": signed.director.name if signed else None,
        "csrf": csrf_token(signed.token) if signed and signed.by_cookie else "",
        "shown": shown,
        "heading": (shown.summary.get("heading") or {}) if shown else {},
    }
    return templates.TemplateResponse(request, template, {**common, **context}, status_code=status)


def see_other(path: str) -> RedirectResponse:
    """After a change: the page to read it on (a reload does not send the form again)."""
    return RedirectResponse(path, status_code=303)
