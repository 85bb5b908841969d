"""The Double-Swiss system through a real service (``mipair serve`` on 127.0.0.1): every
endpoint and the page, each answer held against the installed command on the same file."""

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

DOUBLE = SCENARIOS / "double-swiss"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(workers=1, queue=8) as running:
        yield running


def post(server: Server, endpoint: str, path: Path, **params: object):
    with server.client() as client:
        return client.post(f"/v1/{endpoint}", params=params, content=path.read_bytes())


@pytest.mark.parametrize("named", [{}, {"system": "double-swiss"}])
def test_pair_is_the_commands(server: Server, named: dict[str, str]) -> None:
    path = DOUBLE / "round2-pab-forfeits.trf"
    answer = post(server, "pair", path, **named)
    assert answer.status_code == 200
    body = answer.json()
    solved = json.loads(mipair("solve", path, "--json").stdout)
    assert body["system"] == "double-swiss" and body["rules"] == "2026"
    assert body["boards"] == solved["boards"] and body["bye"] == solved["bye"]
    assert body["text"] == mipair("--double-swiss", path, "-p").stdout


def test_why_check_and_explain(server: Server) -> None:
    path = DOUBLE / "round2-upfloater.trf"
    with server.client() as client:
        why = client.post(
            "/v1/why", params={"pair": ["1-2", "3-5", "4-6"]}, content=path.read_bytes()
        ).json()
    assert why["legal"] and why["difference"]["criterion"] == "C5"
    hand_made = DOUBLE / "round4-c6-c7-c8.trf"  # its history was not paired by the system
    checked = post(server, "check", hand_made).json()
    command = json.loads(mipair("check", hand_made, "--json").stdout)
    assert checked["outcome"] == "differs"
    assert checked["rounds"] == [
        {**c, "seconds": r["seconds"]}
        for c, r in zip(command["files"][0]["checks"], checked["rounds"])
    ]
    explained = post(server, "explain", path).json()
    assert explained["pairable"]
    version = server.client().get("/version").json()
    assert version["systems"]["double-swiss"] == ["2026"]


def test_the_page_pairs_a_double_swiss_round(server: Server) -> None:
    path = DOUBLE / "round2-upfloater.trf"
    with server.client() as client:
        page = client.post("/arbiter", files={"tournament": (path.name, path.read_bytes())})
    assert page.status_code == 200
    assert "double-swiss" in page.text and "Player 6" in page.text
