"""Signing in: the password checked, failures limited per account and per client address.

The service calls :func:`sign_in` with what the form sent and the client's
address. Failed attempts are rows of the database, so every replica of the
service counts the same ones. Within :attr:`Limits.window`, an account name
may fail :attr:`Limits.per_account` times and an address
:attr:`Limits.per_address` times; past either, attempts are refused
(:class:`~mipair.store.errors.TooManyAttempts`, with the seconds until the
oldest counted failure leaves the window) without checking the password, and
a refused attempt is not itself counted (a flood does not push the end back).

An attempt is recorded *before* the password is checked, in a transaction that
holds the account's and the address's locks while it counts (PostgreSQL
advisory locks; SQLite's writers are one at a time anyway), so that attempts
made at the same moment cannot all slip under the limit. A success then
removes that account's recorded failures. IPv6 clients are counted by /64
network, the block one subscriber usually holds.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import math
from dataclasses import dataclass

from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from mipair.store.access import Director
from mipair.store.accounts import check_password, folded
from mipair.store.database import Store, delete_unlocked
from mipair.store.errors import SignInRefused, TooManyAttempts
from mipair.store.schema import NAME_LENGTH, SignInAttempt

IPV6_PREFIX = 64
"""IPv6 addresses are counted by network of this prefix."""


@dataclass(frozen=True)
class Limits:
    """Failed sign-ins allowed per account name and per client address within a window."""

    per_account: int = 10
    per_address: int = 50
    window: dt.timedelta = dt.timedelta(minutes=15)


def client_key(address: str) -> str:
    """How a client address is counted: an IPv4 address as it is, an IPv6 one by its /64
    network, anything else (a Unix socket's peer) by its first 64 characters."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return address.strip()[:64]
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.IPv6Network(f"{ip}/{IPV6_PREFIX}", strict=False))
    return str(ip.ipv4_mapped or ip) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


def _serialized(session: Session, *keys: str) -> None:
    """Hold PostgreSQL advisory locks on ``keys`` until the transaction ends (in one order,
    so two attempts never wait for each other in a circle)."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for key in sorted(set(keys)):
        number = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)
        session.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": number})


def _retry_after(oldest: dt.datetime | None, now: dt.datetime, window: dt.timedelta) -> int:
    if oldest is None:
        return 1
    return max(1, math.ceil((oldest + window - now).total_seconds()))


def _record_attempt(store: Store, account: str, client: str, limits: Limits) -> int:
    """Count the attempt (the module docstring); its row's id, or :class:`TooManyAttempts`."""
    now = store.clock()
    since = now - limits.window
    with store.writing() as session:
        _serialized(session, f"account:{account}", f"address:{client}")
        delete_unlocked(session, SignInAttempt.id, SignInAttempt.at <= since)
        for column, value, limit in (
            (SignInAttempt.account, account, limits.per_account),
            (SignInAttempt.address, client, limits.per_address),
        ):
            count, oldest = session.execute(
                select(func.count(), func.min(SignInAttempt.at)).where(column == value)
            ).one()
            if count >= limit:
                raise TooManyAttempts(_retry_after(oldest, now, limits.window))
        attempt = SignInAttempt(account=account, address=client, at=now)
        session.add(attempt)
        session.flush()
        return attempt.id


def sign_in(
    store: Store, name: str, password: str, address: str, limits: Limits | None = None
) -> Director:
    """The director whose name and password these are, else :class:`SignInRefused`;
    :class:`TooManyAttempts` past the limits (the password not checked)."""
    limits = limits or Limits()
    account = folded(name)[:NAME_LENGTH]
    attempt = _record_attempt(store, account, client_key(address), limits)
    director = check_password(store, name, password)
    if director is None:
        raise SignInRefused()
    with store.writing() as session:
        _serialized(session, f"account:{account}")
        session.execute(
            delete(SignInAttempt).where(
                (SignInAttempt.account == account) | (SignInAttempt.id == attempt)
            )
        )
    return director
