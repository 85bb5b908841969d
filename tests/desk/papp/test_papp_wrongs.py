"""Issue 26's nine wrong behaviours of ``mipair papp``, each pinned by a test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mipair.formats.papp.event_file import read_event
from tests.support.papp_day import new_event, play_round, results_of_round, run
from tests.support.paths import ROOT

SMALL_TRF = ROOT / "scenarios" / "dutch" / "small.trfx"


@pytest.fixture(autouse=True)
def no_env_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPP_CFG", raising=False)


def pairs_of(event_file: Path, number: int) -> set[frozenset[int]]:
    return {frozenset((g.black, g.white)) for g in read_event(event_file).round(number).games}


def test_round_robin_continues_after_an_absence_without_repeating(tmp_path) -> None:
    """Wrong 1 (issue 26) and issue 36: player 106 absent in round 2, then back. The schedule
    goes on (106 replaced by Bip in round 2), and no game is ever repeated."""
    event = new_event(tmp_path, 6, rounds=5)
    play_round(event)
    assert run("papp", "withdraw", event, "106").code == 0
    second = play_round(event)
    assert "round robin" in second.out and read_event(event).round(2).bip is not None
    assert run("papp", "return", event, "106").code == 0
    for _ in range(3):
        play_round(event)
    games = [frozenset((g.black, g.white)) for r in read_event(event).rounds for g in r.games]
    assert len(games) == len(set(games))


def test_round_robin_falls_back_after_a_hand_made_round(tmp_path) -> None:
    """Wrong 1: a pair made by hand in round 2; later rounds must not repeat earlier pairs."""
    event = new_event(tmp_path, 6, rounds=5)
    play_round(event)
    first = pairs_of(event, 1)
    ids = sorted(read_event(event).ids)
    # a round-2 pairing by hand that is not the schedule's: rematch-free, chosen here
    hand = next((a, b) for a in ids for b in ids if a < b and frozenset((a, b)) not in first)
    assert run("papp", "couple", event, *map(str, hand)).code == 0
    play_round(event)
    for _ in (3, 4):
        play_round(event)
    assert not pairs_of(event, 4) & pairs_of(event, 2)
    assert not pairs_of(event, 3) & (pairs_of(event, 2) | pairs_of(event, 1))


def test_pair_saves_before_it_shows(tmp_path) -> None:
    """Wrong 2: nothing is shown when the pairing cannot be saved; default config saves."""
    event = new_event(tmp_path, 8, rounds=7)
    blocker = tmp_path / f".{event.name}.{os.getpid()}.tmp"
    blocker.mkdir()  # the temporary file cannot be written
    got = run("papp", "pair", event)
    assert got.code == 5 and "Round 1" not in got.out and read_event(event).rounds == ()
    blocker.rmdir()
    got = run("papp", "pair", event)  # 'sauvegarde immediate' by default
    assert got.code == 0 and "saved in" in got.out and read_event(event).paired_round == 1
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_bad_entry_does_not_discard_the_good_ones(tmp_path) -> None:
    """Wrong 3: the good coupon is recorded (and echoed), the bad one named, exit 3."""
    event = new_event(tmp_path, 8, rounds=7)
    run("papp", "pair", event, "--save")
    good = results_of_round(event)[0]
    got = run("papp", "result", event, good, "9999 30")
    assert got.code == 3 and "'9999 30' not recorded" in got.err
    assert good.split()[0] in got.out and "9999" not in got.out
    black = int(good.split()[0])
    assert read_event(event).round(1).game_of(black).black_discs == int(good.split()[1])


def test_results_name_their_round_and_corrections_say_so(tmp_path) -> None:
    """Wrong 4: results go to the round being played; a finished round's is a correction."""
    event = new_event(tmp_path, 8, rounds=7)
    play_round(event)
    run("papp", "pair", event, "--save")
    late = results_of_round(event)[0]
    got = run("papp", "result", event, late)
    assert got.code == 0 and got.out.startswith("Round 2:")
    game = read_event(event).round(1).games[0]
    got = run("papp", "result", "--round", "1", event, f"{game.black} 10")
    assert got.code == 0 and got.out.startswith("Round 1, correction")
    after = read_event(event)
    assert after.round(1).game_of(game.black).black_discs == 10
    assert after.round(2).game_of(int(late.split()[0])).played


def test_a_coupon_starting_with_a_dash_erases(tmp_path) -> None:
    """Wrong 5: '-PLAYER' is a coupon (erase), not an option."""
    event = new_event(tmp_path, 8, rounds=7)
    run("papp", "pair", event, "--save")
    coupon = results_of_round(event)[0]
    run("papp", "result", event, coupon)
    player = coupon.split()[0]
    got = run("papp", "result", event, f"-{player}")
    assert got.code == 0, got.err
    assert not read_event(event).round(1).game_of(int(player)).played


def test_pair_on_a_saved_round_shows_it_with_its_scores(tmp_path) -> None:
    """Wrong 6: re-running pair on a saved round: no 'manual' label, scores shown."""
    event = new_event(tmp_path, 8, rounds=7)
    run("papp", "pair", event, "--save")
    coupon = results_of_round(event, discs=41)[0]
    run("papp", "result", event, coupon)
    got = run("papp", "pair", event)
    assert got.code == 0 and "manual" not in got.out and "41/23" in got.out


def test_new_from_trf_keeps_the_announced_absences(tmp_path) -> None:
    """Wrong 7: small.trfx announces 4 (Z) and 8 (H) absent in round 4."""
    event = tmp_path / "t.papp"
    got = run("papp", "new", event, "--trf", SMALL_TRF)
    assert got.code == 0 and "announced absences" in got.err
    loaded = read_event(event)
    assert loaded.round(4).absent == {4, 8} and 4 not in loaded.present(4)
    paired = run("papp", "pair", event, "--no-save")
    assert "Dubois" not in paired.out and "Horvath" not in paired.out


def test_standings_after_a_missing_round_prints_nothing(tmp_path) -> None:
    """Wrong 8: the error comes alone, no header first."""
    event = new_event(tmp_path, 8, rounds=7)
    for teams in ((), ("--teams",)):
        got = run("papp", "standings", event, "--after", "9", *teams)
        assert got.code == 3 and got.out == "" and "round 9" in got.err


def test_a_mistyped_config_path_is_an_error(tmp_path, monkeypatch) -> None:
    """Wrong 9: a given path must exist; defaults are written only when asked or none given."""
    event = new_event(tmp_path, 8, rounds=7)
    got = run("papp", "pair", event, "--config", tmp_path / "pap.cfg")
    assert got.code == 5 and "pap.cfg" in got.err and not (tmp_path / "pap.cfg").exists()
    monkeypatch.setenv("PAPP_CFG", str(tmp_path / "missing.cfg"))
    assert run("papp", "pair", event).code == 5
    assert read_event(event).rounds == ()
    written = tmp_path / "mine.cfg"
    assert run("papp", "config", "--write-default", written).code == 0
    assert written.read_text().startswith("#! papp")
    assert run("papp", "pair", event, "--config", written).code == 0


def test_deferred_saving_saves_when_the_command_ends(tmp_path) -> None:
    """Issue 36: 'sauvegarde differee' made 'result' unusable (the pairing was never saved).
    A command is one PAPP session, and PAPP saves when it is left: the pairing is shown, then
    saved; --no-save writes nothing."""
    event = new_event(tmp_path, 8, rounds=7)
    config = tmp_path / "papp.cfg"
    run("papp", "config", "--write-default", config)
    config.write_text(config.read_text().replace("sauvegarde immediate;", "sauvegarde differee;"))
    got = run("papp", "pair", event, "--no-save")
    assert got.code == 0 and "saved in" not in got.out and read_event(event).rounds == ()
    got = run("papp", "pair", event)
    assert got.code == 0 and read_event(event).paired_round == 1
    assert got.out.index("Round 1 (") < got.out.index("saved in")
    entered = run("papp", "result", event, *results_of_round(event))
    assert entered.code == 0 and read_event(event).completed == 1


def test_the_system_interface_describes_as_papp_pair_shows(tmp_path) -> None:
    """`papp pair` goes through PappSystem: its describe() is the table pair prints."""
    from mipair.systems.registry import get_system

    event = new_event(tmp_path, 9, rounds=7)
    system = get_system("papp")
    state = system.read(str(event))
    pairing = system.pair(state)
    shown = run("papp", "pair", event, "--no-save")
    assert shown.out == system.describe(state, pairing)
    assert "Bip" in shown.out and len(pairing.boards) == 4 and pairing.bye is not None
