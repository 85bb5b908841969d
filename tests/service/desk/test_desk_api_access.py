"""Who may do what at the desk's API, and what it refuses, through a real ``mipair serve``.

* every director route answers 401 (the error shape, no data) signed out; 404 for another
  director's tournament (as one that does not exist) until it is shared; 403 for a change
  made with the cookie but without its CSRF token, and for the owner's own operations;
* the session cookie is HttpOnly and SameSite=Lax, Secure when configured; sign-out ends
  the session; sign-in is refused past the store's limit (429, Retry-After);
* the public routes read a tournament by its link signed out, and only read;
* a file that does not parse is refused with its located line and nothing is stored;
  results for a round or a board that does not exist are refused and nothing is saved.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import PASSWORD, Director, desk_server, filled
from tests.support.service_server import SCENARIOS, Server

OPEN_ROUTES = {"/v1/desk/games", "/v1/desk/sign-in", "/v1/desk/tokens"}
"""The desk's routes that take no session (the games' description, signing in)."""
UNSAFE = ("post", "put", "patch", "delete")
BODIES = {
    "/tournaments": {"game": "chess", "settings": {"name": "X", "rounds": 3}},
    "/attendance": {"players": ["1"], "rounds": [4], "status": "absent"},
    "/players": {"player": {"name": "Newman, Ann"}},
    "/teams": {"team": {"name": "Arles"}},
    "/rounds": {"options": {}},
    "/results": {"results": [{"board": 1, "result": "1-0"}]},
    "/unpair": {"force": False},
    "/restore": {"to": 1},
    "/shares": {"account": "carla"},
    "/why": {"pairs": ["1-2"]},
    "/withdrawals": {"players": ["1"]},
}
"""A valid body for each route that takes one (by the end of its path), with a revision."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with desk_server(tmp_path_factory.mktemp("desk"), accounts=("anna", "bruno", "carla")) as s:
        yield s


@pytest.fixture(scope="module")
def day(server: Server) -> Iterator[dict[str, Any]]:
    """anna's chess tournament with round 1 paired, and its public link."""
    anna = Director(server, "anna")
    cut = SCENARIOS / "chess" / "spring-open-round2.trf"
    tournament = anna.import_files({cut.name: cut.read_bytes()})
    anna.change(f"/v1/desk/tournaments/{tournament}/rounds", {"options": {"date": "2026-04-12"}})
    slug = anna.get(f"/v1/desk/tournaments/{tournament}")["tournament"]["slug"]
    yield {"anna": anna, "id": tournament, "slug": slug}
    anna.close()


def director_routes(server: Server) -> list[tuple[str, str]]:
    """(method, path) of every route of the desk that needs a session, from /openapi.json."""
    paths = httpx.get(f"{server.url}/openapi.json", timeout=30).json()["paths"]
    return [
        (method, path)
        for path, methods in sorted(paths.items())
        if path.startswith("/v1/desk/") and path not in OPEN_ROUTES
        for method in methods
    ]


def body_of(path: str) -> dict[str, Any]:
    ending = "/" + path.rsplit("/", 1)[1]
    return {"revision": 1, **BODIES.get(ending, {})}


def is_error(answer: httpx.Response, status: int, code: str | None = None) -> bool:
    body = answer.json()
    found = answer.status_code == status and set(body) == {"error"}
    return found and (code is None or body["error"]["code"] == code)


def test_every_director_route_is_401_signed_out(server: Server, day: dict[str, Any]) -> None:
    routes = director_routes(server)
    assert len(routes) > 25
    with httpx.Client(base_url=server.url, timeout=60) as anyone:
        for method, path in routes:
            answer = anyone.request(method, filled(path, day["id"]), json=body_of(path))
            assert is_error(answer, 401, "signed_out"), (method, path, answer.text)
            assert answer.headers["www-authenticate"].startswith("Bearer")
        forged = {"Authorization": "Bearer not-a-session", "Cookie": "mipair_session=forged"}
        answer = anyone.get(f"/v1/desk/tournaments/{day['id']}", headers=forged)
        assert is_error(answer, 401, "signed_out")


def test_another_director_finds_nothing_until_it_is_shared(
    server: Server, day: dict[str, Any]
) -> None:
    bruno = Director(server, "bruno", bearer=True)
    try:
        assert bruno.get("/v1/desk/tournaments") == {"tournaments": []}
        for method, path in director_routes(server):
            if "{tournament_id}" not in path:
                continue
            answer = bruno.ask(method, filled(path, day["id"]), json=body_of(path))
            assert is_error(answer, 404, "not_found"), (method, path, answer.text)
        missing = bruno.ask("GET", "/v1/desk/tournaments/99999")
        assert is_error(missing, 404, "not_found")  # told apart from anna's by nothing
        anna, base = day["anna"], f"/v1/desk/tournaments/{day['id']}"
        shared = anna.post(f"{base}/shares", {"account": "bruno"})
        assert shared.status_code == 200 and shared.json()["shared_with"] == ["bruno"]
        assert [t["id"] for t in bruno.get("/v1/desk/tournaments")["tournaments"]] == [day["id"]]
        assert bruno.get(f"{base}/rounds/3")["pairing"]["round"] == 3
        assert is_error(bruno.ask("DELETE", base), 403, "forbidden")  # the owner's
        assert is_error(bruno.post(f"{base}/shares", {"account": "carla"}), 403, "forbidden")
        unshared = anna.ask("DELETE", f"{base}/shares/bruno")
        assert unshared.status_code == 200 and unshared.json()["shared_with"] == []
        assert is_error(bruno.ask("GET", base), 404, "not_found")
    finally:
        bruno.close()


def test_a_change_with_the_cookie_needs_its_csrf_token(server: Server, day: dict[str, Any]) -> None:
    anna: Director = day["anna"]
    token = anna.headers.pop("X-CSRF-Token")
    try:
        for method, path in director_routes(server):
            if method not in UNSAFE:
                continue
            answer = anna.ask(method, filled(path, day["id"]), json=body_of(path))
            assert is_error(answer, 403, "csrf"), (method, path, answer.text)
        wrong = anna.ask("POST", "/v1/desk/sign-out", headers={"X-CSRF-Token": "x" + token})
        assert is_error(wrong, 403, "csrf")
    finally:
        anna.headers["X-CSRF-Token"] = token
    assert anna.get("/v1/desk/me")["csrf_token"] == token


def test_the_cookie_and_the_end_of_a_session(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        answer = client.post("/v1/desk/sign-in", json={"name": "carla", "password": PASSWORD})
        cookie = answer.headers["set-cookie"]
        assert re.search(r"(?i)\bhttponly\b", cookie) and re.search(r"(?i)samesite=lax", cookie)
        assert not re.search(r"(?i)\bsecure\b", cookie)  # auto: plain HTTP here
        csrf = answer.json()["csrf_token"]
        assert client.get("/v1/desk/me").json()["director"] == "carla"
        done = client.post("/v1/desk/sign-out", headers={"X-CSRF-Token": csrf})
        assert done.status_code == 200
        client.cookies.set("mipair_session", cookie.split(";")[0].split("=", 1)[1])
        assert is_error(client.get("/v1/desk/me"), 401, "signed_out")


def test_sign_in_is_refused_past_the_limit(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        for _ in range(10):
            wrong = client.post("/v1/desk/sign-in", json={"name": "carla", "password": "x" * 12})
            assert is_error(wrong, 401, "sign_in_refused")
        refused = client.post("/v1/desk/sign-in", json={"name": "carla", "password": PASSWORD})
        assert is_error(refused, 429, "too_many_attempts")
        assert int(refused.headers["retry-after"]) > 0


def test_the_public_link_reads_and_only_reads(server: Server, day: dict[str, Any]) -> None:
    link = f"{server.url}/v1/public/{day['slug']}"
    with httpx.Client(timeout=60) as anyone:
        for path in ("", "/players", "/players/2", "/rounds/3", "/standings", "/crosstable"):
            answer = anyone.get(link + path)
            assert answer.status_code == 200, (path, answer.text)
            assert "owner" not in answer.text and "anna" not in answer.text
        for method in UNSAFE:
            assert is_error(anyone.request(method, f"{link}/rounds/3"), 405)
        assert is_error(httpx.get(f"{server.url}/v1/public/not-a-link", timeout=60), 404)


def test_bad_input_is_refused_and_nothing_is_stored(
    server: Server, day: dict[str, Any], tmp_path: Path
) -> None:
    anna: Director = day["anna"]
    listed = anna.get("/v1/desk/tournaments")
    lines = (SCENARIOS / "chess" / "spring-open-round2.trf").read_bytes().split(b"\r\n")
    broken = b"\r\n".join(lines[:20] + [lines[20][:30] + b"x" + lines[20][31:]] + lines[21:])
    answer = anna.upload({"broken.trf": broken})
    assert is_error(answer, 422, "bad_input")
    assert re.match(r"broken\.trf:\d+: ", answer.json()["error"]["located"]), answer.text
    for name, data in (("club.xml", b"<Tournament><Players>"), ("sample.papp", b"papp-event 9\n")):
        answer = anna.upload({name: data})
        assert is_error(answer, 422, "bad_input") and answer.json()["error"]["located"].startswith(
            name
        )
    assert anna.get("/v1/desk/tournaments") == listed
    base = f"/v1/desk/tournaments/{day['id']}"
    revision = anna.get(base)["revision"]
    for path, board in ((f"{base}/rounds/9/results", 1), (f"{base}/rounds/3/results", 99)):
        answer = anna.post(
            path, {"revision": revision, "results": [{"board": board, "result": "1-0"}]}
        )
        assert is_error(answer, 422, "bad_input"), answer.text
    answer = anna.post(
        f"{base}/rounds/3/results",
        {
            "revision": revision,
            "results": [{"board": 1, "result": "1-0"}, {"board": 2, "result": "3-2"}],
        },
    )
    assert is_error(answer, 422, "bad_input")
    answer = anna.post(
        f"{base}/rounds/3/results",
        {"revision": revision + 5, "results": [{"board": 1, "result": "1-0"}]},
    )
    assert is_error(answer, 422, "bad_input")  # a revision that does not exist yet
    assert anna.get(base)["revision"] == revision
    assert anna.get(f"{base}/revisions")["revisions"][0]["revision"] == revision


def test_a_secure_cookie_when_asked(tmp_path: Path) -> None:
    with desk_server(tmp_path, accounts=("anna",), secure_cookies="always") as server:
        answer = httpx.post(
            f"{server.url}/v1/desk/sign-in", json={"name": "anna", "password": PASSWORD}, timeout=60
        )
        assert answer.status_code == 200
        assert re.search(r"(?i);\s*secure\b", answer.headers["set-cookie"])
