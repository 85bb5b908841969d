"""``why`` and ``explain`` at the desk page for a Go director and an Othello arbiter, held
against the command line: the director imports an OpenGotha file cut before round 3 (the
shipped one, and a real one beside the clone when present) or a PAPP event, pairs the round,
and asks on the round's page why two players of different boards are not paired together
(the swap of their partners, a rematch of round 1) or why the pairing with a board's colours
turned is not the system's; the page's answer is what ``mipair why --pair`` prints for the
file the director imported. The lines the page offers first are the system's own pairing
in the order ``why`` reads (White first, whichever column the game shows first), so that
sending them unchanged says so; ``explain`` on the overview is ``mipair explain``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

from tests.support.desk_browser import DeskPage, player_id
from tests.support.desk_days import GO_SOURCES, go_source_cut
from tests.support.installed_command import cli, mipair
from tests.support.service_server import SCENARIOS

Pairs = list[tuple[str, str]]


def together(pairs: Pairs, one: str, other: str) -> Pairs:
    """``pairs`` (White, Black) with ``one`` and ``other``, of two boards, paired together
    (``one`` White) and their partners with each other (``one``'s partner White)."""
    first = next(k for k, pair in enumerate(pairs) if one in pair)
    second = next(k for k, pair in enumerate(pairs) if other in pair)
    assert first != second, (one, other)
    partner = next(p for p in pairs[first] if p != one)
    partner_of_other = next(p for p in pairs[second] if p != other)
    changed = list(pairs)
    changed[first], changed[second] = (one, other), (partner, partner_of_other)
    return changed


def lines(pairs: Pairs) -> list[str]:
    return [f"{white}-{black}" for white, black in pairs]


def games_before(folder: Path, file: Path, round_number: int) -> set[frozenset[str]]:
    """The pairs of players who met before ``round_number``, as ``mipair mcmahon pairing``
    lists each round."""
    met = set()
    for earlier in range(1, round_number):
        shown = cli(folder, "mcmahon", "pairing", file.name, "--round", earlier, "--json")
        met |= {frozenset((g["white"], g["black"])) for g in json.loads(shown)["games"]}
    return met


def offered(anna: DeskPage, pairs: Pairs) -> list[str]:
    """The lines the round's page offers first, checked: the round's boards (``pairs``) and
    its bye (``ID-0``), as ``why`` reads them."""
    byes = [player_id(a.get_attribute("href")) for a in anna.page.locator("#bye a").all()]
    shown = anna.page.input_value("#why-pairs").split()
    assert shown == lines(pairs) + [f"{player}-0" for player in byes]
    return shown


def asked(anna: DeskPage, proposed: Sequence[str]) -> str:
    """The page's answer to ``proposed`` (one board a line) sent from the round's page."""
    anna.page.fill("#why-pairs", "\n".join(proposed))
    with anna.page.expect_navigation():
        anna.page.click("#why-submit")
    assert anna.page.input_value("#why-pairs").split() == list(proposed)  # kept to edit
    return str(anna.page.inner_text("#why-answer")).strip()


def printed(folder: Path, file: Path, proposed: Sequence[str]) -> str:
    """What ``mipair why FILE --pair ...`` prints (exit 0, or 1 for an absolute rule broken)."""
    done = mipair("why", file.name, *[f"--pair={p}" for p in proposed], cwd=folder, PAPP_CFG="")
    assert done.returncode in (0, 1), done.stderr
    assert done.stderr == ""
    return done.stdout.strip()


@GO_SOURCES
def test_why_at_a_go_round(anna_window: DeskPage, tmp_path: Path, source: Path) -> None:
    anna = anna_window
    cut = go_source_cut(source, tmp_path, 2)
    overview = anna.import_files(cut)
    anna.open(f"{overview}/explain")
    explained = mipair("explain", cut.name, cwd=tmp_path)
    assert explained.returncode == 0, explained.stderr
    assert anna.page.inner_text("#explain").strip() == explained.stdout.strip()
    anna.open(overview)
    anna.pair()
    assert anna.path == f"{overview}/rounds/3"
    pairs = [(b.first, b.second) for b in anna.boards()]
    system = offered(anna, pairs)
    bye = system[len(pairs) :]
    engine = asked(anna, system)
    assert engine.endswith("The proposal is the engine's pairing.")
    assert engine == printed(tmp_path, cut, system)

    met = games_before(tmp_path, cut, 3)
    white, black = next(
        (white, black)
        for (white, _), (_, black) in pairwise(pairs)
        if not {frozenset(pair) for pair in together(pairs, white, black)} & met
    )  # two neighbouring boards whose swap is no rematch
    swap = lines(together(pairs, white, black)) + bye
    answer = asked(anna, swap)
    assert answer == printed(tmp_path, cut, swap)
    assert "breaks no absolute rule" in answer and "the engine is better" in answer

    board_of = {player: k for k, pair in enumerate(pairs) for player in pair}
    met_again = next(
        sorted(pair)
        for pair in sorted(met, key=sorted)
        if len({board_of.get(player) for player in pair} - {None}) == 2
    )  # two players of the round who met before, on two boards
    rematch = lines(together(pairs, *met_again)) + bye
    answer = asked(anna, rematch)
    assert answer == printed(tmp_path, cut, rematch)
    rule = next(line for line in answer.splitlines() if "duplicate:" in line)
    assert all(player in rule for player in met_again) and "met in round" in rule

    white_1, black_1 = pairs[0]
    turned = [f"{black_1}-{white_1}", *system[1:]]
    answer = asked(anna, turned)
    assert answer == printed(tmp_path, cut, turned)
    assert f"on {white_1}-{black_1} (engine's colours shown, White first)" in answer
    assert "OpenGotha's colours" in answer
    assert anna.close() == []


def test_why_at_an_othello_round(anna_window: DeskPage, tmp_path: Path) -> None:
    anna = anna_window
    event = SCENARIOS / "papp" / "sample.papp"
    players = SCENARIOS / "papp" / "joueurs.txt"
    for file in (event, players):
        shutil.copy(file, tmp_path / file.name)
    overview = anna.import_files(event, players)
    anna.open(f"{overview}/explain")
    assert anna.page.inner_text("#explain").strip() == cli(tmp_path, "explain", event.name).strip()
    anna.open(overview)
    anna.pair()
    assert anna.path == f"{overview}/rounds/4"
    headers = anna.page.locator("#boards thead th").all_inner_texts()
    black, white = headers[1], headers[5]  # Othello shows Black first (PAPP's Noir, Blanc)
    assert f"{white}-{black}" in anna.page.inner_text("#why")
    pairs = [(b.second, b.first) for b in anna.boards()]  # White first, as why reads them
    system = offered(anna, pairs)
    engine = asked(anna, system)
    assert engine.endswith("The proposal is the engine's pairing.")
    assert engine == printed(tmp_path, tmp_path / event.name, system)

    (white_1, black_1), (_, black_2) = pairs[:2]
    swap = lines(together(pairs, white_1, black_2)) + system[len(pairs) :]
    answer = asked(anna, swap)
    assert answer == printed(tmp_path, tmp_path / event.name, swap)
    assert "First difference" in answer

    turned = [f"{black_1}-{white_1}", *system[1:]]
    answer = asked(anna, turned)
    assert answer == printed(tmp_path, tmp_path / event.name, turned)
    assert "PAPP's colours" in answer and f"on {white_1}-{black_1} " in answer
    assert anna.close() == []
