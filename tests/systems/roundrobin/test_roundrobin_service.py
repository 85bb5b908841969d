"""The round robin through a real service (``mipair serve`` on 127.0.0.1): every endpoint and
the page, each answer held against the installed command on the same file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("httpx", reason="httpx is not installed")

from tests.support.installed_command import mipair
from tests.support.service_server import SCENARIOS, Server, running_server

ROUND_ROBIN = SCENARIOS / "round-robin"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(workers=1, queue=8) as running:
        yield running


def post(server: Server, endpoint: str, path: Path, **params: object):
    with server.client() as client:
        return client.post(f"/v1/{endpoint}", params=params, content=path.read_bytes())


@pytest.mark.parametrize("named", [{}, {"system": "round-robin"}])
def test_pair_is_the_commands(server: Server, named: dict[str, str]) -> None:
    club = ROUND_ROBIN / "club.trf"
    answer = post(server, "pair", club, **named)
    assert answer.status_code == 200
    body = answer.json()
    solved = json.loads(mipair("solve", club, "--json").stdout)
    assert body["system"] == "round-robin" and body["rules"] == "2026"
    assert body["boards"] == solved["boards"] and body["bye"] == solved["bye"]
    assert body["text"] == mipair("--round-robin", club, "-p").stdout


def test_why_check_explain_and_standings(server: Server) -> None:
    club, departs = ROUND_ROBIN / "club.trf", ROUND_ROBIN / "departs.trf"
    with server.client() as client:
        why = client.post(
            "/v1/why", params={"pair": ["1-5", "2-4", "3-6"]}, content=club.read_bytes()
        ).json()
    assert why["legal"] and why["difference"]["criterion"] == "C.05 Annex 1"
    checked = post(server, "check", departs).json()
    command = json.loads(mipair("check", departs, "--json").stdout)
    assert checked["outcome"] == "differs"
    assert checked["rounds"] == [
        {**c, "seconds": r["seconds"]}
        for c, r in zip(command["files"][0]["checks"], checked["rounds"])
    ]
    explained = post(server, "explain", departs).json()
    assert not explained["pairable"] and "Berger table" in explained["text"]
    standings = post(server, "standings", club).json()
    command = json.loads(mipair("standings", club, "--json").stdout)
    assert standings["system"] == "round-robin" and standings["round"] == 4
    assert [line["player"] for line in standings["standings"]] == [row["id"] for row in command]
    assert list(standings["standings"][0]["tie_breaks"]) == ["DE", "WIN", "SB", "KS"]
    version = server.client().get("/version").json()
    assert version["systems"]["round-robin"] == ["2026"]


def test_the_page_pairs_and_explains_a_round_robin(server: Server) -> None:
    with server.client() as client:
        page = client.post(
            "/arbiter",
            files={"tournament": ("club.trf", (ROUND_ROBIN / "club.trf").read_bytes())},
        )
        assert page.status_code == 200
        assert "round-robin" in page.text and "Eriksen, Ole" in page.text
        blocked = client.post(
            "/arbiter",
            files={"tournament": ("departs.trf", (ROUND_ROBIN / "departs.trf").read_bytes())},
        )
        assert blocked.status_code == 200 and "allow 4 and 5 to meet twice" in blocked.text
        index = client.get("/").text
        assert "round-robin" in index
