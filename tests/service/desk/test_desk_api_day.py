"""A tournament day through the desk's API, held against the command line, for every game.

A director signs in to a real ``mipair serve`` and imports a tournament cut before round 3;
the round the API pairs is the command line's (``mipair solve``, ``mipair mcmahon pair``,
``mipair papp pair`` on the same file); every result is entered board by board; the standings
are the command line's (``mipair standings`` with the file's tie-breaks, ``mipair mcmahon
standings``, ``mipair papp standings``); the download in the game's own format reads back to
the same tournament, and players read it all by the public link, signed out.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import Director
from tests.support.desk_days import GO_RESULTS, PAPP_LINE, REAL_GO, cut_go_file
from tests.support.installed_command import cli, mipair
from tests.support.service_server import SCENARIOS, Server

CHESS_RESULTS = ["1-0", "0-1", "1/2", "1-0", "+-"]


def public(server: Server, slug: str, path: str = "") -> Any:
    """A public page's data, read with no session at all."""
    answer = httpx.get(f"{server.url}/v1/public/{slug}{path}", timeout=60)
    assert answer.status_code == 200, answer.text
    return answer.json()


def slug_of(anna: Director, tournament: int) -> str:
    return str(anna.get(f"/v1/desk/tournaments/{tournament}")["tournament"]["slug"])


def enter_every_result(anna: Director, base: str, number: int, typed: list[str]) -> None:
    """Every board's result, one request a board, in a shuffled order."""
    boards = anna.get(f"{base}/rounds/{number}")["pairing"]["boards"]
    order = list(range(len(boards)))
    random.Random(number).shuffle(order)
    for k in order:
        result = typed[k % len(typed)]
        anna.change(
            f"{base}/rounds/{number}/results", {"results": [{"board": k + 1, "result": result}]}
        )
    assert (
        anna.get(f"/v1/desk/tournaments/{base.rsplit('/', 1)[1]}")["summary"]["completed"] == number
    )


def test_a_chess_day_cut_before_round_3(
    desk_service: Server, anna: Director, tmp_path: Path
) -> None:
    cut = SCENARIOS / "chess" / "spring-open-round2.trf"
    tournament = anna.import_files({cut.name: cut.read_bytes()})
    base = f"/v1/desk/tournaments/{tournament}"
    summary = anna.get(base)["summary"]
    assert (summary["completed"], summary["next"], summary["players"]) == (2, 3, 12)
    solved = json.loads(cli(tmp_path, "solve", cut, "--json"))
    paired = anna.change(f"{base}/rounds", {"options": {"date": "2026-04-12"}})["report"]
    assert [(b["first"]["id"], b["second"]["id"]) for b in paired["boards"]] == [
        (str(b["white"]), str(b["black"])) for b in solved["boards"]
    ]
    assert (paired["bye"] or {}).get("id") == (
        None if solved["bye"] is None else str(solved["bye"])
    )
    enter_every_result(anna, base, 3, CHESS_RESULTS)
    file = tmp_path / "after.trf"
    file.write_bytes(anna.download(tournament, "trf26"))
    expected = json.loads(cli(tmp_path, "standings", file, "--json"))
    shown = anna.get(f"{base}/standings")["standings"]
    assert shown["columns"] == list(expected[0]["tiebreaks"]) == ["BH/C1", "BH", "SB", "DE"]
    assert [
        (int(r["player"]["id"]), r["rank"], float(r["points"]), [float(v) for v in r["values"]])
        for r in shown["rows"]
    ] == [
        (e["id"], e["rank"], e["points"], [float(v) for v in e["tiebreaks"].values()])
        for e in expected
    ]
    again = anna.import_files({"again.trf": file.read_bytes()})
    assert anna.download(again, "trf26") == file.read_bytes()
    assert anna.get(f"/v1/desk/tournaments/{again}/standings")["standings"] == shown
    for edition in ("trfx", "trf16"):
        converted = tmp_path / f"after.{edition}"
        cli(tmp_path, "convert", file, "--to", edition, "-o", converted)
        assert anna.download(tournament, edition) == converted.read_bytes()
    slug = slug_of(anna, tournament)
    assert public(desk_service, slug, "/standings")["standings"] == shown
    assert public(desk_service, slug, "/rounds/3")["pairing"]["boards"][0]["result"]
    assert public(desk_service, slug, "/crosstable")["crosstable"]["rows"][0]["rounds"]
    assert public(desk_service, slug, "/players/1")["card"]["player"]["name"] == "Kowalski, Adam"


@pytest.mark.parametrize(
    "source",
    [SCENARIOS / "mcmahon" / "club.xml", REAL_GO],
    ids=["shipped", "real"],
)
def test_a_go_day_cut_before_round_3(
    desk_service: Server, anna: Director, tmp_path: Path, source: Path
) -> None:
    if not source.exists():
        pytest.skip(f"{source.name} is not beside the clone (../shared/data/go)")
    cut = cut_go_file(source, tmp_path, 2)
    tournament = anna.import_files({cut.name: cut.read_bytes()})
    base = f"/v1/desk/tournaments/{tournament}"
    expected = json.loads(cli(tmp_path, "mcmahon", "pair", cut, "--json"))
    assert expected["round"] == 3
    paired = anna.change(f"{base}/rounds", {})["report"]
    assert [
        (b["board"], b["first"]["id"], b["second"]["id"], b["extras"]["handicap"])
        for b in paired["boards"]
    ] == [(g["table"], g["white"], g["black"], g["handicap"]) for g in expected["games"]]
    assert (paired["bye"] or {}).get("id") == expected["bye"]
    enter_every_result(anna, base, 3, GO_RESULTS)
    file = tmp_path / "after.xml"
    file.write_bytes(anna.download(tournament, "opengotha"))
    expected = json.loads(cli(tmp_path, "mcmahon", "standings", file, "--after", 3, "--json"))
    shown = anna.get(f"{base}/standings")["standings"]
    assert shown["after"] == 3 and shown["columns"] == expected["columns"]
    assert [(r["player"]["id"], r["rank"], r["values"]) for r in shown["rows"]] == [
        (r["key"], r["place"], r["shown"]) for r in expected["standings"]
    ]
    again = anna.import_files({"again.xml": file.read_bytes()})
    assert anna.download(again, "opengotha") == file.read_bytes()
    assert anna.get(f"/v1/desk/tournaments/{again}/standings")["standings"] == shown
    h9 = tmp_path / "after.h9"
    cli(tmp_path, "mcmahon", "standings", file, "--h9", h9)
    assert anna.download(tournament, "h9") == h9.read_bytes()
    slug = slug_of(anna, tournament)
    assert public(desk_service, slug, "/standings")["standings"] == shown
    assert (
        public(desk_service, slug, "/rounds/3")["pairing"]["boards"]
        == anna.get(f"{base}/rounds/3")["pairing"]["boards"]
    )


def test_an_othello_day(desk_service: Server, anna: Director, tmp_path: Path) -> None:
    event = SCENARIOS / "papp" / "sample.papp"
    players = SCENARIOS / "papp" / "joueurs.txt"
    tournament = anna.import_files(
        {event.name: event.read_bytes(), players.name: players.read_bytes()}
    )
    base = f"/v1/desk/tournaments/{tournament}"
    assert anna.get(base)["summary"]["next"] == 4
    shutil.copy(event, tmp_path / event.name)
    shutil.copy(players, tmp_path / players.name)
    paired = anna.change(f"{base}/rounds", {})["report"]
    cli(tmp_path, "papp", "pair", event.name)
    assert anna.download(tournament, "event") == (tmp_path / event.name).read_bytes()
    coupons = [(b["first"]["id"], str(20 + 9 * k)) for k, b in enumerate(paired["boards"])]
    for who, discs in coupons:
        anna.change(f"{base}/rounds/4/results", {"results": [{"board": who, "result": discs}]})
    cli(tmp_path, "papp", "result", event.name, *[f"{p} {d}" for p, d in coupons])
    file = tmp_path / event.name
    assert anna.download(tournament, "event") == file.read_bytes()
    printed = cli(tmp_path, "papp", "standings", event.name).splitlines()[1:]
    shown = anna.get(f"{base}/standings")["standings"]
    assert [
        (str(r["rank"]), r["points"], r["values"][0], r["player"]["name"], r["player"]["id"])
        for r in shown["rows"]
    ] == [PAPP_LINE.match(line).group(1, 2, 3, 4, 5) for line in printed]  # type: ignore[union-attr]
    assert all(isinstance(r["rank"], int) for r in shown["rows"])
    again = anna.import_files({"again.papp": file.read_bytes(), players.name: players.read_bytes()})
    assert anna.download(again, "event") == file.read_bytes()
    assert anna.get(f"/v1/desk/tournaments/{again}/standings")["standings"] == shown
    slug = slug_of(anna, tournament)
    assert public(desk_service, slug, "/standings")["standings"] == shown
    assert public(desk_service, slug, "/players/1")["card"]["rounds"]


def test_why_a_swap_and_explain_an_impossible_round(anna: Director, tmp_path: Path) -> None:
    """``why`` holds a proposed swap of the round being played against the system's, as
    ``mipair why`` does on the same file; a round with no legal pairing is refused (409) and
    ``explain`` says why, as ``mipair explain`` does."""
    cut = SCENARIOS / "chess" / "spring-open-round2.trf"
    tournament = anna.import_files({cut.name: cut.read_bytes()})
    base = f"/v1/desk/tournaments/{tournament}"
    boards = anna.change(f"{base}/rounds", {"options": {"date": "2026-04-12"}})["report"]["boards"]
    pairs = [(b["first"]["id"], b["second"]["id"]) for b in boards]
    (w1, b1), (w2, b2) = pairs[:2]
    proposed = [f"{w1}-{b2}", f"{w2}-{b1}"] + [f"{w}-{b}" for w, b in pairs[2:]]
    answer = anna.post(f"{base}/why", {"pairs": proposed})
    assert answer.status_code == 200, answer.text
    paired = tmp_path / "paired.trf"
    paired.write_bytes(anna.download(tournament, "trf26"))
    expected = json.loads(
        cli(tmp_path, "why", paired, *[f"--pair={p}" for p in proposed], "--json")
    )
    why = answer.json()["why"]
    assert {k: why[k] for k in expected} == expected and why["text"]
    assert not expected["same_pairs"]
    impossible = SCENARIOS / "infeasible" / "rr4-exhausted.trfx"
    tournament = anna.import_files({impossible.name: impossible.read_bytes()})
    base = f"/v1/desk/tournaments/{tournament}"
    refused = anna.post(f"{base}/rounds", {"revision": anna.revision, "options": {}})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_pairing"
    assert anna.get(base)["revision"] == 1  # nothing saved
    explained = anna.get(f"{base}/explain")["explain"]
    done = mipair("explain", impossible, "--json")
    assert done.returncode == 1  # no valid pairing
    expected = json.loads(done.stdout)
    assert not explained["pairable"]
    assert explained["reason"]["summary"] == expected["reason"]["summary"]
