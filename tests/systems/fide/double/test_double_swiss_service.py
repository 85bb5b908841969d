"""The Double-Swiss system through a real service (``mipair serve`` on 127.0.0.1): every
endpoint and the page, each answer held against the installed command on the same file."""

from __future__ import annotations

import json

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("httpx", reason="httpx is not installed")

from tests.support.installed_command import mipair
from tests.support.service_server import SCENARIOS, Server, assert_pair_is_the_commands, post_file

DOUBLE = SCENARIOS / "double-swiss"


@pytest.mark.parametrize("named", [{}, {"system": "double-swiss"}])
def test_pair_is_the_commands(pairing_service: Server, named: dict[str, str]) -> None:
    assert_pair_is_the_commands(
        pairing_service, "double-swiss", DOUBLE / "round2-pab-forfeits.trf", named
    )


def test_why_check_and_explain(pairing_service: Server) -> None:
    path = DOUBLE / "round2-upfloater.trf"
    with pairing_service.client() as client:
        why = client.post(
            "/v1/why", params={"pair": ["1-2", "3-5", "4-6"]}, content=path.read_bytes()
        ).json()
    assert why["legal"] and why["difference"]["criterion"] == "C5"
    hand_made = DOUBLE / "round4-c6-c7-c8.trf"  # its history was not paired by the system
    checked = post_file(pairing_service, "check", hand_made).json()
    command = json.loads(mipair("check", hand_made, "--json").stdout)
    assert checked["outcome"] == "differs"
    assert checked["rounds"] == [
        {**c, "seconds": r["seconds"]}
        for c, r in zip(command["files"][0]["checks"], checked["rounds"])
    ]
    explained = post_file(pairing_service, "explain", path).json()
    assert explained["pairable"]
    version = pairing_service.client().get("/version").json()
    assert version["systems"]["double-swiss"] == ["2026"]


def test_the_page_pairs_a_double_swiss_round(pairing_service: Server) -> None:
    path = DOUBLE / "round2-upfloater.trf"
    with pairing_service.client() as client:
        page = client.post("/arbiter", files={"tournament": (path.name, path.read_bytes())})
    assert page.status_code == 200
    assert "double-swiss" in page.text and "Player 6" in page.text
