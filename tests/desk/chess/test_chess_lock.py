"""Two arbiters at once on one chess tournament file: nothing lost, nothing half-written.

Through the installed command: results typed in eight terminals at the same
moment, with a late registration (which renumbers the players) and a bye
among them; a command that waits too long for the file gives up with exit 5,
having changed nothing; a change is on the disk before it is printed.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from mipair.formats.state_file import locked_state
from mipair.formats.trf import read_tournament
from tests.support.chess_desk import (
    SCRIPT,
    boards_of,
    environment,
    ok,
    ok_json,
    refused,
    register_players,
)

pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}")


def paired(folder: Path, players: int) -> Path:
    file = folder / "open.trf"
    ok("chess", "new", file, "--name", "Open", "--rounds", 5)
    register_players(file, players, random.Random(players))
    ok("chess", "pair", file, "--save")
    return file


def start(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(SCRIPT), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(),
    )


def test_commands_at_the_same_moment_are_all_kept(tmp_path: Path) -> None:
    file = paired(tmp_path, 16)
    before = boards_of(ok_json("chess", "pairing", file))
    results = ["1-0", "0-1", "1/2", "+-", "0-1", "1-0", "-/-", "1/2"]
    procs = [start("chess", "result", file, board, r) for board, r in enumerate(results, 1)]
    procs.append(start("chess", "register", file, "Latecomer, Lou", "--rating", 2600))
    procs.append(start("chess", "bye", file, "Latecomer", "--round", 3))
    outcomes = [(p.wait(timeout=300), p.stderr.read() if p.stderr else "") for p in procs]
    late = outcomes.pop(-1)  # the bye needs the registration: before it, its name is unknown
    assert outcomes == [(0, "")] * 9
    t = read_tournament(file)
    assert t.players[1].name == "Latecomer, Lou"  # first in the initial order: renumbered
    games = ok_json("chess", "pairing", file, "--round", 1)["boards"]
    codes = {"1-0": "1 0", "0-1": "0 1", "1/2": "= =", "+-": "+ -", "-/-": "- -"}
    assert [" ".join(g["codes"]) for g in games] == [codes[r] for r in results]
    assert boards_of({"boards": games}) == [(w + 1, b + 1) for w, b in before]  # renumbered
    assert late[0] == 0 or "no player's name starts with 'Latecomer'" in late[1]


def test_a_command_that_waits_too_long_changes_nothing(tmp_path: Path) -> None:
    file = paired(tmp_path, 6)
    before = file.read_bytes()
    with locked_state(file):
        done = subprocess.run(
            [str(SCRIPT), "chess", "result", str(file), "1", "1-0"],
            capture_output=True,
            text=True,
            env=dict(environment(), MIPAIR_LOCK_WAIT="0.2"),
            timeout=120,
            check=False,
        )
    assert done.returncode == 5 and "another command is changing this file" in done.stderr
    assert file.read_bytes() == before
    assert "round 1 board 1" in ok("chess", "result", file, 1, "1-0")


def test_a_change_is_saved_before_it_is_printed(tmp_path: Path) -> None:
    """The reader of the output goes away at once: the result is in the file all the same."""
    file = paired(tmp_path, 4)
    proc = start("chess", "result", file, 2, "0-1")
    assert proc.stdout is not None
    proc.stdout.close()
    assert proc.wait(timeout=120) == 0
    assert ok_json("chess", "pairing", file)["boards"][1]["result"] == "0-1"
    assert "round 1 is being played" in refused(3, "chess", "pair", file, "--save")
