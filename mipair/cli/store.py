"""``mipair account ...`` and ``mipair store upgrade``: the desk's database from the shell.

* ``account add NAME [--password-stdin]`` makes a director's account (the
  password asked twice on the terminal, or one line read from standard input);
* ``account password NAME [--password-stdin]`` gives it a new password (and
  signs it out everywhere);
* ``account list`` shows every account with the tournaments it owns and shares;
* ``account remove NAME [--transfer-to OTHER]`` removes one;
* ``store upgrade`` migrates the database to this mipair's schema (the
  service does it too when it starts).

The database is ``--database URL``, else the SQLite file in ``--data DIR``,
else ``MIPAIR_DATABASE_URL``, else the SQLite file in ``MIPAIR_DATA`` (or the
user's data folder): :mod:`mipair.store.database`. The store needs its extra
(``pip install 'mipair[store]'``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from mipair.errors import InputError

if TYPE_CHECKING:
    from mipair.store.database import Store

Command = TypeVar("Command", bound=Callable[..., Any])


def database_options(command: Command) -> Command:
    """``--database URL`` and ``--data DIR``."""
    command = click.option(
        "--data",
        metavar="DIR",
        default=None,
        help="Data folder of the SQLite database (default: $MIPAIR_DATA, else the user's).",
    )(command)
    return click.option(
        "--database",
        metavar="URL",
        default=None,
        help="Database URL, e.g. postgresql+psycopg://USER@HOST/NAME (default: "
        "$MIPAIR_DATABASE_URL, else SQLite in the data folder).",
    )(command)


def require_extra() -> None:
    """Say plainly when the store's libraries are not installed (exit 3)."""
    try:
        import alembic  # noqa: F401
        import argon2  # noqa: F401
        import sqlalchemy  # noqa: F401
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"the store needs its extra: pip install 'mipair[store]' ({exc.name} is missing)"
        ) from None


def opened(database: str | None, data: str | None) -> Store:
    """The store, migrated to this mipair's schema."""
    from mipair.store.database import database_url
    from mipair.store.migrate import open_store

    return open_store(database_url(database, data))


def read_password(from_stdin: bool) -> str:
    """The new password: one line of standard input, or typed twice on the terminal."""
    if from_stdin:
        line = sys.stdin.readline()
        password = line.removesuffix("\n").removesuffix("\r")
        if not password:
            raise InputError("--password-stdin: no password on standard input", field="password")
        return password
    return str(click.prompt("Password", hide_input=True, confirmation_prompt=True))


password_stdin = click.option(
    "--password-stdin", is_flag=True, help="Read the password from the first line of stdin."
)


@click.group(name="account")
def account() -> None:
    """Directors' accounts for the desk of mipair serve."""
    require_extra()


@account.command("add")
@click.argument("name")
@password_stdin
@database_options
def add_cmd(name: str, password_stdin: bool, database: str | None, data: str | None) -> None:
    """Add a director's account NAME (letters, digits, . _ @ -; 10 characters of password or more)."""
    from mipair.store.accounts import add_account, checked_name

    checked_name(name)  # a bad name said before the password is asked
    store = opened(database, data)
    try:
        director = add_account(store, name, read_password(password_stdin))
    finally:
        store.close()
    click.echo(f"account {director.name} added ({store.url})")


@account.command("password")
@click.argument("name")
@password_stdin
@database_options
def password_cmd(name: str, password_stdin: bool, database: str | None, data: str | None) -> None:
    """Give account NAME a new password (its sessions end)."""
    from mipair.store.accounts import set_password

    store = opened(database, data)
    try:
        set_password(store, name, read_password(password_stdin))
    finally:
        store.close()
    click.echo(f"account {name.strip().lower()}: password changed, signed out everywhere")


@account.command("list")
@database_options
def list_cmd(database: str | None, data: str | None) -> None:
    """List the accounts: name, created (UTC), tournaments owned, shared with it."""
    from mipair.store.accounts import list_accounts

    store = opened(database, data)
    try:
        accounts = list_accounts(store)
    finally:
        store.close()
    width = max([len("name")] + [len(a.name) for a in accounts])
    click.echo(f"{'name':<{width}}  {'created (UTC)':<16}  owned  shared")
    for a in accounts:
        created = a.created_at.strftime("%Y-%m-%d %H:%M")
        click.echo(f"{a.name:<{width}}  {created:<16}  {a.owned:>5}  {a.shared:>6}")


@account.command("remove")
@click.argument("name")
@click.option(
    "--transfer-to", metavar="OTHER", default=None, help="Give NAME's tournaments to OTHER."
)
@database_options
def remove_cmd(name: str, transfer_to: str | None, database: str | None, data: str | None) -> None:
    """Remove account NAME (its sessions and shares; its revisions keep its name)."""
    from mipair.store.accounts import remove_account

    store = opened(database, data)
    try:
        moved = remove_account(store, name, transfer_to)
    finally:
        store.close()
    given = f", {moved} tournament(s) given to {transfer_to.strip().lower()}" if transfer_to else ""
    click.echo(f"account {name.strip().lower()} removed{given}")


@click.group(name="store")
def store() -> None:
    """The database of the desk of mipair serve."""
    require_extra()


@store.command("upgrade")
@database_options
def upgrade_cmd(database: str | None, data: str | None) -> None:
    """Migrate the database to this mipair's schema (made when missing)."""
    from mipair.store.migrate import head

    opened_store = opened(database, data)
    opened_store.close()
    click.echo(f"{opened_store.url}: schema at revision {head()}, the newest")
