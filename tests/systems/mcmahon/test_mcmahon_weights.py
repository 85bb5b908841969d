"""OpenGotha's weight function, term by term (reference 5), against OpenGotha's own dumps."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mipair.formats.opengotha import read_opengotha
from mipair.systems.mcmahon.field import build_field
from mipair.systems.mcmahon.handicap import stones
from mipair.systems.mcmahon.pairing import field_of
from mipair.systems.mcmahon.params import params_of
from mipair.systems.mcmahon.sides import arrays
from mipair.systems.mcmahon.state import state_of
from mipair.systems.mcmahon.weights import (
    components,
    concavity,
    det_random,
    java_div,
    pair_weight,
)
from tests.support.go_data import CLUB, go_file

DUMP_NAMES = {
    "duplicate": "baseDuplicateGameCost",
    "random": "baseRandomCost",
    "colour": "baseBWBalanceCost",
    "category": "mainCategoryCost",
    "score": "mainScoreDiffCost",
    "dudd": "mainDUDDCost",
    "seeding": "mainSeedCost",
    "handicap": "secHandiCost",
    "geo": "secGeoCost",
}


def read_dump(path: Path) -> list[dict[str, str]]:
    """The pair records of a weight dump (12 ``name=value`` lines each)."""
    lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines() if "=" in ln]
    return [dict(ln.split("=", 1) for ln in lines[k : k + 12]) for k in range(0, len(lines), 12)]


def round_field(xml: Path, round_number: int, edition: str):
    """The field of a published round: its players and its bye as in the file."""
    t = read_opengotha(str(xml))
    index = {p.key: i for i, p in enumerate(t.players)}
    players = [index[k] for g in t.games if g.round == round_number for k in (g.white, g.black)]
    bye = next((index[b.player] for b in t.byes if b.round == round_number), None)
    return build_field(t, params_of(t, edition), round_number, players, bye)


@pytest.mark.parametrize(
    ("xml", "dump", "pairs"),
    [
        ("notsimplemm.xml", "notsimplemm_weights_R3.txt", 15),
        ("Toulouse2024.xml", "Toulouse2024_weights_R3.txt", 630),
    ],
)
def test_dumps_are_reproduced_component_by_component(xml: str, dump: str, pairs: int) -> None:
    fld = round_field(go_file(xml), 3, "3.52")
    by_name = {f"{e.player.name} {e.player.first_name}": e for e in fld.entrants}
    records = read_dump(go_file(dump))
    assert len(records) == pairs
    for rec in records:
        a, b = by_name[rec["Player1Name"]], by_name[rec["Player2Name"]]
        got = components(fld, a, b)
        assert {k: str(v) for k, v in got.items()} == {k: rec[n] for k, n in DUMP_NAMES.items()}
        assert pair_weight(fld, a, b) == int(rec["totalCost"])


def test_the_3_51_rules_give_other_weights_on_the_same_dump() -> None:
    fld = round_field(go_file("Toulouse2024.xml"), 3, "3.51")
    by_name = {f"{e.player.name} {e.player.first_name}": e for e in fld.entrants}
    records = read_dump(go_file("Toulouse2024_weights_R3.txt"))
    differ = {
        term
        for rec in records
        for term, value in components(
            fld, by_name[rec["Player1Name"]], by_name[rec["Player2Name"]]
        ).items()
        if str(value) != rec[DUMP_NAMES[term]]
    }
    assert {"dudd", "geo"} <= differ


def _det_random_by_the_letter(top: int, first: str, second: str) -> int:
    """detRandom as reference 5.3 words it, on two names."""
    low, high = sorted((first, second))
    value = sum(ord(c) * (i + 1) for i, c in enumerate(low + high)) * 1234567 % (top + 1)
    return top - value if first > second else value


def test_det_random_follows_the_reference_and_is_mirrored() -> None:
    state = state_of(read_opengotha(str(CLUB)), "3.52")
    fld = field_of(state)
    side = arrays(fld).side
    n = len(fld.entrants)
    first, second = np.meshgrid(np.arange(n), np.arange(n))
    first, second = first.ravel(), second.ravel()
    names = [e.player.name + e.player.first_name for e in fld.entrants]
    for top in (1, 7, 1_000_000):
        values = det_random(top, side.take(first), side.take(second))
        expected = [
            _det_random_by_the_letter(top, names[i], names[j]) for i, j in zip(first, second)
        ]
        assert values.tolist() == expected
        mirrored = det_random(top, side.take(second), side.take(first))
        distinct = first != second
        assert ((values + mirrored)[distinct] == top).all()


def test_integer_helpers_truncate_as_java_does() -> None:
    assert java_div(-7, 2) == -3 and java_div(7, -2) == -3 and java_div(7, 2) == 3
    assert concavity(0.0, 10**11, 0.5) == 10**11 and concavity(1.0, 10**11, 0.5) == 0
    # reference 5: many small score gaps are preferred to one large gap of the same sum
    nine_small = 9 * concavity(1 / 10, 1000, 0.5) + concavity(0.0, 1000, 0.5)
    one_large = 9 * concavity(0.0, 1000, 0.5) + concavity(10 / 10, 1000, 0.5)
    assert (nine_small, one_large) == (9 * 945 + 1000, 9000)


@pytest.mark.parametrize(
    ("first", "second", "threshold", "correction", "ceiling", "expected"),
    [
        (2, -3, 0, 1, 9, 2),  # reference 4.1: 3d vs 3k, threshold 1d, correction 1
        (-3, 2, 0, 1, 9, -2),
        (2, 1, 0, 1, 9, 0),  # both above the threshold: even
        (-1, -20, 0, 1, 9, 9),  # the ceiling
        (-5, -6, 0, 1, 9, 0),  # one grade, correction 1
        (-5, -8, 0, 0, 2, 2),
    ],
)
def test_handicap_stones(first, second, threshold, correction, ceiling, expected) -> None:
    assert stones(first, second, threshold, correction, ceiling) == expected


def test_who_met_whom_is_every_earlier_game_and_nothing_else() -> None:
    """The field's record of earlier games (sorted pair codes) answers as the entrants'
    own lists of opponents, for every pair of a later round of a real file."""
    from mipair.systems.mcmahon.state import cut

    tournament = cut(read_opengotha(str(go_file("Toulouse2024.xml"))), 4)
    fld = field_of(state_of(tournament, "3.52"))
    n = len(fld.entrants)
    first, second = (a.ravel() for a in np.meshgrid(np.arange(n), np.arange(n)))
    expected = [fld.entrants[j].index in fld.entrants[i].met for i, j in zip(first, second)]
    assert any(expected)
    assert arrays(fld).met(first, second).tolist() == expected


def test_clubs_share_a_group_when_one_group_holds_both() -> None:
    """Clubs in no group, one group or several: ``common`` is "some group holds both"."""
    from random import Random

    from mipair.systems.mcmahon.sides import ClubGroups

    draw = Random(5)
    clubs = [f"C{k}" for k in range(40)]
    groups = tuple(frozenset(draw.sample(clubs, draw.randint(1, 8))) for _ in range(12))
    table = ClubGroups.of(clubs, groups)
    a = np.array([draw.randrange(40) for _ in range(3000)])
    b = np.array([draw.randrange(40) for _ in range(3000)])
    expected = [any({clubs[x], clubs[y]} <= g for g in groups) for x, y in zip(a, b)]
    assert 100 < sum(expected) < 2900
    assert table.common(a, b).tolist() == expected
    assert not ClubGroups.of(clubs, ()).common(a, b).any()
