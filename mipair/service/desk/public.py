"""What players and spectators read by a tournament's public link, without signing in.

``/v1/public/{slug}/...``: the tournament's name and where its day stands, a
round's pairing, the standings, the crosstable, the players and a player's
card, of its current revision. Only GET: nothing here changes anything, and
nothing tells who runs the tournament or its history. An unknown link is 404.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool

from mipair.desk.game import Desk, Files
from mipair.desk.games import desk_named
from mipair.service.desk.storage import call
from mipair.service.docs import error_responses
from mipair.store.tournaments import public_tournament

router = APIRouter(prefix="/v1/public/{slug}", tags=["desk: public"])
ERRORS = error_responses(404, 422, 503)
After = Annotated[int | None, Query(description="After this round (default: the last complete).")]


async def public_view(
    request: Request, slug: str, key: str, make: Callable[[Desk, Files], object]
) -> dict[str, object]:
    """``{"name", "game", "revision", key: make(desk, files)}`` of the tournament at ``slug``."""
    found = await call(request, public_tournament, slug)
    desk = desk_named(found.game.value)
    shown = await run_in_threadpool(make, desk, found.document.as_dict())
    return {"name": found.name, "game": found.game.value, "revision": found.revision, key: shown}


@router.get("", responses=ERRORS)
async def summary(slug: str, request: Request) -> dict[str, object]:
    """The tournament's name and where its day stands."""
    return await public_view(request, slug, "summary", lambda d, f: d.summary(f))


@router.get("/players", responses=ERRORS)
async def players(slug: str, request: Request) -> dict[str, object]:
    """The registered players."""
    return await public_view(request, slug, "players", lambda d, f: d.players(f))


@router.get("/players/{player}", responses=ERRORS)
async def card(slug: str, player: str, request: Request) -> dict[str, object]:
    """A player's card (by the id the views give)."""
    return await public_view(request, slug, "card", lambda d, f: d.card(f, player))


@router.get("/rounds/{round_number}", responses=ERRORS)
async def pairing(slug: str, round_number: int, request: Request) -> dict[str, object]:
    """A round's pairing with the results so far."""
    return await public_view(request, slug, "pairing", lambda d, f: d.pairing(f, round_number))


@router.get("/standings", responses=ERRORS)
async def standings(slug: str, request: Request, after: After = None) -> dict[str, object]:
    """The standings."""
    return await public_view(request, slug, "standings", lambda d, f: d.standings(f, after))


@router.get("/crosstable", responses=ERRORS)
async def crosstable(slug: str, request: Request, after: After = None) -> dict[str, object]:
    """The crosstable."""
    return await public_view(request, slug, "crosstable", lambda d, f: d.crosstable(f, after))
