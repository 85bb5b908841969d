"""Team files (TRF-2026's 310 and the records with it, TRF16's 013): read, written, checked.

* every team tournament mipair can hold survives TRF-2026 -> TRF-2026 (hypothesis), and
  TRF16 / TRF(x) when nothing is lost; what they cannot hold is named, and what they keep
  reads back to the same teams and standings;
* the hand-worked files of scenarios/team read to what their records say;
* bad team records stop the reader with one located line (FILE:LINE: field: what).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mipair.errors import InputError, TooLargeError
from mipair.formats.trf import detect_edition, lost_in, read_tournament, write_tournament
from mipair.formats.trf_teams_write import MAX_TEAM, team_lines
from mipair.model import Cell, Colour, Player, PointSystem, Result, Tournament
from mipair.team_rounds import Kind, standings, team_rounds
from mipair.teams import (
    Team,
    TeamSection,
)
from tests.support.cli_process import run_cli
from tests.support.paths import ROOT
from tests.support.team_tournaments import team_tournaments

SCENARIOS = ROOT / "scenarios" / "team"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=team_tournaments(), newline=st.sampled_from(["\n", "\r\n"]))
def test_trf26_keeps_every_team_record(t: Tournament, newline: str) -> None:
    text = write_tournament(t, "trf26", newline)
    assert detect_edition(text) == "trf26"
    assert read_tournament(text) == t
    assert lost_in(t, "trf26") == []


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=team_tournaments())
def test_trf16_and_trfx_keep_the_013_teams_and_name_the_rest(t: Tournament) -> None:
    assert t.teams is not None
    for edition in ("trf16", "trfx"):
        back = read_tournament(write_tournament(t, edition))
        assert back.teams is not None and back.teams.legacy
        assert {n: (x.name, x.players) for n, x in back.teams.teams.items()} == {
            n: (x.name, x.players) for n, x in t.teams.teams.items()
        }
        lost = " / ".join(lost_in(t, edition))
        if t.teams.forfeits:
            assert "forfeited matches (330)" in lost
        if t.teams.bye:
            assert "(320)" in lost
        if t.teams.boards:
            assert "352" in lost
        if any(x.match_points is not None for x in t.teams.teams.values()):
            assert "declared match points" in lost
        if not t.teams.bye and not t.teams.byes and not t.teams.boards:
            # nothing that scores a round is lost: the standings read back the same
            assert standings(back) == standings(t)


def test_a_legacy_file_round_trips_through_trf16() -> None:
    games = {1: (3, Colour.WHITE, Result.WIN), 3: (1, Colour.BLACK, Result.LOSS),
             2: (4, Colour.BLACK, Result.DRAW), 4: (2, Colour.WHITE, Result.DRAW)}  # fmt: skip
    t = Tournament(
        players={p: Player(p, f"P{p}", points=PointSystem().points(games[p][2])) for p in games},
        results={p: (Cell(*games[p]),) for p in games},
        teams=TeamSection(
            teams={1: Team(1, "First team", players=(1, 2)), 2: Team(2, "Second", players=(3, 4))},
            legacy=True,
        ),
    )
    text = write_tournament(t, "trf16")
    assert "013 First team                         1    2" in text.splitlines()
    assert lost_in(t, "trf16") == []
    for edition in ("trf16", "trfx", "trf26"):
        assert read_tournament(write_tournament(t, edition)) == t
    assert standings(t) == {1: (20, 15), 2: (0, 5)}


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.trf")), ids=lambda p: p.name)
def test_the_scenarios_read_as_their_records_say(path: Path) -> None:
    t = read_tournament(path)
    assert t.teams is not None and not t.teams.legacy and t.teams.boards
    table = standings(t)
    for number, team in t.teams.teams.items():
        assert (team.match_points, team.game_points) == table[number]
    assert read_tournament(write_tournament(t, "trf26")) == t


def test_the_rounds_of_a_forfeit_a_pab_and_a_match() -> None:
    t = read_tournament(SCENARIOS / "pab-forfeit-win.trf")
    rounds = team_rounds(t)
    assert rounds[4][0].kind is Kind.MATCH and rounds[4][0].forfeit_win  # 330 +-
    assert not rounds[4][0].played and rounds[4][0].colour is None
    assert rounds[5][0].kind is Kind.PAB and rounds[5][0].match_points == 10  # 1.4: a draw
    assert rounds[1][0].played and rounds[1][0].colour is Colour.WHITE  # board 1's colour


def test_convert_names_what_trf16_cannot_hold() -> None:
    done = run_cli("convert", str(SCENARIOS / "pab-forfeit-win.trf"), "--to", "trf16")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "013 Team 1" in lines[-5] and not any(line.startswith("310") for line in lines)
    for item in ("352 WB", "(320)", "forfeited matches (330)", "declared match points"):
        assert item in done.stderr, done.stderr


GOOD = (SCENARIOS / "pab-forfeit-win.trf").read_text().splitlines()


def _replace(prefix: str, new: str) -> list[str]:
    return [new if line.startswith(prefix) else line for line in GOOD]


def _columns(prefix: str, column: int, text: str) -> list[str]:
    """GOOD with ``text`` written from 1-based ``column`` of the line starting with ``prefix``."""
    line = next(x for x in GOOD if x.startswith(prefix)).ljust(column + len(text))
    return _replace(prefix, line[: column - 1] + text + line[column - 1 + len(text) :])


BAD = {
    "310 number": (_replace("310   1", "310  X1 Team 1"), "team pairing number (5-7)"),
    "310 twice": (
        _replace("310   2", GOOD[[x[:7] for x in GOOD].index("310   1")]),
        "team pairing number (5-7)",
    ),
    "310 unknown player": (_columns("310   1", 74, "  99"), "players"),
    "310 shifted": (_columns("310   1", 41, "X"), "310"),
    "player in two teams": (_columns("310   2", 74, "   1"), "players"),
    "352 letters": (_replace("352", "352 WX"), "352"),
    "362 symbol": ([*GOOD, "362 TX 2.0"], "362"),
    "320 unknown team": (_replace("320", "320  1.0  1.0 009"), "320 round 1"),
    "330 code": (_replace("330", "330 ++ 001 004 003"), "330 (5-6)"),
    "330 one team": (_replace("330", "330 +- 001 004 004"), "330"),
    "300 foreign player": ([*GOOD, "300 001 001 002 0003 0004"], "300"),
    "240 unknown team": ([*GOOD, "240 H 004    9"], "240"),
    "310 match points": (_columns("310   1", 55, "   9.0"), "match points (55-60)"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_team_records_are_located(name: str) -> None:
    lines, field = BAD[name]
    with pytest.raises(InputError) as info:
        read_tournament("\n".join(lines) + "\n", "bad.trf")
    error = info.value
    assert error.file == "bad.trf" and error.field == field, error.located()
    assert error.line is not None and 1 <= error.line <= len(lines), error.located()
    assert len(error.located().splitlines()) == 1


def test_a_team_record_in_a_file_without_teams_is_refused() -> None:
    individual = (ROOT / "scenarios" / "dutch" / "small.trfx").read_text()
    with pytest.raises(InputError) as info:
        read_tournament(individual + "352 WB\n", "x.trfx")
    assert info.value.field == "352" and "no team" in info.value.message


def test_a_team_meeting_two_teams_in_a_round_is_located() -> None:
    # team 1 is players 1 and 2; 1 meets 3 (team 2) and 2 meets 6 (team 3) in round 1
    games = {1: (3, Colour.WHITE), 3: (1, Colour.BLACK), 2: (6, Colour.BLACK), 6: (2, Colour.WHITE)}
    t = Tournament(
        players={p: Player(p, f"P{p}") for p in range(1, 7)},
        results={
            p: ((Cell(games[p][0], games[p][1], Result.DRAW),) if p in games else ())
            for p in range(1, 7)
        },
        teams=TeamSection(teams={n: Team(n, players=(2 * n - 1, 2 * n)) for n in (1, 2, 3)}),
    )
    text = write_tournament(t, "trf26")
    with pytest.raises(InputError) as info:
        read_tournament(text, "two.trf")
    assert info.value.field == "round 1 (columns 92-99)"
    assert "meets two teams" in info.value.message
    assert text.splitlines()[info.value.line - 1].startswith("001    2")  # team 1, meeting team 3


def test_a_team_number_past_three_columns_is_refused_not_written() -> None:
    fits = TeamSection({n: Team(n, f"T{n}") for n in (1, MAX_TEAM)})
    assert team_lines(fits, "trf26")[1][-1].startswith(f"310 {MAX_TEAM}")
    too_many = TeamSection({n: Team(n, f"T{n}") for n in (1, MAX_TEAM + 1)})
    with pytest.raises(TooLargeError, match="at most 999"):
        team_lines(too_many, "trf26")
    assert len(team_lines(too_many, "trf16")[1]) == 2  # 013 numbers no team
