"""The Double-Swiss system through the installed ``mipair``, as an arbiter uses it.

Every pairing is a match of two games, match ``k`` written as TRF rounds ``2k - 1`` and
``2k`` (``models/double-swiss-2026.md`` section 9). The expected rounds are the shipped
scenarios' derivations by hand (their ``### expected:`` lines); the generated tournaments
are held to the absolute rules read straight from their TRF columns (no rematch of a match,
the PAB at most once, the colours of a match's games reversed), and ``check`` must replay
them with no difference; ``why``, ``check`` (exit 6 and 7) and ``explain`` (exit 1) run on
files built here round by round.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import Cell, Colour, Player, Result, Tournament
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "double-swiss").glob("*.trf"))
W, B = Colour.WHITE, Colour.BLACK


def expected_of(path: Path) -> tuple[set[tuple[int, int]], int | None]:
    """The scenario's ``### expected: 1-4 5-2 bye 7`` line: game-1 boards and the PAB."""
    line = next(x for x in path.read_text().splitlines() if x.startswith("### expected:"))
    words = line.removeprefix("### expected:").split()
    bye = int(words[words.index("bye") + 1]) if "bye" in words else None
    boards = {tuple(map(int, w.split("-"))) for w in words if "-" in w}
    return boards, bye  # type: ignore[return-value]


def solved(path: Path, *args: str) -> dict:
    done = mipair("solve", path, "--json", *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def boards_of(answer: dict) -> set[tuple[int, int]]:
    return {(b["white"], b["black"]) for b in answer["boards"]}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_solve_pairs_each_scenario_as_its_derivation_says(path: Path) -> None:
    boards, bye = expected_of(path)
    for args in ((), ("--system", "double-swiss")):
        answer = solved(path, *args)
        assert answer["system"] == "double-swiss" and answer["rules"] == "2026"
        assert (boards_of(answer), answer["bye"]) == (boards, bye)


def entries(players: int, matches: int) -> Tournament:
    people = {k: Player(k, f"Player {k:02d}", rating=2500 - 20 * k) for k in range(1, players + 1)}
    return Tournament(
        players=people,
        results={k: () for k in people},
        total_rounds=2 * matches,
        initial_colour=W,
        system="FIDE_DOUBLESWISS",
    )


def with_match(t: Tournament, games: list[tuple[int, int]], bye: int | None = None) -> Tournament:
    """``t`` with a match round added: White of game 1 first, both games drawn."""
    results = {pid: list(cells) for pid, cells in t.results.items()}
    for white, black in games:
        results[white] += [Cell(black, W, Result.DRAW), Cell(black, B, Result.DRAW)]
        results[black] += [Cell(white, B, Result.DRAW), Cell(white, W, Result.DRAW)]
    if bye is not None:
        results[bye] += [Cell(None, None, Result.PAB)] * 2
    return replace(t, results={p: tuple(c) for p, c in results.items()})


def written(tmp_path: Path, t: Tournament, name: str = "event.trf") -> Path:
    path = tmp_path / name
    path.write_text(write_tournament(t, "trf26"), encoding="utf-8")
    return path


def test_each_match_round_is_paired_and_written_back(tmp_path: Path) -> None:
    """Five players over four matches: every round solve gives is added to the file and the
    next one paired from it; check then agrees with every round, and info counts matches."""
    t = entries(5, 4)
    for number in range(1, 5):
        answer = solved(written(tmp_path, t))
        assert answer["round"] == number
        t = with_match(t, [(b["white"], b["black"]) for b in answer["boards"]], answer["bye"])
    path = written(tmp_path, t)
    assert "all 4 matches are already paired" in refused(mipair("solve", path))
    report = json.loads(mipair("check", path, "--json").stdout)["files"][0]
    assert report["rounds"] == 4 and report["differing"] == 0
    info = json.loads(mipair("info", path, "--json").stdout)
    assert (info["rounds_played"], info["total_rounds"], info["next_round"]) == (4, 4, None)
    byes = [pid for pid, cells in t.results.items() for c in cells[::2] if c and c.is_pab]
    assert sorted(byes) == sorted(set(byes))  # the PAB at most once a player ([C2])


def test_check_tells_a_worse_round_from_an_illegal_one(tmp_path: Path) -> None:
    first = with_match(entries(4, 3), [(1, 3), (4, 2)])
    worse = written(tmp_path, with_match(first, [(1, 2), (3, 4)]), "worse.trf")
    assert mipair("check", worse).returncode == 6
    report = json.loads(mipair("check", worse, "--json").stdout)["files"][0]
    assert [c["verdict"] for c in report["checks"]] == ["same", "pairs"]
    illegal = written(tmp_path, with_match(first, [(3, 1), (2, 4)]), "illegal.trf")
    assert mipair("check", illegal).returncode == 7
    dropin = mipair("--double-swiss", illegal, "-c")  # JaVaFo's form: the pairings side by side
    assert dropin.returncode == 0 and "Round #2" in dropin.stdout


def test_why_names_the_criterion_or_the_rule(tmp_path: Path) -> None:
    """Match 2 of 2.0, 2.0, 0.0, 0.0 (1 and 4 beat 3 and 2 in both games): the engine
    pairs the winners; pairing a winner with a loser costs C4, a rematch breaks C1."""
    t = entries(4, 3)
    t = with_match(t, [(1, 3), (4, 2)])
    results = dict(t.results)
    for winner, loser in ((1, 3), (4, 2)):
        results[winner] = tuple(Cell(c.opponent, c.colour, Result.WIN) for c in t.results[winner])
        results[loser] = tuple(Cell(c.opponent, c.colour, Result.LOSS) for c in t.results[loser])
    path = written(tmp_path, replace(t, results=results))
    assert boards_of(solved(path)) in ({(1, 4), (3, 2)}, {(4, 1), (2, 3)}, {(1, 4), (2, 3)},
                                       {(4, 1), (3, 2)})  # fmt: skip
    worse = json.loads(mipair("why", path, "--pair", "1-2", "--pair", "4-3", "--json").stdout)
    assert worse["legal"] and worse["difference"]["criterion"] == "C4"
    rematch = mipair("why", path, "--pair", "1-3", "--pair", "4-2")
    assert rematch.returncode == 1 and "C1" in rematch.stdout


def test_a_round_nobody_can_pair_is_explained(tmp_path: Path) -> None:
    t = entries(4, 4)
    for games in ([(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]):
        t = with_match(t, games)
    path = written(tmp_path, t)
    line = refused(mipair("solve", path), code=1)
    assert line.startswith(str(path))
    explained = mipair("explain", path, "--json")
    assert explained.returncode == 1
    assert not json.loads(explained.stdout)["pairable"]


def test_the_dropin_forms_pair_list_generate_and_check(tmp_path: Path) -> None:
    scenario = SCENARIOS[0]
    out, listed = tmp_path / "out.txt", tmp_path / "list.txt"
    assert mipair("--double-swiss", scenario, "-p", out, "-l", listed).returncode == 0
    answer = solved(scenario)
    lines = out.read_text().split()
    assert int(lines[0]) == len(answer["boards"]) + (answer["bye"] is not None)
    assert "Check list, match round" in listed.read_text()
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=11\nRoundsNumber=4\nForfeitRate=10\n")
    made = tmp_path / "made.trf"
    done = mipair("--double-swiss", "-g", config, "-o", made, "-s", "3")
    assert done.returncode == 0, done.stderr
    t = read_tournament(made)
    assert t.system == "FIDE_DOUBLESWISS" and t.total_rounds == 8
    assert mipair("--double-swiss", made, "-c").returncode == 0


def absolute_breaches(t: Tournament) -> list[str]:
    """The absolute rules a tournament's match rounds break, read from its TRF columns."""
    out, met, pab = [], set(), set()
    for k in range(1, t.rounds_written // 2 + 1):
        for pid in t.players:
            one, two = t.cell(pid, 2 * k - 1), t.cell(pid, 2 * k)
            if one is None or one.opponent is None:
                if one is not None and one.is_pab:
                    out += [f"match {k}: a second PAB for {pid}"] if pid in pab else []
                    pab.add(pid)
                continue
            assert two is not None and two.opponent == one.opponent
            if one.colour is None or one.colour == two.colour:
                out.append(f"match {k}: {pid}'s colours do not alternate")
            pair = frozenset((pid, one.opponent))
            theirs = (t.cell(one.opponent, 2 * k - 1), t.cell(one.opponent, 2 * k))
            forfeited = any(
                all(c is not None and c.result is Result.FORFEIT_LOSS for c in side)
                for side in ((one, two), theirs)
            )
            if pid < one.opponent:
                out += [f"match {k}: {pid} meets {one.opponent} again"] if pair in met else []
                if not forfeited:
                    met.add(pair)
    return out


def test_generated_tournaments_keep_the_absolute_rules_and_check_agrees(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(
        "PlayersNumber=13\nRoundsNumber=6\nForfeitRate=12\nRetiredRate=10\nHalfPointByeRate=8\n"
    )
    folder = tmp_path / "made"
    folder.mkdir()
    made = mipair(
        "generate", config, "--system", "double-swiss", "-s", "21", "-n", "4", "-j", "1",
        "-o", folder / "t{seed}.trf",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    files = sorted(folder.glob("*.trf"))
    assert len(files) == 4
    for path in files:
        assert absolute_breaches(read_tournament(path)) == []
    report = json.loads(mipair("check", folder, "--system", "double-swiss", "--json").stdout)
    assert [f["differing"] for f in report["files"]] == [0, 0, 0, 0]
    assert all(f["rounds"] == 6 for f in report["files"])


def test_bad_double_swiss_files_are_refused_in_one_line(tmp_path: Path) -> None:
    t = with_match(entries(4, 3), [(1, 3), (4, 2)])
    half = {pid: cells[:1] for pid, cells in t.results.items()}
    path = written(tmp_path, replace(t, results=half))
    assert "half recorded" in refused(mipair("solve", path))
    odd = tmp_path / "odd.trf"
    odd.write_text(path.read_text().replace("142 6", "142 5"), encoding="utf-8")
    assert "two TRF rounds a match" in refused(mipair("solve", odd, "--system", "double-swiss"))
