"""Tournaments: created with their first revision, listed, shared, deleted, read in public.

A tournament's public link is its slug: 128 random bits (``secrets``), so that
nobody finds a tournament's pages without being given the link. The database
id names it for its directors, behind the access rules of :mod:`mipair.store.access`.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from mipair.store.access import Director, Role, require_manage, visible_tournament
from mipair.store.database import Store
from mipair.store.documents import Document
from mipair.store.errors import InvalidValue, NoSuchAccount, NotVisible
from mipair.store.revisions import RevisionInfo, append, document_of
from mipair.store.schema import TITLE_LENGTH, Account, Game, Revision, Share, Tournament

SLUG_BYTES = 16
"""Random bytes of a public link (22 URL-safe characters)."""


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as its directors see it in their list."""

    id: int
    slug: str
    game: Game
    name: str
    owner: str
    role: Role
    revision: int
    created_at: dt.datetime
    updated_at: dt.datetime


@dataclass(frozen=True)
class PublicTournament:
    """What a public link reads: the tournament's current state, nothing about who runs it."""

    slug: str
    game: Game
    name: str
    revision: int
    updated_at: dt.datetime
    document: Document


def new_slug() -> str:
    """A public link that cannot be guessed."""
    return secrets.token_urlsafe(SLUG_BYTES)


def checked_title(name: str) -> str:
    """A tournament's name: one line, not empty, at most the column's length."""
    line = " ".join(name.split())
    if not line or len(line) > TITLE_LENGTH:
        raise InvalidValue(f"a tournament's name has 1 to {TITLE_LENGTH} characters", field="name")
    return line


def _info(tournament: Tournament, owner: str, role: Role) -> TournamentInfo:
    return TournamentInfo(
        tournament.id,
        tournament.slug,
        tournament.game,
        tournament.name,
        owner,
        role,
        tournament.revision,
        tournament.created_at,
        tournament.updated_at,
    )


def _owner(session: Session, tournament: Tournament) -> str:
    return session.scalars(select(Account.name).where(Account.id == tournament.owner_id)).one()


def create_tournament(
    store: Store, director: Director, game: Game, name: str, document: Document, what: str
) -> tuple[TournamentInfo, RevisionInfo]:
    """A new tournament owned by ``director``, its document as revision 1."""
    now = store.clock()
    with store.writing() as session:
        tournament = Tournament(
            slug=new_slug(),
            owner_id=director.id,
            game=game,
            name=checked_title(name),
            revision=0,
            created_at=now,
            updated_at=now,
        )
        session.add(tournament)
        session.flush()
        first = append(session, tournament.id, 0, document, director, what, now=now)
        session.refresh(tournament)
        return _info(tournament, director.name, Role.OWNER), first


def tournament(store: Store, director: Director, tournament_id: int) -> TournamentInfo:
    """One of the director's tournaments (:class:`NotVisible` for any other)."""
    with store.reading() as session:
        found, role = visible_tournament(session, director, tournament_id)
        return _info(found, _owner(session, found), role)


def tournaments_of(store: Store, director: Director) -> list[TournamentInfo]:
    """The tournaments ``director`` owns or that are shared with them, latest change first."""
    with store.reading() as session:
        shared = select(Share.tournament_id).where(Share.account_id == director.id)
        rows = session.execute(
            select(Tournament, Account.name)
            .join(Account, Account.id == Tournament.owner_id)
            .where(or_(Tournament.owner_id == director.id, Tournament.id.in_(shared)))
            .order_by(Tournament.updated_at.desc(), Tournament.id.desc())
        )
        return [
            _info(t, owner, Role.OWNER if t.owner_id == director.id else Role.CO_DIRECTOR)
            for t, owner in rows
        ]


def rename(store: Store, director: Director, tournament_id: int, name: str) -> None:
    """Change the name the lists and pages show (the document keeps its own)."""
    with store.writing() as session:
        found, _ = visible_tournament(session, director, tournament_id)
        found.name = checked_title(name)


def _account(session: Session, name: str) -> Account:
    found = session.scalar(select(Account).where(Account.name == name.strip().lower()))
    if found is None:
        raise NoSuchAccount(f"no account {name!r}", field="account")
    return found


def share(store: Store, owner: Director, tournament_id: int, with_name: str) -> None:
    """Share the tournament with another director, who may then read and change it."""
    with store.writing() as session:
        _, role = visible_tournament(session, owner, tournament_id)
        require_manage(role, tournament_id, "share it")
        other = _account(session, with_name)
        if other.id == owner.id:
            raise InvalidValue("a tournament is not shared with its owner", field="account")
        if session.get(Share, (tournament_id, other.id)) is None:
            session.add(
                Share(tournament_id=tournament_id, account_id=other.id, created_at=store.clock())
            )


def unshare(store: Store, owner: Director, tournament_id: int, with_name: str) -> None:
    """Take a share back: that director no longer sees the tournament."""
    with store.writing() as session:
        _, role = visible_tournament(session, owner, tournament_id)
        require_manage(role, tournament_id, "take a share back")
        other = _account(session, with_name)
        session.execute(
            delete(Share).where(Share.tournament_id == tournament_id, Share.account_id == other.id)
        )


def shared_with(store: Store, director: Director, tournament_id: int) -> list[str]:
    """The names of the directors the tournament is shared with."""
    with store.reading() as session:
        visible_tournament(session, director, tournament_id)
        return list(
            session.scalars(
                select(Account.name)
                .join(Share, Share.account_id == Account.id)
                .where(Share.tournament_id == tournament_id)
                .order_by(Account.name)
            )
        )


def delete_tournament(store: Store, owner: Director, tournament_id: int) -> None:
    """Delete the tournament with its whole history (its owner only)."""
    with store.writing() as session:
        _, role = visible_tournament(session, owner, tournament_id)
        require_manage(role, tournament_id, "delete it")
        session.execute(delete(Tournament).where(Tournament.id == tournament_id))


def public_tournament(store: Store, slug: str) -> PublicTournament:
    """The tournament whose public link is ``slug``, as it is now (:class:`NotVisible` for
    any other slug)."""
    with store.reading() as session:
        found = session.scalar(select(Tournament).where(Tournament.slug == slug))
        if found is None:
            raise NotVisible("no tournament at this link", field="slug")
        revision = session.scalar(
            select(Revision).where(
                Revision.tournament_id == found.id, Revision.number == found.revision
            )
        )
        if revision is None:  # a foreign key and the save's transaction make it impossible
            raise NotVisible("no tournament at this link", field="slug")
        return PublicTournament(
            found.slug,
            found.game,
            found.name,
            found.revision,
            found.updated_at,
            document_of(session, revision),
        )
