"""The drawing of lots, withdrawals and the tournament types of a round robin (C.05).

The expected values are written from the specification
(``models/round-robin-2026.md`` sections 4, 6 and 8), not computed by the module.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mipair.model import Result
from mipair.systems.roundrobin.lots import Entrant, draw_numbers, lot, lots_line, read_lots_line
from mipair.systems.roundrobin.schedule import schedule
from mipair.systems.roundrobin.settings import Cycles, _varma
from mipair.systems.roundrobin.trf_type import round_robin_cycles, type_code
from mipair.systems.roundrobin.withdrawal import (
    completed_games,
    lots_drawn_again,
    results_counted,
    scheduled_games,
    unplayed_results,
)

# --- the drawing of lots (section 4) -------------------------------------------------


def test_a_lot_is_the_sha256_of_the_seed_the_step_and_the_key() -> None:
    digest = hashlib.sha256(b"2026\x1fnumber\x1f1503014").hexdigest()
    assert lot("2026", "number", "1503014") == int(digest, 16)


def test_the_plain_draw_numbers_the_entrants_by_their_lots() -> None:
    keys = ["1503014", "4100018", "Doe, Jane"]
    by_lot = sorted(keys, key=lambda k: hashlib.sha256(f"9\x1fnumber\x1f{k}".encode()).digest())
    numbers = draw_numbers([Entrant(k) for k in keys], "9")
    assert [k for k, _ in sorted(numbers.items(), key=lambda kv: kv[1])] == by_lot


@given(size=st.integers(2, 60), seed=st.text(min_size=1, max_size=8))
def test_a_draw_is_a_numbering_that_the_order_of_entry_does_not_change(
    size: int, seed: str
) -> None:
    field = [Entrant(f"k{i}") for i in range(size)]
    numbers = draw_numbers(field, seed)
    assert sorted(numbers.values()) == list(range(1, size + 1))
    assert draw_numbers(field[::-1], seed) == numbers


def test_two_entrants_with_one_key_are_refused() -> None:
    with pytest.raises(ValueError, match="share the key"):
        draw_numbers([Entrant("Doe, J"), Entrant("Doe, J")], "1")


def test_the_record_line_holds_the_method_and_the_seed() -> None:
    line = lots_line("20260301", "varma")
    assert line.startswith("### ")
    assert read_lots_line(line) == ("varma", "20260301")
    assert read_lots_line("### any other comment") is None
    with pytest.raises(ValueError, match="one word"):
        lots_line("two words", "plain")


# --- withdrawals (section 6) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("completed", "scheduled", "counted"),
    [(4, 8, True), (3, 8, False), (5, 9, True), (4, 9, False), (0, 1, False), (9, 18, True)],
)
def test_results_count_from_half_the_scheduled_games(
    completed: int, scheduled: int, counted: bool
) -> None:
    assert results_counted(completed, scheduled) is counted


def test_scheduled_games_are_every_opponent_once_a_cycle() -> None:
    assert scheduled_games(9, Cycles(1, False)) == 8
    assert scheduled_games(6, Cycles(2, True)) == 10


def test_only_games_begun_at_the_board_are_completed() -> None:
    results = [Result.WIN, Result.FORFEIT_WIN, Result.DRAW_UNPLAYED, Result.PAB, None, Result.LOSS]
    assert completed_games(results) == 3


def test_a_withdrawn_players_later_games_are_forfeits_and_the_schedule_stays() -> None:
    rounds = schedule(6)  # 6 players: 5 rounds
    unplayed = unplayed_results(rounds, {6: 2})
    # player 6 is on board 1 of every round: rounds 3-5 against 2, 6 and 3 (Annex 1's table)
    assert unplayed == {
        (3, 6): Result.FORFEIT_LOSS,
        (3, 2): Result.FORFEIT_WIN,
        (4, 6): Result.FORFEIT_LOSS,
        (4, 5): Result.FORFEIT_WIN,
        (5, 6): Result.FORFEIT_LOSS,
        (5, 3): Result.FORFEIT_WIN,
    }


def test_two_absent_players_both_lose_their_game() -> None:
    rounds = schedule(4)  # round 2: 4-3, 1-2; round 3: 2-4, 3-1
    unplayed = unplayed_results(rounds, {2: 1, 4: 2})
    assert unplayed[3, 2] == unplayed[3, 4] == Result.FORFEIT_LOSS
    assert unplayed[2, 2] == Result.FORFEIT_LOSS and unplayed[2, 1] == Result.FORFEIT_WIN
    assert {(2, 3), (2, 4), (3, 1), (3, 3)}.isdisjoint(unplayed)  # games of players present


@pytest.mark.parametrize(
    ("players", "number", "substituted", "again"),
    [(10, 10, False, False), (10, 4, False, True), (9, 9, False, True), (9, 3, True, False)],
)
def test_a_withdrawal_before_round_one_redraws_unless(
    players: int, number: int, substituted: bool, again: bool
) -> None:
    assert lots_drawn_again(players, number, substituted) is again


# --- TRF-2026 tournament types (section 8) --------------------------------------------


@pytest.mark.parametrize(
    ("code", "cycles"),
    [
        ("FIDE_ROUNDROBIN", Cycles(1, False)),
        ("BERGER_ROUNDROBIN", Cycles(1, False)),
        ("FIDE_DOUBLEROUNDROBIN", Cycles(2, True)),
        ("berger_doubleroundrobin", Cycles(2, False)),
        ("BERGER_ROUNDROBIN_G3", Cycles(3, False)),
        ("FIDE_DUTCH", None),
        ("BERGER_TEAM_ROUNDROBIN", None),
        ("BERGER_ROUNDROBIN_G0", None),
    ],
)
def test_the_192_codes_of_round_robins(code: str, cycles: Cycles | None) -> None:
    assert round_robin_cycles(code) == cycles


def test_the_code_written_for_a_schedule() -> None:
    assert type_code(Cycles(2, True)) == "FIDE_DOUBLEROUNDROBIN"
    assert type_code(Cycles(1, False)) == "FIDE_ROUNDROBIN"
    assert type_code(Cycles(2, False)) == "BERGER_DOUBLEROUNDROBIN"
    assert type_code(Cycles(4, False)) == "BERGER_ROUNDROBIN_G4"


def test_a_varma_table_that_does_not_share_out_its_numbers_is_refused() -> None:
    with pytest.raises(ValueError, match=r"share out 1\.\.10"):
        _varma({"10": {"A": [1, 2, 3], "B": [4, 5], "C": [6, 7], "D": [8, 9, 9]}})
