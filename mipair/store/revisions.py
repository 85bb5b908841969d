"""Every change a revision: saved only on the revision it was based on, undone by another.

A save names the revision the director's change was based on (the one their
page showed). It moves the tournament's ``revision`` from that number to the
next with one conditional ``UPDATE ... WHERE revision = based_on``: of two
saves based on the same revision, the database lets exactly one match (on
PostgreSQL the second waits for the first's row lock, then finds the number
moved; on SQLite writers take the write lock first, ``BEGIN IMMEDIATE``), and
the other is refused with :class:`~mipair.store.errors.StaleRevision` naming
the current revision, nothing written. The unique (tournament, number) of the
revisions table stands behind it: no two revisions can ever share a number.

Undo is a new revision too, bringing back an older document: the history only
grows, and says who undid what. ``restores`` records which state a revision
brought back, so that undoing again goes on backwards past what was undone
instead of redoing it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import and_, select, update
from sqlalchemy.orm import Session

from mipair.store.access import Director, require_change, visible_tournament
from mipair.store.database import Store
from mipair.store.documents import Document, digest, packed, unpacked
from mipair.store.errors import InvalidValue, NothingToUndo, NotVisible, StaleRevision
from mipair.store.schema import TITLE_LENGTH, Blob, Revision, RevisionFile, Tournament

HISTORY_PAGE = 100
"""Revisions listed at most by one :func:`history` call."""


@dataclass(frozen=True)
class RevisionInfo:
    """A revision as the history shows it."""

    number: int
    at: dt.datetime  # aware, UTC
    author: str
    what: str
    restores: int | None


def _info(revision: Revision) -> RevisionInfo:
    return RevisionInfo(
        revision.number, revision.created_at, revision.author_name, revision.what, revision.restores
    )


def short(what: str) -> str:
    """A description fit for the history: one line, at most the column's length."""
    line = " ".join(what.split())
    if not line:
        raise InvalidValue("a change needs a description", field="what")
    return line if len(line) <= TITLE_LENGTH else line[: TITLE_LENGTH - 1] + "…"


def _stored_files(session: Session, tournament_id: int, document: Document) -> None:
    """Store the document's files the tournament does not have yet."""
    keys = {digest(content): content for _, content in document.files}
    have = set(
        session.scalars(
            select(Blob.sha256).where(Blob.tournament_id == tournament_id, Blob.sha256.in_(keys))
        )
    )
    session.add_all(
        Blob(tournament_id=tournament_id, sha256=key, size=len(content), content=packed(content))
        for key, content in keys.items()
        if key not in have
    )


def refuse_unless_current(based_on: int, current: int) -> None:
    """:class:`StaleRevision` when ``based_on`` is older than ``current``, :class:`InvalidValue`
    when it is newer (no such revision yet)."""
    if based_on < current:
        raise StaleRevision(based_on, current)
    if based_on > current:
        raise InvalidValue(
            f"no revision {based_on} yet (the tournament is at {current})", field="revision"
        )


def append(
    session: Session,
    tournament_id: int,
    based_on: int,
    document: Document,
    director: Director,
    what: str,
    *,
    now: dt.datetime,
    restores: int | None = None,
) -> RevisionInfo:
    """Add revision ``based_on + 1`` holding ``document``, if ``based_on`` is still current
    (else :class:`StaleRevision`). The caller's transaction commits it."""
    moved = session.execute(
        update(Tournament)
        .where(Tournament.id == tournament_id, Tournament.revision == based_on)
        .values(revision=based_on + 1, updated_at=now)
        .execution_options(synchronize_session=False)
    )
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        current = session.scalar(select(Tournament.revision).where(Tournament.id == tournament_id))
        if current is None:
            raise NotVisible(f"tournament {tournament_id} was deleted", field="tournament")
        refuse_unless_current(based_on, current)
        raise StaleRevision(based_on, current)
    _stored_files(session, tournament_id, document)
    revision = Revision(
        tournament_id=tournament_id,
        number=based_on + 1,
        created_at=now,
        author_id=director.id,
        author_name=director.name,
        what=short(what),
        restores=restores,
    )
    session.add(revision)
    session.flush()
    session.add_all(
        RevisionFile(
            revision_id=revision.id, name=name, tournament_id=tournament_id, sha256=digest(c)
        )
        for name, c in document.files
    )
    session.flush()
    return _info(revision)


def _revision(session: Session, tournament_id: int, number: int) -> Revision:
    found = session.scalar(
        select(Revision).where(Revision.tournament_id == tournament_id, Revision.number == number)
    )
    if found is None:
        raise InvalidValue(f"tournament {tournament_id} has no revision {number}", field="revision")
    return found


def document_of(session: Session, revision: Revision) -> Document:
    """The document a revision holds."""
    rows = session.execute(
        select(RevisionFile.name, Blob.content, Blob.sha256)
        .join(
            Blob,
            and_(
                Blob.tournament_id == RevisionFile.tournament_id, Blob.sha256 == RevisionFile.sha256
            ),
        )
        .where(RevisionFile.revision_id == revision.id)
    )
    return Document.of({name: unpacked(content, key) for name, content, key in rows})


def save(
    store: Store,
    director: Director,
    tournament_id: int,
    based_on: int,
    document: Document,
    what: str,
) -> RevisionInfo:
    """Save ``document`` as the tournament's next revision, if ``based_on`` is still its
    current one (else :class:`StaleRevision`, nothing saved)."""
    with store.writing() as session:
        _, role = visible_tournament(session, director, tournament_id)
        require_change(role, tournament_id)
        return append(session, tournament_id, based_on, document, director, what, now=store.clock())


def restore(
    store: Store, director: Director, tournament_id: int, based_on: int, number: int
) -> RevisionInfo:
    """A new revision bringing back revision ``number``'s document."""
    with store.writing() as session:
        _, role = visible_tournament(session, director, tournament_id)
        require_change(role, tournament_id)
        old = _revision(session, tournament_id, number)
        what = f"back to revision {number} ({old.what})"
        return append(
            session,
            tournament_id,
            based_on,
            document_of(session, old),
            director,
            what,
            restores=old.restores or old.number,
            now=store.clock(),
        )


def undo(store: Store, director: Director, tournament_id: int, based_on: int) -> RevisionInfo:
    """Undo the latest change not undone yet: a new revision bringing back the state before
    it (:class:`NothingToUndo` at the first state)."""
    with store.writing() as session:
        found, role = visible_tournament(session, director, tournament_id)
        require_change(role, tournament_id)
        refuse_unless_current(based_on, found.revision)  # undo what the director saw, or nothing
        head = _revision(session, tournament_id, based_on)
        state = head.restores or head.number
        if state <= 1:
            raise NothingToUndo("nothing to undo: this is the tournament's first state")
        undone = _revision(session, tournament_id, state)
        before = _revision(session, tournament_id, state - 1)
        return append(
            session,
            tournament_id,
            based_on,
            document_of(session, before),
            director,
            f"undo: {undone.what}",
            restores=before.restores or before.number,
            now=store.clock(),
        )


def history(
    store: Store,
    director: Director,
    tournament_id: int,
    before: int | None = None,
    limit: int = HISTORY_PAGE,
) -> list[RevisionInfo]:
    """The audit trail, newest first: up to ``limit`` revisions numbered below ``before``."""
    with store.reading() as session:
        visible_tournament(session, director, tournament_id)
        query = select(Revision).where(Revision.tournament_id == tournament_id)
        if before is not None:
            query = query.where(Revision.number < before)
        rows = session.scalars(
            query.order_by(Revision.number.desc()).limit(max(1, min(limit, HISTORY_PAGE)))
        )
        return [_info(r) for r in rows]


def document(
    store: Store, director: Director, tournament_id: int, number: int | None = None
) -> tuple[RevisionInfo, Document]:
    """Revision ``number`` (default: the current one) and its document."""
    with store.reading() as session:
        tournament, _ = visible_tournament(session, director, tournament_id)
        revision = _revision(session, tournament_id, number or tournament.revision)
        return _info(revision), document_of(session, revision)
