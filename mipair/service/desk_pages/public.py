"""The pages players and spectators read by a tournament's link, without signing in: where the
day stands, the players, a round's pairing and results, the standings, the crosstable, a
player's card. Only GET, no form: nothing here changes anything, and nothing tells who runs
the tournament or its history; an unknown link is 404.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from mipair.service.desk_pages.frame import Shown, attempt, public_of, render
from mipair.service.desk_pages.reading import (
    card_page,
    overview,
    players_page,
    ranking_page,
    round_page,
)

router = APIRouter(prefix="/public/{slug}", include_in_schema=False)


async def public_page(
    request: Request, slug: str, page: Callable[[Shown], Awaitable[HTMLResponse]]
) -> HTMLResponse:
    """``page`` of the tournament at ``slug``; an unknown link is a page saying so (404)."""
    shown, failure = await attempt(public_of(request, slug))
    if shown is None:
        assert failure is not None
        return render(request, "gone.html", None, None, failure.status, failure=failure)
    return await page(shown)


@router.get("", response_class=HTMLResponse)
async def summary(slug: str, request: Request) -> HTMLResponse:
    return await public_page(request, slug, lambda shown: overview(request, shown, None))


@router.get("/players", response_class=HTMLResponse)
async def players(slug: str, request: Request) -> HTMLResponse:
    return await public_page(request, slug, lambda shown: players_page(request, shown, None))


@router.get("/players/{player}", response_class=HTMLResponse)
async def card(slug: str, player: str, request: Request) -> HTMLResponse:
    return await public_page(request, slug, lambda shown: card_page(request, shown, None, player))


@router.get("/rounds/{round_number}", response_class=HTMLResponse)
async def pairing(slug: str, round_number: int, request: Request) -> HTMLResponse:
    return await public_page(
        request, slug, lambda shown: round_page(request, shown, None, round_number)
    )


@router.get("/standings", response_class=HTMLResponse)
async def standings(slug: str, request: Request, after: int | None = None) -> HTMLResponse:
    return await public_page(
        request, slug, lambda shown: ranking_page(request, shown, None, after, False)
    )


@router.get("/crosstable", response_class=HTMLResponse)
async def crosstable(slug: str, request: Request, after: int | None = None) -> HTMLResponse:
    return await public_page(
        request, slug, lambda shown: ranking_page(request, shown, None, after, True)
    )
