"""Weights given by a table over column keys (mipair.solver.weights.KeyedWeights)
behave exactly as the same weights held column by column, in the solver layer
and in the Dutch engine. HiGHS runs for real."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.solver._detail.packing import pack
from mipair.solver.weights import ColumnKeys, KeyedWeights, Weights, combine


@st.composite
def keyed(draw):
    m = draw(st.integers(min_value=0, max_value=30))
    size = draw(st.integers(min_value=1, max_value=5))
    key = np.array([draw(st.integers(0, size - 1)) for _ in range(m)], dtype=np.int32)
    tables = [
        np.array([draw(st.integers(-4, 4)) for _ in range(size)], dtype=np.int64) for _ in range(2)
    ]
    return key, size, tables


def explicit(key: np.ndarray, table: np.ndarray) -> Weights:
    return Weights.dense(table[key]) if len(key) else Weights.dense(np.zeros(0, np.int64))


@given(keyed(), st.data())
@settings(max_examples=150, deadline=None)
def test_keyed_weights_equal_explicit_ones(problem, data) -> None:
    key, size, (t1, t2) = problem
    keys = ColumnKeys(key, size)
    a, b = KeyedWeights(keys, t1), KeyedWeights(keys, t2)
    ea, eb = explicit(key, t1), explicit(key, t2)
    assert dict(a.items()) == dict(ea.items())
    assert len(a) == len(ea)
    m = len(key)
    cols = np.array(data.draw(st.lists(st.integers(0, m + 3), max_size=8)), dtype=np.int64)
    assert a.at(cols).tolist() == ea.at(cols).tolist()
    chosen = sorted(set(cols.tolist()))
    assert a.total(chosen) == ea.total(chosen)
    packed_a = combine(a, 7, b)
    assert dict(packed_a.items()) == dict(combine(ea, 7, eb).items())
    position = np.array(data.draw(st.lists(st.integers(-2, 4), min_size=m + 4, max_size=m + 4)))
    position[position >= 0] = np.arange(int((position >= 0).sum()))
    sub_a, held_a = a.split(position)
    sub_e, held_e = ea.split(position)
    assert (dict(sub_a.items()), held_a) == (dict(sub_e.items()), held_e)
    off = np.array(data.draw(st.lists(st.booleans(), min_size=m, max_size=m)), dtype=bool)
    assert dict(a.without(off).items()) == dict(ea.without(off).items())
    for pairs in (0, 1, 3, 50):
        got = [(i, dict(w.items())) for i, w in pack([a, b], pairs)]
        assert got == [(i, dict(w.items())) for i, w in pack([ea, eb], pairs)]


@pytest.mark.parametrize("seed", [5, 12])
@pytest.mark.parametrize("rules", ["2026", "2017"])
def test_dutch_rounds_are_the_same_with_keyed_tiers(seed: int, rules: str, monkeypatch) -> None:
    """Generated tournaments, each round paired with every tier held as keys
    (threshold at zero) and column by column, the class model used for every
    model in both (so that it weighs keyed tiers too)."""
    from mipair.check.config import GeneratorConfig
    from mipair.solver._detail import model as search
    from mipair.systems.fide import weigh
    from mipair.systems.fide.dutch import bracket, procedure2026
    from mipair.systems.fide.system import pair_snapshot as pair_round
    from tests.support.dutch_tools import generate

    compared = []
    monkeypatch.setattr(search, "CLASSES_FROM", 0)
    monkeypatch.setattr(bracket, "RELAX_FROM", 3)

    def both(snap):
        for module in (weigh, bracket, procedure2026):
            monkeypatch.setattr(module, "KEYED_FROM", 0)
        keyed_tiers = pair_round(snap)
        for module in (weigh, bracket, procedure2026):
            monkeypatch.setattr(module, "KEYED_FROM", 10**12)
        column_by_column = pair_round(snap)
        assert keyed_tiers == column_by_column, f"round {snap.round}"
        compared.append(snap.round)
        return column_by_column

    generate(GeneratorConfig(players=40, rounds=5, forfeit_rate=10), seed, rules, pair=both)
    assert len(compared) == 5
