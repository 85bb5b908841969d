"""``--objective entropy``: the thesis's entropy traded for OpenGotha's seeding, draw-up/down,
colour and random terms, within its rematch, score-group, geography and handicap terms."""

from __future__ import annotations

import dataclasses
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.formats.opengotha import Node, OgPlayer, OgTournament, read_opengotha
from mipair.formats.opengotha_write import write_opengotha
from mipair.systems.mcmahon.entropy import game_entropy, winning_expectancy
from mipair.systems.mcmahon.pairing import field_of, matching_weight, pair_state
from mipair.systems.mcmahon.state import ENTROPY, published_states, state_of
from tests.support.go_data import REPRODUCIBLE, go_file


def test_winning_expectancy_and_entropy_are_the_thesis_table_values() -> None:
    """Thesis tables 2.2 and 2.3 (epsilon 0 there): D (800) against B (902), a(800) = 165:
    S_D = 0.35020, entropy terms 0.53011 (D) + 0.40413 (B); E (340) against D (800),
    a(340) = 188: S_E = 0.07967."""
    s_d, s_b = winning_expectancy(800, 902, 0.0)
    assert s_d == pytest.approx(0.35020, abs=1e-5) and s_b == pytest.approx(0.64980, abs=1e-5)
    assert game_entropy(s_d, s_b) == pytest.approx(0.53011 + 0.40413, abs=1e-5)
    assert winning_expectancy(340, 800, 0.0)[0] == pytest.approx(0.07967, abs=1e-5)
    # epsilon is taken from the stronger player's expectancy (2.2.1)
    assert winning_expectancy(2000, 2000, 0.016)[1] == pytest.approx(0.5 - 0.016)


def four_even_players(ratings: list[int]) -> OgTournament:
    """Four 1k players of one club and country, round 1 to pair, random and seeding weights
    set to 0: every pairing of the four has the same OpenGotha weight; only the GoR ratings
    differ."""
    players = [
        OgPlayer(f"P{name}", "Go", -1, rating, "FI", "Oulu", 0, "11111", "FIN", "", {})
        for name, rating in zip("ABCD", ratings)
    ]
    general = Node("GeneralParameterSet", {"numberOfRounds": "5"})
    pairing = Node("PairingParameterSet", {"paiBaRandom": "0", "paiMaMaximizeSeeding": "0"})
    return OgTournament(
        {}, players, [], [], [Node("TournamentParameterSet", {}, [general, pairing])]
    )


def rating_pairs(tournament: OgTournament, rnd) -> set[frozenset[int]]:
    return {
        frozenset((tournament.players[g.white].rating, tournament.players[g.black].rating))
        for g in rnd.games
    }


@pytest.mark.parametrize("order", list(itertools.permutations([2000, 1990, 1700, 1690])))
def test_entropy_picks_the_closest_games_among_equal_opengotha_weights(order) -> None:
    """By hand: the three pairings of {2000, 1990, 1700, 1690} weigh the same for OpenGotha;
    the games 2000-1990 and 1700-1690 (10 points apart) are the closest to 1/2, so entropy takes
    them, whatever the players' names and order."""
    tournament = four_even_players(list(order))
    state = state_of(tournament, "3.52")
    fld = field_of(state)
    weights = {
        matching_weight(fld, [(a, b), tuple(set(range(4)) - {a, b})])
        for a, b in [(0, 1), (0, 2), (0, 3)]
    }
    assert len(weights) == 1  # a tie for OpenGotha
    rnd = pair_state(dataclasses.replace(state, objective=ENTROPY))
    assert rating_pairs(tournament, rnd) == {frozenset((2000, 1990)), frozenset((1700, 1690))}


def test_the_cli_option(tmp_path: Path) -> None:
    path = tmp_path / "four.xml"
    write_opengotha(str(path), four_even_players([1700, 2000, 1690, 1990]))
    done = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "mcmahon", "pair", str(path), "--json"]
        + ["--objective", "entropy"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    games = json.loads(done.stdout)["games"]
    assert {frozenset((g["white"], g["black"])) for g in games} == {
        frozenset(("PBGO", "PDGO")),
        frozenset(("PAGO", "PCGO")),
    }


def kept_weight(fld, rnd) -> int:
    """The OpenGotha weight of a round's pairs counting the kept terms only."""
    from mipair.systems.mcmahon.entropy import kept_terms
    from mipair.systems.mcmahon.pairing import in_list_order
    from mipair.systems.mcmahon.weights import components

    where = {e.index: e for e in fld.entrants}
    total = 0
    for g in rnd.games:
        parts = components(fld, *in_list_order(fld, where[g.white], where[g.black]))
        total += 1 + sum(v for k, v in parts.items() if k in kept_terms())
    return total


def test_entropy_overrides_the_seeding_inside_a_group() -> None:
    """Four 1k players of one score group: the seeding (split and fold) pairs the top half
    with the bottom half, 2000-1700 and 1990-1690; the entropy objective gives way on the
    seeding and pairs the closest strengths, 2000-1990 and 1700-1690."""
    tournament = four_even_players([2000, 1990, 1700, 1690])
    general, pairing = tournament.others[0].children
    pairing.attrs.update(paiMaMaximizeSeeding="5000000", paiMaSeedSystem1="SPLITANDFOLD")
    state = state_of(tournament, "3.52")
    plain = pair_state(state)
    assert rating_pairs(tournament, plain) == {frozenset((2000, 1690)), frozenset((1990, 1700))}
    best = pair_state(dataclasses.replace(state, objective=ENTROPY))
    assert rating_pairs(tournament, best) == {frozenset((2000, 1990)), frozenset((1700, 1690))}
    fld = field_of(state)
    assert kept_weight(fld, best) == kept_weight(fld, plain)
    pairs = lambda rnd: [(g.white, g.black) for g in rnd.games]  # noqa: E731
    assert matching_weight(fld, pairs(best)) < matching_weight(fld, pairs(plain))  # the cost


@pytest.mark.parametrize("name", ["Toulouse2024.xml", "20201108233442_FinalFinal19x19.xml"])
def test_real_rounds_keep_the_mcmahon_terms_and_gain_entropy(name: str) -> None:
    tournament = read_opengotha(str(go_file(name)))
    gained = 0.0
    for state in published_states(tournament, REPRODUCIBLE[name]):
        plain = pair_state(state)
        best = pair_state(dataclasses.replace(state, objective=ENTROPY))
        fld = field_of(state)
        assert kept_weight(fld, best) >= kept_weight(fld, plain)
        if kept_weight(fld, best) == kept_weight(fld, plain):
            slack = 1e-6 * len(best.games)  # each game rounded to a millionth of a bit
            assert total_entropy(tournament, best) >= total_entropy(tournament, plain) - slack
        gained += total_entropy(tournament, best) - total_entropy(tournament, plain)
    assert gained > 0.1


def total_entropy(tournament: OgTournament, rnd) -> float:
    from mipair.systems.mcmahon.entropy import constants

    total = 0.0
    for g in rnd.games:
        white, black = tournament.players[g.white].rating, tournament.players[g.black].rating
        # the handicap goes to Black, the weaker side
        black += constants()["points_per_stone"] * g.handicap
        low, high = sorted((white, black))
        total += float(game_entropy(*winning_expectancy(low, high, constants()["epsilon"])))
    return total
