"""The resident pairing process behind the drop-in call: real processes, no mocks.

Every call here runs the console script as a tournament manager would, once
through the resident and once in-process (``MIPAIR_RESIDENT=0``), and what a
user can see must be the same: exit code, standard output and error, output
file. That a call really ran in the resident is seen from its imports
(``python -X importtime``): a client that ran in-process imports the drop-in code.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).parent / "mipair"
SCENARIOS = ROOT / "scenarios"
WAIT = 180.0  # seconds for a resident to import the engine and run its trial calls

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the resident is Linux-only"),
    pytest.mark.skipif(not SCRIPT.exists(), reason=f"no console script at {SCRIPT}"),
]


def environment(runtime: Path, **extra: str) -> dict[str, str]:
    """The environment of a call that may use the resident of ``runtime``."""
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime))
    for name in ("MIPAIR_RESIDENT", "MIPAIR_DEBUG", "PYTHONPATH"):
        env.pop(name, None)
    return {**env, **extra}


def call(
    args: list[str], env: dict[str, str], cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """``mipair ARGS`` by its console script, its imports traced on stderr."""
    return subprocess.run(
        [sys.executable, "-X", "importtime", str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
    )


def user_stderr(done: subprocess.CompletedProcess[str]) -> str:
    """What the user sees on stderr (the import trace left out)."""
    return "".join(
        line for line in done.stderr.splitlines(True) if not line.startswith("import time:")
    )


def imported_engine(done: subprocess.CompletedProcess[str]) -> bool:
    """Did the calling process itself import the drop-in code (it ran in-process)?"""
    return in_trace(done.stderr)


def in_trace(trace: str, module: str = "mipair.cli.dropin") -> bool:
    """Is ``module`` among the imports an ``-X importtime`` trace lists?"""
    return any(
        line.startswith("import time:") and line.split("|")[-1].strip() == module
        for line in trace.splitlines()
    )


def folder_of(runtime: Path) -> Path:
    return runtime / "mipair"


def live_pids(runtime: Path) -> list[int]:
    """The resident processes running for ``runtime`` (from their lock files)."""
    pids = []
    folder = folder_of(runtime)
    for lock in folder.glob("*.lock") if folder.is_dir() else []:
        text = lock.read_text().split()
        if text and Path(f"/proc/{text[0]}").exists():
            cmdline = Path(f"/proc/{text[0]}/cmdline").read_bytes()
            if b"mipair.resident.server" in cmdline and str(folder).encode() in cmdline:
                pids.append(int(text[0]))
    return pids


def wait_for(condition, seconds: float = WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def stop(runtime: Path) -> None:
    for pid in live_pids(runtime):
        os.kill(pid, signal.SIGTERM)
    assert wait_for(lambda: not live_pids(runtime), 60)


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A runtime folder with a short path (a Unix socket's name has at most 107 bytes)."""
    path = Path(tempfile.mkdtemp(prefix="mr-", dir="/tmp"))
    os.chmod(path, 0o700)
    try:
        yield path
    finally:
        stop(path)
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def runtime() -> Iterator[Path]:
    """A runtime folder with a resident listening in it (started as an operator would)."""
    path = Path(tempfile.mkdtemp(prefix="mr-", dir="/tmp"))
    os.chmod(path, 0o700)
    env = environment(path)
    try:
        started = subprocess.run(
            [str(SCRIPT), "resident", "start"],
            capture_output=True,
            text=True,
            env=env,
            timeout=WAIT,
        )
        assert started.returncode == 0, started.stderr
        assert "started" in started.stdout
        yield path
    finally:
        stop(path)
        shutil.rmtree(path, ignore_errors=True)


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


def children_of(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def start_a_long_call(
    runtime: Path, work: Path, **streams: object
) -> tuple[subprocess.Popen[str], int]:
    """A call that generates a large tournament, and the resident's child running it
    (the one in the call's working folder: the spare waiting for the next call is not)."""
    (work / "big.txt").write_text("PlayersNumber=400\nRoundsNumber=11\n")
    [resident] = live_pids(runtime)
    client = subprocess.Popen(
        [str(SCRIPT), "--dutch", "-g", "big.txt", "-o", "big.trf", "-s", "7"],
        env=environment(runtime),
        cwd=work,
        text=True,
        **streams,  # type: ignore[call-overload]
    )

    def running() -> list[int]:
        found = []
        for child in children_of(resident):
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{child}/cwd") == str(work):
                    found.append(child)
        return found

    assert wait_for(running, 120), "no child took the call"
    time.sleep(0.5)
    return client, running()[0]


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


def test_an_edited_file_changes_the_key(tmp_path: Path) -> None:
    copy = tmp_path / "install"
    shutil.copytree(ROOT / "mipair", copy / "mipair", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "models", copy / "models")
    show = "from mipair.resident import place; print(place.code_key())"

    def key() -> str:
        env = dict(os.environ, PYTHONPATH=str(copy))
        done = subprocess.run(
            [sys.executable, "-c", show], env=env, cwd=copy, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    before = key()
    assert key() == before
    model = next((copy / "models").rglob("*.toml"))
    model.write_text(model.read_text() + "\n")
    after_model = key()
    assert after_model != before
    module = copy / "mipair" / "rounds.py"
    os.utime(module, ns=(0, module.stat().st_mtime_ns + 1_000_000_000))
    assert key() != after_model


def test_switched_off_it_never_starts(short_dir: Path, tmp_path: Path) -> None:
    assert small_round_in_process(short_dir, tmp_path, "out.txt") == 0
    time.sleep(1.0)
    assert not folder_of(short_dir).exists()
    assert not live_pids(short_dir)


def test_the_first_call_starts_one_which_ends_when_idle(short_dir: Path, tmp_path: Path) -> None:
    shutil.copy(SCENARIOS / "dutch/small.trfx", tmp_path / "in.trfx")
    env = environment(short_dir, MIPAIR_RESIDENT_IDLE="3")
    first = call(["--dutch", "in.trfx", "-p", "out.txt"], env, tmp_path)
    assert first.returncode == 0
    assert imported_engine(first)  # no resident yet: paired in-process
    assert wait_for(lambda: bool(live_pids(short_dir)), 30), "no resident started"
    [pid] = live_pids(short_dir)
    assert wait_for(lambda: any(folder_of(short_dir).glob("*.sock")))
    second = call(["--dutch", "in.trfx", "-p", "out2.txt"], env, tmp_path)
    assert second.returncode == 0
    assert not imported_engine(second)
    assert (tmp_path / "out2.txt").read_text() == (tmp_path / "out.txt").read_text()
    assert wait_for(lambda: not Path(f"/proc/{pid}").exists(), 60), "still running when idle"
    assert not any(folder_of(short_dir).glob("*.sock"))
    assert folder_of(short_dir).stat().st_mode & 0o777 == 0o700


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
