"""A Team Swiss day through the desk's API, held against the command line.

A director creates a team tournament on a real ``mipair serve``, registers its teams and
their players, pairs each round (the matches ``mipair solve`` computes from the downloaded
file), enters the results board by board by their ``MATCH.BOARD`` keys; the file the API
keeps is byte for byte the one ``mipair chess`` writes after the same changes, the team
standings are ``mipair standings``', players read the matches, standings and a team's card
by the public link; refused input is the JSON error (422) and nothing is stored.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import Director
from tests.support.installed_command import cli
from tests.support.service_server import Server

TEAMS = ["Arles", "Brest", "Caen", "Dijon", "Evian"]
SETTINGS = {"name": "Team Cup", "rounds": 3, "system": "team", "boards": 4}
DATE = "2026-06-02"


def players() -> list[tuple[str, str, int]]:
    """(team, player, rating) in the order they are registered."""
    rng = random.Random(4)
    return [
        (team, f"{team} Player{board}, X", 2400 - 60 * k - 20 * board + rng.randint(0, 15))
        for k, team in enumerate(TEAMS)
        for board in range(1, 5)
    ]


def results_of(pairing: dict[str, Any], rnd: int) -> list[tuple[str, str]]:
    rng = random.Random(rnd)
    return [(b["extras"]["key"], rng.choice(["1-0", "0-1", "1/2"])) for b in pairing["boards"]]


def test_a_team_day_through_the_api(desk_service: Server, anna: Director, tmp_path: Path) -> None:
    file = tmp_path / "cup.trf"
    cli(tmp_path, "chess", "new", file, "--name", "Team Cup", "--rounds", 3, "--system", "team",
        "--boards", 4)  # fmt: skip
    tournament = anna.create("chess", SETTINGS)
    base = f"/v1/desk/tournaments/{tournament}"
    assert anna.download(tournament, "trf26") == file.read_bytes()
    for team in TEAMS:
        cli(tmp_path, "chess", "team", file, team)
        assert anna.change(f"{base}/teams", {"team": {"name": team}})["report"]["name"] == team
    for team, name, rating in players():
        cli(tmp_path, "chess", "register", file, name, "--in", team, "--rating", rating)
        player = {"name": name, "team": team, "rating": rating}
        assert anna.change(f"{base}/players", {"player": player})["report"]["team"]
    assert anna.get(base)["summary"]["teams"] == 5
    assert anna.download(tournament, "trf26") == file.read_bytes()

    for rnd in (1, 2, 3):
        before = tmp_path / f"before{rnd}.trf"
        before.write_bytes(anna.download(tournament, "trf26"))
        solved = json.loads(cli(tmp_path, "solve", before, "--json"))
        paired = anna.change(f"{base}/rounds", {"options": {"date": DATE}})["report"]
        matches = list(
            dict.fromkeys(
                (int(b["extras"]["white_team"][1:]), int(b["extras"]["black_team"][1:]))
                for b in paired["boards"]
            )
        )
        assert matches == [(b["white"], b["black"]) for b in solved["boards"]]
        assert (paired["bye"] or {}).get("id") == (
            None if solved["bye"] is None else f"T{solved['bye']}"  # a team: T and its number
        )
        cli(tmp_path, "chess", "pair", file, "--save", "--date", DATE)
        typed = results_of(paired, rnd)
        for key, result in typed:
            entry = {"board": key, "result": result}
            anna.change(f"{base}/rounds/{rnd}/results", {"results": [entry]})
        cli(tmp_path, "chess", "result", file, *[x for pair in typed for x in pair])
        assert anna.download(tournament, "trf26") == file.read_bytes()
        expected = json.loads(cli(tmp_path, "standings", file, "--json"))
        shown = anna.get(f"{base}/standings")["standings"]
        assert [(r["player"]["id"], r["rank"]) for r in shown["rows"]] == [
            (f"T{e['id']}", e["rank"]) for e in expected
        ]
        assert [r["values"] for r in shown["rows"]] == [
            [f"{v:g}" if isinstance(v, float) else str(v) for v in e["tiebreaks"].values()]
            for e in expected
        ]

    again = anna.import_files({"again.trf": file.read_bytes()})
    assert anna.download(again, "trf26") == file.read_bytes()
    slug = anna.get(base)["tournament"]["slug"]
    link = f"{desk_service.url}/v1/public/{slug}"
    pairing = httpx.get(f"{link}/rounds/3", timeout=60).json()["pairing"]
    assert pairing["boards"][0]["extras"]["key"] == "1.1" and pairing["complete"]
    card = httpx.get(f"{link}/players/Arles", timeout=60).json()["card"]
    assert card["player"] == {"id": "T1", "name": "Arles"} and len(card["rounds"]) == 3
    assert card["players"][0]["name"] == "Arles Player1, X"
    assert httpx.get(f"{link}/players/5", timeout=60).json()["card"] == {  # player 5's team
        **httpx.get(f"{link}/players/T2", timeout=60).json()["card"]
    }
    crosstable = httpx.get(f"{link}/crosstable", timeout=60).json()["crosstable"]
    assert all(len(r["rounds"]) == 3 for r in crosstable["rows"])


def test_refused_team_input_is_the_json_error(anna: Director) -> None:
    tournament = anna.create("chess", SETTINGS)
    base = f"/v1/desk/tournaments/{tournament}"
    for team in TEAMS[:2]:
        anna.change(f"{base}/teams", {"team": {"name": team}})
    for team, name, rating in players()[:8]:
        anna.change(f"{base}/players", {"player": {"name": name, "team": team, "rating": rating}})
    anna.change(f"{base}/rounds", {"options": {"date": DATE}})
    revision = anna.get(base)["revision"]
    refused = [
        ("players", {"player": {"name": "Zola, Emil", "team": "Nowhere"}}, "no team's name"),
        ("players", {"player": {"name": "Arles Player1, X", "team": "Brest"}}, "one team"),
        ("players", {"player": {"name": "Zola, Emil"}}, "name the player's team"),
        ("teams", {"team": {"name": "arles"}}, "named 'Arles' already"),
        ("rounds/1/results", {"results": [{"board": "1.5", "result": "1-0"}]}, "boards 1 to 4"),
        ("rounds/1/results", {"results": [{"board": "2.1", "result": "1-0"}]}, "matches 1 to 1"),
        ("rounds/4/results", {"results": [{"board": "1.1", "result": "1-0"}]}, "not paired"),
    ]
    for path, body, message in refused:
        answer = anna.post(f"{base}/{path}", {"revision": revision, **body})
        assert answer.status_code == 422 and set(answer.json()) == {"error"}, answer.text
        assert answer.json()["error"]["code"] == "bad_input"
        assert message in answer.json()["error"]["message"], answer.text
    assert anna.get(base)["revision"] == revision
