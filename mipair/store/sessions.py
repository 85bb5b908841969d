"""Sign-in sessions shared by every replica, and the CSRF token of each.

A session is a random token (256 bits, ``secrets``) that the service sets as
an HttpOnly cookie. The database keeps only its SHA-256, so that a copy of the
database signs nobody in; a plain hash suffices for a token this random (no
password to guess). A session ends at its expiry, at sign-out, when its
account's password changes, or with its account.

The CSRF token of a session is an HMAC of a fixed label keyed by the session's
token: the service puts it in each form and checks it against the cookie's
token, with nothing more to store and nothing to share between replicas; a
page of another site can read neither.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from sqlalchemy import delete, select

from mipair.store.access import Director
from mipair.store.database import Store, delete_unlocked
from mipair.store.schema import Account, SignInSession

LIFETIME = dt.timedelta(hours=24)
"""How long a session lasts: a tournament day, from the morning's sign-in to the last round."""
TOKEN_BYTES = 32
"""Random bytes of a session token."""
CSRF_LABEL = b"mipair csrf 1"
"""What a session's CSRF token is the HMAC of."""


@dataclass(frozen=True)
class SignedIn:
    """A new session: the token for the cookie (shown only now), its CSRF token, its end."""

    token: str
    csrf: str
    director: Director
    expires_at: dt.datetime


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def csrf_token(token: str) -> str:
    """The CSRF token of the session whose token is ``token``."""
    mac = hmac.new(token.encode("utf-8"), CSRF_LABEL, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def csrf_valid(token: str, candidate: str) -> bool:
    """Whether a form's ``candidate`` is the CSRF token of the session ``token`` (compared
    in constant time)."""
    return hmac.compare_digest(csrf_token(token), candidate)


def open_session(store: Store, director: Director, lifetime: dt.timedelta = LIFETIME) -> SignedIn:
    """A new session for ``director`` (expired sessions are cleared on the way)."""
    now = store.clock()
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with store.writing() as session:
        delete_unlocked(session, SignInSession.token_hash, SignInSession.expires_at <= now)
        session.add(
            SignInSession(
                token_hash=token_hash(token),
                account_id=director.id,
                created_at=now,
                expires_at=now + lifetime,
            )
        )
    return SignedIn(token, csrf_token(token), director, now + lifetime)


def session_director(store: Store, token: str) -> Director | None:
    """The director signed in with ``token``, or None (unknown, ended or expired)."""
    with store.reading() as session:
        row = session.execute(
            select(Account.id, Account.name)
            .join(SignInSession, SignInSession.account_id == Account.id)
            .where(
                SignInSession.token_hash == token_hash(token),
                SignInSession.expires_at > store.clock(),
            )
        ).one_or_none()
    return None if row is None else Director(row.id, row.name)


def close_session(store: Store, token: str) -> None:
    """Sign out: the token signs nobody in any more."""
    with store.writing() as session:
        session.execute(delete(SignInSession).where(SignInSession.token_hash == token_hash(token)))
