"""``mipair standings`` on team files: the team table and C.07's team tie-breaks.

Through the installed command, each figure checked against what the file itself says or
what C.07 makes equal, never against a stored output:

* the scenario (scenarios/team-standings/club-league.trf) ranks by match points, then its
  own 202 list; its match and game points are those its 310 records publish;
* on the teams of the scenario whose rounds and whose opponents' rounds are all played
  matches, Buchholz and the extended Sonneborn-Berger are the sums C.07 defines, worked
  out here from the matches the file holds;
* DE and EDE order the two teams tied on match points by the match they played;
* game points first when 192 names them first; the default list when the file has none;
* on random team tournaments (hypothesis): SB:MP = EMMSB, SB:GP = EGGSB, MPVGP is the
  secondary score, Cut-1 and Median-1 never add, and the ranks follow the keys;
* the printable page and the CSV table; a bad list is one line and exit 3.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from hypothesis import HealthCheck, given, settings

from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import Tournament
from mipair.model_files import read_model
from mipair.team_rounds import Kind, team_rounds
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT
from tests.support.team_tournaments import team_tournaments

SCENARIO = ROOT / "scenarios" / "team-standings" / "club-league.trf"
MODEL = ROOT / "models" / "tiebreaks.toml"


def ranking(path: Path, *options: str) -> list[dict]:
    done = mipair("standings", path, "--json", *options)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def keys_in_order(rows: list[dict], primary: str, lower: tuple[str, ...]) -> list[tuple]:
    """Each row's ranking key, larger first (a lower-is-better value negated)."""
    return [
        (
            -r[primary],
            *[(v if name in lower else -v) for name, v in r["tiebreaks"].items()],
        )
        for r in rows
    ]


def assert_ranked(rows: list[dict], primary: str = "match_points", lower: tuple[str, ...] = ()):
    """Rows in key order; equal keys share the lowest rank, others take their position."""
    keys = keys_in_order(rows, primary, lower)
    assert keys == sorted(keys)
    for position, (row, key) in enumerate(zip(rows, keys), 1):
        first = keys.index(key) + 1
        assert row["rank"] == first, (position, row)


def test_the_scenario_ranks_by_match_points_then_its_own_list() -> None:
    rows = ranking(SCENARIO)
    t = read_tournament(SCENARIO)
    listed = next(text for code, text in t.headers if code == "202").split(",")
    assert all(list(r["tiebreaks"]) == listed for r in rows)
    assert t.teams is not None
    published = {n: (team.match_points, team.game_points) for n, team in t.teams.teams.items()}
    assert {r["id"]: (r["match_points"] * 10, r["game_points"] * 10) for r in rows} == published
    assert {r["id"]: r["name"] for r in rows} == {n: x.name for n, x in t.teams.teams.items()}
    assert_ranked(rows, lower=("EDE",))


def fully_played(t: Tournament) -> set[int]:
    """Teams every one of whose rounds is a played match."""
    rounds = team_rounds(t)
    return {n for n, rs in rounds.items() if all(r.kind is Kind.MATCH and r.played for r in rs)}


def test_buchholz_and_extended_sonneborn_berger_are_the_sums_c07_defines() -> None:
    """For a team that played every match against teams that did too (or whose unplayed
    rounds come before their last game, so that nothing is adjusted), each value is a
    plain sum over its matches."""
    t = read_tournament(SCENARIO)
    names = "BH:MP,BH:GP,SB:MP,EMGSB,EGMSB,EGGSB"
    rows = {r["id"]: r for r in ranking(SCENARIO, "-t", names)}
    mp = {n: r["match_points"] for n, r in rows.items()}
    gp = {n: r["game_points"] for n, r in rows.items()}
    rounds = team_rounds(t)
    last_game = {n: max(k for k, r in enumerate(rs, 1) if r.opponent) for n, rs in rounds.items()}
    checked = 0
    for n in fully_played(t):
        opponents = [(r.opponent, r.match_points / 10, r.game_points / 10) for r in rounds[n]]
        if any(last_game[o] != len(rounds[o]) for o, _, _ in opponents):
            continue
        expected = {
            "BH:MP": sum(mp[o] for o, _, _ in opponents),
            "BH:GP": sum(gp[o] for o, _, _ in opponents),
            "SB:MP": sum(mp[o] * own for o, own, _ in opponents),
            "EMGSB": sum(mp[o] * own for o, _, own in opponents),
            "EGMSB": sum(gp[o] * own for o, own, _ in opponents),
            "EGGSB": sum(gp[o] * own for o, _, own in opponents),
        }
        assert rows[n]["tiebreaks"] == expected
        checked += 1
    assert checked >= 2


def test_direct_encounter_orders_the_teams_tied_on_match_points_by_their_match() -> None:
    t = read_tournament(SCENARIO)
    rounds = team_rounds(t)
    for name in ("DE", "EDE"):
        rows = ranking(SCENARIO, "-t", name)
        by_points: dict[float, list[int]] = {}
        for r in rows:
            by_points.setdefault(r["match_points"], []).append(r["id"])
        tied = [group for group in by_points.values() if len(group) == 2]
        assert tied, "the scenario has two teams tied on match points"
        place = {r["id"]: r for r in rows}
        for a, b in tied:
            match = [r for r in rounds[a] if r.opponent == b and r.played]
            assert len(match) == 1
            winner, loser = (a, b) if match[0].match_points > 10 else (b, a)
            assert place[winner]["rank"] < place[loser]["rank"]
            assert (place[winner]["tiebreaks"][name], place[loser]["tiebreaks"][name]) == (1, 2)


def test_game_points_rank_first_when_192_names_them_first(tmp_path: Path) -> None:
    text = SCENARIO.read_text().replace("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEA_GP_MP")
    path = tmp_path / "gp.trf"
    path.write_text(text)
    rows = ranking(path, "-t", "MPVGP,BH:GP")
    assert all(r["tiebreaks"]["MPVGP"] == r["match_points"] for r in rows)
    assert_ranked(rows, primary="game_points")


def test_without_a_list_the_team_default_of_the_model_file(tmp_path: Path) -> None:
    path = tmp_path / "no-list.trf"
    path.write_text("".join(ln for ln in SCENARIO.read_text().splitlines(True) if ln[:3] != "202"))
    default = read_model(MODEL)["team"]["default"]
    rows = ranking(path)
    assert all(list(r["tiebreaks"]) == default for r in rows)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(team_tournaments())
def test_random_team_tournaments_keep_the_identities_of_c07(tmp_path_factory, t) -> None:
    path = tmp_path_factory.mktemp("teams") / "random.trf"
    path.write_text(write_tournament(t, "trf26"))
    names = "SB:MP,EMMSB,SB:GP,EGGSB,MPVGP,BH:MP,BH:MP/C1,BH:MP/M1,BH:GP/C1,EMGSB/C1,DE"
    rows = ranking(path, "-t", names)
    assert t.teams is not None
    assert sorted(r["id"] for r in rows) == sorted(t.teams.teams)
    for r in rows:
        values = r["tiebreaks"]
        assert values["SB:MP"] == values["EMMSB"]
        assert values["SB:GP"] == values["EGGSB"]
        assert values["MPVGP"] == r["game_points"]
        assert values["BH:MP/M1"] <= values["BH:MP/C1"] <= values["BH:MP"]
    assert_ranked(rows, lower=("DE",))


def test_the_page_and_the_table(tmp_path: Path) -> None:
    page, table = tmp_path / "standings.html", tmp_path / "standings.csv"
    done = mipair("standings", SCENARIO, "--html", page, "--to", "csv", "-o", table)
    assert done.returncode == 0, done.stderr
    rows = ranking(SCENARIO)
    html = page.read_text()
    assert html.count("<tr>") == len(rows) + 1
    assert all(r["name"].replace("'", "&#39;") in html for r in rows)
    csv = pl.read_csv(table)
    assert csv["id"].to_list() == [r["id"] for r in rows]
    assert csv["match_points"].to_list() == [r["match_points"] for r in rows]
    header = done.stdout.splitlines()[0].split()
    assert header == ["rank", "no", "name", "MP", "GP", *rows[0]["tiebreaks"]]


def test_a_list_the_file_cannot_compute_is_one_line(tmp_path: Path) -> None:
    single = ROOT / "scenarios" / "dutch" / "small.trfx"
    assert "BH:MP" in refused(mipair("standings", single, "-t", "BH:MP"))
    assert "EMGSB" in refused(mipair("standings", single, "-t", "EMGSB"))
    assert "ARO:GP" in refused(mipair("standings", SCENARIO, "-t", "ARO:GP"))
    assert "WIN:GP" in refused(mipair("standings", SCENARIO, "-t", "WIN:GP"))
    assert "BH:XP" in refused(mipair("standings", SCENARIO, "-t", "BH:XP"))
    assert "twice" in refused(mipair("standings", SCENARIO, "-t", "BH:MP,bh:mp"))
    assert "twice" in refused(mipair("standings", single, "-t", "BH,SB,BH"))
