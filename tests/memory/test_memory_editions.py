"""The refusal estimate of each edition: its own constants where models/memory.toml has
a table for it, the defaults otherwise, read by the round's edition."""

from __future__ import annotations

import os
import subprocess
import sys

from mipair.formats.trf import read_tournament
from mipair.memory import constants, round_bytes
from mipair.systems.fide.dutch.system import dutch_snapshot
from mipair.systems.fide.footprint import largest_window_pairs, memory_table, scoregroup_sizes
from tests.support.paths import ROOT

ROUND = ROOT / "scenarios" / "dutch" / "small-310.trfx"


def test_an_edition_table_replaces_the_defaults_and_only_its_own() -> None:
    """The 2017 edition's table gives values of its own; an edition with no table (2026,
    2012) has the defaults, and so does an unknown name."""
    defaults = constants()
    own = constants("dutch-2017")
    assert own.keys() == defaults.keys()
    assert own != defaults
    assert (
        own["freed_blocks_returned_below_players"]
        == defaults["freed_blocks_returned_below_players"]
    )
    assert constants("dutch-2026") == defaults == constants("dutch-2012")
    assert constants("no-such-edition") == defaults


def test_a_round_is_refused_or_paired_by_its_own_editions_estimate() -> None:
    """Under a cap between the two editions' estimates of the same round, the edition
    whose estimate is over it refuses the round (exit 4) and the other pairs it (exit 0):
    the engine reads the estimate of the edition it pairs by."""
    tournament = read_tournament(str(ROUND))
    number = tournament.rounds_written + 1
    need = {}
    for edition in ("2017", "2026"):
        snap = dutch_snapshot(tournament, number, edition)
        assert memory_table(snap) == f"dutch-{edition}"
        window = largest_window_pairs(scoregroup_sizes(snap))
        need[edition] = round_bytes(len(snap.to_pair), window, memory_table(snap))
    assert need["2017"] != need["2026"]
    cap = (need["2017"] + need["2026"]) / 2 / 2**20
    codes = {}
    for edition in ("2017", "2026"):
        run = subprocess.run(
            [sys.executable, "-m", "mipair.cli.main", "--rules", edition, "--dutch"]
            + [str(ROUND), "-p", "-"],
            capture_output=True,
            text=True,
            timeout=300,
            env=dict(os.environ, MIPAIR_MEMORY_MB=f"{cap:.6f}", MIPAIR_RESIDENT="0"),
        )
        codes[edition] = run.returncode
    lower = min(need, key=need.__getitem__)
    higher = max(need, key=need.__getitem__)
    assert codes == {lower: 0, higher: 4}
