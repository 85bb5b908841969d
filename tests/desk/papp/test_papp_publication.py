"""Issue 36, item 3: each round's files are written once, when the round is published, and kept
as published; a reopened round's files, or an undone pairing's, are withdrawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.formats.papp.event_file import read_event
from tests.support.papp_day import new_event, play_round, results_of_round, run


@pytest.fixture(autouse=True)
def no_env_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPP_CFG", raising=False)


def files(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in folder.iterdir() if p.suffix in (".txt", ".htm")}


def test_round_files_are_kept_as_published(tmp_path: Path) -> None:
    """A player who leaves before round 3 no longer shows as withdrawn in round 1's standings,
    and later rounds do not change round 1's tie-breaks."""
    event = new_event(tmp_path, 9, rounds=7)  # no tournament name: the files beside the event
    play_round(event)
    first = files(tmp_path)
    assert {"round__1.txt", "stand__1.txt", "cross__1.htm"} <= set(first)
    play_round(event)
    leaver = read_event(event).round(2).games[0].black
    assert run("papp", "withdraw", event, leaver).code == 0
    play_round(event)
    now = files(tmp_path)
    for name in ("round__1.txt", "stand__1.txt", "cross__1.htm"):
        assert now[name] == first[name], name
    line = next(ln for ln in now["stand__3.txt"].splitlines() if f" {leaver} " in ln)
    assert "] -" in line  # out from round 3 on, in round 3's standings only


def test_a_reopened_round_withdraws_its_files(tmp_path: Path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    play_round(event)
    assert (tmp_path / "stand__1.txt").exists() and (tmp_path / "cross__1.htm").exists()
    player = read_event(event).round(1).games[0].black
    got = run("papp", "result", event, f"-{player}")  # erase a coupon: the round is open again
    assert got.code == 0 and "withdrawn: " in got.out
    assert not (tmp_path / "stand__1.txt").exists() and not (tmp_path / "cross__1.htm").exists()
    assert (tmp_path / "round__1.txt").exists()  # the pairing stands
    got = run("papp", "result", event, *results_of_round(event))
    assert got.code == 0 and "results complete" in got.out
    assert (tmp_path / "stand__1.txt").exists()


def test_clear_pairs_withdraws_the_pairing_file(tmp_path: Path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    play_round(event)
    assert run("papp", "pair", event).code == 0
    assert (tmp_path / "round__2.txt").exists()
    got = run("papp", "clear-pairs", event)
    assert got.code == 0 and "withdrawn: round__2.txt" in got.out
    assert not (tmp_path / "round__2.txt").exists()


def test_a_file_lost_to_a_crash_is_written_by_the_next_change(tmp_path: Path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    play_round(event)
    kept = (tmp_path / "stand__1.txt").read_text()
    (tmp_path / "stand__1.txt").unlink()  # as if killed after saving the event
    assert run("papp", "pair", event).code == 0
    assert (tmp_path / "stand__1.txt").read_text() == kept
