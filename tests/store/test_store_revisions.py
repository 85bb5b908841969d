"""Tournaments kept as revisions: documents byte for byte, the audit trail, undo and restore,
stale saves refused, files stored once, deletion, a damaged file detected; on SQLite and
PostgreSQL."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from mipair.errors import FileAccessError
from mipair.store.access import Director, Role
from mipair.store.accounts import add_account, remove_account
from mipair.store.database import Store
from mipair.store.documents import MAX_DOCUMENT_BYTES, Document
from mipair.store.errors import (
    DocumentTooLarge,
    InvalidValue,
    NothingToUndo,
    NotVisible,
    StaleRevision,
)
from mipair.store.revisions import document, history, restore, save, undo
from mipair.store.schema import Blob, Game, Revision
from mipair.store.tournaments import (
    create_tournament,
    delete_tournament,
    rename,
    share,
    tournament,
    tournaments_of,
)
from tests.support.store_databases import Clock

TRF = b"012 Open de test\r\n001    1 m    Alpha Anna                        1900 FRA\r\n"
PLAYERS = "DUPONT Jérôme  FRA 1500\n".encode("latin-1") * 2000  # a PAPP player list, Latin-1


@pytest.fixture
def anna(store: Store) -> Director:
    return add_account(store, "anna", "anna-password")


def text_document(*lines: str) -> Document:
    return Document.single("tournament.trf", TRF + "".join(f"{x}\r\n" for x in lines).encode())


def test_a_tournament_keeps_each_revision_byte_for_byte(
    store: Store, anna: Director, clock: Clock
) -> None:
    papp = Document.of(
        {
            "open.papp": b'papp-event 1\nname "Open"\n',
            "papp.cfg": b"XML false;\n",
            "joueurs.txt": PLAYERS,
        }
    )
    info, first = create_tournament(
        store, anna, Game.OTHELLO, "  Open   de Paris ", papp, "created"
    )
    assert (info.name, info.game, info.role, info.revision, info.owner) == (
        "Open de Paris",
        Game.OTHELLO,
        Role.OWNER,
        1,
        "anna",
    )
    assert first.number == 1
    changed = Document.of({**papp.as_dict(), "open.papp": b'papp-event 1\nname "Open"\nround 1\n'})
    clock.advance(minutes=5)
    second = save(store, anna, info.id, 1, changed, "round 1 paired")
    assert (second.number, second.author, second.what, second.at) == (
        2,
        "anna",
        "round 1 paired",
        clock.now,
    )
    assert document(store, anna, info.id) == (second, changed)
    assert document(store, anna, info.id, 1)[1] == papp
    assert document(store, anna, info.id, 1)[1].file("joueurs.txt") == PLAYERS
    assert tournament(store, anna, info.id).updated_at == clock.now
    with store.reading() as session:  # the player list is stored once for both revisions
        assert session.scalar(select(func.count()).select_from(Blob)) == 4


def test_history_is_the_audit_trail_newest_first(
    store: Store, anna: Director, clock: Clock
) -> None:
    info, _ = create_tournament(
        store, anna, Game.CHESS, "Open", text_document(), "imported open.trf"
    )
    bob = add_account(store, "bob", "bob-password")
    share(store, anna, info.id, "bob")
    for number in range(1, 6):
        clock.advance(seconds=30)
        who = anna if number % 2 else bob
        save(
            store, who, info.id, number, text_document(*map(str, range(number))), f"result {number}"
        )
    trail = history(store, anna, info.id)
    assert [(r.number, r.author, r.what) for r in trail] == [
        (6, "anna", "result 5"),
        (5, "bob", "result 4"),
        (4, "anna", "result 3"),
        (3, "bob", "result 2"),
        (2, "anna", "result 1"),
        (1, "anna", "imported open.trf"),
    ]
    assert [r.at for r in trail] == sorted((r.at for r in trail), reverse=True)
    assert [r.number for r in history(store, anna, info.id, before=4, limit=2)] == [3, 2]


def test_undo_walks_back_over_changes_and_never_redoes(store: Store, anna: Director) -> None:
    """1 created, 2 A, 3 B, 4 undo B, 5 C, 6 undo C, 7 undo A, 8: nothing left to undo."""
    docs = {n: text_document(*"xABC"[1 : n + 1]) for n in range(4)}
    info, _ = create_tournament(store, anna, Game.CHESS, "Open", docs[0], "created")
    tid = info.id
    save(store, anna, tid, 1, docs[1], "A")
    save(store, anna, tid, 2, docs[2], "B")
    assert undo(store, anna, tid, 3).what == "undo: B"
    assert document(store, anna, tid)[1] == docs[1]
    save(store, anna, tid, 4, text_document("A", "C"), "C")
    assert (undo(store, anna, tid, 5).what, document(store, anna, tid)[1]) == ("undo: C", docs[1])
    assert (undo(store, anna, tid, 6).what, document(store, anna, tid)[1]) == ("undo: A", docs[0])
    with pytest.raises(NothingToUndo):
        undo(store, anna, tid, 7)
    restored = restore(store, anna, tid, 7, 3)
    assert (restored.number, restored.restores, restored.what) == (8, 3, "back to revision 3 (B)")
    assert document(store, anna, tid)[1] == docs[2]
    assert [r.restores for r in history(store, anna, tid)] == [3, 1, 2, None, 2, None, None, None]


def test_a_stale_save_is_refused_and_changes_nothing(store: Store, anna: Director) -> None:
    info, _ = create_tournament(
        store, anna, Game.GO, "Go", Document.single("t.xml", b"<T/>"), "new"
    )
    save(store, anna, info.id, 1, Document.single("t.xml", b"<T a='1'/>"), "first")
    with pytest.raises(StaleRevision) as stale:
        save(store, anna, info.id, 1, Document.single("t.xml", b"<T a='2'/>"), "second")
    assert (stale.value.based_on, stale.value.current) == (1, 2)
    assert "now at revision 2" in str(stale.value) and "not saved" in str(stale.value)
    with pytest.raises(StaleRevision):
        undo(store, anna, info.id, 1)
    with pytest.raises(InvalidValue, match="no revision 5"):
        save(store, anna, info.id, 5, Document.single("t.xml", b"<T/>"), "from the future")
    assert document(store, anna, info.id)[1].file("t.xml") == b"<T a='1'/>"
    assert len(history(store, anna, info.id)) == 2


def test_documents_take_plain_file_names_and_bounded_sizes(tmp_path: Path) -> None:
    for name in ("", ".", "..", "a/b", "a\\b", "nul\x00", "x" * 256):
        with pytest.raises(InvalidValue):
            Document.of({name: b""})
    with pytest.raises(InvalidValue):
        Document.of({})
    with pytest.raises(DocumentTooLarge):
        Document.of(
            {"a": b"\0" * (MAX_DOCUMENT_BYTES // 2 + 1), "b": b"\0" * (MAX_DOCUMENT_BYTES // 2)}
        )
    event = Document.of({"open.papp": b"papp-event 1\n", "papp.cfg": b"", "nouveaux": PLAYERS})
    assert [p.name for p in event.write_to(tmp_path)] == ["nouveaux", "open.papp", "papp.cfg"]
    assert Document.read_from(tmp_path, ["open.papp", "papp.cfg", "nouveaux", "joueurs"]) == event


def test_descriptions_and_names_are_one_line(store: Store, anna: Director) -> None:
    info, _ = create_tournament(store, anna, Game.CHESS, "Open", text_document(), "x" * 500)
    assert history(store, anna, info.id)[0].what == "x" * 199 + "…"
    with pytest.raises(InvalidValue):
        save(store, anna, info.id, 1, text_document("a"), " \n ")
    with pytest.raises(InvalidValue):
        create_tournament(store, anna, Game.CHESS, "   ", text_document(), "created")
    rename(store, anna, info.id, "Open\nof Paris")
    assert tournament(store, anna, info.id).name == "Open of Paris"
    assert len(history(store, anna, info.id)) == 1


def test_deleting_a_tournament_removes_its_history_and_files(store: Store, anna: Director) -> None:
    kept, _ = create_tournament(store, anna, Game.CHESS, "Kept", text_document("k"), "created")
    gone, _ = create_tournament(store, anna, Game.CHESS, "Gone", text_document("g"), "created")
    save(store, anna, gone.id, 1, text_document("g", "h"), "more")
    delete_tournament(store, anna, gone.id)
    with pytest.raises(NotVisible):
        document(store, anna, gone.id)
    assert [t.name for t in tournaments_of(store, anna)] == ["Kept"]
    with store.reading() as session:
        assert set(session.scalars(select(Blob.tournament_id))) == {kept.id}
        assert set(session.scalars(select(Revision.tournament_id))) == {kept.id}


def test_revisions_keep_the_author_name_of_a_removed_account(store: Store, anna: Director) -> None:
    bob = add_account(store, "bob", "bob-password")
    info, _ = create_tournament(store, bob, Game.CHESS, "Open", text_document(), "created by bob")
    assert remove_account(store, "bob", transfer_to="anna") == 1
    assert tournament(store, anna, info.id).owner == "anna"
    assert history(store, anna, info.id)[0].author == "bob"
    with store.reading() as session:
        assert session.scalar(select(Revision.author_id)) is None


def test_a_damaged_stored_file_is_an_error_not_a_wrong_tournament(
    store: Store, anna: Director
) -> None:
    info, _ = create_tournament(store, anna, Game.CHESS, "Open", text_document("a"), "created")
    with store.writing() as session:
        session.execute(update(Blob).values(content=zlib.compress(b"something else")))
    with pytest.raises(FileAccessError, match="damaged"):
        document(store, anna, info.id)


def test_a_papp_event_folder_is_one_document(store: Store, anna: Director, tmp_path: Path) -> None:
    """A PAPP event's state is its files: stored, then laid out in another folder, the same
    commands give the same files there as in the first folder."""
    from tests.support.papp_day import new_event, run

    desk, elsewhere = tmp_path / "desk", tmp_path / "elsewhere"
    desk.mkdir()
    elsewhere.mkdir()
    event = new_event(desk, 12, 5)
    assert run("papp", "register", event, "--new", "NOUVEAU, Jean", "--rating", "1600").code == 0
    names = ["open.papp", "papp.cfg", "joueurs.txt", "nouveaux.txt"]
    state = Document.read_from(desk, names)
    assert state.names == tuple(sorted(names))
    info, _ = create_tournament(store, anna, Game.OTHELLO, "Open", state, "new event")
    document(store, anna, info.id)[1].write_to(elsewhere)
    for folder in (desk, elsewhere):
        assert run("papp", "pair", folder / "open.papp").code == 0
    assert Document.read_from(elsewhere, names) == Document.read_from(desk, names)
    assert (elsewhere / "round__1.txt").read_bytes() == (desk / "round__1.txt").read_bytes()
