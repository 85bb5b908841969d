"""``mipair account ...`` and ``mipair store upgrade`` as an administrator runs them: the
command in a process of its own, the password typed on a terminal or given on stdin, the
database in MIPAIR_DATA or named by --database (SQLite and PostgreSQL)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from mipair.store.accounts import check_password
from mipair.store.database import SQLITE_FILE
from mipair.store.migrate import head, open_store
from mipair.store.schema import Account
from tests.support.cli_process import ROOT, run_cli


def mipair(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The ``mipair`` command with ``stdin``, the database where ``env`` says and never in
    the user's data folder."""
    where = {"MIPAIR_DATABASE_URL": "", "MIPAIR_DATA": "", "XDG_DATA_HOME": os.devnull}
    return run_cli(*args, stdin=stdin, env={**where, **(env or {})})


def test_accounts_from_the_shell_in_the_data_folder(tmp_path: Path) -> None:
    env = {"MIPAIR_DATA": str(tmp_path / "data")}
    upgraded = mipair("store", "upgrade", env=env)
    assert upgraded.returncode == 0, upgraded.stderr
    assert upgraded.stdout.strip().endswith(f"schema at revision {head()}, the newest")
    added = mipair("account", "add", "Anna", "--password-stdin", stdin="anna's password\n", env=env)
    assert (added.returncode, added.stderr) == (0, "")
    assert added.stdout.startswith("account anna added (sqlite+pysqlite:///")
    assert (tmp_path / "data" / SQLITE_FILE).is_file()
    again = mipair(
        "account", "add", "anna", "--password-stdin", stdin="another password\n", env=env
    )
    assert (again.returncode, again.stderr.strip()) == (3, "name: an account 'anna' exists already")
    short = mipair("account", "add", "bob", "--password-stdin", stdin="short\n", env=env)
    assert (short.returncode, short.stderr.strip()) == (
        3,
        "password: a password has 10 to 1024 characters",
    )
    empty = mipair("account", "add", "bob", "--password-stdin", env=env)
    assert empty.returncode == 3 and "no password on standard input" in empty.stderr
    named = mipair("account", "add", "bad name", env=env)
    assert named.returncode == 3 and "an account name has" in named.stderr
    mipair("account", "add", "bob", "--password-stdin", stdin="bob's password\n", env=env)
    listed = mipair("account", "list", env=env)
    assert listed.returncode == 0
    lines = listed.stdout.splitlines()
    assert lines[0].split() == ["name", "created", "(UTC)", "owned", "shared"]
    assert [line.split()[0] for line in lines[1:]] == ["anna", "bob"]
    changed = mipair(
        "account", "password", "bob", "--password-stdin", stdin="bob's new one\n", env=env
    )
    assert changed.returncode == 0, changed.stderr
    store = open_store(f"sqlite+pysqlite:///{tmp_path / 'data' / SQLITE_FILE}", migrate=False)
    assert check_password(store, "bob", "bob's new one") is not None
    assert check_password(store, "anna", "anna's password") is not None
    store.close()
    removed = mipair("account", "remove", "bob", env=env)
    assert (removed.returncode, removed.stdout.strip()) == (0, "account bob removed")
    missing = mipair("account", "remove", "bob", env=env)
    assert (missing.returncode, missing.stderr.strip()) == (3, "name: no account 'bob'")


def test_the_password_is_asked_twice_on_the_terminal(tmp_path: Path) -> None:
    environment = dict(os.environ, PYTHONPATH=str(ROOT), MIPAIR_DATA=str(tmp_path))
    environment.pop("MIPAIR_DATABASE_URL", None)
    environment.pop("MIPAIR_DEBUG", None)
    pid, terminal = pty.fork()
    if pid == 0:
        os.execve(
            sys.executable,
            [sys.executable, "-m", "mipair.cli.main", "account", "add", "carol"],
            environment,
        )
    screen = transcript = b""

    def until(text: bytes) -> None:
        nonlocal screen, transcript
        deadline = time.monotonic() + 60
        while text not in screen and time.monotonic() < deadline:
            chunk = os.read(terminal, 1024)
            screen += chunk
            transcript += chunk

    for prompt, typed in (
        (b"Password: ", b"carol's password"),
        (b"Repeat for confirmation: ", b"a different one"),
        (b"do not match.\r\nPassword: ", b"carol's password"),
        (b"Repeat for confirmation: ", b"carol's password"),
    ):
        until(prompt)
        screen = screen.partition(prompt)[2]
        os.write(terminal, typed + b"\n")
    until(b"account carol added")
    assert b"carol's password" not in transcript and b"a different one" not in transcript
    _, status = os.waitpid(pid, 0)
    os.close(terminal)
    assert os.waitstatus_to_exitcode(status) == 0
    store = open_store(f"sqlite+pysqlite:///{tmp_path / SQLITE_FILE}", migrate=False)
    assert check_password(store, "carol", "carol's password") is not None
    store.close()


def test_accounts_on_a_postgresql_server(store_url: str, tmp_path: Path) -> None:
    if not store_url.startswith("postgresql"):
        pytest.skip("the SQLite file is the test above")
    added = mipair(
        "account",
        "add",
        "dora",
        "--password-stdin",
        "--database",
        store_url,
        stdin="dora's password\n",
        env={"MIPAIR_DATA": str(tmp_path)},
    )
    assert added.returncode == 0, added.stderr
    via_environment = mipair(
        "account", "list", env={"MIPAIR_DATABASE_URL": store_url, "MIPAIR_DATA": str(tmp_path)}
    )
    assert via_environment.returncode == 0 and "dora" in via_environment.stdout
    store = open_store(store_url, migrate=False)
    with store.reading() as session:
        assert list(session.scalars(select(Account.name))) == ["dora"]
    store.close()
    assert not (tmp_path / SQLITE_FILE).exists()


def test_an_unreachable_database_is_exit_5_with_one_line() -> None:
    proc = mipair(
        "store", "upgrade", "--database", "postgresql+psycopg://desk:secret@127.0.0.1:1/x"
    )
    assert proc.returncode == 5
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "desk:***@127.0.0.1:1/x" in proc.stderr and "secret" not in proc.stderr
