"""The criteria of a window, weighed once per kind of pair, equal a pair-by-pair evaluation."""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.solver.lexmatch import LexMatcher
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.fide.edition import load_edition
from mipair.systems.fide.field import RoundField
from mipair.systems.fide.weigh import roles
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "dutch").glob("*.trf*"))


def pair_by_pair(field: RoundField, lm: LexMatcher, context) -> list[dict[int, int]]:
    """The tiers of every active criterion, calling it on every edge column."""
    crits = field.edition.active(field.snapshot.round)
    scalar: list[dict[int, int]] = [{} for _ in crits]
    leveled: list[dict[int, dict[int, int]]] = [{} for _ in crits]
    for col, (u, v) in enumerate(lm.columns.edges):
        ctx = context(u, v)
        if ctx is None:
            continue
        for k, c in enumerate(crits):
            val = c.function(ctx, field.players[u], field.players[v])
            if isinstance(val, int):
                if val:
                    scalar[k][col] = scalar[k].get(col, 0) + val
            else:
                for level, w in val:
                    tier = leveled[k].setdefault(level, {})
                    tier[col] = tier.get(col, 0) + w
    out = []
    for k in range(len(crits)):
        if leveled[k]:
            out += [leveled[k][s] for s in sorted(leveled[k], reverse=True)]
        else:
            out.append(scalar[k])
    return [{c: w for c, w in t.items() if w} for t in out]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
@pytest.mark.parametrize("rules", ["2026", "2017"])
def test_weighing_by_kind_equals_pair_by_pair(path: Path, rules: str) -> None:
    t = read_tournament(path)
    checked = 0
    for number in range(1, t.rounds_written + 2):
        snap = snapshot(t, number, rules)
        field = RoundField(snap, load_edition("dutch", rules))
        if field.n < 4:
            continue
        half = field.n // 2
        bracket, nxt = list(range(half)), list(range(half, field.n))
        mdps, bset, gset = set(bracket[:2]), set(bracket), set(nxt)
        lm = LexMatcher(field.n, field.edges)

        def context(u: int, v: int) -> PairContext | None:
            if rules == "2017" and v in mdps:
                return None
            return PairContext(
                prefs=field.preferences,
                in_bracket=v in bset,
                in_next=v in gset,
                h_in_bracket=u in bset,
                single_bye_floater=u in mdps,
                bye_score=field.scores[-1],
                window_min=field.scores[-1],
                unplayed_rank={g: g % 3 for g in range(number)},
                eligible={p.id: field.eligible[i] for i, p in enumerate(field.players)},
            )

        got = field.weigh(lm, roles(field.n, bracket + nxt, mdps, bset, gset), context)
        assert [dict(w.items()) for w in got] == pair_by_pair(field, lm, context)
        checked += 1
    assert checked
