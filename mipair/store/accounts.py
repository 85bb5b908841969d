"""Directors' accounts: created by a command, passwords kept as argon2 hashes.

Accounts are made by whoever runs the server (``mipair account add NAME``),
never by a visitor. A name is folded to lower case (``Anna`` and ``anna`` are
one account) and spelled with letters, digits and ``. _ @ -``. A password has
:data:`MIN_PASSWORD` to :data:`MAX_PASSWORD` characters; only its argon2id hash
is stored (argon2-cffi, with the store's parameters). A successful check
re-hashes a password whose hash was made with older parameters, so raising
them upgrades every account at its next sign-in. Checking a name that has no
account still runs one argon2 verification, so that the time taken does not
tell which names exist.

Removing an account removes its sessions and shares; its tournaments must go
to another director first (``transfer_to``), and the revisions it made keep its name.
"""

from __future__ import annotations

import datetime as dt
import re
import secrets
from dataclasses import dataclass
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from mipair.store.access import Director
from mipair.store.database import Store
from mipair.store.errors import AccountExists, InvalidValue, NoSuchAccount
from mipair.store.schema import NAME_LENGTH, Account, Share, SignInSession, Tournament

NAME = re.compile(rf"[a-z0-9][a-z0-9._@-]{{0,{NAME_LENGTH - 1}}}")
"""An account's name, once folded to lower case."""
MIN_PASSWORD = 10
"""Shortest password accepted."""
MAX_PASSWORD = 1024
"""Longest password accepted (argon2 takes any length: this bounds the work a request asks)."""


@dataclass(frozen=True)
class AccountInfo:
    """An account as ``mipair account list`` shows it."""

    name: str
    created_at: dt.datetime
    owned: int
    shared: int


def folded(name: str) -> str:
    """An account's name as stored: trimmed, lower case."""
    return name.strip().lower()


def checked_name(name: str) -> str:
    """The folded name when it is a valid account name, else :class:`InvalidValue`."""
    key = folded(name)
    if not NAME.fullmatch(key):
        raise InvalidValue(
            f"an account name has 1 to {NAME_LENGTH} letters, digits or . _ @ - "
            "and starts with a letter or digit",
            field="name",
        )
    return key


def checked_password(password: str) -> str:
    """``password`` when its length is accepted, else :class:`InvalidValue`."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise InvalidValue(
            f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters", field="password"
        )
    return password


def account_named(session: Session, name: str) -> Account:
    """The account called ``name`` (any case), else :class:`NoSuchAccount`."""
    found = session.scalar(select(Account).where(Account.name == folded(name)))
    if found is None:
        raise NoSuchAccount(f"no account {folded(name)!r}", field="name")
    return found


def add_account(store: Store, name: str, password: str) -> Director:
    """A new account (:class:`AccountExists` when the name is taken)."""
    key = checked_name(name)
    hashed = store.hasher.hash(checked_password(password))
    with store.writing() as session:
        if session.scalar(select(Account.id).where(Account.name == key)) is not None:
            raise AccountExists(f"an account {key!r} exists already", field="name")
        account = Account(name=key, password_hash=hashed, created_at=store.clock())
        session.add(account)
        try:
            session.flush()
        except IntegrityError:  # the same name added at the same moment
            raise AccountExists(f"an account {key!r} exists already", field="name") from None
        return Director(account.id, account.name)


def set_password(store: Store, name: str, password: str) -> None:
    """Give the account a new password, and sign it out everywhere."""
    hashed = store.hasher.hash(checked_password(password))
    with store.writing() as session:
        account = account_named(session, name)
        account.password_hash = hashed
        session.execute(delete(SignInSession).where(SignInSession.account_id == account.id))


def remove_account(store: Store, name: str, transfer_to: str | None = None) -> int:
    """Remove the account; its tournaments go to ``transfer_to`` (refused without one while
    it owns any). The number of tournaments transferred."""
    with store.writing() as session:
        account = account_named(session, name)
        owned = session.scalar(
            select(func.count()).select_from(Tournament).where(Tournament.owner_id == account.id)
        )
        if owned and transfer_to is None:
            raise InvalidValue(
                f"{account.name} owns {owned} tournament(s): give them to another director "
                "first (--transfer-to NAME)",
                field="name",
            )
        if owned:
            heir = account_named(session, transfer_to or "")
            if heir.id == account.id:
                raise InvalidValue("an account cannot transfer to itself", field="transfer-to")
            moved = select(Tournament.id).where(Tournament.owner_id == account.id)
            session.execute(
                delete(Share).where(Share.account_id == heir.id, Share.tournament_id.in_(moved))
            )
            session.execute(
                update(Tournament).where(Tournament.owner_id == account.id).values(owner_id=heir.id)
            )
        session.delete(account)
        return owned or 0


def list_accounts(store: Store) -> list[AccountInfo]:
    """Every account, by name, with the tournaments it owns and those shared with it."""
    with store.reading() as session:
        owned: dict[int, int] = {
            account_id: count
            for account_id, count in session.execute(
                select(Tournament.owner_id, func.count()).group_by(Tournament.owner_id)
            )
        }
        shared: dict[int, int] = {
            account_id: count
            for account_id, count in session.execute(
                select(Share.account_id, func.count()).group_by(Share.account_id)
            )
        }
        return [
            AccountInfo(a.name, a.created_at, owned.get(a.id, 0), shared.get(a.id, 0))
            for a in session.scalars(select(Account).order_by(Account.name))
        ]


@lru_cache(maxsize=4)
def _decoy(hasher: PasswordHasher) -> str:
    """A hash no password matches, verified for names without an account."""
    return hasher.hash(secrets.token_urlsafe(32))


def _matches(hasher: PasswordHasher, hashed: str, password: str) -> bool:
    try:
        return hasher.verify(hashed, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def check_password(store: Store, name: str, password: str) -> Director | None:
    """The account when ``password`` is its password, else None (see the module docstring:
    the same work either way; a hash with older parameters is renewed)."""
    with store.reading() as session:
        account = session.scalar(select(Account).where(Account.name == folded(name)))
        found = None if account is None else (account.id, account.name, account.password_hash)
    if found is None or len(password) > MAX_PASSWORD:
        _matches(store.hasher, _decoy(store.hasher), password[:MAX_PASSWORD])
        return None
    account_id, key, hashed = found
    if not _matches(store.hasher, hashed, password):
        return None
    if store.hasher.check_needs_rehash(hashed):
        renewed = store.hasher.hash(password)
        with store.writing() as session:
            session.execute(
                update(Account)
                .where(Account.id == account_id, Account.password_hash == hashed)
                .values(password_hash=renewed)
            )
    return Director(account_id, key)
