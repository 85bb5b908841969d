"""The checker: errors planted into published rounds are found and the broken rule named.

Tournaments come from the reference corpus (../shared/conformance/dutch-2026,
read at run time; skipped when absent) and from the project's own generator
(a fixed seed and configuration, so every round is mipair's pairing).
Each test plants one error into the last round of a tournament whose last
round agrees with mipair, and checks that round again.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from mipair.check.config import GeneratorConfig
from mipair.check.replay import COLOURS, PAIRS, SAME
from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import ForbiddenPairs, Tournament
from mipair.rounds import cut_before, published_pairing
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from tests.support.dutch_tools import check_round, generate
from tests.support.paths import SHARED
from tests.support.planted import flip_colours, second_bye, swap_opponents

CORPUS = SHARED / "conformance" / "dutch-2026"


def forbid(t: Tournament, rnd: int, a: int, b: int) -> Tournament:
    return replace(t, forbidden=t.forbidden + (ForbiddenPairs((a, b), rnd, rnd),))


def _generated() -> Tournament:
    cfg = GeneratorConfig(players=13, rounds=5, draw_percentage=30)
    return read_tournament(write_tournament(generate(cfg, 11)))


def _corpus(limit: int = 3) -> list[Tournament]:
    """Small corpus tournaments whose odd last round agrees with mipair and has
    a player already barred from the PAB."""
    if not CORPUS.is_dir():
        return []
    out = []
    for f in sorted(CORPUS.glob("*.trf")):
        t = read_tournament(f)
        if len(t.players) > 15 or published_pairing(t, t.rounds_written).bye is None:
            continue
        if check_round(t, t.rounds_written).verdict == SAME and _barred(t):
            out.append(t)
        if len(out) == limit:
            break
    return out


def _barred(t: Tournament) -> list[tuple[int, object]]:
    """(player, board) of players on the last round's boards who may not get the PAB."""
    r = t.rounds_written
    snap = snapshot(cut_before(t, r), r)
    return [
        (p, b)
        for b in published_pairing(t, r).boards
        for p in (b.white, b.black)
        if snap.players[p].pab_ineligible
    ]


def _played(t: Tournament, a: int, b: int, before: int) -> bool:
    return any(
        t.cell(a, k) is not None
        and t.cell(a, k).opponent == b  # type: ignore[union-attr]
        and t.cell(a, k).is_played
        for k in range(1, before)
    )  # type: ignore[union-attr]


def _cases() -> list[Tournament]:
    return [_generated()] + _corpus()


@pytest.fixture(scope="module", params=range(4), ids=["generated", "corpus1", "corpus2", "corpus3"])
def base(request) -> Tournament:
    cases = _cases()
    if request.param >= len(cases):
        pytest.skip("../shared/conformance/dutch-2026 is not next to the clone")
    return cases[request.param]


def test_base_round_agrees(base: Tournament) -> None:
    assert check_round(base, base.rounds_written).verdict == SAME


def test_swapped_opponents_rematch_is_c1(base: Tournament) -> None:
    r = base.rounds_written
    boards = published_pairing(base, r).boards
    found = [
        (a, c) for a in boards for c in boards if a != c and _played(base, a.white, c.black, r)
    ]
    if not found:
        pytest.skip("no swap of opponents makes a rematch in this tournament")
    a, c = found[0]
    rc = check_round(swap_opponents(base, r, a, c), r)
    assert rc.verdict == PAIRS
    assert any(
        v.criterion == "C1" and {a.white, c.black} == set(v.players) for v in rc.violations
    ), rc.summary()
    assert "C1" in rc.summary()


def _legal_swap(t: Tournament, rules: str = "2026"):
    """The first swap of opponents in the last round that breaks no absolute rule, checked."""
    r = t.rounds_written
    boards = published_pairing(t, r).boards
    for a in boards:
        for c in boards:
            if a == c or _played(t, a.white, c.black, r) or _played(t, c.white, a.black, r):
                continue
            rc = check_round(swap_opponents(t, r, a, c), r, rules)
            if not rc.violations:  # else an absolute colour clash: other tests cover those
                return rc
    pytest.skip("every swap of opponents breaks an absolute rule here")


def test_swapped_opponents_legal_swap_names_a_criterion(base: Tournament) -> None:
    rc = _legal_swap(base)
    assert rc.verdict == PAIRS
    summary = rc.summary()
    assert re.search(r"\bC\d+\b", summary) or "order" in summary, summary
    assert rc.engine is not None and rc.engine.pairs() != rc.published.pairs()


def test_flipped_colour_is_found(base: Tournament) -> None:
    r = base.rounds_written
    board = published_pairing(base, r).boards[0]
    rc = check_round(flip_colours(base, r, board), r)
    assert rc.verdict == COLOURS
    assert f"{board.black}-{board.white}" in rc.summary() or "Article 5" in rc.summary()
    assert "Article 5" in rc.summary()


def test_second_bye_is_c2(base: Tournament) -> None:
    r = base.rounds_written
    pub = published_pairing(base, r)
    barred = _barred(base)
    if pub.bye is None or not barred:
        pytest.skip("no odd last round with a player barred from the PAB")
    player, board = barred[0]
    rc = check_round(second_bye(base, r, player, board, pub.bye), r)
    assert rc.verdict == PAIRS
    assert any(v.criterion == "C2" and player in v.players for v in rc.violations), rc.summary()


def test_forbidden_pair_is_named(base: Tournament) -> None:
    r = base.rounds_written
    board = published_pairing(base, r).boards[-1]
    rc = check_round(forbid(base, r, board.white, board.black), r)
    assert rc.verdict in (PAIRS, "unpairable")
    assert any(
        v.criterion == "forbidden pair" and {board.white, board.black} == set(v.players)
        for v in rc.violations
    ), rc.summary()
    assert rc.engine is None or frozenset((board.white, board.black)) not in rc.engine.pairs()


def _trf(t: Tournament) -> str:
    """The file of a planted tournament (points fields recomputed)."""
    return write_tournament(
        replace(t, players={pid: replace(p, points=None) for pid, p in t.players.items()})
    )


def _mipair(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", *args], capture_output=True, text=True
    )


def test_check_command_exit_codes_and_dropin_layout(tmp_path: Path) -> None:
    t = _generated()
    r = t.rounds_written
    clean = tmp_path / "clean.trf"
    clean.write_text(write_tournament(t))
    proc = _mipair("check", str(clean), "-j", "1")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "all agree" in proc.stdout
    boards = published_pairing(t, r).boards
    a, c = next(
        (a, c) for a in boards for c in boards if a != c and _played(t, a.white, c.black, r)
    )
    bad = tmp_path / "bad.trf"
    bad.write_text(_trf(swap_opponents(t, r, a, c)))
    proc = _mipair("check", str(bad), "-j", "1")
    assert proc.returncode == 7, proc.stdout + proc.stderr
    assert f"Round {r}: pairs differ" in proc.stdout and "C1" in proc.stdout
    flipped = tmp_path / "flip.trf"
    flipped.write_text(_trf(flip_colours(t, r, boards[0])))
    proc = _mipair("check", str(flipped), "--json", "-j", "1")
    assert proc.returncode == 6
    assert '"verdict": "colours"' in proc.stdout
    proc = _mipair("--dutch", str(bad), "-c")
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines[0] == "bad.trf: Round #1"
    assert any(line.startswith("  Checker pairings") for line in lines)
    assert f"bad.trf: Round #{r}" in lines
    listing = tmp_path / "clean.list"
    proc = _mipair("--dutch", str(clean), "-c", "-l")
    assert proc.returncode == 0 and "Checker pairings" not in proc.stdout
    assert listing.read_text().count("Round #") == r


def test_2017_edition_names_a_bracket_criterion() -> None:
    """2017: the edition's own bracket walk names the criterion the published pairing loses on."""
    rc = _legal_swap(generate(GeneratorConfig(players=12, rounds=5), 3, rules="2017"), "2017")
    assert rc.verdict == PAIRS
    d = rc.difference
    assert d is not None and d.better == "engine", rc.summary()
    assert re.fullmatch(r"C\.\d+", d.criterion) and d.where.startswith("bracket of score")
    assert re.search(r"loses on C\.\d+ in the bracket of score", rc.summary())
    assert "is better)" in rc.summary() and "approximation" not in rc.summary()
