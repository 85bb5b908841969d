"""Output files of the command line (``-p``, ``-o``, ``-l``) by the kind of target:
a regular file is replaced atomically, a symbolic link is written through to its target, a
device, a FIFO or standard output is written in place and never replaced, and every failed
write is exit 5 (``mipair.formats.destination``)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.support.cli_process import ROOT, run_cli

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"
FULL = Path("/dev/full")


def expected_pairing(tmp_path: Path) -> bytes:
    out = tmp_path / "expected.txt"
    assert run_cli("--dutch", str(SMALL), "-p", str(out)).returncode == 0
    return out.read_bytes()


def test_a_symlink_is_written_through_to_its_target(tmp_path: Path):
    target = tmp_path / "target.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target.name)
    done = run_cli("--dutch", str(SMALL), "-p", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_bytes() == expected_pairing(tmp_path)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_fifo_is_written_in_place(tmp_path: Path):
    fifo = tmp_path / "pairs.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    done = run_cli("--dutch", str(SMALL), "-p", str(fifo))
    reader.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert received == [expected_pairing(tmp_path)]


def test_a_link_to_a_full_device_is_exit_5_and_both_stay(tmp_path: Path):
    link = tmp_path / "full"
    link.symlink_to(FULL)
    done = run_cli("--dutch", str(SMALL), "-p", str(link))
    assert done.returncode == 5, done.stderr
    assert done.stderr.strip() == f"{link}: cannot write the file: No space left on device"
    assert link.is_symlink() and stat.S_ISCHR(os.stat(FULL).st_mode)
    table = run_cli("standings", str(SMALL), "--to", "csv", "-o", str(link))
    assert table.returncode == 5 and len(table.stderr.splitlines()) == 1
    assert link.is_symlink()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root could replace /dev/full")
def test_dev_full_as_root_is_exit_5_and_stays_a_device(tmp_path: Path):
    stand_in = tmp_path / "full"
    stand_in.symlink_to(FULL)
    safe = run_cli("--dutch", str(SMALL), "-p", str(stand_in))
    assert safe.returncode == 5 and stand_in.is_symlink()  # else /dev/full itself is at risk
    for args in (
        ["--dutch", str(SMALL), "-p", str(FULL)],
        ["convert", str(SMALL), "-o", str(FULL)],
    ):
        done = run_cli(*args)
        assert done.returncode == 5, done.stderr
        assert stat.S_ISCHR(os.lstat(FULL).st_mode)


def test_a_failed_write_to_stdout_is_exit_5(tmp_path: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for args in (["--dutch", str(SMALL), "-p"], ["solve", str(SMALL)], ["info", str(SMALL)]):
        with open(FULL, "wb") as full:
            done = subprocess.run(
                [sys.executable, "-m", "mipair.cli.main", *args],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
                timeout=300,
            )
        assert done.returncode == 5, (args, done.stderr)
        assert done.stderr.strip().startswith("<stdout>: cannot write to standard output")


def test_a_path_through_proc_is_standard_output_not_a_file_to_replace(tmp_path: Path):
    stdout = tmp_path / "stdout"  # as /dev/stdout is, without touching /dev
    stdout.symlink_to("/proc/self/fd/1")
    done = run_cli("--dutch", str(SMALL), "-p", str(stdout))
    assert done.returncode == 0, done.stderr
    assert done.stdout.encode() == expected_pairing(tmp_path) and stdout.is_symlink()
    appended = tmp_path / "log.txt"
    appended.write_text("before\n")
    with open(appended, "ab") as out:
        subprocess.run(
            [sys.executable, "-m", "mipair.cli.main", "--dutch", str(SMALL), "-p", str(stdout)],
            stdout=out,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
            check=True,
            timeout=300,
        )
    assert appended.read_bytes() == b"before\n" + expected_pairing(tmp_path)


def test_pairing_and_check_list_are_written_all_or_none(tmp_path: Path):
    out = tmp_path / "o.txt"
    out.write_text("the previous round\n")
    done = run_cli("--dutch", str(SMALL), "-p", str(out), "-l", "/proc/version")
    assert done.returncode == 5
    assert done.stderr.startswith("/proc/version: cannot write the file")
    assert out.read_text() == "the previous round\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.txt"]  # no temporary file left
    listed = tmp_path / "list.txt"
    assert run_cli("--dutch", str(SMALL), "-p", str(out), "-l", str(listed)).returncode == 0
    assert out.read_bytes() == expected_pairing(tmp_path) and "Round #4" in listed.read_text()


def test_a_missing_name_under_proc_is_not_created():
    done = run_cli("--dutch", str(SMALL), "-p", "/proc/self/no-such-file")
    assert done.returncode == 5 and len(done.stderr.splitlines()) == 1


def test_papp_pair_no_save_writes_nothing(tmp_path: Path):
    for name in ("sample.papp", "joueurs.txt"):
        (tmp_path / name).write_bytes((ROOT / "scenarios" / "papp" / name).read_bytes())
    before = sorted(p.name for p in tmp_path.iterdir())
    done = run_cli("papp", "pair", str(tmp_path / "sample.papp"), "--no-save")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no papp.cfg written
