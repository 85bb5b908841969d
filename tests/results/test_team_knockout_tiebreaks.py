"""``mipair standings`` on team files: the knock-out tie-breaks (BC, TBR, BBE), EDE's
variants, BPG/BWG and the rating tie-breaks, on small files written here.

Every expected value is worked out by hand in the comments from the boards below
(models/team-2026.md, section 11, readings S10-S13), never copied from a program's output.

The league (four teams of three boards, three rounds, 352 WBW: the first team named in a
match has White on board 1; board results are the first team's):

=====  ============  ======  ==================
round  match         boards  match (game points)
=====  ============  ======  ==================
1      T1 - T2       1 0 =   drawn 1.5 - 1.5
1      T3 - T4       1 0 1   T3 2 - 1
2      T3 - T1       = 0 =   T1 2 - 1
2      T2 - T4       1 = =   T2 2 - 1
3      T1 - T4       1 0 =   drawn 1.5 - 1.5
3      T3 - T2       = = =   drawn 1.5 - 1.5
=====  ============  ======  ==================

Match points: T1 1+2+1 = 4, T2 1+2+1 = 4, T3 2+0+1 = 3, T4 0+0+1 = 1. Game points: T1
1.5+2+1.5 = 5, T2 1.5+2+1.5 = 5: T1 and T2 are tied on both scores, and drew their match.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from mipair.formats.trf import write_tournament
from mipair.model import Cell, Colour, Player, Result, Tournament
from mipair.teams import ByeRecord, Team, TeamRoundBye, TeamSection
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT
from tests.support.team_tournaments import team_tournaments

FLIP = {"1": "0", "0": "1", "=": "="}
LEAGUE = [
    (1, 1, 2, "10="),
    (1, 3, 4, "101"),
    (2, 3, 1, "=0="),
    (2, 2, 4, "1=="),
    (3, 1, 4, "10="),
    (3, 3, 2, "==="),
]
STRENGTH = {1: 2400, 2: 2300, 3: 2200, 4: 2100}


def team_file(
    path: Path,
    boards: str,
    rounds: int,
    matches: list[tuple[int, int, int, str]],
    strength: dict[int, int],
    section_extra: dict | None = None,
    unpaired: dict[tuple[int, int], Result] | None = None,
) -> Path:
    """A TRF-2026 team file: team n's players are n*k-k+1 .. n*k (k boards, in board order);
    ``matches`` (round, first team, second team, the first team's board results), the
    first team with White on board 1; ``unpaired`` (team, round) -> every player's cell."""
    size = len(boards)
    players = {
        pid: Player(pid, name=f"Player {pid}", rating=2000 + pid)
        for pid in range(1, size * len(strength) + 1)
    }
    cells: dict[int, list[Cell | None]] = {pid: [None] * rounds for pid in players}
    for rnd, first, second, results in matches:
        for board, code in enumerate(results):
            a, b = (first - 1) * size + board + 1, (second - 1) * size + board + 1
            colour = Colour.WHITE if boards[board] == "W" else Colour.BLACK
            cells[a][rnd - 1] = Cell(b, colour, Result(code))
            cells[b][rnd - 1] = Cell(a, colour.opposite, Result(FLIP[code]))
    for (team, rnd), result in (unpaired or {}).items():
        for pid in range((team - 1) * size + 1, team * size + 1):
            cells[pid][rnd - 1] = Cell(None, None, result)
    teams = {
        n: Team(
            n,
            f"Team {n}",
            strength=strength[n] or None,
            players=tuple(range((n - 1) * size + 1, n * size + 1)),
        )
        for n in strength
    }
    section = TeamSection(teams=teams, boards=boards, **(section_extra or {}))
    t = Tournament(
        players=players,
        results={pid: tuple(c) for pid, c in cells.items()},
        total_rounds=rounds,
        initial_colour=Colour.WHITE,
        system="FIDE_TEAM_TYPEA_MP_GP",
        teams=section,
        headers=(("012", "Knock-out tie-breaks"),),
    )
    path.write_text(write_tournament(t, "trf26"))
    return path


def league(tmp_path: Path) -> Path:
    return team_file(tmp_path / "league.trf", "WBW", 3, LEAGUE, STRENGTH)


def ranking(path: Path, names: str) -> dict[int, dict]:
    done = mipair("standings", path, "--json", "-t", names)
    assert done.returncode == 0, done.stderr
    return {row["id"]: row for row in json.loads(done.stdout)}


def test_board_count_weighs_each_board_by_its_number(tmp_path: Path) -> None:
    """Board points (rounds 1, 2, 3) and BC = board 1 + 2 x board 2 + 3 x board 3:

    * T1: b1 1 + .5 + 1 = 2.5, b2 0 + 1 + 0 = 1, b3 .5 + .5 + .5 = 1.5: 2.5 + 2 + 4.5 = 9
    * T2: b1 0 + 1 + .5 = 1.5, b2 1 + .5 + .5 = 2, b3 1.5: 1.5 + 4 + 4.5 = 10
    * T3: b1 1 + .5 + .5 = 2, b2 0 + 0 + .5 = .5, b3 1 + .5 + .5 = 2: 2 + 1 + 6 = 9
    * T4: b1 0, b2 1 + .5 + 1 = 2.5, b3 0 + .5 + .5 = 1: 0 + 5 + 3 = 8

    T1 and T2 are tied on 4 match points; T1's lower count (its points higher up) ranks it
    first (S10)."""
    rows = ranking(league(tmp_path), "BC")
    assert {n: r["tiebreaks"]["BC"] for n, r in rows.items()} == {1: 9, 2: 10, 3: 9, 4: 8}
    assert (rows[1]["rank"], rows[2]["rank"]) == (1, 2)


def test_top_board_results_and_bottom_board_elimination_split_the_tied_pair(
    tmp_path: Path,
) -> None:
    """After the game points (T1 and T2 both 5): TBR compares board 1 first, 2.5 against
    1.5, so T1 is first. BBE first drops board 3: boards 1-2 give T1 2.5 + 1 = 3.5 and T2
    1.5 + 2 = 3.5, still tied; then board 2 too: 2.5 against 1.5, T1 first. T3 and T4 are
    alone on their match points: 0."""
    rows = ranking(league(tmp_path), "GPTS,TBR,BBE")
    assert {n: r["tiebreaks"]["TBR"] for n, r in rows.items()} == {1: 1, 2: 2, 3: 0, 4: 0}
    assert {n: r["tiebreaks"]["BBE"] for n, r in rows.items()} == {1: 0, 2: 0, 3: 0, 4: 0}
    alone = ranking(league(tmp_path), "GPTS,BBE")
    assert {n: r["tiebreaks"]["BBE"] for n, r in alone.items()} == {1: 1, 2: 2, 3: 0, 4: 0}


def test_ede_variants_go_on_with_the_boards_of_the_tied_pair_s_own_match(tmp_path: Path) -> None:
    """EDE: T1 and T2 drew their round-1 match on match points (1 - 1) and on game points
    (1.5 - 1.5): 0 for both. In that match T1 won board 1, lost board 2, drew board 3:

    * EDEC (board count of the match): T1 1 x 1 + 3 x .5 = 2.5, T2 2 x 1 + 3 x .5 = 3.5,
      lower first: T1;
    * EDET (board 1 first): 1 against 0: T1;
    * EDEB (without board 3: 1 against 1; without boards 2-3: 1 against 0): T1;
    * EDEBT and EDEBB decide at their first step, the board count: T1."""
    rows = ranking(league(tmp_path), "EDE")
    assert (rows[1]["tiebreaks"]["EDE"], rows[2]["tiebreaks"]["EDE"]) == (0, 0)
    for name in ("EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"):
        rows = ranking(league(tmp_path), name)
        assert (rows[1]["tiebreaks"][name], rows[2]["tiebreaks"][name]) == (1, 2), name
        assert (rows[1]["rank"], rows[2]["rank"]) == (1, 2), name


def test_black_matches_are_counted_by_the_first_board(tmp_path: Path) -> None:
    """A team plays Black when its first board has Black (the second team named above):
    T1 in round 2 (and won it), T2 in rounds 1 and 3 (drawn both), T3 never, T4 in all
    three (lost two, drew one)."""
    rows = ranking(league(tmp_path), "BPG,BWG")
    assert {n: r["tiebreaks"]["BPG"] for n, r in rows.items()} == {1: 1, 2: 2, 3: 0, 4: 3}
    assert {n: r["tiebreaks"]["BWG"] for n, r in rows.items()} == {1: 1, 2: 0, 3: 0, 4: 0}


def test_rating_tie_breaks_take_the_strength_factor_as_the_team_s_rating(tmp_path: Path) -> None:
    """Strength factors T1 2400, T2 2300, T3 2200, T4 2100; a match scores 1, 1/2, 0 (S13).

    * ARO: T1 (2300 + 2200 + 2100) / 3 = 2200; T2 (2400 + 2100 + 2200) / 3 = 2233.3 -> 2233;
      T3 (2100 + 2400 + 2300) / 3 = 2266.7 -> 2267; T4 (2200 + 2300 + 2400) / 3 = 2300.
    * TPR = ARO + dp(percentage): T1 and T2 scored 2 of 3 (67%, dp 125): 2325 and 2358;
      T3 1.5 of 3 (50%, dp 0): 2267; T4 0.5 of 3 (17%, dp -273): 2027.
    * APRO: T1's opponents' TPRs (2358 + 2267 + 2027) / 3 = 2217.3 -> 2217;
      T4's (2267 + 2358 + 2325) / 3 = 2316.7 -> 2317."""
    rows = ranking(league(tmp_path), "ARO,TPR,APRO")
    assert {n: r["tiebreaks"]["ARO"] for n, r in rows.items()} == {
        1: 2200,
        2: 2233,
        3: 2267,
        4: 2300,
    }
    assert {n: r["tiebreaks"]["TPR"] for n, r in rows.items()} == {
        1: 2325,
        2: 2358,
        3: 2267,
        4: 2027,
    }
    assert (rows[1]["tiebreaks"]["APRO"], rows[4]["tiebreaks"]["APRO"]) == (2217, 2317)


def test_the_team_rating_tie_breaks_are_the_individual_ones_of_the_matches(
    tmp_path: Path,
) -> None:
    """The same league as four players (a player rated like each team, a game for each
    match, scored as the match): PTP and APPO, which need the rating tables, come out as
    the individual tie-breaks of that file (S13)."""
    team_rows = ranking(league(tmp_path), "PTP,APPO")
    players = {n: Player(n, name=f"Team {n}", rating=STRENGTH[n]) for n in STRENGTH}
    cells: dict[int, list[Cell | None]] = {n: [None] * 3 for n in STRENGTH}
    for rnd, first, second, results in LEAGUE:
        points = sum({"1": 2, "=": 1, "0": 0}[c] for c in results)
        code = "1" if points > len(results) else "=" if points == len(results) else "0"
        cells[first][rnd - 1] = Cell(second, Colour.WHITE, Result(code))
        cells[second][rnd - 1] = Cell(first, Colour.BLACK, Result(FLIP[code]))
    individual = Tournament(
        players=players,
        results={n: tuple(c) for n, c in cells.items()},
        total_rounds=3,
        system="FIDE_DUTCH_2025",
    )
    path = tmp_path / "as-players.trf"
    path.write_text(write_tournament(individual, "trf26"))
    done = mipair("standings", path, "--json", "-t", "PTP,APPO")
    assert done.returncode == 0, done.stderr
    player_rows = {row["id"]: row for row in json.loads(done.stdout)}
    for n in STRENGTH:
        assert team_rows[n]["tiebreaks"] == player_rows[n]["tiebreaks"]
    # T1 scored 2 of 3 against 2300, 2200 and 2100: a perfect performance above the mean
    assert team_rows[1]["tiebreaks"]["PTP"] > 2200


def test_a_round_without_a_match_shares_its_game_points_among_the_boards(tmp_path: Path) -> None:
    """Three teams of two boards. Round 1: T1 - T2 (1 =), T3 the PAB worth 1 match point and
    1 game point (320). Round 2: T1 - T3 (= =), T2 a half-point bye (240 H: 2 x 0.5 game
    points). A round without boards gives each board an equal share (S10):

    * T1: b1 1 + .5, b2 .5 + .5: BC 1.5 + 2 = 3.5
    * T2: b1 0 + .5 (bye), b2 .5 + .5 (bye): BC .5 + 2 = 2.5
    * T3: b1 .5 (PAB) + .5, b2 .5 (PAB) + .5: BC 1 + 2 = 3"""
    path = team_file(
        tmp_path / "byes.trf",
        "WB",
        2,
        [(1, 1, 2, "1="), (2, 1, 3, "==")],
        {1: 0, 2: 0, 3: 0},
        {"bye": ByeRecord(10, 10, (3, 0)), "byes": (TeamRoundBye("H", 2, (2,)),)},
        {(3, 1): Result.PAB, (2, 2): Result.HALF_BYE},
    )
    rows = ranking(path, "BC")
    assert {n: r["game_points"] for n, r in rows.items()} == {1: 2.5, 2: 1.5, 3: 2}
    assert {n: r["tiebreaks"]["BC"] for n, r in rows.items()} == {1: 3.5, 2: 2.5, 3: 3}


def test_unrated_teams_have_no_rating_tie_breaks_unless_given_a_rating(tmp_path: Path) -> None:
    """Without strength factors the teams are unrated: ARO is shown as none; /U1500 rates
    every team 1500, so every team that played a match averages 1500."""
    path = team_file(tmp_path / "unrated.trf", "WBW", 3, LEAGUE, {n: 0 for n in STRENGTH})
    rows = ranking(path, "ARO")
    assert {r["tiebreaks"]["ARO"] for r in rows.values()} == {None}
    rows = ranking(path, "ARO/U1500")
    assert {r["tiebreaks"]["ARO/U1500"] for r in rows.values()} == {1500}


def test_knock_out_tie_breaks_are_for_team_files(tmp_path: Path) -> None:
    path = league(tmp_path)
    assert "ARO:GP" in refused(mipair("standings", path, "-t", "ARO:GP"))
    assert "BPG:GP" in refused(mipair("standings", path, "-t", "BPG:GP"))
    assert "BC/C1" in refused(mipair("standings", path, "-t", "BC/C1"))
    individual = ROOT / "scenarios" / "dutch" / "small.trfx"
    for name in ("BC", "TBR", "BBE", "EDEC"):
        assert name in refused(mipair("standings", individual, "-t", name))


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(team_tournaments())
def test_random_team_tournaments_keep_what_the_definitions_make_equal(tmp_path_factory, t) -> None:
    """On random team files: a one-board team's board count is its game points (board 1
    weighs 1) and TBR, BBE have nothing to split after them; BWG never exceeds BPG; EDE's
    variants only split further what EDE left tied (an order EDE gives is kept)."""
    path = tmp_path_factory.mktemp("teams") / "random.trf"
    path.write_text(write_tournament(t, "trf26"))
    assert t.teams is not None
    one_board = all(len(team.players) == 1 for team in t.teams.teams.values())
    rows = ranking(path, "GPTS,BC,TBR,BBE,BPG,BWG")
    for r in rows.values():
        values = r["tiebreaks"]
        assert 0 <= values["BWG"] <= values["BPG"]
        if one_board:
            assert values["BC"] == r["game_points"]
            assert values["TBR"] == values["BBE"] == 0
    tied = ranking(path, "PTS")  # the groups EDE starts from: equal primary scores
    plain = ranking(path, "EDE")
    pairs = [
        (a, b)
        for a in plain.values()
        for b in plain.values()
        if tied[a["id"]]["rank"] == tied[b["id"]]["rank"]
        and 0 < a["tiebreaks"]["EDE"] < b["tiebreaks"]["EDE"]
    ]
    for name in ("EDEC", "EDET", "EDEBB"):
        extended = ranking(path, name)
        for a, b in pairs:
            assert extended[a["id"]]["rank"] < extended[b["id"]]["rank"], (name, a, b)
