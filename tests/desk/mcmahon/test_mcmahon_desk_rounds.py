"""The Go director's desk refuses rounds a tournament does not have (exit 3, one line, the
file unchanged), through the installed ``mipair`` command."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.installed_command import mipair, refused


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """A 3-round tournament of four players, round 1 paired."""
    path = tmp_path / "cup.xml"
    assert mipair("mcmahon", "new", path, "--name", "Cup", "--rounds", 3).returncode == 0
    for surname, rank in (("Dupont", "3K"), ("Martin", "5K"), ("Weber", "1D"), ("Rossi", "8K")):
        assert mipair("mcmahon", "register", path, surname, "Jean", rank).returncode == 0
    assert mipair("mcmahon", "pair", path, "--save").returncode == 0
    return path


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (("absent", "DUPONTJEAN", "--round", "9"), "round 9: the tournament has rounds 1 to 3"),
        (("present", "DUPONTJEAN", "--round", "2-4"), "round 4: the tournament has rounds 1 to 3"),
        (("absent", "DUPONTJEAN", "--round", "0"), "round 0: the tournament has rounds 1 to 3"),
        (("result", "--round", "9", "1", "1-0"), "round 9: the tournament has rounds 1 to 3"),
        (("result", "--round", "0", "1", "1-0"), "round 0: the tournament has rounds 1 to 3"),
        (("unpair", "--round", "4"), "only the last paired round (1) can be taken back"),
    ],
)
def test_a_round_the_tournament_does_not_have_is_refused(
    cup: Path, command: tuple[str, ...], words: str
) -> None:
    before = cup.read_bytes()
    message = refused(mipair("mcmahon", command[0], cup, *command[1:]))
    assert message == f"{cup}: round: {words}"
    assert cup.read_bytes() == before


def test_the_rounds_it_has_are_taken(cup: Path) -> None:
    absent = mipair("mcmahon", "absent", cup, "DUPONTJEAN", "--round", "3")
    assert (absent.returncode, absent.stdout) == (0, "DUPONTJEAN is absent from round 3\n")
    entered = mipair("mcmahon", "result", cup, "--round", "1", "1", "1-0")
    assert entered.returncode == 0 and entered.stdout.startswith("round 1 table 1: ")


def test_pairing_past_the_last_round_is_refused(cup: Path) -> None:
    for _ in range(2):
        assert mipair("mcmahon", "pair", cup, "--save").returncode == 0
    before = cup.read_bytes()
    message = refused(mipair("mcmahon", "pair", cup, "--save"))
    assert message == f"{cup}: numberOfRounds: every round of the tournament (3) is paired"
    assert cup.read_bytes() == before
