"""The Dutch engine: absolute criteria on every pairing, hand-checked rounds, exit codes.

The absolute-criteria checker here is written from the rules, independently
of the engine's own modules: it reads the tournament's cells directly.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament
from mipair.model import Cell, Colour, Result, Tournament
from mipair.pairing import RoundPairing
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from mipair.systems.fide.system import pair_snapshot as pair_round
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "dutch").glob("*.trf*"))
INFEASIBLE = sorted((ROOT / "scenarios" / "infeasible").glob("*.trfx"))
CORPUS = ROOT.parent / "shared" / "conformance" / "dutch-2026"


def player_line(pid: int, name: str, rating: int) -> str:
    """A TRF 001 record with no rounds yet (columns as in C.04 Annex 2)."""
    return f"001 {pid:4d} {'':1}{'':3} {name:<33} {rating:4d} {'':3} {'':11} {'':10} {'0.0':>4}"


def played(t: Tournament, pid: int, rnd: int) -> list[Cell]:
    """Cells of games played over the board by pid before round rnd."""
    out = []
    for k in range(1, rnd):
        c = t.cell(pid, k)
        if (
            c is not None
            and c.opponent is not None
            and c.result not in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
        ):
            out.append(c)
    return out


def absolute_preference(t: Tournament, pid: int, rnd: int) -> Colour | None:
    """C.04.3 (2026) 1.7.1, written out from the definition."""
    colours = [c.colour for c in played(t, pid, rnd)]
    whites = colours.count(Colour.WHITE)
    blacks = colours.count(Colour.BLACK)
    if whites - blacks >= 2:
        return Colour.BLACK
    if blacks - whites >= 2:
        return Colour.WHITE
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return colours[-1].opposite
    return None


def violations(t: Tournament, rnd: int, pairing: RoundPairing, rules: str = "2026") -> list[str]:
    """Every absolute criterion the pairing breaks (empty when it is legal)."""
    out = []
    snap = snapshot(t, rnd, rules)
    present = set(snap.to_pair)
    seen: list[int] = []
    total = t.total_rounds or rnd
    ps = t.point_system
    for b in pairing.boards:
        seen += [b.white, b.black]
        met = {c.opponent for c in played(t, b.white, rnd)}
        if b.black in met:
            out.append(f"C1 rematch {b.white}-{b.black}")
        forbidden = any(
            b.white in f.players and b.black in f.players and f.applies(rnd) for f in t.forbidden
        )
        if forbidden:
            out.append(f"forbidden pair {b.white}-{b.black}")
        aw, ab = absolute_preference(t, b.white, rnd), absolute_preference(t, b.black, rnd)
        if aw is not None and aw == ab and rnd < total:
            out.append(f"C3 absolute colour clash {b.white}-{b.black}")
    if pairing.bye is not None:
        seen.append(pairing.bye)
        for k in range(1, rnd):
            c = t.cell(pairing.bye, k)
            if (
                c is not None
                and c.opponent is None
                and (
                    c.result is Result.PAB
                    or (
                        ps.points(c.result) >= ps.win
                        and rules == "2026"
                        and c.result is not Result.ZERO_BYE
                    )
                )
            ):
                out.append(f"C2 second bye for {pairing.bye} (round {k})")
    if sorted(seen) != sorted(present):
        out.append("not every present player is paired exactly once")
    if len(present) % 2 != (pairing.bye is not None):
        out.append("bye count does not match the parity of the field")
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenarios_pair_legally(path: Path) -> None:
    t = read_tournament(path)
    rnd = (
        max(
            (
                i
                for cells in t.results.values()
                for i, c in enumerate(cells, 1)
                if c is not None and c.takes_part
            ),
            default=0,
        )
        + 1
    )
    if t.total_rounds is not None and rnd > t.total_rounds:
        pytest.skip("tournament complete")
    pairing = pair_round(snapshot(t, rnd))
    assert violations(t, rnd, pairing) == []


def test_round_one_follows_s1_s2_and_alternates_colours(tmp_path: Path) -> None:
    """Round 1, six players: S1 = 1-3 meets S2 = 4-6; odd S1 players get the initial colour."""
    lines = ["012 hand-made", "XXR 5", "XXC white1"]
    for pid in range(1, 7):
        lines.append(player_line(pid, f"Player {pid}", 2400 - 10 * pid))
    f = tmp_path / "r1.trfx"
    f.write_text("\n".join(lines) + "\n")
    t = read_tournament(f)
    pairing = pair_round(snapshot(t, 1))
    assert [(b.white, b.black) for b in pairing.boards] == [(1, 4), (5, 2), (3, 6)]
    assert pairing.bye is None


def _random_round(rng: random.Random, path: Path) -> tuple[Tournament, int]:
    """A random small tournament, paired by the engine round after round."""
    n = rng.randint(5, 14)
    rounds = rng.randint(2, 5)
    lines = ["012 random", f"XXR {rounds + 1}", "XXC white1"]
    for pid in range(1, n + 1):
        lines.append(player_line(pid, f"P{pid}", 2500 - 7 * pid))
    path.write_text("\n".join(lines) + "\n")
    t = read_tournament(path)
    for rnd in range(1, rounds + 1):
        pairing = pair_round(snapshot(t, rnd))
        assert violations(t, rnd, pairing) == [], (rnd, pairing)
        t = _apply(t, rnd, pairing, rng)
    return t, rounds + 1


def _apply(t: Tournament, rnd: int, pairing: RoundPairing, rng: random.Random) -> Tournament:
    from dataclasses import replace

    results = {pid: list(cells) + [None] * (rnd - len(cells)) for pid, cells in t.results.items()}
    for b in pairing.boards:
        r = rng.choice([Result.WIN, Result.DRAW, Result.LOSS])
        other = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW}[r]
        results[b.white][rnd - 1] = Cell(b.black, Colour.WHITE, r)
        results[b.black][rnd - 1] = Cell(b.white, Colour.BLACK, other)
    if pairing.bye is not None:
        results[pairing.bye][rnd - 1] = Cell(None, None, Result.PAB)
    return replace(t, results={pid: tuple(c) for pid, c in results.items()})


@pytest.mark.parametrize("seed", range(12))
def test_random_tournaments_never_break_absolute_criteria(seed: int, tmp_path: Path) -> None:
    t, rnd = _random_round(random.Random(seed), tmp_path / "t.trfx")
    pairing = pair_round(snapshot(t, rnd))
    assert violations(t, rnd, pairing) == []


@pytest.mark.parametrize("path", INFEASIBLE[:6], ids=lambda p: p.name)
def test_unpairable_round_exits_1_with_one_line(path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "--dutch", str(path), "-p"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def _corpus_rounds(limit_players: int = 16) -> list[tuple[Path, int]]:
    if not CORPUS.is_dir():
        return []
    out = []
    for f in sorted(CORPUS.glob("*.trf")):
        t = read_tournament(f)
        if len(t.players) <= limit_players:
            out += [(f, r) for r in range(1, t.rounds_written + 1)]
    return out[:60]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/conformance is not next to the clone")
def test_corpus_rounds_match_the_reference_engine() -> None:
    """Small corpus tournaments: every round paired as the reference engine paired it."""
    from dataclasses import replace

    same = 0
    cases = _corpus_rounds()
    for f, r in cases:
        t = read_tournament(f)
        cut = replace(
            t,
            results={
                pid: cells[: r - 1]
                + tuple(c for c in cells[r - 1 : r] if c is not None and not c.takes_part)
                for pid, cells in t.results.items()
            },
        )
        pairing = pair_round(snapshot(cut, r))
        assert violations(cut, r, pairing) == []
        want = {
            frozenset((pid, c.opponent))
            for pid, cells in t.results.items()
            for c in cells[r - 1 : r]
            if c is not None and c.opponent is not None
        }
        same += pairing.pairs() == want
    assert cases and same / len(cases) >= 0.95, f"{same}/{len(cases)}"


def test_a_field_too_large_for_the_memory_is_refused_before_pairing() -> None:
    """A field whose round would not fit in the memory available is refused with
    exit 4 (TooLargeError), not left to exhaust it; 9,999 players (the most TRF
    ids allow) fit in the 10 GiB of a small machine, a first round too."""
    from mipair.errors import TooLargeError
    from mipair.memory import fits, round_bytes

    gib = 2**30
    fits(1000, 8 * gib)
    fits(9999, 10 * gib)
    fits(5000, None)
    with pytest.raises(TooLargeError, match="5000 players to pair"):
        fits(5000, round_bytes(5000) - 1)


def _rounds_of_one_field(tmp_path: Path, players: int, rounds: int) -> list[Path]:
    """The input of each round (1..rounds) of a tournament the generator pairs."""
    from mipair.check.config import GeneratorConfig
    from mipair.check.generate import finish, generate
    from mipair.formats.trf_write import write_tournament
    from mipair.systems.registry import get_system

    paths: list[Path] = []

    def save(cut: Tournament, rnd: int, pairing: RoundPairing) -> None:
        paths.append(tmp_path / f"r{rnd}.trf")
        paths[-1].write_text(write_tournament(finish(cut)), encoding="utf-8")

    generate(GeneratorConfig(players=players, rounds=rounds), 3, get_system("dutch"), on_round=save)
    return paths


def test_a_later_round_needs_less_memory_than_the_first_and_is_paired_under_a_cap(
    tmp_path: Path,
) -> None:
    """The estimate reads the round: a later round's largest window (two
    scoregroups) is smaller than a first round's (the whole field), so a cap
    between the two refuses round 1 (exit 4) and pairs round 3 of the same
    field for real (exit 0, a legal pairing)."""
    from mipair.memory import round_bytes
    from mipair.systems.fide.footprint import largest_window_pairs, scoregroup_sizes

    first, _, third = _rounds_of_one_field(tmp_path, 300, 3)
    need = {}
    for path in (first, third):
        snap = snapshot(read_tournament(str(path)), int(path.stem[1:]))
        sizes = scoregroup_sizes(snap)
        need[path] = round_bytes(len(snap.to_pair), largest_window_pairs(sizes))
    assert len(scoregroup_sizes(snapshot(read_tournament(str(third)), 3))) >= 3
    assert need[third] < need[first]
    cap = f"{(need[first] + need[third]) / 2 / 2**20:.6f}"
    runs = {}
    for path in (first, third):
        runs[path] = subprocess.run(
            [sys.executable, "-m", "mipair.cli.main", "--dutch", str(path), "-p", "-"],
            capture_output=True,
            text=True,
            timeout=300,
            env=dict(os.environ, MIPAIR_MEMORY_MB=cap, MIPAIR_RESIDENT="0"),
        )
    assert runs[first].returncode == 4, runs[first].stderr
    assert "players to pair need about" in runs[first].stderr
    assert runs[third].returncode == 0, runs[third].stderr
    t = read_tournament(str(third))
    pairing = pair_round(snapshot(t, 3))
    printed = {frozenset(map(int, line.split())) for line in runs[third].stdout.splitlines()[1:]}
    assert printed == pairing.pairs() | ({frozenset((pairing.bye, 0))} if pairing.bye else set())
    assert len(pairing.pairs()) >= 140 and violations(t, 3, pairing) == []


def test_memory_cap_from_the_environment_gives_exit_4_naming_the_file() -> None:
    """MIPAIR_MEMORY_MB caps the memory the engine may plan for: below what a field
    needs, one line naming the file and exit 4; not a number, exit 3."""
    small = ROOT / "scenarios" / "dutch" / "small.trfx"
    for env, code, words in (
        ("0.01", 4, f"{small}: 7 players to pair"),
        ("lots", 3, "MIPAIR_MEMORY_MB: not a number"),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "mipair.cli.main", "--dutch", str(small), "-p"],
            capture_output=True,
            text=True,
            timeout=120,
            env=dict(os.environ, MIPAIR_MEMORY_MB=env),
        )
        assert proc.returncode == code, proc.stderr
        assert proc.stderr.strip().splitlines() == [proc.stderr.strip()]
        assert words in proc.stderr and "Traceback" not in proc.stderr
