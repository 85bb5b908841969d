"""Accounts, sign-in and sessions: argon2id hashes renewed when their parameters rise, failed
sign-ins limited per account and per address across replicas (also when they come all at
once), session tokens kept hashed, expiring, with a CSRF token each. SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select

from mipair.store.access import Director
from mipair.store.accounts import (
    add_account,
    check_password,
    list_accounts,
    remove_account,
    set_password,
)
from mipair.store.database import Store
from mipair.store.documents import Document
from mipair.store.errors import (
    AccountExists,
    InvalidValue,
    NoSuchAccount,
    SignInRefused,
    TooManyAttempts,
)
from mipair.store.migrate import open_store
from mipair.store.schema import Account, Game, SignInSession
from mipair.store.sessions import (
    close_session,
    csrf_token,
    csrf_valid,
    open_session,
    session_director,
)
from mipair.store.signin import Limits, client_key, sign_in
from mipair.store.tournaments import create_tournament
from tests.support.store_databases import LIGHT_HASHER, Clock

LIMITS = Limits(per_account=5, per_address=8)


def stored_hash(store: Store, name: str) -> str:
    with store.reading() as session:
        return session.scalars(select(Account.password_hash).where(Account.name == name)).one()


def test_passwords_are_argon2id_hashes_renewed_when_parameters_rise(store_url: str) -> None:
    light = open_store(store_url, hasher=LIGHT_HASHER)
    anna = add_account(light, "Anna", "correct horse battery")
    assert anna.name == "anna"
    hashed = stored_hash(light, "anna")
    assert hashed.startswith("$argon2id$v=19$m=1024,t=1,p=1$")
    assert "correct horse" not in hashed
    light.close()
    standard = open_store(store_url)  # argon2-cffi's parameters: RFC 9106's low-memory profile
    assert check_password(standard, "anna", "wrong horse battery") is None
    assert stored_hash(standard, "anna") == hashed  # a failure renews nothing
    assert check_password(standard, "ANNA", "correct horse battery") == anna
    renewed = stored_hash(standard, "anna")
    assert renewed.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert check_password(standard, "anna", "correct horse battery") == anna
    assert stored_hash(standard, "anna") == renewed
    assert check_password(standard, "nobody", "correct horse battery") is None
    standard.close()


def test_account_names_and_passwords(store: Store) -> None:
    add_account(store, "anna", "0123456789")
    with pytest.raises(AccountExists):
        add_account(store, " ANNA ", "0123456789")
    for name in ("", "-anna", "anna smith", "a" * 65, "anna/b", "é"):
        with pytest.raises(InvalidValue):
            add_account(store, name, "0123456789")
    for password in ("012345678", "x" * 1025):
        with pytest.raises(InvalidValue):
            add_account(store, "bob", password)
    with pytest.raises(NoSuchAccount):
        set_password(store, "bob", "0123456789")
    assert [a.name for a in list_accounts(store)] == ["anna"]


def test_removing_an_account_hands_its_tournaments_over(store: Store) -> None:
    anna = add_account(store, "anna", "anna-password")
    add_account(store, "bob", "bob-password")
    create_tournament(store, anna, Game.CHESS, "Open", Document.single("t.trf", b"012"), "new")
    token = open_session(store, anna).token
    with pytest.raises(InvalidValue, match="owns 1 tournament"):
        remove_account(store, "anna")
    with pytest.raises(NoSuchAccount):
        remove_account(store, "anna", transfer_to="carol")
    assert remove_account(store, "anna", transfer_to="bob") == 1
    assert session_director(store, token) is None
    assert [(a.name, a.owned, a.shared) for a in list_accounts(store)] == [("bob", 1, 0)]


def test_sign_in_and_the_same_refusal_for_a_wrong_name_or_password(store: Store) -> None:
    anna = add_account(store, "anna", "anna-password")
    assert sign_in(store, " Anna", "anna-password", "192.0.2.1", LIMITS) == anna
    refusals = []
    for name, password in (("anna", "bob-password"), ("bob", "anna-password")):
        with pytest.raises(SignInRefused) as refused:
            sign_in(store, name, password, "192.0.2.1", LIMITS)
        refusals.append(str(refused.value))
    assert refusals == ["wrong account name or password"] * 2


def test_failures_are_limited_per_account_for_a_window(store: Store, clock: Clock) -> None:
    add_account(store, "anna", "anna-password")
    for n in range(LIMITS.per_account):
        clock.advance(minutes=1)
        with pytest.raises(SignInRefused):
            sign_in(store, "anna", "guess", f"192.0.2.{n}", LIMITS)
    with pytest.raises(TooManyAttempts) as limited:  # even with the right password
        sign_in(store, "anna", "anna-password", "198.51.100.7", LIMITS)
    assert limited.value.retry_after == 11 * 60  # the first failure leaves the window then
    clock.advance(minutes=10)
    with pytest.raises(TooManyAttempts):  # refused attempts are not counted themselves
        sign_in(store, "anna", "anna-password", "198.51.100.7", LIMITS)
    clock.advance(minutes=1)
    assert sign_in(store, "anna", "anna-password", "198.51.100.7", LIMITS).name == "anna"
    for _ in range(LIMITS.per_account):  # the success cleared the account's failures
        with pytest.raises(SignInRefused):
            sign_in(store, "anna", "guess", "192.0.2.1", LIMITS)


def test_failures_are_limited_per_address_and_shared_by_replicas(
    store: Store, store_url: str, clock: Clock
) -> None:
    add_account(store, "anna", "anna-password")
    replica = open_store(store_url, clock=clock, hasher=LIGHT_HASHER)
    for n in range(LIMITS.per_address):  # names tried one after the other from one /64
        with pytest.raises(SignInRefused):
            sign_in((store, replica)[n % 2], f"user{n}", "guess", f"2001:db8:1:2::{n}", LIMITS)
    for where in (store, replica):
        with pytest.raises(TooManyAttempts):
            sign_in(where, "anna", "anna-password", "2001:db8:1:2:ffff::1", LIMITS)
    assert sign_in(replica, "anna", "anna-password", "2001:db8:1:3::1", LIMITS).name == "anna"
    replica.close()


def test_client_addresses_are_counted_by_host_or_ipv6_network() -> None:
    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key(" ::ffff:192.0.2.7") == "192.0.2.7"
    assert (
        client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2::9") == "2001:db8:1:2::/64"
    )
    assert client_key("2001:db8:1:3::1") == "2001:db8:1:3::/64"
    assert client_key("testclient") == "testclient"


def test_attempts_at_once_cannot_slip_past_the_limit(store: Store) -> None:
    """Twenty wrong passwords at the same moment: five are checked, fifteen refused unchecked."""
    add_account(store, "anna", "anna-password")
    barrier = threading.Barrier(20)
    outcomes: list[str] = []

    def attempt(n: int) -> None:
        barrier.wait(timeout=60)
        try:
            sign_in(store, "anna", "guess", f"192.0.2.{n}", LIMITS)
        except (SignInRefused, TooManyAttempts) as exc:
            outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=attempt, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(outcomes) == ["SignInRefused"] * 5 + ["TooManyAttempts"] * 15


def test_sessions_are_hashed_at_rest_expire_and_end(store: Store, clock: Clock) -> None:
    anna = add_account(store, "anna", "anna-password")
    bob = add_account(store, "bob", "bob-password")
    signed = open_session(store, anna)
    other = open_session(store, bob)
    assert len(signed.token) >= 43 and signed.token != other.token
    assert session_director(store, signed.token) == anna
    assert session_director(store, other.token) == bob
    altered = signed.token[:-1] + ("B" if signed.token.endswith("A") else "A")
    assert session_director(store, altered) is None
    with store.reading() as session:
        kept = set(session.scalars(select(SignInSession.token_hash)))
    assert signed.token not in kept and len(kept) == 2
    clock.advance(hours=23, minutes=59)
    assert session_director(store, signed.token) == anna
    clock.advance(minutes=1)
    assert session_director(store, signed.token) is None  # the day is over
    fresh = open_session(store, anna)  # clears the expired ones on the way
    with store.reading() as session:
        assert len(set(session.scalars(select(SignInSession.token_hash)))) == 1
    close_session(store, fresh.token)
    assert session_director(store, fresh.token) is None
    again = open_session(store, anna)
    set_password(store, "anna", "a-new-password")
    assert session_director(store, again.token) is None


def test_each_session_has_its_own_csrf_token(store: Store) -> None:
    anna = add_account(store, "anna", "anna-password")
    one, two = open_session(store, anna), open_session(store, anna)
    assert one.csrf == csrf_token(one.token) != two.csrf
    assert csrf_valid(one.token, one.csrf)
    assert not csrf_valid(one.token, two.csrf)
    assert not csrf_valid(one.token, "")
    assert one.csrf not in one.token and len(one.csrf) == 43


def test_a_director_is_who_the_session_says(store: Store) -> None:
    anna = add_account(store, "anna", "anna-password")
    assert isinstance(anna, Director)
    assert session_director(store, open_session(store, anna).token) == Director(anna.id, "anna")
