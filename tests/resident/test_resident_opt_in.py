"""The resident pairing process is the user's choice, and the front door's answers are
the same through it: real processes, the installed command, no mocks.

- A drop-in call alone leaves no process behind, whatever its form; a resident
  runs when the user starts one (``mipair resident start``) or asks drop-in
  calls to (``MIPAIR_RESIDENT=1``).
- One key for one installation, whatever the folder or the form of the call;
  another when a file of the package changes.
- ``main()`` returns its exit code to a program that calls it, also when a
  resident ran the call (the fuzz campaign calls it in-process).
- Closed descriptors, a reader that has gone, a killed child: the codes of
  tests/product/test_exit_codes.py, through the resident.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.support.resident_process import (
    MARKS,
    ROOT,
    SCENARIOS,
    SCRIPT,
    call,
    environment,
    folder_of,
    imported_engine,
    in_trace,
    live_pids,
    processes_with,
    start_a_long_call,
    traced,
    user_stderr,
    wait_for,
)

pytestmark = MARKS


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """A working folder with the small scenario (``in.trfx``) and a bad file."""
    shutil.copy(SCENARIOS / "dutch/small.trfx", tmp_path / "in.trfx")
    (tmp_path / "bad.trfx").write_text("012 not a tournament\n")
    return tmp_path


def test_a_dropin_call_leaves_no_process_behind(short_dir: Path, work: Path) -> None:
    marker = f"MIPAIR_TEST_CALL={uuid.uuid4().hex}"
    env = environment(short_dir, MIPAIR_TEST_CALL=marker.partition("=")[2])
    (work / "config.txt").write_text("PlayersNumber=12\nRoundsNumber=3\n")
    forms = [
        [str(SCRIPT), "--dutch", "in.trfx", "-p", "out.txt"],
        [sys.executable, "-m", "mipair.cli.main", "--dutch", "in.trfx", "-p", "out.txt"],
        [str(SCRIPT), "in.trfx", "-p", "out.txt"],  # JaVaFo's order
        [str(SCRIPT), "--dutch", "in.trfx", "-c"],
        [str(SCRIPT), "--dutch", "-g", "config.txt", "-o", "generated.trf", "-s", "3"],
    ]
    for form in forms:
        done = subprocess.run(form, cwd=work, env=env, capture_output=True, timeout=300)
        assert done.returncode == 0, done.stderr
    time.sleep(1.0)  # a process started in the background would be running by now
    assert processes_with(marker) == []
    assert not folder_of(short_dir).exists()


def test_asked_for_the_first_call_starts_one_which_ends_when_idle(
    short_dir: Path, work: Path
) -> None:
    env = environment(short_dir, MIPAIR_RESIDENT="1", MIPAIR_RESIDENT_IDLE="3")
    first = call(["--dutch", "in.trfx", "-p", "out.txt"], env, work)
    assert first.returncode == 0
    assert imported_engine(first)  # no resident yet: paired in-process
    assert wait_for(lambda: bool(live_pids(short_dir)), 30), "no resident started"
    [pid] = live_pids(short_dir)
    assert wait_for(lambda: any(folder_of(short_dir).glob("*.sock")))
    second = call(["--dutch", "in.trfx", "-p", "out2.txt"], env, work)
    assert second.returncode == 0
    assert not imported_engine(second)
    assert (work / "out2.txt").read_text() == (work / "out.txt").read_text()
    assert wait_for(lambda: not Path(f"/proc/{pid}").exists(), 60), "still running when idle"
    assert not any(folder_of(short_dir).glob("*.sock"))
    assert folder_of(short_dir).stat().st_mode & 0o777 == 0o700


def test_one_resident_serves_every_folder_and_form(short_dir: Path, work: Path) -> None:
    env = environment(short_dir)
    module = ["-m", "mipair.cli.main"]
    # started from the working folder, which python -m puts first on the path
    started = traced([*module, "resident", "start"], env, work)
    assert started.returncode == 0, started.stderr
    key = started.stdout.split()[1]
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(work / "in.trfx", elsewhere / "in.trfx")
    for folder in (work, elsewhere, work):  # each call writes its folder (a new mtime)
        by_script = call(["--dutch", "in.trfx", "-p", "out.txt"], env, folder)
        by_module = traced([*module, "--dutch", "in.trfx", "-p", "module.txt"], env, folder)
        assert (by_script.returncode, by_module.returncode) == (0, 0)
        assert not imported_engine(by_script) and not imported_engine(by_module)
        assert (folder / "out.txt").read_text() == (folder / "module.txt").read_text()
    assert [path.stem for path in folder_of(short_dir).glob("*.lock")] == [key]


def test_a_changed_file_changes_the_key_and_a_touched_one_does_not(tmp_path: Path) -> None:
    copy = tmp_path / "install"
    shutil.copytree(ROOT / "mipair", copy / "mipair", ignore=shutil.ignore_patterns("__pycache__"))
    for data in ("models", "formats"):
        shutil.copytree(ROOT / data, copy / data)
    keys = tmp_path / "keys"
    keys.mkdir(mode=0o700)
    show = f"from mipair.resident import place; print(place.code_key({str(keys)!r}))"

    def key() -> str:
        env = dict(os.environ, PYTHONPATH=str(copy))
        done = subprocess.run(
            [sys.executable, "-c", show], env=env, cwd=tmp_path, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    before = key()
    assert key() == before
    module = copy / "mipair" / "rounds.py"
    os.utime(module, ns=(0, module.stat().st_mtime_ns + 1_000_000_000))
    assert key() == before  # the same content: the same code, the same resident
    model = next((copy / "models").rglob("*.toml"))
    model.write_text(model.read_text() + "\n")
    after_model = key()
    assert after_model != before
    text = module.read_text()
    module.write_text(text.replace("from __future__", "from  __future__", 1))
    assert key() != after_model


def test_main_returns_to_its_caller_when_the_resident_ran_the_call(
    runtime: Path, work: Path
) -> None:
    program = (
        "import sys; from mipair.cli.main import main\n"
        "codes = [main(['--dutch', 'in.trfx', '-p', f'out{k}.txt']) for k in range(2)]\n"
        "codes.append(main(['--dutch', 'bad.trfx', '-p', 'out.txt']))\n"
        "print('returned', *codes)\n"
    )
    done = traced(["-c", program], environment(runtime), work)
    assert done.returncode == 0, done.stderr
    assert not in_trace(done.stderr), "the calls did not run in the resident"
    assert done.stdout == "returned 0 0 3\n"
    assert (work / "out0.txt").read_text() == (work / "out1.txt").read_text()


def test_a_caller_that_captures_the_output_is_served_in_process(runtime: Path, work: Path) -> None:
    """A resident's child writes to the calling process's descriptors, not to a
    replacement of ``sys.stdout``: such a call is run in-process."""
    program = (
        "import contextlib, io; from mipair.cli.main import main\n"
        "captured = io.TextIOWrapper(io.BytesIO(), encoding='utf-8')\n"
        "with contextlib.redirect_stdout(captured):\n"
        "    code = main(['--dutch', 'in.trfx', '-p'])\n"
        "captured.flush()\n"
        "print(code, captured.buffer.getvalue() == open('reference.txt', 'rb').read())\n"
    )
    reference = call(["--dutch", "in.trfx", "-p", "reference.txt"], environment(runtime), work)
    assert reference.returncode == 0 and not imported_engine(reference)
    done = traced(["-c", program], environment(runtime), work)
    assert done.stdout == "0 True\n", done.stderr
    assert in_trace(done.stderr)


def test_the_fuzz_campaign_runs_beside_a_resident(runtime: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "fuzz"), "--count", "25", "--seed", "11"],
        env=environment(runtime),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "25 cases (seed 11" in done.stdout


def through_resident_shell(runtime: Path, work: Path, line: str) -> subprocess.CompletedProcess:
    """``sh -c LINE``, ``$M`` the installed script with its imports traced on stderr
    (``exec $M ... 2>&-`` loses the trace: the result alone is compared there)."""
    command = f"{sys.executable} -X importtime {SCRIPT}"
    return subprocess.run(
        ["sh", "-c", line.replace("$M", command)],
        cwd=work,
        env=environment(runtime),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_closed_descriptors_through_the_resident(runtime: Path, work: Path) -> None:
    reference = call(["--dutch", "in.trfx", "-p", "reference.txt"], environment(runtime), work)
    assert reference.returncode == 0 and not imported_engine(reference)
    closed = through_resident_shell(runtime, work, "exec $M --dutch in.trfx -p out.txt >&-")
    assert not imported_engine(closed)
    assert (closed.returncode, user_stderr(closed)) == (0, "")
    assert (work / "out.txt").read_text() == (work / "reference.txt").read_text()
    to_stdout = through_resident_shell(runtime, work, "exec $M --dutch in.trfx -p >&-")
    assert not imported_engine(to_stdout)
    assert to_stdout.returncode == 5
    assert user_stderr(to_stdout) == (
        "<stdout>: cannot write to standard output: Bad file descriptor\n"
    )
    no_stderr = through_resident_shell(runtime, work, "exec $M --dutch bad.trfx -p o.txt 2>&-")
    assert (no_stderr.returncode, no_stderr.stdout) == (3, "")


def test_a_reader_that_has_gone_through_the_resident(runtime: Path, work: Path) -> None:
    for args, code in ((["--dutch", "in.trfx", "-p"], 0), (["--dutch", "bad.trfx", "-p"], 3)):
        read, write = os.pipe()
        os.close(read)
        try:
            done = subprocess.run(
                [sys.executable, "-X", "importtime", str(SCRIPT), *args],
                cwd=work,
                env=environment(runtime),
                stdout=write,
                stderr=subprocess.PIPE,
                text=True,
                timeout=300,
            )
        finally:
            os.close(write)
        assert not imported_engine(done)
        assert done.returncode == code


def test_a_killed_child_is_one_line_and_128_plus_its_signal(runtime: Path, work: Path) -> None:
    client, child = start_a_long_call(runtime, work, stderr=subprocess.PIPE)
    os.kill(child, signal.SIGKILL)
    _, stderr = client.communicate(timeout=60)
    assert client.returncode == 128 + signal.SIGKILL
    assert stderr == "mipair: the process pairing this call was killed (SIGKILL)\n"
    assert not (work / "big.trf").exists()
