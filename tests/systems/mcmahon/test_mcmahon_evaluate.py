"""``mipair evaluate``: the thesis's relative strengths and total error (eq. 7.1), by hand."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mipair.formats.opengotha import Node, OgBye, OgGame, OgPlayer, OgTournament
from mipair.formats.opengotha_write import write_opengotha
from mipair.systems.mcmahon.evaluate import evaluate


def strong_field(games: list[OgGame], byes: list[OgBye] = ()) -> OgTournament:
    """Players A-G rated 2800 (above 2700 the GoR a(R) is the constant 70)."""
    players = [
        OgPlayer(f"P{x}", "Go", 8, 2800, "JP", "Nihon", 0, "1", "FIN", "", {}) for x in "ABCDEFG"
    ]
    general = Node("GeneralParameterSet", {"numberOfRounds": "1"})
    return OgTournament(
        {}, players, games, list(byes), [Node("TournamentParameterSet", {}, [general])]
    )


def hand_worked_gap() -> float:
    """One round, A beats B and C beats D, everyone rated 2800. By symmetry the winners
    rise by x and the losers fall by x; at the balance a winner's surprise, 1 - S in the game
    (gap 2x) plus 1/2 - S against their own start (gap x), is 0. With t = e^(x/70):
    1/(t^2 + 1) + 1/(t + 1) = 1/2, i.e. t^3 - t^2 - t - 3 = 0 (t = 2.1304...), x = 70 ln t."""
    t = max(r.real for r in np.roots([1, -1, -1, -3]) if abs(r.imag) < 1e-12)
    return 70 * math.log(t)


def one_round(*extra: OgGame, byes: list[OgBye] = ()) -> OgTournament:
    return strong_field(
        [
            OgGame(1, 1, "PAGO", "PBGO", 0, "RESULT_WHITEWINS"),
            OgGame(1, 2, "PDGO", "PCGO", 0, "RESULT_BLACKWINS"),
            *extra,
        ],
        byes,
    )


def test_relative_strengths_and_total_error_by_hand() -> None:
    x = hand_worked_gap()
    assert x == pytest.approx(52.94, abs=0.01)
    result = evaluate(one_round())
    assert result.converged and (result.players, result.rounds, result.games) == (4, 1, 2)
    rs = result.strengths
    for winner in (0, 2):
        assert rs[winner] == pytest.approx(2800 + x, abs=0.1)
    for loser in (1, 3):
        assert rs[loser] == pytest.approx(2800 - x, abs=0.1)
    # e = sqrt(4 sides x (2x/100 grades)^2 / (2 * 1 round * 4 players)) = sqrt(2) x / 100
    assert result.total_error == pytest.approx(math.sqrt(2) * x / 100, abs=1e-3)


def test_an_unknown_result_pairs_without_moving_and_a_bye_is_no_player() -> None:
    """E-F's game has no result: their RS stay at 2800 (a difference of 0), but they are
    two more of the N players: e = sqrt(4 (2x/100)^2 / (2 * 1 * 6)). G had the bye: not counted."""
    x = hand_worked_gap()
    unknown = OgGame(1, 3, "PEGO", "PFGO", 0, "RESULT_UNKNOWN")
    result = evaluate(one_round(unknown, byes=[OgBye(1, "PGGO")]))
    assert (result.players, result.games) == (6, 3)
    assert result.strengths[4] == result.strengths[5] == 2800
    assert 6 not in result.strengths
    assert result.total_error == pytest.approx(2 * x / 100 / math.sqrt(3), abs=1e-3)


@pytest.mark.parametrize("copies", [10, 100])
def test_the_total_error_does_not_fall_with_the_size(copies: int) -> None:
    """The same two games played by 10 or 100 times as many players (every copy alike) give
    the same total error: the 1/(2kN) is read under the root. As printed (outside it), the
    figure would fall as 1/sqrt(kN), by sqrt(copies)."""
    players, games = [], []
    for c in range(copies):
        names = [f"{x}{c}" for x in "ABCD"]
        players += [OgPlayer(n, "Go", 8, 2800, "JP", "Nihon", 0, "1", "FIN", "", {}) for n in names]
        keys = [f"{n.upper()}GO" for n in names]
        games += [
            OgGame(1, 2 * c + 1, keys[0], keys[1], 0, "RESULT_WHITEWINS"),
            OgGame(1, 2 * c + 2, keys[3], keys[2], 0, "RESULT_BLACKWINS"),
        ]
    general = Node("GeneralParameterSet", {"numberOfRounds": "1"})
    many = OgTournament({}, players, games, [], [Node("TournamentParameterSet", {}, [general])])
    assert evaluate(many).total_error == pytest.approx(evaluate(one_round()).total_error, rel=1e-6)


def test_an_upset_draws_together_what_an_expected_win_pushes_apart() -> None:
    """The thesis's description of RS: a result moves the two players' RS apart or together
    by their difference. B (2800) beats A rated 3000: both end nearer each other than they
    started; A beating B instead ends them further apart."""

    def gap(result: str) -> float:
        t = strong_field([OgGame(1, 1, "PAGO", "PBGO", 0, result)])
        t.players[0].rating = 3000
        rs = evaluate(t).strengths
        return rs[0] - rs[1]

    assert gap("RESULT_BLACKWINS") < 200 < gap("RESULT_WHITEWINS")


def test_the_command_json(tmp_path: Path) -> None:
    path = tmp_path / "event.xml"
    write_opengotha(str(path), one_round())
    done = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "evaluate", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert (shown["players"], shown["rounds"], shown["games"], shown["converged"]) == (
        4,
        1,
        2,
        True,
    )
    assert shown["total_error"] == pytest.approx(math.sqrt(2) * hand_worked_gap() / 100, abs=1e-3)
    assert [row["key"] for row in shown["strengths"]][:2] in (["PAGO", "PCGO"], ["PCGO", "PAGO"])


def test_a_bad_file_is_one_located_line_and_exit_3(tmp_path: Path) -> None:
    path = tmp_path / "bad.xml"
    path.write_text("<Tournament><Players><Player name='x' rank='99Q'/></Players></Tournament>")
    done = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "evaluate", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 3 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and str(path) in done.stderr
