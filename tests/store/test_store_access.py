"""Who sees what: a director sees and changes only their tournaments and those shared with
them; only the owner shares and deletes; a public link reads one tournament's current
document and nothing else. On SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
import string

import pytest

from mipair.store.access import Director, Role
from mipair.store.accounts import add_account
from mipair.store.database import Store
from mipair.store.documents import Document
from mipair.store.errors import NoSuchAccount, NotAllowed, NotVisible
from mipair.store.revisions import document, history, restore, save, undo
from mipair.store.schema import Game
from mipair.store.tournaments import (
    PublicTournament,
    create_tournament,
    delete_tournament,
    public_tournament,
    rename,
    share,
    shared_with,
    tournament,
    tournaments_of,
    unshare,
)

FIRST = Document.single("t.trf", b"012 Anna's open\n")
SECOND = Document.single("t.trf", b"012 Anna's open\n001 a result\n")


@pytest.fixture
def directors(store: Store) -> tuple[Director, Director]:
    return add_account(store, "anna", "anna-password"), add_account(store, "bob", "bob-password")


def every_read_and_change(store: Store, who: Director, tournament_id: int) -> list[object]:
    """Each operation a director may try on a tournament, as calls to make."""
    return [
        lambda: tournament(store, who, tournament_id),
        lambda: document(store, who, tournament_id),
        lambda: document(store, who, tournament_id, 1),
        lambda: history(store, who, tournament_id),
        lambda: shared_with(store, who, tournament_id),
        lambda: save(store, who, tournament_id, 2, FIRST, "bob's change"),
        lambda: undo(store, who, tournament_id, 2),
        lambda: restore(store, who, tournament_id, 2, 1),
        lambda: rename(store, who, tournament_id, "Bob's now"),
        lambda: share(store, who, tournament_id, "bob"),
        lambda: unshare(store, who, tournament_id, "anna"),
        lambda: delete_tournament(store, who, tournament_id),
    ]


def test_another_director_sees_nothing_of_a_tournament(
    store: Store, directors: tuple[Director, Director]
) -> None:
    anna, bob = directors
    info, _ = create_tournament(store, anna, Game.CHESS, "Anna's open", FIRST, "created")
    save(store, anna, info.id, 1, SECOND, "a result")
    for attempt in every_read_and_change(store, bob, info.id):
        with pytest.raises(NotVisible) as refused:
            attempt()  # type: ignore[operator]
        assert str(refused.value) == f"tournament: no tournament {info.id} among yours"
    for attempt in every_read_and_change(store, bob, info.id + 1000):  # the same for none
        with pytest.raises(NotVisible) as refused:
            attempt()  # type: ignore[operator]
        assert str(refused.value) == f"tournament: no tournament {info.id + 1000} among yours"
    assert tournaments_of(store, bob) == []
    assert document(store, anna, info.id)[1] == SECOND  # untouched
    assert len(history(store, anna, info.id)) == 2


def test_a_shared_tournament_is_read_and_changed_but_managed_by_its_owner(
    store: Store, directors: tuple[Director, Director]
) -> None:
    anna, bob = directors
    info, _ = create_tournament(store, anna, Game.GO, "Anna's open", FIRST, "created")
    share(store, anna, info.id, "Bob")
    share(store, anna, info.id, "bob")  # twice is once
    assert shared_with(store, bob, info.id) == ["bob"]
    [listed] = tournaments_of(store, bob)
    assert (listed.id, listed.role, listed.owner) == (info.id, Role.CO_DIRECTOR, "anna")
    assert save(store, bob, info.id, 1, SECOND, "bob's result").author == "bob"
    assert undo(store, bob, info.id, 2).author == "bob"
    for manage in (
        lambda: share(store, bob, info.id, "anna"),
        lambda: unshare(store, bob, info.id, "bob"),
        lambda: delete_tournament(store, bob, info.id),
    ):
        with pytest.raises(NotAllowed, match="only the owner"):
            manage()
    with pytest.raises(NoSuchAccount):
        share(store, anna, info.id, "carol")
    unshare(store, anna, info.id, "bob")
    with pytest.raises(NotVisible):
        document(store, bob, info.id)
    assert tournaments_of(store, bob) == []
    assert [t.role for t in tournaments_of(store, anna)] == [Role.OWNER]


def test_a_public_link_reads_one_tournament_now_and_nothing_else(
    store: Store, directors: tuple[Director, Director]
) -> None:
    anna, bob = directors
    first, _ = create_tournament(store, anna, Game.CHESS, "Anna's open", FIRST, "created")
    other, _ = create_tournament(
        store, bob, Game.OTHELLO, "Bob's", Document.single("e.papp", b"x"), "new"
    )
    save(store, anna, first.id, 1, SECOND, "a result")
    seen = public_tournament(store, first.slug)
    assert (seen.name, seen.game, seen.revision, seen.document) == (
        "Anna's open",
        Game.CHESS,
        2,
        SECOND,
    )
    assert {f.name for f in dataclasses.fields(PublicTournament)} == {
        "slug",
        "game",
        "name",
        "revision",
        "updated_at",
        "document",
    }
    assert public_tournament(store, other.slug).document.names == ("e.papp",)
    for wrong in ("", first.slug[:-1], first.slug.upper(), f"{first.slug}x", str(first.id), "%"):
        with pytest.raises(NotVisible):
            public_tournament(store, wrong)


def test_public_links_cannot_be_guessed(store: Store, directors: tuple[Director, Director]) -> None:
    anna, _ = directors
    slugs = {
        create_tournament(store, anna, Game.CHESS, f"T{n}", FIRST, "created")[0].slug
        for n in range(20)
    }
    assert len(slugs) == 20
    allowed = set(string.ascii_letters + string.digits + "-_")
    assert all(len(slug) == 22 and set(slug) <= allowed for slug in slugs)
