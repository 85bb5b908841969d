"""The resident pairing process behind the drop-in call: real processes, no mocks.

Every call here runs the console script as a tournament manager would, once
through the resident and once in-process (``MIPAIR_RESIDENT=0``), and what a
user can see must be the same: exit code, standard output and error, output
file. That a call really ran in the resident is seen from its imports
(``python -X importtime``): a client that ran in-process imports the drop-in code.
A resident runs only when the user asked for one (``mipair resident start``, or
``MIPAIR_RESIDENT=1``): a drop-in call alone leaves no process behind.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.resident_process import (
    MARKS,
    SCENARIOS,
    SCRIPT,
    WAIT,
    call,
    children_of,
    environment,
    imported_engine,
    in_trace,
    live_pids,
    start_a_long_call,
    user_stderr,
    wait_for,
)

pytestmark = MARKS


def both_ways(args: list[str], runtime: Path, work: Path, output: str | None = None):
    """The call through the resident and in-process: (resident run, its output file's
    text, in-process run, its output file's text)."""
    results = []
    for env in (environment(runtime), environment(runtime, MIPAIR_RESIDENT="0")):
        if output:
            (work / output).unlink(missing_ok=True)
        done = call(args, env, work)
        text = (work / output).read_text() if output and (work / output).exists() else None
        results += [done, text]
    return results


ROUNDS = [
    ["--dutch", "dutch/small.trfx"],
    ["--rules", "2017", "--dutch", "dutch/ranked.trfx"],
    ["--dubov", "dubov/round2-aro.trfx"],
    ["--burstein", "burstein/round3-index-colours.trfx"],
    ["--lim", "lim/round2-median.trfx"],
    ["--dutch", "infeasible/odd-group.trfx"],
]


@pytest.mark.parametrize("form", ROUNDS, ids=lambda form: form[-1])
def test_a_round_through_the_resident_is_the_in_process_round(
    runtime: Path, tmp_path: Path, form: list[str]
) -> None:
    *flags, name = form
    shutil.copy(SCENARIOS / name, tmp_path / "in.trfx")
    resident, by_resident, local, by_local = both_ways(
        [*flags, "in.trfx", "-p", "out.txt"], runtime, tmp_path, "out.txt"
    )
    assert not imported_engine(resident), "the call did not run in the resident"
    assert imported_engine(local)
    assert resident.returncode == local.returncode
    assert resident.stdout == local.stdout
    assert user_stderr(resident) == user_stderr(local)
    assert by_resident == by_local


def test_bad_input_is_the_same_located_line_and_exit_3(runtime: Path, tmp_path: Path) -> None:
    lines = (SCENARIOS / "dutch/small.trfx").read_text().splitlines(True)
    broken = [line.replace("001    1", "001    X", 1) for line in lines]
    (tmp_path / "bad.trfx").write_text("".join(broken))
    resident, _, local, _ = both_ways(["--dutch", "bad.trfx", "-p", "out.txt"], runtime, tmp_path)
    assert not imported_engine(resident)
    assert resident.returncode == local.returncode == 3
    assert user_stderr(resident) == user_stderr(local)
    assert user_stderr(resident).startswith("bad.trfx:")
    assert not (tmp_path / "out.txt").exists()


def test_stdout_a_full_device_and_a_check_go_through_the_resident(
    runtime: Path, tmp_path: Path
) -> None:
    shutil.copy(SCENARIOS / "dutch/small.trfx", tmp_path / "in.trfx")
    for args in (["--dutch", "in.trfx", "-p"], ["--dutch", "in.trfx", "-p", "/dev/full"]):
        resident, _, local, _ = both_ways(args, runtime, tmp_path)
        assert not imported_engine(resident)
        assert (resident.returncode, resident.stdout) == (local.returncode, local.stdout)
        assert user_stderr(resident) == user_stderr(local)
    assert resident.returncode == 5


def small_round_in_process(runtime: Path, work: Path, output: str) -> int:
    """The small scenario copied to ``work/in.trfx`` and paired in-process into ``output``;
    the exit code."""
    shutil.copy(SCENARIOS / "dutch/small.trfx", work / "in.trfx")
    env = environment(runtime, MIPAIR_RESIDENT="0")
    return call(["--dutch", "in.trfx", "-p", output], env, work).returncode


def test_output_to_a_fifo_and_through_a_symlink(runtime: Path, tmp_path: Path) -> None:
    assert small_round_in_process(runtime, tmp_path, "plain.txt") == 0
    (tmp_path / "target.txt").write_text("old\n")
    (tmp_path / "link.txt").symlink_to("target.txt")
    through_link = call(["--dutch", "in.trfx", "-p", "link.txt"], environment(runtime), tmp_path)
    assert not imported_engine(through_link)
    assert through_link.returncode == 0
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "target.txt").read_text() == (tmp_path / "plain.txt").read_text()

    os.mkfifo(tmp_path / "fifo")
    reader = subprocess.Popen(["cat", str(tmp_path / "fifo")], stdout=subprocess.PIPE, text=True)
    through_fifo = call(["--dutch", "in.trfx", "-p", "fifo"], environment(runtime), tmp_path)
    read, _ = reader.communicate(timeout=60)
    assert not imported_engine(through_fifo)
    assert through_fifo.returncode == 0, through_fifo.stderr
    assert read == (tmp_path / "plain.txt").read_text()


def test_the_environment_and_umask_are_the_callers(runtime: Path, tmp_path: Path) -> None:
    shutil.copy(SCENARIOS / "dutch/small.trfx", tmp_path / "in.trfx")
    env = environment(runtime, MIPAIR_MEMORY_MB="1")
    resident = call(["--dutch", "in.trfx", "-p", "out.txt"], env, tmp_path)
    local = call(["--dutch", "in.trfx", "-p", "out.txt"], dict(env, MIPAIR_RESIDENT="0"), tmp_path)
    assert not imported_engine(resident)
    assert (resident.returncode, user_stderr(resident)) == (local.returncode, user_stderr(local))
    assert resident.returncode == 4  # too large for one megabyte, read as the call ran

    masked = subprocess.run(
        ["sh", "-c", f"umask 077 && exec {sys.executable} {SCRIPT} --dutch in.trfx -p new.txt"],
        env=environment(runtime),
        cwd=tmp_path,
        capture_output=True,
        timeout=300,
    )
    assert masked.returncode == 0
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o600


def test_two_calls_at_once(runtime: Path, tmp_path: Path) -> None:
    shutil.copy(SCENARIOS / "dutch/small.trfx", tmp_path / "a.trfx")
    shutil.copy(SCENARIOS / "dubov/round2-aro.trfx", tmp_path / "b.trfx")
    forms = [["--dutch", "a.trfx", "-p", "a.txt"], ["--dubov", "b.trfx", "-p", "b.txt"]]
    running = [
        subprocess.Popen(
            [sys.executable, "-X", "importtime", str(SCRIPT), *form],
            env=environment(runtime),
            cwd=tmp_path,
            stderr=subprocess.PIPE,
            text=True,
        )
        for form in forms
    ]
    traces = [process.communicate(timeout=300)[1] for process in running]
    assert [process.returncode for process in running] == [0, 0]
    assert not any(in_trace(trace) for trace in traces)
    for form in forms:
        output = tmp_path / form[-1]
        by_resident = output.read_text()
        output.unlink()
        local = call(form, environment(runtime, MIPAIR_RESIDENT="0"), tmp_path)
        assert local.returncode == 0
        assert output.read_text() == by_resident


def test_a_killed_client_frees_its_child(runtime: Path, tmp_path: Path) -> None:
    client, child = start_a_long_call(runtime, tmp_path)
    assert client.poll() is None, "the call ended before it could be killed"
    client.kill()
    client.wait(timeout=60)
    [resident] = live_pids(runtime)
    assert wait_for(lambda: child not in children_of(resident), 30)
    assert not (tmp_path / "big.trf").exists()


def test_ctrl_c_interrupts_the_call_as_in_process(runtime: Path, tmp_path: Path) -> None:
    client, _ = start_a_long_call(runtime, tmp_path, stderr=subprocess.PIPE)
    client.send_signal(signal.SIGINT)
    _, stderr = client.communicate(timeout=60)
    assert client.returncode == 130
    assert stderr.strip() == "mipair: interrupted"


def test_two_starts_at_once_make_one_resident(short_dir: Path) -> None:
    env = environment(short_dir)
    starting = [
        subprocess.Popen(
            [str(SCRIPT), "resident", "start"], env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    for process in starting:
        process.communicate(timeout=WAIT)
    assert [process.returncode for process in starting] == [0, 0]
    assert len(live_pids(short_dir)) == 1
    status = subprocess.run(
        [str(SCRIPT), "resident", "status"], env=env, capture_output=True, text=True
    )
    assert status.stdout.count("running, pid") == 1
