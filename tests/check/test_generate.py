"""The random tournament generator: configuration, results, round trip and replay."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.check.config import GeneratorConfig, from_model, parse_config
from mipair.check.generate import draw_result, expected_score
from mipair.errors import InputError, NoPairingError
from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import PointSystem, Result
from mipair.rounds import rounds_played
from tests.support.dutch_tools import check_tournament, generate

CONFIG = """# a small test tournament
PlayersNumber=11
RoundsNumber = 5
DrawPercentage: 35
ForfeitRate=9
RetiredRate=6
HalfPointByeRate=4
HighestRating=2400
LowestRating=1600
PointsForWin=3
PointsForDraw=1
PointsForLoss=0
PointsForZPB=0
PointsForForfeitLoss=0
PointsForPAB=3
"""


def test_config_file_is_read() -> None:
    cfg = parse_config(CONFIG)
    assert (cfg.players, cfg.rounds, cfg.draw_percentage) == (11, 5, 35.0)
    assert (cfg.forfeit_rate, cfg.retired_rate, cfg.half_point_bye_rate) == (9, 6, 4)
    assert (cfg.lowest_rating, cfg.highest_rating) == (1600, 2400)
    assert cfg.point_system == PointSystem(
        win=30, draw=10, loss=0, zero_bye=0, forfeit_loss=0, pab=30
    )


@pytest.mark.parametrize(
    "text, line, field",
    [
        ("PlayersNumber=12\nColours=3\n", 2, "Colours"),
        ("PlayersNumber=twelve\n", 1, "PlayersNumber"),
        ("# x\nDrawPercentage=130\n", None, "DrawPercentage"),
        ("ForfeitRate=0.5\n", None, "ForfeitRate"),
        ("HighestRating=1000\nLowestRating=2000\n", None, "HighestRating"),
    ],
)
def test_bad_configurations_are_located(text: str, line: int | None, field: str) -> None:
    with pytest.raises(InputError) as err:
        parse_config(text, "rtg.cfg")
    assert err.value.file == "rtg.cfg" and err.value.field == field
    assert err.value.line == line


def test_expected_score_is_fides() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(1 / 1.1, abs=1e-9)
    assert expected_score(900) == expected_score(400)  # capped at 400
    assert expected_score(-200) == pytest.approx(1 - expected_score(200))


def test_results_follow_the_expected_score() -> None:
    rng = random.Random(3)
    value = {Result.WIN: 1.0, Result.DRAW: 0.5, Result.LOSS: 0.0}
    games = [draw_result(rng, 1900, 2100, 0.3) for _ in range(6000)]
    white = sum(value[g] for g in games) / len(games)
    draws = sum(g is Result.DRAW for g in games) / len(games)
    assert white == pytest.approx(expected_score(-200), abs=0.02)
    assert draws == pytest.approx(0.3, abs=0.02)
    # a huge gap leaves little room for draws: the cap 2(1 - E) keeps E exact
    games = [draw_result(rng, 2600, 1400, 0.9) for _ in range(4000)]
    assert sum(value[g] for g in games) / len(games) == pytest.approx(expected_score(400), abs=0.02)


CONFIGS = [
    GeneratorConfig(players=10, rounds=4, forfeit_rate=8, retired_rate=5, half_point_bye_rate=4),
    GeneratorConfig(
        players=13, rounds=5, draw_percentage=50, point_system=PointSystem(win=30, draw=10)
    ),
    GeneratorConfig(
        players=16,
        rounds=4,
        forfeit_rate=6,
        half_point_bye_rate=3,
        point_system=PointSystem(win=20, draw=10, zero_bye=0, pab=10),
    ),
    GeneratorConfig(players=7, rounds=5, retired_rate=4),
]


@pytest.mark.parametrize("seed, cfg", list(enumerate(CONFIGS, 1)))
def test_generated_tournaments_read_back_and_replay(seed: int, cfg: GeneratorConfig) -> None:
    t = generate(cfg, seed)
    text = write_tournament(t)
    assert f"seed {seed}" in text.splitlines()[0]
    back = read_tournament(text)
    assert back == t
    assert read_tournament(write_tournament(t, "trfx")) == t
    check = check_tournament(back)
    assert [r.verdict for r in check.rounds] == ["same"] * cfg.rounds  # type: ignore[operator]
    assert generate(cfg, seed) == t  # the seed reproduces the file


def test_generated_tournaments_have_what_was_asked() -> None:
    t = generate(CONFIGS[0], 5)
    cells = [c for cs in t.results.values() for c in cs if c is not None]
    assert len(t.players) == 10 and t.rounds_written == 4
    assert any(c.result is Result.ZERO_BYE for c in cells)  # retirements
    assert any(c.result is Result.HALF_BYE for c in cells)
    ratings = [p.rating for p in t.players.values()]
    assert ratings == sorted(ratings, reverse=True)
    assert all(1400 <= r <= 2600 for r in ratings)


def test_model_file_gives_the_parameters() -> None:
    model = read_tournament(
        "\n".join(
            [
                "012 model",
                "XXR 2",
                "001    1      A                                 2200                             1.5"
                "          2 w 1     3 b =",
                "001    2      B                                 2100                             0.5"
                "          1 b 0  0000 - H",
                "001    3      C                                 2000                             1.5"
                "       0000 - U     1 w =",
                "001    4      D                                 1900                             0.0"
                "       0000 - Z  0000 - Z",
            ]
        )
        + "\n"
    )
    cfg = from_model(model)
    # 2 played games (1-2, 3-1), one drawn; no forfeit; 1 retired of 4; 1 half bye of 4
    assert (cfg.players, cfg.rounds, cfg.draw_percentage) == (4, 2, 50.0)
    assert (cfg.forfeit_rate, cfg.retired_rate, cfg.half_point_bye_rate) == (0.0, 4.0, 4.0)
    t = generate(cfg, 1)
    assert [p.name for p in t.players.values()] == ["A", "B", "C", "D"]


def _mipair(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", *args], capture_output=True, text=True, cwd=cwd
    )


def test_generate_commands(tmp_path: Path) -> None:
    (tmp_path / "rtg.cfg").write_text(CONFIG)
    proc = _mipair("generate", "rtg.cfg", "-o", "a.trf", "-s", "42", "-l", "a.list", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    proc = _mipair("--dutch", "-g", "rtg.cfg", "-o", "b.trf", "-s", "42", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    a, b = (tmp_path / "a.trf").read_text(), (tmp_path / "b.trf").read_text()
    assert a == b and "seed 42" in a and "\n142 5\n" in a and "162" in a
    assert (tmp_path / "a.list").read_text().count("Round #") == 5
    proc = _mipair("--dutch", "a.trf", "-g", "-o", "c.trf", "-s", "7", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (
        read_tournament(tmp_path / "c.trf").players.keys()
        == read_tournament(tmp_path / "a.trf").players.keys()
    )
    proc = _mipair("generate", "rtg.cfg", "-o", "x.trfx", "--to", "trfx", "-s", "1", cwd=tmp_path)
    assert proc.returncode == 0 and "XXR 5" in (tmp_path / "x.trfx").read_text()
    proc = _mipair(
        "generate",
        "rtg.cfg",
        "-o",
        "many-{seed}.trf",
        "-s",
        "3",
        "-n",
        "2",
        "-j",
        "2",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "many-3.trf").exists() and (tmp_path / "many-4.trf").exists()
    proc = _mipair("generate", "rtg.cfg", "-o", "y.trf", "-s", "seven", cwd=tmp_path)
    assert proc.returncode == 3 and "seed" in proc.stderr
    (tmp_path / "bad.cfg").write_text("PlayersNumber=10\nFoo=1\n")
    proc = _mipair("--dutch", "-g", "bad.cfg", "-o", "z.trf", cwd=tmp_path)
    assert proc.returncode == 3 and "bad.cfg:2" in proc.stderr


def test_a_round_that_cannot_be_paired_ends_the_tournament(tmp_path: Path) -> None:
    """Four players meet each other in three rounds: a fourth round would be a rematch."""
    cfg = GeneratorConfig(
        players=4, rounds=5, forfeit_rate=0, retired_rate=0, half_point_bye_rate=0
    )
    with pytest.raises(NoPairingError, match=r"round 4 .* cannot be paired"):
        generate(cfg, 3)
    notes: list[str] = []
    t = generate(cfg, 3, on_stop=notes.append)
    assert rounds_played(t) == 3 and t.total_rounds == 5
    assert len(notes) == 1 and "ends after round 3 of 5" in notes[0]
    opponents = {pid: {c.opponent for c in cells} for pid, cells in t.results.items()}
    assert all(opponents[pid] == set(t.players) - {pid} for pid in t.players)
    (tmp_path / "four.cfg").write_text(
        "PlayersNumber=4\nRoundsNumber=5\nForfeitRate=0\nRetiredRate=0\nHalfPointByeRate=0\n"
    )
    proc = _mipair("generate", "four.cfg", "-o", "four.trf", "-s", "3", cwd=tmp_path)
    assert proc.returncode == 0 and "ends after round 3 of 5" in proc.stderr
    assert read_tournament(tmp_path / "four.trf") == t
    proc = _mipair("--dutch", "four.trf", "-p", "next.txt", cwd=tmp_path)
    assert proc.returncode == 1 and "round 4 cannot be paired" in proc.stderr
