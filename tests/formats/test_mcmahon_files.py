"""OpenGotha XML: reading, writing back, bad files (one located line, exit 3)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mipair.errors import InputError
from mipair.formats.opengotha import parse_opengotha, parse_rank, rank_text, read_opengotha
from mipair.formats.opengotha_write import format_opengotha
from tests.support.go_data import CLUB, REPRODUCIBLE, go_file


def test_ranks() -> None:
    assert [parse_rank(t) for t in ("30K", "1k", "1D", " 3D", "9d", "1P", "4P", "9P")] == [
        -30,
        -1,
        0,
        2,
        8,
        6,
        7,
        8,
    ]
    assert [rank_text(r) for r in (-30, -1, 0, 8)] == ["30K", "1K", "1D", "9D"]
    # as OpenGotha reads them: held at the ends of the scale, a bare number is a kyu grade
    assert [parse_rank(t) for t in ("99K", "31K", "12D", "12", " 4K")] == [-30, -30, 8, -12, -4]
    for bad in ("", "3X", "D", "K1", "1.5K"):
        with pytest.raises(ValueError):
            parse_rank(bad)


def test_a_rank_off_the_scale_reads_as_opengotha_reads_it(tmp_path: Path) -> None:
    """Cause 4 of issue 35: a file with 99K (30K for OpenGotha) was refused."""
    path = _broken(
        tmp_path,
        'grade="3K" name="Moreau" participating="11111111111111111111" rank="3K"',
        'grade="3K" name="Moreau" participating="11111111111111111111" rank="99K"',
    )
    player = next(p for p in read_opengotha(path).players if p.name == "Moreau")
    assert player.rank == -30
    unreadable = _broken(tmp_path, 'rank="3K"', 'rank="3X"')  # the grade (3K) is taken
    assert next(p for p in read_opengotha(unreadable).players if p.attrs["rank"] == "3X").rank == -3


def test_ratings_are_held_in_opengothas_bounds(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'rating="1810"', 'rating="-7800"')
    assert min(p.rating for p in read_opengotha(path).players) == -900


def test_scenario_reads_without_data_version_and_keeps_keys_with_dash_and_underscore() -> None:
    t = read_opengotha(str(CLUB))
    assert "dataVersion" not in t.root
    key = "DUPONT-MARTINJEAN_LUC"
    assert key in {p.key for p in t.players}
    games = [g for g in t.games if key in (g.white, g.black)]
    assert {g.round for g in games} == {1, 2}
    assert len(t.games) == 10 and [(b.round, b.player) for b in t.byes] == [(1, "VANDIJKSANNE")]


@pytest.mark.parametrize("name", [None, *REPRODUCIBLE, "20201031193925_CA2020Rd6finalv1.xml"])
def test_round_trip(name: str | None) -> None:
    path = CLUB if name is None else go_file(name)
    first = read_opengotha(str(path))
    text = format_opengotha(first)
    again = parse_opengotha(text.encode("utf-8"), "again.xml")
    assert (again.players, again.games, again.byes, again.others) == (
        first.players,
        first.games,
        first.byes,
        first.others,
    )
    assert again.root["dataVersion"] == "201"
    assert format_opengotha(again) == text


def _broken(tmp_path: Path, old: str, new: str) -> str:
    text = CLUB.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.xml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def _line_of(path: str, needle: str) -> int:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return next(k for k, line in enumerate(lines, 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "field"),
    [
        (
            'grade="3K" name="Moreau" participating="11111111111111111111" rank="3K"',
            'grade="" name="Moreau" participating="11111111111111111111" rank="3X"',
            'rank="3X"',
            "rank",
        ),
        ('whitePlayer="LINDQVISTERIK"', 'whitePlayer="NOBODY"', "NOBODY", "whitePlayer"),
        ('result="RESULT_WHITEWINS"', 'result="RESULT_MAYBE"', "RESULT_MAYBE", "result"),
        ('rating="1810"', 'rating="lots"', 'rating="lots"', "rating"),
        ('participating="1011', 'participating="1x11', "1x11", "participating"),
    ],
)
def test_bad_file_names_the_line(
    tmp_path: Path, old: str, new: str, needle: str, field: str
) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(InputError) as info:
        read_opengotha(path)
    assert info.value.line == _line_of(path, needle)
    assert info.value.field == field


def test_bad_file_on_the_command_line(tmp_path: Path) -> None:
    path = _broken(
        tmp_path,
        'grade="3K" name="Moreau" participating="11111111111111111111" rank="3K"',
        'grade="" name="Moreau" participating="11111111111111111111" rank="3X"',
    )
    done = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "mcmahon", "pair", path],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 3
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(
        f"{path}:{_line_of(path, '3X')}: rank: "
    )


def test_not_well_formed_is_exit_3_with_its_line(tmp_path: Path) -> None:
    path = _broken(tmp_path, "<Games>", "<Games")
    with pytest.raises(InputError) as info:
        read_opengotha(path)
    assert info.value.line is not None and info.value.line >= _line_of(path, "<Games")


def test_a_player_twice_in_a_round(tmp_path: Path) -> None:
    text = CLUB.read_text(encoding="utf-8")
    game = next(line for line in text.splitlines() if 'roundNumber="2"' in line)
    twice = game.replace('tableNumber="1"', 'tableNumber="9"')
    path = tmp_path / "twice.xml"
    path.write_text(text.replace(game, game + "\n" + twice), encoding="utf-8")
    with pytest.raises(InputError, match="already plays in round 2"):
        read_opengotha(str(path))
