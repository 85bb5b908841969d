"""One small hand-worked case per criterion id of each edition's model file.

Every criterion function is called as the engine and the evaluator call it: a
pair, higher-ranked player first, in a bracket context. Scores are in tenths
(15 = 1.5 points). Colour histories: ``W``/``B`` played, ``-`` unplayed;
floats oldest first. The expected values are worked out from the rules text
(C.04.3 (2026) 2.4, (2017) C.5-C.19) in the comment of each case. A
criterion added to a model file without a case here fails
:func:`test_every_criterion_has_a_case`.
"""

from __future__ import annotations

import dataclasses
import sys

import pytest

from mipair.model import Colour
from mipair.rounds import round_to_pair
from mipair.systems.fide.colours import preference
from mipair.systems.fide.dutch.criteria import PairContext
from mipair.systems.fide.dutch.lookahead import best_following
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.fide.edition import load_edition
from mipair.systems.fide.state import PlayerState
from tests.support.paths import ROOT

MODELS = ROOT / "models"
COLOUR = {"W": Colour.WHITE, "B": Colour.BLACK, "-": None}


def player(pid: int, score: int, colours: str = "", floats: str = "") -> PlayerState:
    """``floats``: one letter a round, oldest first: d down, u up, . none."""
    float_of = {"d": "down", "u": "up", ".": None}
    return PlayerState(
        id=pid,
        score=score,
        pairing_score=score,
        colours=tuple(COLOUR[c] for c in colours),
        floats=tuple(float_of[f] for f in floats),
        opponents=frozenset(),
        had_pab=False,
        byes=(),
        absent=False,
        tpn=pid,
        played_games=sum(c != "-" for c in colours),
    )


def context(h: PlayerState, low: PlayerState, **kwargs: object) -> PairContext:
    return PairContext(
        prefs={h.id: preference(h), low.id: preference(low)},
        in_bracket=kwargs.pop("in_bracket", True),  # type: ignore[arg-type]
        in_next=kwargs.pop("in_next", False),  # type: ignore[arg-type]
        **kwargs,  # type: ignore[arg-type]
    )


def colour_cases(score: int, higher: str, *lower: tuple[str, int]) -> list[tuple]:
    """Player 1 with colours ``higher`` against player 2 (both of score ``score``)
    with each colour history of ``lower``: the expected values."""
    top = player(1, score, higher)
    return [(top, player(2, score, colours), {}, want) for colours, want in lower]


# (edition, id, function) -> [(higher player, lower player, context, expected), ...]
TOP, MID = player(1, 20, "WB", ".d"), player(2, 15, "BW", "..")
CASES = {
    # C6: one pair formed in the bracket; none when the lower player is outside it
    ("2026", "C6", "pairs_in_bracket"): [(TOP, MID, {}, 1), (TOP, MID, {"in_bracket": False}, 0)],
    # C7: the pair counts at the higher player's score, 2.0
    ("2026", "C7", "paired_scores"): [
        (TOP, MID, {}, [(20, 1)]),
        (TOP, MID, {"in_bracket": False}, 0),
    ],
    # C8, first step: a pair with a next-scoregroup player; second step: at the higher score
    ("2026", "C8", "pairs_in_next"): [(TOP, MID, {"in_bracket": False, "in_next": True}, 1)],
    ("2026", "C8", "scores_in_next"): [
        (TOP, MID, {"in_bracket": False, "in_next": True}, [(20, 1)])
    ],
    # C9: candidates at S* = 1.0; 4 has played 2 games (rank 1), 5 has played 3 (rank 0):
    # pairing 4 leaves a candidate who played more for the PAB, worth 1
    ("2026", "C9", "bye_unplayed"): [
        (
            player(4, 10, "W-B"),
            player(5, 10, "WBW"),
            {"single_bye_floater": True, "bye_score": 10, "unplayed_rank": {3: 0, 2: 1}},
            1,
        ),
        (player(4, 10, "W-B"), player(5, 10, "WBW"), {"unplayed_rank": {3: 0, 2: 1}}, 0),
    ],
    # C10 / C.8: both CD +2 (WW), both want Black: one ends with CD +3 -> 0; WW v BB -> 1
    ("2026", "C10", "topscorer_cd"): colour_cases(20, "WW", ("WW", 0), ("BB", 1)),
    # C11 / C.9: WBWW (CD +2) and BWW (CD +1) both must have Black; the smaller |CD| yields
    # and gets a third White -> 0; against BWB (no repeat, CD -1) nobody repeats -> 1
    ("2026", "C11", "topscorer_repeat"): colour_cases(30, "WBWW", ("BWW", 0), ("BWB", 1)),
    # C12 / C.10: W and W both prefer Black -> 0; W and B -> 1
    ("2026", "C12", "colour_preferences"): colour_cases(10, "W", ("W", 0), ("B", 1)),
    # C13 / C.11: WBW (strong Black) v BWW (absolute Black): one strong preference denied
    # -> 0; against BW (mild Black) the mild one yields -> 1
    ("2026", "C13", "strong_preferences"): colour_cases(20, "WBW", ("BWW", 0), ("BW", 1)),
    # C14 / C.12: two residents who downfloated in round n-1 paired together: neither floats
    # down again -> 2; an MDP who downfloated paired with a resident floats down again -> 0
    ("2026", "C14", "repeat_down_1"): [
        (player(1, 15, "WB", ".d"), player(2, 15, "BW", ".d"), {}, 2),
        (player(1, 20, "WB", ".d"), player(2, 15, "BW", ".."), {}, 0),
    ],
    # C15: the MDP's opponent upfloated in round n-1 and upfloats again -> 0; else 1
    ("2026", "C15", "repeat_up_1"): [
        (TOP, player(2, 15, "BW", ".u"), {}, 0),
        (TOP, player(2, 15, "BW", "u."), {}, 1),
    ],
    # C18: paired players who downfloated in round n-1, at their scores (1.5 and 2.0)
    ("2026", "C18", "down_scores_1"): [
        (player(1, 20, "WB", ".d"), player(2, 15, "BW", ".d"), {}, [(15, 1), (20, 1)])
    ],
    # C19: an MDP of 2.0 meeting a round n-1 upfloater counts nothing; otherwise the pair
    # counts at the MDP's score (the rules prefer the upfloater to meet the smallest lead)
    ("2026", "C19", "up_scores_1"): [
        (TOP, player(2, 15, "BW", ".u"), {}, 0),
        (TOP, player(2, 15, "BW", ".."), {}, [(20, 1)]),
    ],
    # C.6 PSD (A.8), window's lowest score 1.0: paired players no longer count as
    # downfloaters (2.0 -> 2.0 - 0.0 = key 20, 1.5 -> key 15), the pair adds SD 0.5 (key 5)
    ("2017", "C.6", "psd"): [(TOP, MID, {"window_min": 10}, [(20, 1), (15, 1), (5, -1)])],
    # C.7: a pair formed with the next scoregroup counts 1, one inside the bracket 0;
    # nothing in the last bracket (special)
    ("2017", "C.7", "next_bracket"): [
        (TOP, MID, {"in_bracket": False, "in_next": True}, 1),
        (TOP, MID, {}, 0),
        (TOP, MID, {"in_bracket": False, "special": True}, 0),
    ],
    # C.7, second step: the bracket player of a pair into the next scoregroup, at its
    # downfloat value (2.0 - 1.0 + 1 point = key 20)
    ("2017", "C.7", "next_psd"): [
        (TOP, MID, {"in_bracket": False, "h_in_bracket": True, "window_min": 10}, [(20, 1)])
    ],
    # C.13 / C.15: an upfloater of round n-1 (n-2) upfloats again: -1 (one more)
    ("2017", "C.13", "up_count_1"): [(TOP, player(2, 15, "BW", ".u"), {}, -1)],
    # C.16 / C.18: TOP downfloated in round n-1 (n-2) and floats down again to 1.5: its
    # downfloat value (key 20) saved, the score difference 0.5 (key 5) paid
    ("2017", "C.16", "down_sd_1"): [(TOP, MID, {"window_min": 10}, [(20, 1), (5, -1)])],
    # C.17 / C.19: an upfloater of round n-1 (n-2) meets 2.0: the difference 0.5 counts -1
    ("2017", "C.17", "up_sd_1"): [(TOP, player(2, 15, "BW", ".u"), {}, [(5, -1)])],
}
SAME_FUNCTION = {"C.5": "C6", "C.8": "C10", "C.9": "C11", "C.10": "C12", "C.11": "C13"}
SAME_FUNCTION |= {"C.12": "C14", "C.14": "C16"}
TWO_ROUNDS_BEFORE = {
    ("2026", "C16", "repeat_down_2"): ("2026", "C14", "repeat_down_1"),
    ("2026", "C17", "repeat_up_2"): ("2026", "C15", "repeat_up_1"),
    ("2026", "C20", "down_scores_2"): ("2026", "C18", "down_scores_1"),
    ("2026", "C21", "up_scores_2"): ("2026", "C19", "up_scores_1"),
    ("2017", "C.15", "up_count_2"): ("2017", "C.13", "up_count_1"),
    ("2017", "C.18", "down_sd_2"): ("2017", "C.16", "down_sd_1"),
    ("2017", "C.19", "up_sd_2"): ("2017", "C.17", "up_sd_1"),
}
"""The n-2 criteria: the n-1 case with every float moved one round back holds as it is."""


def earlier(p: PlayerState) -> PlayerState:
    """``p`` with its floats one round further back (round n-1's is now round n-2's)."""
    return dataclasses.replace(p, floats=p.floats[1:] + (None,))


CASES |= {
    key: [(earlier(h), earlier(low), ctx, want) for h, low, ctx, want in CASES[source]]
    for key, source in TWO_ROUNDS_BEFORE.items()
}
CASES |= {  # 2017 ids whose function is the 2026 one: the same hand-worked cases hold
    ("2017", old, name): cases
    for old, new in SAME_FUNCTION.items()
    for (edition, cid, name), cases in list(CASES.items())
    if (edition, cid) == ("2026", new)
}


def declared() -> list[tuple[str, str, str]]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    out = []
    for edition in ("2026", "2017"):
        data = tomllib.loads((MODELS / f"dutch-{edition}.toml").read_text(encoding="utf-8"))
        out += [(edition, str(c["id"]), str(c["function"])) for c in data["criteria"]]
    return out


def test_every_criterion_has_a_case() -> None:
    assert sorted(set(declared()) - set(CASES)) == []


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}-{k[1]}-{k[2]}")
def test_criterion(key: tuple[str, str, str]) -> None:
    edition, cid, name = key
    spec = next(c for c in load_edition("dutch", edition).criteria if (c.id, c.name) == (cid, name))
    for high, low, kwargs, expected in CASES[key]:
        value = spec.function(context(high, low, **dict(kwargs)), high, low)
        if isinstance(value, list):
            value = sorted(value, key=lambda t: (-t[0], -t[1]))
            expected = sorted(expected, key=lambda t: (-t[0], -t[1]))
        assert value == expected, (key, high, low, kwargs)


def test_look_ahead_is_the_best_the_following_bracket_can_do() -> None:
    """C8 / C.7 as ``why`` counts them: four players of whom 1-2 and 3-4 already met
    can still form two pairs (1-3, 2-4), at scores 2.0 and 1.5."""
    from dataclasses import replace

    from mipair.formats.trf import read_tournament

    t = read_tournament(str(ROOT / "scenarios/dutch/small.trfx"))
    snap = snapshot(t, round_to_pair(t))
    players = [
        replace(player(1, 20, "WB"), opponents=frozenset({2})),
        replace(player(2, 20, "BW"), opponents=frozenset({1})),
        replace(player(3, 15, "WB"), opponents=frozenset({4})),
        replace(player(4, 15, "BW"), opponents=frozenset({3})),
    ]
    ctx = PairContext(prefs={p.id: preference(p) for p in players}, in_bracket=True, in_next=False)
    spec = {c.name: c for c in load_edition("dutch", "2026").criteria}
    functions = [spec["pairs_in_next"].following, spec["scores_in_next"].following]
    assert best_following(snap, players, ctx, functions) == [2, {20: 2}]  # type: ignore[arg-type]
