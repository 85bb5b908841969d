"""Who may read and change what, in the chromium_browser: a player reads the public pages by the
tournament's link (the director's tables, no form, nothing about who runs it), and every
director's page and API route refuses them (a page: the sign-in page; the API: 401); a change
sent with a director's cookie but without the page's CSRF token is refused (403); a second
director neither sees nor changes the first's tournament (404). Nothing refused changes
anything. Every route is taken from the application's own route table, so a new one is
checked as soon as it exists.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from mipair.service.app import create_app
from tests.support.desk_browser import DeskPage, besides
from tests.support.desk_client import PASSWORD, filled
from tests.support.service_server import SCENARIOS, Server

CUT = SCENARIOS / "chess" / "spring-open-round2.trf"
OPEN_ROUTES = {"/desk/sign-in", "/v1/desk/sign-in", "/v1/desk/tokens", "/v1/desk/games"}
"""The director's side routes anyone may ask: signing in, and what each game takes."""
PUBLIC_PAGES = ("", "/players", "/players/1", "/rounds/3", "/standings", "/crosstable")


def routes_of(routes: list[Any]) -> Iterator[Any]:
    """Every route, those of included routers too (each included with no prefix of its own:
    its routes' paths are whole)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        yield from routes_of(included.routes) if included is not None else [route]


def directors_routes() -> list[tuple[str, str]]:
    """Every (method, path) of the director's pages and API, from the application's routes."""
    found = []
    for route in routes_of(create_app().routes):
        path = getattr(route, "path", "")
        if not path.startswith(("/desk", "/v1/desk")) or path in OPEN_ROUTES:
            continue
        for method in sorted(getattr(route, "methods", ())):
            if method != "HEAD":
                found.append((method, path))
    return found


@pytest.fixture(scope="module")
def day(chromium_browser: object, desk_pages: Server) -> Iterator[tuple[DeskPage, int, str]]:
    """anna's window on a chess tournament with round 3 paired and a result in: the window,
    the tournament's id and its public link."""
    anna = DeskPage(chromium_browser, desk_pages)
    anna.sign_in("anna")
    overview = anna.import_files(CUT)
    anna.pair(date="2026-04-12")
    anna.type_results(["1-0"] * len(anna.boards()))
    anna.open(overview)
    link = anna.page.get_attribute("#public-link", "href")
    assert link is not None and link.startswith("/public/")
    yield anna, int(overview.rsplit("/", 1)[1]), link
    anna.close()


def revision_of(anna: DeskPage, tournament: int) -> int:
    anna.open(f"/desk/tournaments/{tournament}")
    return int(anna.page.inner_text("#revision"))


def test_a_player_reads_the_public_pages(chromium_browser: object, desk_pages: Server, day) -> None:
    anna, tournament, link = day
    player = DeskPage(chromium_browser, desk_pages)
    for page in PUBLIC_PAGES:
        player.open(link + page)
        assert player.path == link + page
        assert player.page.inner_text("#tournament") == "Spring Open"
        assert player.page.locator("form, input, textarea, select").count() == 0
        assert "anna" not in player.page.content()
    player.open(link + "/standings")
    public = player.ranking()
    anna.open(f"/desk/tournaments/{tournament}/standings")
    assert public == anna.ranking() and len(public) == 12
    player.open(link + "/rounds/3")
    assert [b.result for b in player.boards()] == ["1-0"] * len(player.boards())
    player.open(link + "/players/1")
    assert player.page.inner_text("#player").startswith("Kowalski, Adam")
    assert len(player.table("#card")) == 3
    player.open("/public/not-a-link")
    assert "no tournament at this link" in player.failure()
    assert besides(player.close(), 404) == []


def test_every_directors_route_refuses_a_player(
    chromium_browser: object, desk_pages: Server, day
) -> None:
    anna, tournament, _ = day
    before = revision_of(anna, tournament)
    player = DeskPage(chromium_browser, desk_pages)
    routes = directors_routes()
    assert len(routes) > 30
    for method, route in routes:
        path = filled(route, tournament)
        if method == "GET" and not route.startswith("/v1/"):
            player.open(path)  # a page: to the sign-in page, nothing of the tournament
            assert player.path.startswith("/desk/sign-in?next="), path
            assert "Spring Open" not in player.page.content()
            continue
        answer = player.page.request.fetch(
            desk_pages.url + path, method=method, data={}, max_redirects=0
        )
        if route.startswith("/v1/"):
            assert answer.status == 401, (method, path, answer.text())
            assert answer.json()["error"]["code"] == "signed_out"
        else:
            assert answer.status == 303, (method, path)
            assert answer.headers["location"].startswith("/desk/sign-in"), path
    assert revision_of(anna, tournament) == before
    assert besides(player.close(), 401) == []


def test_a_change_without_the_pages_token_is_refused(day) -> None:
    """What another site's form would send with anna's cookie: 403, nothing changed."""
    anna, tournament, _ = day
    before = revision_of(anna, tournament)
    for method, route in directors_routes():
        if method == "GET" or route == "/desk/sign-out":
            continue
        path = filled(route, tournament)
        answer = anna.page.request.fetch(
            anna.server.url + path,
            method=method,
            form={"revision": str(before), "result:1": "0-1", "name": "Mallory, M"},
            max_redirects=0,
        )
        assert answer.status == 403, (method, path, answer.status)
        assert answer.json()["error"]["code"] == "csrf"
    assert revision_of(anna, tournament) == before


def test_a_second_director_cannot_see_the_first_ones(
    chromium_browser: object, desk_pages: Server, day
) -> None:
    anna, tournament, _ = day
    before = revision_of(anna, tournament)
    bruno = DeskPage(chromium_browser, desk_pages)
    bruno.sign_in("bruno")
    assert "Spring Open" not in bruno.page.content()
    for page in ("", "/players", "/rounds/3", "/standings", "/crosstable", "/players/1"):
        bruno.open(f"/desk/tournaments/{tournament}{page}")
        assert "Spring Open" not in bruno.page.content()
        assert "no tournament" in bruno.failure()
    api = bruno.page.request.get(f"{desk_pages.url}/v1/desk/tournaments/{tournament}")
    assert api.status == 404
    # his own page's token, sent to anna's tournament: not found, nothing changed
    bruno.open("/desk")
    token = bruno.page.get_attribute("input[name=csrf_token]", "value")
    answer = bruno.page.request.post(
        f"{desk_pages.url}/desk/tournaments/{tournament}/rounds/3/results",
        form={"csrf_token": token or "", "revision": str(before), "result:1": "0-1"},
        max_redirects=0,
    )
    assert answer.status == 404 and "Spring Open" not in answer.text()
    assert revision_of(anna, tournament) == before
    assert besides(bruno.close(), 404) == []


def test_signing_in_and_out(chromium_browser: object, desk_pages: Server, day) -> None:
    """A wrong password is refused on the sign-in page (nothing signed in); signing in goes
    back to the page asked; signing out ends the session (its pages go to sign-in again)."""
    _, tournament, _ = day
    asked = f"/desk/tournaments/{tournament}/standings"
    window = DeskPage(chromium_browser, desk_pages)
    window.open(asked)
    assert window.path == f"/desk/sign-in?next={asked}"
    window.page.fill("#name", "anna")
    window.page.fill("#password", "not her password")
    with window.page.expect_navigation():
        window.page.click("#submit")
    assert window.path == "/desk/sign-in" and window.failure()
    assert not window.page.context.cookies()
    window.open(asked)
    window.page.fill("#name", "anna")
    window.page.fill("#password", PASSWORD)
    with window.page.expect_navigation():
        window.page.click("#submit")
    assert window.path == asked
    cookie = next(c for c in window.page.context.cookies() if c["name"] == "mipair_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    with window.page.expect_navigation():
        window.page.click("#sign-out")
    assert window.path == "/desk/sign-in"
    window.open("/desk")
    assert window.path.startswith("/desk/sign-in")
    answer = window.page.request.get(f"{desk_pages.url}/v1/desk/tournaments")
    assert answer.status == 401
    assert besides(window.close(), 401) == []
