"""Explanations of impossible rounds on the hand-made scenarios, checked by brute force.

Every reason must be sufficient (its facts alone forbid every pairing) and
irreducible (dropping any one fact allows a pairing); every proposed
relaxation must allow a pairing (the one shown must be legal) and no
smaller set of waived rules may do so.
"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.rounds import round_to_pair
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.registry import get_system
from tests.support.explain_oracle import all_rules, legal_under, pairing_under, subsets_below
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "infeasible").glob("*.trfx"))


def snap_of(path: Path, rules: str = "2026"):
    t = read_tournament(str(path))
    return snapshot(t, round_to_pair(t), rules)


def key(fact):
    return (fact.kind, frozenset(fact.players))


@pytest.fixture(scope="module")
def explained():
    return {p.stem: (snap_of(p), get_system("dutch").explain(snap_of(p))) for p in SCENARIOS}


def test_the_set_is_large_enough() -> None:
    assert len(SCENARIOS) >= 12


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_cannot_be_paired(path: Path, explained) -> None:
    snap, e = explained[path.stem]
    assert pairing_under(snap, ()) is None
    assert not e.pairable and e.reason and e.relaxations
    assert e.summary and e.short().startswith(f"round {snap.round} cannot be paired: ")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_reason_is_sufficient_and_irreducible(path: Path, explained) -> None:
    snap, e = explained[path.stem]
    rules = all_rules(snap)
    reason = [key(f) for f in e.reason]
    assert len(set(reason)) == len(reason) and set(reason) <= rules
    # the reason alone (everything else waived) still forbids every pairing
    assert pairing_under(snap, rules - set(reason)) is None
    for k in reason:
        assert pairing_under(snap, (rules - set(reason)) | {k}) is not None, k


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_reason_is_smallest_where_brute_force_is_cheap(path: Path, explained) -> None:
    snap, e = explained[path.stem]
    rules = sorted(all_rules(snap), key=repr)
    size = len(e.reason)
    if sum(comb(len(rules), k) for k in range(size)) > 5000:
        pytest.skip("too many subsets to enumerate")
    assert e.smallest
    for subset in subsets_below(rules, size):
        assert pairing_under(snap, set(rules) - set(subset)) is not None, subset


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_relaxation_is_minimal_and_its_pairing_legal(path: Path, explained) -> None:
    snap, e = explained[path.stem]
    rules = sorted(all_rules(snap), key=repr)
    size = len(e.relaxations[0].waived)
    for r in e.relaxations:
        waived = [key(f) for f in r.waived]
        assert len(waived) == size and set(waived) <= set(rules)
        assert legal_under(snap, waived, r.boards, r.bye), r
        assert all(b in snap.players and w in snap.players for w, b in r.boards)
    assert len({frozenset(key(f) for f in r.waived) for r in e.relaxations}) == len(e.relaxations)
    for subset in subsets_below(rules, size):
        assert pairing_under(snap, subset) is None, subset


@pytest.mark.parametrize(
    "name, words",
    [
        ("forbidden-lone", ["forbidden pairs 1-2, 2-3 and 2-4", "player 2 without an opponent"]),
        ("forbidden-group", ["players 1, 2 and 3", "player 4"]),
        ("colour-deadlock", ["players 1, 2 and 3", "player 7"]),
        ("bye-all-used", ["odd", "bye", "none of them"]),
        ("odd-group", ["players", "odd number"]),
        ("rr4-exhausted", ["already met every other player still in the tournament"]),
        ("forbidden-bye", ["player 5", "may not receive the bye", "round 1"]),
    ],
)
def test_summary_names_the_culprits(name: str, words: list[str], explained) -> None:
    _, e = explained[name]
    for w in words:
        assert w in e.summary, (w, e.summary)


def test_summary_players_are_in_the_reason(explained) -> None:
    for name, (snap, e) in explained.items():
        involved = {p for f in e.reason for p in f.players}
        named = {
            int(tok)
            for tok in e.summary.replace(",", " ").replace("-", " ").split()
            if tok.isdigit() and int(tok) in snap.players
        }
        assert named <= involved | set(snap.to_pair), name


def test_2017_rules_allow_the_bye_after_a_requested_full_point_bye() -> None:
    path = ROOT / "scenarios" / "infeasible" / "bye-all-used.trfx"
    snap = snap_of(path, "2017")
    assert pairing_under(snap, ()) is not None
    e = get_system("dutch").explain(snap)
    assert e.pairable and e.short() == f"round {snap.round} can be paired"


def test_a_pairable_round_has_nothing_to_explain() -> None:
    snap = snap_of(ROOT / "scenarios" / "dutch" / "small.trfx")
    e = get_system("dutch").explain(snap)
    assert e.pairable and not e.reason and "nothing to explain" in e.text()


def test_text_and_json_carry_the_same_facts(explained) -> None:
    snap, e = explained["forbidden-bye"]
    data = e.to_json()
    assert data["pairable"] is False and data["round"] == snap.round
    assert [f["text"] for f in data["reason"]["facts"]] == [f.text for f in e.reason]
    first = data["relaxations"][0]
    assert first["pairing"]["source"] in ("engine", "sat-model")
    text = e.text()
    for f in e.reason:
        assert f.text in text
    assert all(f.relax in text for f in e.relaxations[0].waived)


def test_cli_explain_text_json_and_exit_codes() -> None:
    from click.testing import CliRunner

    from mipair.cli.group import cli

    path = ROOT / "scenarios" / "infeasible" / "forbidden-lone.trfx"
    res = CliRunner().invoke(cli, ["explain", str(path)], catch_exceptions=False)
    assert res.exit_code == 1
    assert "Reason" in res.output and "Least relaxation" in res.output
    res = CliRunner().invoke(cli, ["explain", "--json", str(path)], catch_exceptions=False)
    data = json.loads(res.output)
    assert res.exit_code == 1 and data["pairable"] is False
    assert {tuple(f["players"]) for f in data["reason"]["facts"]} == {(1, 2), (2, 3), (2, 4)}
    pairing = data["relaxations"][0]["pairing"]
    assert len(pairing["boards"]) == 2 and pairing["bye"] is None
    ok = ROOT / "scenarios" / "dutch" / "small.trfx"
    res = CliRunner().invoke(cli, ["explain", str(ok)], catch_exceptions=False)
    assert res.exit_code == 0 and "can be paired" in res.output
