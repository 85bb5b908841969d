"""McMahon rounds: real tournaments re-paired weight for weight, the bye, forbidden pairs."""

from __future__ import annotations

import dataclasses

import networkx as nx
import pytest

from mipair.errors import NoPairingError
from mipair.formats.opengotha import read_opengotha
from mipair.systems.mcmahon.pairing import (
    best_matching,
    field_of,
    matching_weight,
    pair_state,
    weight_table,
)
from mipair.systems.mcmahon.state import published_states, state_of
from mipair.systems.registry import get_system
from tests.support.go_data import CLUB, REPRODUCIBLE, go_file


def replay(name: str, edition: str):
    """(state, real pairs, engine round) for every published round of a shared file."""
    t = read_opengotha(str(go_file(name)))
    index = {p.key: i for i, p in enumerate(t.players)}
    for state in published_states(t, edition):
        real = [(index[g.white], index[g.black]) for g in t.games if g.round == state.round]
        yield state, real, pair_state(state)


@pytest.mark.parametrize(("name", "edition"), sorted(REPRODUCIBLE.items()))
def test_every_round_has_the_weight_of_the_real_pairing(name: str, edition: str) -> None:
    for state, real, engine in replay(name, edition):
        fld = field_of(state)
        mine = [(g.white, g.black) for g in engine.games]
        assert matching_weight(fld, mine) == matching_weight(fld, real), state.round
        assert sorted(i for p in mine for i in p) == sorted(i for p in real for i in p)


def test_notsimplemm_is_reproduced_pair_for_pair_with_its_byes() -> None:
    for state, real, engine in replay("notsimplemm.xml", "3.52"):
        assert {frozenset(p) for p in real} == {frozenset((g.white, g.black)) for g in engine.games}
        assert set(real) == {(g.white, g.black) for g in engine.games}  # colours too
        chosen = field_of(dataclasses.replace(state, bye=None))
        assert (chosen.bye.index if chosen.bye else None) == state.bye


def test_the_3_51_rules_do_not_reproduce_a_3_52_file() -> None:
    worse = 0
    for state, real, engine in replay("Toulouse2024.xml", "3.51"):
        fld = field_of(state)
        worse += matching_weight(fld, real) < matching_weight(
            fld, [(g.white, g.black) for g in engine.games]
        )
    assert worse > 0


@pytest.mark.parametrize("name", ["Toulouse2024.xml", "20201108233442_FinalFinal19x19.xml"])
def test_the_optimum_equals_an_independent_exact_matching(name: str) -> None:
    t = read_opengotha(str(go_file(name)))
    for state in published_states(t, REPRODUCIBLE[name]):
        fld = field_of(state)
        table = weight_table(fld, state.forbidden)
        weights = {
            (int(a), int(b)): int(w) for a, b, w in zip(table.first, table.second, table.weight)
        }
        graph = nx.Graph()
        graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
        reference = nx.max_weight_matching(graph, maxcardinality=True)
        ours = best_matching(fld, table)
        total = lambda pairs: sum(weights[tuple(sorted(p))] for p in pairs)  # noqa: E731
        assert total(ours) == total(reference)


def test_scenario_round_3_has_a_bye_and_colours_and_tables() -> None:
    state = state_of(read_opengotha(str(CLUB)), "3.52")
    assert state.round == 3 and len(state.players) == 11 and state.bye is None
    rnd = pair_state(state)
    assert rnd.bye is not None and len(rnd.games) == 5
    assert [g.table for g in rnd.games] == [1, 2, 3, 4, 5]
    fld = field_of(state)
    assert fld.bye is not None and fld.bye.index == rnd.bye
    fresh = [e for e in [*fld.entrants, fld.bye] if e.byes == 0]
    assert fld.bye.byes == 0 and len(fresh) < 11  # round 1's bye is not given again
    assert fld.bye.mms2 == min(e.mms2 for e in fresh)  # the lowest score without a bye
    for g in rnd.games:  # a handicap game gives White to the stronger
        w, b = (next(e for e in fld.entrants if e.index == i) for i in (g.white, g.black))
        if g.handicap:
            assert w.mms2 > b.mms2


def test_forbidden_pairs_are_never_paired_and_explained_when_impossible() -> None:
    system = get_system("mcmahon")
    state = system.read(str(CLUB))
    first = system.pair(state).boards[0]
    banned = frozenset({frozenset((first.white - 1, first.black - 1))})
    other = system.pair(dataclasses.replace(state, forbidden=banned))
    assert frozenset((first.white, first.black)) not in other.pairs()
    facts = system.problem(dataclasses.replace(state, forbidden=banned)).facts
    assert any(f.kind == "forbidden" for f in facts)
    # forbid a player from everybody: no pairing, and explain says why
    lonely = first.white - 1
    everyone = frozenset(frozenset((lonely, i)) for i in state.players if i != lonely)
    stuck = dataclasses.replace(
        state, forbidden=everyone, bye=next(i for i in state.players if i != lonely)
    )
    with pytest.raises(NoPairingError):
        system.pair(stuck)
    explanation = system.explain(stuck, seconds=2.0)
    assert not explanation.pairable


def test_published_rounds_through_the_interface() -> None:
    system = get_system("mcmahon")
    # saved by OpenGotha 3.48, paired by 3.52 (the pairgoth test files): the edition is named
    rounds = list(system.published(system.document(str(go_file("notsimplemm.xml"))), "3.52"))
    assert [r.state.round for r in rounds] == [1, 2, 3, 4, 5]
    for published in rounds:
        engine = system.pair(published.state)
        verdict = system.compare_with(published.state, engine, published.pairing)
        assert not verdict.violations and verdict.same_pairs
        assert engine.bye == published.pairing.bye
        values = system.evaluate(published.state, published.pairing)
        assert values[0].id == "total" and values[0].value == sum(
            v.value for v in values[1:]
        ) + len(published.pairing.boards)
