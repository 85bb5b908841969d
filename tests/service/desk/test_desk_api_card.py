"""``mipair chess card --json`` is the desk API's card of the same file.

Each tournament (an individual Swiss, a Double-Swiss, a Team Swiss) is written by the
installed command, imported into a real ``mipair serve``; every player's (and team's) card
the director's and the public route answer equals what the command prints.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.card_events import EVENTS
from tests.support.chess_desk import ok
from tests.support.desk_client import Director
from tests.support.service_server import Server


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_the_command_prints_the_apis_card(
    kind: str, desk_service: Server, anna: Director, tmp_path: Path
) -> None:
    file = EVENTS[kind](tmp_path)
    tournament = anna.import_files({file.name: file.read_bytes()})
    names = [str(pid) for pid in range(1, 6)] + (["Arles", "T3"] if kind == "team" else [])
    slug = str(anna.get(f"/v1/desk/tournaments/{tournament}")["tournament"]["slug"])
    for name in names:
        mine = json.loads(ok("chess", "card", file, name, "--json"))
        director = anna.get(f"/v1/desk/tournaments/{tournament}/players/{name}")
        public = httpx.get(f"{desk_service.url}/v1/public/{slug}/players/{name}", timeout=60)
        assert director["card"] == mine == public.json()["card"]
