"""The operations layer every front door calls (issue 56): one reading of a file, the system
it is for told from what was read, what a pairing shows of each system's players, and
applications that neither import one another nor name a system."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mipair.operations.files import open_tournament
from mipair.operations.pairing import pair_file, pairing_data, player_cards
from mipair.systems.registry import SYSTEMS, get_system
from tests.support.paths import ROOT

PACKAGE = ROOT / "mipair"
SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"
APPLICATIONS = ("cli", "service", "resident", "desk")


def with_192(tmp_path: Path, code: str) -> Path:
    """SMALL with a 192 record naming ``code``."""
    lines = SMALL.read_text().split("\n")
    path = tmp_path / f"{code}.trfx"
    path.write_text("\n".join([lines[0], f"192 {code}", *lines[1:]]))
    return path


@pytest.mark.parametrize("name", ["dutch", "dubov", "burstein", "lim"])
def test_every_trf_system_shows_the_players_ratings(tmp_path: Path, name: str) -> None:
    system = get_system(name)
    path = with_192(tmp_path, system.registered.trf_codes[0])
    paired = pair_file(str(path))
    assert paired.system is system
    cards = player_cards(paired)
    tournament = system.tournament_of(paired.state)
    assert tournament is not None
    rated = {pid: p.rating for pid, p in tournament.players.items() if p.rating}
    assert rated and {pid: cards[pid]["rating"] for pid in rated} == rated
    assert all("name" in card and "score" in card for card in cards.values())


def test_the_service_pairs_a_file_by_the_system_its_192_record_names(tmp_path: Path) -> None:
    pytest.importorskip("fastapi", reason="the service extra is not installed")
    from mipair.service.jobs import Job, run

    path = with_192(tmp_path, "FIDE_DUBOV")
    answer = run(Job("pair", None, None, path.read_bytes(), path.name, cards=True))
    assert answer.status == 200, answer.body
    assert answer.body["system"] == "dubov"
    assert answer.body["boards"] == pairing_data(pair_file(str(path)))["boards"]
    assert all(card.get("rating") for card in answer.body["players"].values())


def test_a_go_board_carries_its_handicap_in_every_answer() -> None:
    paired = pair_file(str(ROOT / "scenarios" / "mcmahon" / "club.xml"))
    assert paired.system is get_system("mcmahon")
    boards = pairing_data(paired)["boards"]
    assert boards and all(isinstance(b["handicap"], int) for b in boards)  # type: ignore[index, union-attr]


def test_a_system_named_is_the_one_used() -> None:
    opened = open_tournament(str(SMALL), get_system("lim"))
    assert opened.system is get_system("lim") and opened.edition == "2026"


def application_modules() -> list[Path]:
    return sorted(p for top in APPLICATIONS for p in (PACKAGE / top).rglob("*.py"))


def test_no_application_imports_the_command_line_but_the_command_line() -> None:
    wrong = []
    for path in application_modules():
        if path.is_relative_to(PACKAGE / "cli"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            wrong += [
                f"{path}: {n}" for n in names if n == "mipair.cli" or n.startswith("mipair.cli.")
            ]
    assert wrong == []


def command_group_names(tree: ast.AST) -> set[int]:
    """The ids of the constants that name a command group: ``click.group(name=...)`` and
    the command table's lines (:data:`mipair.cli.group.LAZY_COMMANDS`)."""
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            named |= {id(k.value) for k in node.keywords if k.arg == "name"}
        elif (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "LAZY_COMMANDS"
            and node.value is not None
        ):
            named |= {id(c) for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    return named


WORDS = {"team"}
"""System names that are also words of a tournament's data (a player's team, TRF-2026 310):
as a key, a field or a command they name the team, not the system."""


def naming_a_system(tree: ast.AST) -> set[int]:
    """The ids of the constants used where only a system can be meant: compared with, passed
    as ``system=``, or looked up (``get_system("...")``)."""
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            named |= {id(c) for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)}
        elif isinstance(node, ast.Call):
            named |= {id(k.value) for k in node.keywords if k.arg == "system"}
            if isinstance(node.func, ast.Name) and node.func.id == "get_system":
                named |= {id(a) for a in node.args}
    return named


def test_no_application_names_a_system() -> None:
    """A system's name as a string of its own (a key, a default, a comparison) is a system
    named in an application; only the desks' command groups bear their system's name. A name
    that is also a word of the data (:data:`WORDS`) counts where only a system can be meant."""
    names = {line.name for line in SYSTEMS} | {f"--{line.name}" for line in SYSTEMS}
    wrong = []
    for path in application_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        groups, systems = command_group_names(tree), naming_a_system(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or node.value not in names or id(node) in groups:
                continue
            if node.value in WORDS and id(node) not in systems:
                continue
            wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert wrong == []


def test_a_word_that_is_a_system_name_counts_where_a_system_is_meant() -> None:
    """The check above still catches the team system named by comparison or look-up."""
    tree = ast.parse('if system == "team":\n    get_system("team")\nrow = {"team": 1}\n')
    constants = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and n.value == "team"]
    meant = {c.lineno for c in constants if id(c) in naming_a_system(tree)}
    assert len(constants) == 3 and meant == {1, 2}
