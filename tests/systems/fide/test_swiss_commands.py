"""The Dubov and Lim systems through the real command line (a process of its own) and the
real HTTP service: ``solve``, the drop-in forms (``-p``, ``-c``, ``-l``, ``-g``),
``generate``, ``check``, ``why`` and ``explain``, and ``/v1/pair``, ``/v1/why``,
``/v1/check`` and ``/v1/explain``.

Each system is asked a hand-worked scenario (the derivation is in the file: Dubov
round 2 with one upfloater, Lim round 4 with a median cracked downward and a bye),
one worse pairing that ``why`` names by the system's own rule (Dubov C7, Lim 4.2),
and one impossible round (four players who have all met: C1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mipair.formats.trf import write_tournament
from tests.support.cli_process import run_cli
from tests.support.paths import ROOT
from tests.support.swiss_brute.build import build


class Case:
    """A hand-worked round of one system, and a worse pairing with the rule that decides."""

    def __init__(self, system: str, scenario: str, worse: list[str], rule: str, where: str):
        self.system = system
        self.path = ROOT / "scenarios" / system / scenario
        self.worse = worse
        self.rule = rule
        self.where = where

    @property
    def flag(self) -> str:
        return f"--{self.system}"

    def expected(self) -> tuple[list[tuple[int, int]], int | None]:
        """The boards (white, black) and the bye of the file's ``### expected:`` line."""
        (line,) = [ln for ln in self.path.read_text().splitlines() if "### expected:" in ln]
        words = line.split(":", 1)[1].split()
        bye = int(words[words.index("bye") + 1]) if "bye" in words else None
        boards = [tuple(map(int, w.split("-"))) for w in words if "-" in w]
        return [(a, b) for a, b in boards], bye

    def dropin_text(self) -> str:
        """The expected round as the JaVaFo/bbpPairings output writes it."""
        boards, bye = self.expected()
        lines = [f"{a} {b}" for a, b in boards] + ([f"{bye} 0"] if bye is not None else [])
        return f"{len(lines)}\n" + "".join(f"{ln}\n" for ln in lines)


CASES = [
    Case("dubov", "round2-upfloater.trfx", ["3-1", "2-6", "4-5"], "C7", "bracket of score 1.0"),
    Case(
        "lim",
        "round2-median.trfx",
        ["1-6", "3-2", "4-5"],
        "4.2",
        "group of score 0.0 (paired upward), opponent of player 4",
    ),
]
BYE_CASE = Case("lim", "round4-crack-lower.trfx", [], "", "")
SYSTEMS = pytest.mark.parametrize("case", CASES, ids=lambda c: c.system)


def config(tmp_path: Path, players: int, rounds: int) -> str:
    """A JaVaFo generator configuration with draws, forfeits, retirements and byes."""
    path = tmp_path / "config.txt"
    path.write_text(
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage=30\n"
        "ForfeitRate=10\nRetiredRate=20\nHalfPointByeRate=10\n"
    )
    return str(path)


@SYSTEMS
def test_solve_and_the_dropin_pairing_give_the_hand_worked_round(
    case: Case, tmp_path: Path
) -> None:
    solved = run_cli("solve", str(case.path), "--system", case.system, "--json")
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    assert answer["system"] == case.system
    boards, bye = case.expected()
    assert [(b["white"], b["black"]) for b in answer["boards"]] == boards
    assert answer["bye"] == bye
    out, listed = tmp_path / "out.txt", tmp_path / "list.txt"
    dropin = run_cli(case.flag, str(case.path), "-p", str(out), "-l", str(listed))
    assert dropin.returncode == 0, dropin.stderr
    assert out.read_text() == case.dropin_text()
    rows = listed.read_text().splitlines()
    assert rows[0] == "Round #2"
    for white, black in boards:  # each player's row says what the round gave
        assert any(r.split()[:1] == [str(white)] and f"W {black}" in r for r in rows)


def test_the_dropin_form_writes_a_bye_as_the_reference_engines_do(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    done = run_cli(BYE_CASE.flag, str(BYE_CASE.path), "-p", str(out))
    assert done.returncode == 0, done.stderr
    got, expected = out.read_text().splitlines(), BYE_CASE.dropin_text().splitlines()
    assert sorted(got) == sorted(expected)  # the boards in the published order (C.04.2 3.6)
    assert got[0] == "5" and got[-1] == "6 0"  # the count first, the bye last


@SYSTEMS
def test_generated_tournaments_name_their_system_and_the_checker_accepts_them(
    case: Case, tmp_path: Path
) -> None:
    generated = tmp_path / "g.trf"
    listed = tmp_path / "g-list.json"
    made = run_cli(
        case.flag, "-g", config(tmp_path, 13, 6), "-o", str(generated), "-s", "3", "-l", str(listed)
    )
    assert made.returncode == 0, made.stderr
    assert f"192 FIDE_{case.system.upper()}" in generated.read_text()
    assert [r["round"] for r in json.loads(listed.read_text())["rounds"]] == list(range(1, 7))
    checked = run_cli("check", str(generated), "--json")  # the system told by the 192 record
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)["files"][0]
    assert (report["rounds"], report["differing"]) == (6, 0)
    again = run_cli(case.flag, str(generated), "-c")
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [f"g.trf: Round #{k}" for k in range(1, 7)]  # no diffs
    many = run_cli(
        "generate",
        config(tmp_path, 9, 5),
        "--system",
        case.system,
        "-o",
        str(tmp_path / "many-{seed}.trf"),
        "-s",
        "10",
        "-n",
        "3",
        "-j",
        "1",
    )
    assert many.returncode == 0, many.stderr
    files = sorted(tmp_path.glob("many-*.trf"))
    assert [f.name for f in files] == ["many-10.trf", "many-11.trf", "many-12.trf"]
    assert run_cli("check", *map(str, files), "--system", case.system).returncode == 0


@SYSTEMS
def test_why_and_check_name_the_rule_a_worse_round_loses_on(case: Case, tmp_path: Path) -> None:
    args = [a for board in case.worse for a in ("--pair", board)]
    why = run_cli("why", str(case.path), "--system", case.system, *args, "--json")
    assert why.returncode == 0, why.stderr
    difference = json.loads(why.stdout)["difference"]
    assert (difference["criterion"], difference["where"]) == (case.rule, case.where)
    assert difference["better"] == "engine"
    partial = run_cli("why", str(case.path), "--system", case.system, "--json", "--pair", "1-2")
    answer = json.loads(partial.stdout)
    assert answer["legal"] is False  # four players left unpaired: the round is not complete
    assert answer["violations"][0]["players"] == [3, 4, 5, 6]


def impossible(tmp_path: Path) -> str:
    """Four players after a round robin: a fourth round has no legal pairing (C1)."""
    rounds = [["1-2:=", "3-4:="], ["4-1:=", "2-3:="], ["1-3:=", "2-4:="]]
    path = tmp_path / "impossible.trfx"
    path.write_text(write_tournament(build(4, rounds, total=5), "trfx"))
    return str(path)


@SYSTEMS
def test_explain_names_the_rematches_of_an_impossible_round(case: Case, tmp_path: Path) -> None:
    done = run_cli("explain", impossible(tmp_path), "--system", case.system, "--json")
    assert done.returncode == 1, done.stderr
    facts = json.loads(done.stdout)["reason"]["facts"]
    assert facts and {f["kind"] for f in facts} == {"rematch"}
    refused = run_cli(case.flag, impossible(tmp_path), "-p", str(tmp_path / "o.txt"))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr


def test_the_service_pairs_judges_and_explains_dubov_and_lim_rounds(tmp_path: Path) -> None:
    """/version lists both systems; /v1/pair answers the drop-in output, /v1/why the rule
    that decides, /v1/check a generated tournament, /v1/explain an impossible round."""
    pytest.importorskip("fastapi", reason="the service extra is not installed")
    from tests.support.service_server import running_server

    tournaments = {}
    for case in CASES:
        path = tmp_path / f"{case.system}.trf"
        made = run_cli(case.flag, "-g", config(tmp_path, 9, 5), "-o", str(path), "-s", "4")
        assert made.returncode == 0, made.stderr
        tournaments[case.system] = path.read_bytes()
    hopeless = Path(impossible(tmp_path)).read_bytes()
    with running_server(workers=1, queue=4) as server, server.client() as client:
        systems = client.get("/version").json()["systems"]
        assert systems["dubov"] == ["2026"] and systems["lim"] == ["2026"]
        for case in CASES:
            params = {"system": case.system}
            body = case.path.read_bytes()
            pair = client.post("/v1/pair", params=params, content=body)
            assert pair.status_code == 200, pair.text
            assert pair.json()["text"] == case.dropin_text()
            why = client.post("/v1/why", params={**params, "pair": case.worse}, content=body)
            assert why.status_code == 200, why.text
            assert why.json()["difference"]["criterion"] == case.rule
            check = client.post("/v1/check", params=params, content=tournaments[case.system])
            assert check.status_code == 200, check.text
            answer = check.json()
            assert (answer["system"], answer["outcome"]) == (case.system, "agrees")
            assert [c["verdict"] for c in answer["rounds"]] == ["same"] * 5
            explain = client.post("/v1/explain", params=params, content=hopeless)
            assert explain.status_code == 200, explain.text
            assert explain.json()["pairable"] is False
            assert {f["kind"] for f in explain.json()["reason"]["facts"]} == {"rematch"}
