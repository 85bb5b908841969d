"""Team Swiss through a real service (``mipair serve`` on 127.0.0.1): pair, why, check,
explain and the page on team files, each answer held against the installed command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("httpx", reason="httpx is not installed")

from mipair.formats.trf_write import write_tournament
from tests.support.installed_command import mipair
from tests.support.service_server import SCENARIOS, Server, assert_pair_is_the_commands, post_file
from tests.support.swiss_brute.build import build_teams

TEAM = SCENARIOS / "team"


@pytest.mark.parametrize("named", [{}, {"system": "team"}])
def test_pair_is_the_commands(pairing_service: Server, named: dict[str, str]) -> None:
    assert_pair_is_the_commands(pairing_service, "team", TEAM / "c6-following.trf", named)


def test_why_check_and_explain(pairing_service: Server, tmp_path: Path) -> None:
    path = TEAM / "c6-following.trf"
    with pairing_service.client() as client:
        why = client.post(
            "/v1/why",
            params={"pair": ["1-4", "5-3", "7-2", "8-6"]},
            content=path.read_bytes(),
        ).json()
    assert why["legal"] and "4.3.7" in why["note"]
    illegal = tmp_path / "illegal.trf"
    rounds = [["1-3:1=", "2-4:1="], ["3-1:1=", "4-2:=="]]
    illegal.write_text(write_tournament(build_teams(4, rounds, total=3)))
    checked = post_file(pairing_service, "check", illegal).json()
    command = json.loads(mipair("check", illegal, "--json").stdout)
    assert checked["outcome"] == "illegal"
    assert checked["rounds"] == [
        {**c, "seconds": r["seconds"]}
        for c, r in zip(command["files"][0]["checks"], checked["rounds"], strict=True)
    ]
    met = tmp_path / "met.trf"
    met_rounds = [["1-2:11", "3-4:11"], ["1-3:11", "2-4:11"], ["1-4:11", "2-3:11"]]
    met.write_text(write_tournament(build_teams(4, met_rounds, total=5)))
    explained = post_file(pairing_service, "explain", met).json()
    assert not explained["pairable"] and "already played a match" in explained["text"]


def test_the_page_pairs_a_team_file(pairing_service: Server) -> None:
    path = TEAM / "typeb-c9.trf"
    with pairing_service.client() as client:
        page = client.post("/arbiter", files={"tournament": (path.name, path.read_bytes())})
    assert page.status_code == 200
    assert "team" in page.text and "Team 1" in page.text
