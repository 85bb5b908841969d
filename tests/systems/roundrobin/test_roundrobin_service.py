"""The round robin through a real service (``mipair serve`` on 127.0.0.1): every endpoint and
the page, each answer held against the installed command on the same file."""

from __future__ import annotations

import json

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("httpx", reason="httpx is not installed")

from tests.support.installed_command import mipair
from tests.support.service_server import SCENARIOS, Server, assert_pair_is_the_commands, post_file

ROUND_ROBIN = SCENARIOS / "round-robin"


@pytest.mark.parametrize("named", [{}, {"system": "round-robin"}])
def test_pair_is_the_commands(pairing_service: Server, named: dict[str, str]) -> None:
    assert_pair_is_the_commands(pairing_service, "round-robin", ROUND_ROBIN / "club.trf", named)


def test_why_check_explain_and_standings(pairing_service: Server) -> None:
    club, departs = ROUND_ROBIN / "club.trf", ROUND_ROBIN / "departs.trf"
    with pairing_service.client() as client:
        why = client.post(
            "/v1/why", params={"pair": ["1-5", "2-4", "3-6"]}, content=club.read_bytes()
        ).json()
    assert why["legal"] and why["difference"]["criterion"] == "C.05 Annex 1"
    checked = post_file(pairing_service, "check", departs).json()
    command = json.loads(mipair("check", departs, "--json").stdout)
    assert checked["outcome"] == "differs"
    assert checked["rounds"] == [
        {**c, "seconds": r["seconds"]}
        for c, r in zip(command["files"][0]["checks"], checked["rounds"])
    ]
    explained = post_file(pairing_service, "explain", departs).json()
    assert not explained["pairable"] and "Berger table" in explained["text"]
    standings = post_file(pairing_service, "standings", club).json()
    command = json.loads(mipair("standings", club, "--json").stdout)
    assert standings["system"] == "round-robin" and standings["round"] == 4
    assert [line["player"] for line in standings["standings"]] == [row["id"] for row in command]
    assert list(standings["standings"][0]["tie_breaks"]) == ["DE", "WIN", "SB", "KS"]
    version = pairing_service.client().get("/version").json()
    assert version["systems"]["round-robin"] == ["2026"]


def test_the_page_pairs_and_explains_a_round_robin(pairing_service: Server) -> None:
    with pairing_service.client() as client:
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
