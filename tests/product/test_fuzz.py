"""Fuzzing every entry point with mutated project files (issue 23), a few hundred in CI.

Hypothesis picks a project scenario, sample or PAPP file, one to three
mutations of its bytes and one command line (tests/support/fuzzing.py), and runs it
through the real entry point in this process. Every outcome must be a normal
answer (exit 0, 1, 6, 7) or a rejection in one located line (exit 3, 4, 5):
never a traceback, never exit 2. ``scripts/fuzz`` runs any number of cases,
with the reference corpus too.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import fuzzing

BASES = fuzzing.project_bases()
GOOD = ("ok", "rejected", "rejected/file")
SECONDS = 60.0  # per case; the project's files pair in well under a second


@settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_every_entry_point_survives_mutated_input(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(sorted(BASES)), label="base")
    kind, path = BASES[base]
    names = tuple(
        data.draw(st.lists(st.sampled_from(sorted(fuzzing.MUTATIONS)), max_size=3), "mutations")
    )
    rng = data.draw(st.randoms(use_true_random=False), label="random")
    command = data.draw(st.sampled_from(fuzzing.COMMANDS[kind]), label="command")
    case = fuzzing.Case(
        "hypothesis", base, kind, names, fuzzing.mutate(path.read_bytes(), names, rng), command
    )
    with tempfile.TemporaryDirectory(prefix="mipair-fuzz-") as tmp:
        verdict, outcome = fuzzing.run_case(case, Path(tmp), SECONDS)
    assert verdict in GOOD, f"{case.describe()}: exit {outcome.code}\n{outcome.stderr}"


def test_cases_are_replayable() -> None:
    """Case INDEX of campaign SEED is the same input and command every time."""
    first = [fuzzing.make_case(7, k, BASES) for k in range(40)]
    again = [fuzzing.make_case(7, k, BASES) for k in range(40)]
    assert [(c.data, c.command) for c in first] == [(c.data, c.command) for c in again]
    assert len({c.data for c in first}) > 30  # and they differ from one another


def test_every_mutation_changes_its_input() -> None:
    data = (Path(fuzzing.ROOT) / "scenarios" / "dutch" / "small.trfx").read_bytes()
    for name, mutation in fuzzing.MUTATIONS.items():
        outputs = {mutation(data, random.Random(k)) for k in range(10)}
        assert outputs - {data}, name


def test_verdicts_name_what_is_wrong() -> None:
    files = ["/t/in.trf"]
    judged = {
        (0, ""): "ok",
        (3, "/t/in.trf:7: points (81-84): '2.x' is not a points value\n"): "rejected",
        (3, "/t/in.trf: --pair: there is no player 99 in the tournament\n"): "rejected/file",
        (5, "/t/in.trf: cannot read the file: Is a directory\n"): "rejected/file",
        (3, "/t/in.trf:7: '2.x' is not a points value\n"): "unlocated",
        (3, "/t/other.trf:7: points: bad\n"): "unlocated",
        (3, "/t/in.trf:7: points: bad\n/t/in.trf:8: points: bad\n"): "unlocated",
        (3, "player(s) 1 not in the player file\n"): "unlocated",
        (2, "mipair: internal error: KeyError: 3\n"): "exit 2",
        (2, "Traceback (most recent call last):\n  ...\nKeyError: 3\n"): "traceback",
        (None, ""): "timeout",
    }
    for (code, stderr), expected in judged.items():
        assert fuzzing.verdict(fuzzing.Outcome(code, "", stderr), files) == expected, stderr
