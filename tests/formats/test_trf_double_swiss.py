"""The Double-Swiss layout of TRF (formats/trf.md): a match is two TRF rounds under 192 FIDE_DOUBLESWISS.

Round trips through every edition, what a match means (mipair.matches: forfeits,
colour, points, the PAB's value), and each defect of the layout refused with
exit 3 at its line, in-process and through the real ``mipair`` command.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from mipair import matches
from mipair.errors import InputError
from mipair.formats.trf import lost_in, parse_text, read_tournament, write_tournament
from mipair.model import Colour, Result
from tests.support.cli_process import run_cli

# match 1: 1-4 (1 won game 1 with White, drew game 2), 5-2 (5 won both), 3 the PAB.
BASE = """\
012 Double-Swiss layout
142 10
152 W
162  P 1.5
192 FIDE_DOUBLESWISS
001    1      Player 1                          2350                             1.5          4 w 1     4 b =
001    2      Player 2                          2300                             0.0          5 b 0     5 w 0
001    3      Player 3                          2250                             1.5       0000 - U  0000 - U
001    4      Player 4                          2200                             0.5          1 b 0     1 w =
001    5      Player 5                          2150                             2.0          2 w 1     2 b 1
"""
PLAYER_LINE = {pid: 5 + pid for pid in range(1, 6)}


def edited(*pairs: tuple[int, str, str]) -> str:
    """BASE with ``old`` replaced by ``new`` on 1-based ``line``."""
    lines = BASE.splitlines()
    for line, old, new in pairs:
        assert old in lines[line - 1], (old, lines[line - 1])
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def test_a_file_typed_double_swiss_reads_as_matches() -> None:
    t = parse_text(BASE, "ds.trf")
    assert matches.is_double_swiss(t.system)
    assert matches.scores_before(t, 2) == {1: 15, 2: 0, 3: 15, 4: 5, 5: 20}
    first = matches.match(t, 1, 1)
    assert (first.opponent, first.colour, first.is_played) == (4, Colour.WHITE, True)
    assert matches.match(t, 4, 1).colour is Colour.BLACK  # 1.6: the colour of game 1
    bye = matches.match(t, 3, 1)
    assert bye.is_pab and bye.colour is None and bye.points(t.point_system) == 15


@pytest.mark.parametrize("edition", ["trf26", "trfx"])
def test_round_trip_keeps_every_game_and_the_type(edition: str) -> None:
    t = parse_text(BASE, "ds.trf")
    text = write_tournament(t, edition)
    assert "192 FIDE_DOUBLESWISS" in text
    back = parse_text(text, "back.trf")
    assert back == t
    assert write_tournament(back, edition) == text


def test_the_writer_states_the_pab_value_of_a_match() -> None:
    """Without 162 the PAB is worth a game won and a game drawn; the writer says so."""
    t = parse_text(edited((4, "162  P 1.5", "### no point system")), "ds.trf")
    assert t.point_system.pab is None and matches.pab_value(t.point_system) == 15
    assert "162  P 1.5" in write_tournament(t).splitlines()
    assert "BBU  1.5" in write_tournament(t, "trfx").splitlines()


def test_a_pab_value_equal_to_a_win_is_kept() -> None:
    """P 1.0 is a real choice in a Double-Swiss file (the default is 1.5), so it is not cleared."""
    text = edited(
        (4, "162  P 1.5", "162  P 1.0"),
        (PLAYER_LINE[3], " 1.5       0000", " 1.0       0000"),
    )
    t = parse_text(text, "ds.trf")
    assert matches.pab_value(t.point_system) == 10
    assert parse_text(write_tournament(t), "back.trf") == t


def test_trf16_drops_the_type_and_says_so() -> None:
    t = parse_text(BASE, "ds.trf")
    assert any("FIDE_DOUBLESWISS" in item and "two rounds" in item for item in lost_in(t, "trf16"))
    text = write_tournament(t, "trf16")
    with pytest.raises(InputError, match="points"):  # read as single games, the PAB counts twice
        parse_text(text, "plain.trf")
    back = parse_text(text, "plain.trf", double_swiss=True)  # the caller's word restores it
    assert back.results == t.results and matches.is_double_swiss(back.system)
    assert back == replace(
        t, total_rounds=None, initial_colour=None, point_system=back.point_system
    )


def test_forfeits_of_a_match() -> None:
    """Preface: a match ends by forfeit only when a player forfeits both games."""
    both = edited(
        (PLAYER_LINE[5], "2 w 1     2 b 1", "2 w +     2 b +"),
        (PLAYER_LINE[2], "5 b 0     5 w 0", "5 b -     5 w -"),
    )
    t = parse_text(both, "ds.trf")
    loser, winner = matches.match(t, 2, 1), matches.match(t, 5, 1)
    assert loser.ended_by_forfeit and not loser.is_played and loser.colour is None
    assert winner.won_by_forfeit and not loser.won_by_forfeit
    one = edited(
        (PLAYER_LINE[5], "2 w 1     2 b 1", "2 w +     2 b 1"),
        (PLAYER_LINE[2], "5 b 0     5 w 0", "5 b -     5 w 0"),
    )
    t = parse_text(one, "ds.trf")
    single = matches.match(t, 2, 1)
    assert single.is_played and not single.ended_by_forfeit and single.colour is Colour.BLACK
    each = edited(
        (PLAYER_LINE[5], "2 w 1     2 b 1", "2 w +     2 b -"),
        (PLAYER_LINE[2], "5 b 0     5 w 0", "5 b -     5 w +"),
        (PLAYER_LINE[5], " 2.0 ", " 1.0 "),
        (PLAYER_LINE[2], " 0.0 ", " 1.0 "),
    )
    t = parse_text(each, "ds.trf")
    crossed = matches.match(t, 2, 1)  # each forfeited one game: played, but no game on the board
    assert crossed.is_played and crossed.colour is None


def test_half_point_and_zero_games_are_game_results() -> None:
    """A game may end 1/2-0 or 0-0 (Preface): '=' against '0', '0' against '0'."""
    text = edited(
        (PLAYER_LINE[1], "4 b =", "4 b 0"),
        (PLAYER_LINE[1], " 1.5 ", " 1.0 "),
    )
    t = parse_text(text, "ds.trf")
    assert matches.scores_before(t, 2)[1] == 10 and matches.scores_before(t, 2)[4] == 5
    single = text.replace("192 FIDE_DOUBLESWISS\n", "")
    with pytest.raises(InputError, match="does not agree"):
        parse_text(single, "single.trf")


def test_an_announced_absence_covers_the_next_match() -> None:
    t = parse_text(BASE + "XXZ 4\n", "ds.trf")
    assert [c.result if c else None for c in t.results[4][2:4]] == [Result.ZERO_BYE] * 2
    assert t.cell(3, 3) is None


DEFECTS = {
    "odd number of rounds": (edited((2, "142 10", "142 9")), 2, "XXR/142", "even"),
    "half recorded match": (
        edited((PLAYER_LINE[5], "     2 b 1", ""), (PLAYER_LINE[2], "     5 w 0", "")),
        PLAYER_LINE[2],
        "round 2",
        "half recorded",
    ),
    "other opponent in game 2": (
        edited(
            (PLAYER_LINE[1], "4 b =", "2 b ="),
            (PLAYER_LINE[2], "5 w 0", "1 w ="),
            (PLAYER_LINE[4], "1 w =", "5 w ="),
            (PLAYER_LINE[5], "2 b 1", "4 b ="),
            (PLAYER_LINE[2], " 0.0 ", " 0.5 "),
            (PLAYER_LINE[5], " 2.0 ", " 1.5 "),
        ),
        PLAYER_LINE[1],
        "round 2",
        "opponent 4 in game 1 and 2 in game 2",
    ),
    "same colour twice": (
        edited((PLAYER_LINE[1], "4 b =", "4 w ="), (PLAYER_LINE[4], "1 w =", "1 b =")),
        PLAYER_LINE[1],
        "round 2",
        "colour 'w' in both games",
    ),
    "bye in one game only": (
        edited(
            (PLAYER_LINE[3], "0000 - U  0000 - U", "0000 - U"),
            (PLAYER_LINE[3], " 1.5 ", " 1.0 "),
        ),
        PLAYER_LINE[3],
        "round 2",
        "half recorded",
    ),
    "two different byes": (
        edited((PLAYER_LINE[3], "0000 - U  0000 - U", "0000 - U  0000 - H")),
        PLAYER_LINE[3],
        "round 2",
        "two different byes",
    ),
    "a bye and a game": (
        edited(
            (PLAYER_LINE[3], "0000 - U  0000 - U", "0000 - U     2 b 1"),
            (PLAYER_LINE[2], "5 w 0", "3 w 0"),
            (PLAYER_LINE[5], "     2 b 1", "  0000 - U"),
        ),
        PLAYER_LINE[2],
        "round 2",
        "5 in game 1 and 3 in game 2",
    ),
    "pab counted per column": (
        edited((PLAYER_LINE[3], " 1.5 ", " 3.0 ")),
        PLAYER_LINE[3],
        "points (81-84)",
        "matches 1-1 give 1.5",
    ),
}


@pytest.mark.parametrize("name", sorted(DEFECTS))
def test_the_reader_locates_each_defect(name: str) -> None:
    text, line, field, words = DEFECTS[name]
    with pytest.raises(InputError) as info:
        parse_text(text, "bad.trf")
    located = info.value.located()
    assert (info.value.file, info.value.line, info.value.exit_code) == ("bad.trf", line, 3)
    assert field in located and words in located, located


@pytest.mark.parametrize("name", ["half recorded match", "odd number of rounds"])
def test_the_command_reports_a_defect_on_one_line(name: str, tmp_path: Path) -> None:
    text, line, _, words = DEFECTS[name]
    path = tmp_path / "bad.trf"
    path.write_text(text, encoding="utf-8")
    proc = run_cli("convert", str(path), "--to", "trfx")
    assert proc.returncode == 3 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and re.match(rf"^{re.escape(str(path))}:{line}: ", lines[0])
    assert words in lines[0]


def test_the_command_converts_and_names_what_trf16_drops(tmp_path: Path) -> None:
    path = tmp_path / "ds.trf"
    path.write_text(BASE, encoding="utf-8")
    proc = run_cli("convert", str(path), "--to", "trf16", "-o", str(tmp_path / "out.trf"))
    assert proc.returncode == 0, proc.stderr
    assert "FIDE_DOUBLESWISS" in proc.stderr and "two rounds" in proc.stderr
    proc = run_cli("convert", str(path), "--to", "trfx")
    assert proc.returncode == 0 and read_tournament(proc.stdout) == parse_text(BASE)
