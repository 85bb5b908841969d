"""A round robin run, generated and ranked: the chess desk, ``generate``, the standings.

The desk runs through the installed ``mipair chess`` from registration to the last round,
a withdrawal in the middle (C.05: the table stays, the games are forfeited); the file it
writes is then checked by ``mipair check`` and ranked by ``mipair standings``. The
standings' withdrawal rule (the polars layer, :mod:`mipair.results.tb_withdrawn`) is held
against the specification's own reading in :mod:`mipair.systems.roundrobin.withdrawal`
(the two share no code) on generated round robins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mipair.check.config import GeneratorConfig
from mipair.check.generate import generate
from mipair.formats.trf import read_tournament
from mipair.model import Result
from mipair.results.standings import tournament_tables
from mipair.results.tb_withdrawn import cancelled_players
from mipair.systems.registry import get_system, registered
from mipair.systems.roundrobin.settings import settings
from mipair.systems.roundrobin.state import type_of
from mipair.systems.roundrobin.withdrawal import cancelled
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios" / "round-robin"
PLAYERS = [
    ("Adams, Ann", "2210", "ENG"),
    ("Brown, Ben", "2150", "SCO"),
    ("Clark, Cy", "2090", "WLS"),
    ("Dunn, Dee", "2010", "IRL"),
    ("Evans, Eli", "1950", "ENG"),
    ("Frost, Fay", "1880", "SCO"),
    ("Green, Gil", "1820", "WLS"),
]


def ok(*args: object) -> str:
    done = mipair(*args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def test_a_round_robin_at_the_desk(tmp_path: Path) -> None:
    """Seven players, a double round robin (14 rounds): drawn, paired round after round;
    one withdraws after round 3, so his games are forfeited and his results cancelled."""
    file = tmp_path / "rr.trf"
    ok("chess", "new", file, "--name", "Club RR", "--rounds", 14, "--system", "round-robin")
    for name, rating, federation in PLAYERS:
        ok("chess", "register", file, name, "--rating", rating, "--federation", federation)
    drawn = json.loads(ok("chess", "draw", file, "--seed", "2026-05-01", "--json"))
    assert drawn["type"] == "FIDE_DOUBLEROUNDROBIN" and drawn["rounds"] == 14
    expected = json.loads(ok("roundrobin", file, "--json"))["rounds"]
    frost = next(p["id"] for p in drawn["players"] if p["name"] == "Frost, Fay")
    for number, scheduled in enumerate(expected, 1):
        if number == 4:
            ok("chess", "withdraw", file, "Frost")
        pairing = json.loads(ok("chess", "pair", file, "--save", "--json"))
        boards = [(b["white"]["id"], b["black"]["id"]) for b in pairing["boards"]]
        assert boards == [(b["white"]["id"], b["black"]["id"]) for b in scheduled["boards"]]
        bye = scheduled["bye"]["id"] if scheduled["bye"] else None
        assert (pairing["bye"] or {}).get("id") == (None if bye == frost and number > 3 else bye)
        typed = []
        for k, (white, black) in enumerate(boards, 1):
            if frost in (white, black) and number > 3:
                continue  # entered by the desk: Frost's forfeit
            typed += [str(k), ("1-0", "1/2", "0-1")[(white + black + number) % 3]]
        if typed:
            ok("chess", "result", file, *typed)
    t = read_tournament(file)
    for number in range(4, 15):
        cell = t.cell(frost, number)
        assert cell is not None and cell.result in (Result.FORFEIT_LOSS, Result.ZERO_BYE)
    assert mipair("check", file).returncode == 0
    info = json.loads(ok("info", file, "--json"))
    assert info["withdrawn"] == [frost] and info["results_cancelled"] == [frost]
    standings = json.loads(ok("standings", file, "--json"))
    assert standings[-1]["id"] == frost
    assert list(standings[0]["tiebreaks"]) == list(settings().default_tiebreaks)
    desk = json.loads(ok("chess", "standings", file, "--json"))
    assert [row["id"] for row in desk["standings"]] == [row["id"] for row in standings]
    assert "paired already" in refused(mipair("chess", "draw", file, "--seed", "again"))


def test_the_desk_refuses_a_draw_for_a_swiss_and_rounds_that_make_no_cycles(tmp_path: Path) -> None:
    swiss = tmp_path / "swiss.trf"
    ok("chess", "new", swiss, "--name", "Open", "--rounds", 5)
    ok("chess", "register", swiss, "Adams, Ann", "--rating", 2000)
    ok("chess", "register", swiss, "Brown, Ben", "--rating", 1900)
    assert "draws no lots" in refused(mipair("chess", "draw", swiss, "--seed", "1"))
    odd = tmp_path / "odd.trf"
    ok("chess", "new", odd, "--name", "RR", "--rounds", 4, "--system", "round-robin")
    for name, rating, _ in PLAYERS[:4]:
        ok("chess", "register", odd, name, "--rating", rating)
    assert "not whole cycles" in refused(mipair("chess", "draw", odd, "--seed", "1"))


def test_generate_pairs_random_round_robins_that_check(tmp_path: Path) -> None:
    config = tmp_path / "rr.cfg"
    config.write_text("PlayersNumber=9\nRoundsNumber=18\nForfeitRate=12\nRetiredRate=5\n")
    out = tmp_path / "rr-{seed}.trf"
    ok("generate", config, "--system", "round-robin", "-s", 11, "-o", out, "--count", 3)
    for seed in (11, 12, 13):
        path = tmp_path / f"rr-{seed}.trf"
        t = read_tournament(path)
        assert (t.system, t.total_rounds) == ("FIDE_DOUBLEROUNDROBIN", 18)
        assert mipair("check", path).returncode == 0
    dropin = tmp_path / "dropin.trf"
    assert mipair("--round-robin", "-g", config, "-o", dropin, "-s", 11).returncode == 0
    assert dropin.read_bytes() == (tmp_path / "rr-11.trf").read_bytes()
    config.write_text("PlayersNumber=9\nRoundsNumber=10\n")
    line = refused(mipair("generate", config, "--system", "round-robin", "-o", tmp_path / "x"))
    assert "not whole cycles" in line


@pytest.mark.parametrize("seed", range(12))
def test_the_standings_cancel_the_results_the_specification_cancels(seed: int) -> None:
    """W8 and W3 read by the tie-break layer (polars) and by ``withdrawal.py``."""
    system = get_system("round-robin")
    config = GeneratorConfig(players=5 + seed % 6, rounds=None, retired_rate=3, forfeit_rate=9)
    t = generate(config, seed, system)
    tables = tournament_tables(t)
    found = cancelled_players(tables["games"], tables["tournaments"])["player"].to_list()
    assert sorted(found) == cancelled(t, t.total_rounds or 0, type_of(t))


def test_withdrawal_standings_leave_out_the_games_against_a_cancelled_player() -> None:
    path = SCENARIOS / "withdrawal.trf"
    t = read_tournament(path)
    rows = json.loads(ok("standings", path, "--json"))
    assert rows[-1]["id"] == 3
    points = t.point_system
    for row in rows[:-1]:
        counted = sum(
            points.cell_points(cell)
            for cell in t.results[row["id"]]
            if cell is not None and cell.opponent != 3
        )
        assert row["points"] == counted / 10
    assert registered("round-robin").names_code("BERGER_ROUNDROBIN_G3")


def test_the_registry_names_the_model_files_types() -> None:
    assert set(registered("round-robin").trf_codes) == set(settings().types)
