"""Who may do what with a tournament.

* its **owner** reads and changes it, shares it with other directors, takes a
  share back, and deletes it;
* a director it is **shared** with reads and changes it (a co-director on the day);
* any other director sees nothing of it: not even that it exists
  (:class:`~mipair.store.errors.NotVisible`, as for a tournament that does not exist);
* anyone with its public link (the slug) reads its current document, and only
  that (:func:`mipair.store.tournaments.public_tournament`): never another
  tournament, its history, its owner or its sharing.

The rules are the small functions below; :func:`visible_tournament` applies
them to a tournament read in the caller's transaction.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from mipair.store.errors import NotAllowed, NotVisible
from mipair.store.schema import Share, Tournament


@dataclass(frozen=True)
class Director:
    """A signed-in director, as the service knows them from their session."""

    id: int
    name: str


class Role(enum.Enum):
    """A director's relation to a tournament."""

    OWNER = "owner"
    CO_DIRECTOR = "co-director"  # shared with them


def may_read(role: Role | None) -> bool:
    """The owner and the directors it is shared with read a tournament."""
    return role is not None


def may_change(role: Role | None) -> bool:
    """The owner and the directors it is shared with change a tournament."""
    return role is not None


def may_manage(role: Role | None) -> bool:
    """Only the owner shares a tournament, takes a share back, or deletes it."""
    return role is Role.OWNER


def role_of(session: Session, director: Director, tournament: Tournament) -> Role | None:
    """``director``'s role in ``tournament`` (None: no access)."""
    if tournament.owner_id == director.id:
        return Role.OWNER
    shared = session.scalar(
        select(Share.account_id).where(
            Share.tournament_id == tournament.id, Share.account_id == director.id
        )
    )
    return Role.CO_DIRECTOR if shared is not None else None


def visible_tournament(
    session: Session, director: Director, tournament_id: int
) -> tuple[Tournament, Role]:
    """The tournament and ``director``'s role in it, else :class:`NotVisible`."""
    tournament = session.get(Tournament, tournament_id)
    role = None if tournament is None else role_of(session, director, tournament)
    if tournament is None or not may_read(role):
        raise NotVisible(f"no tournament {tournament_id} among yours", field="tournament")
    assert role is not None
    return tournament, role


def require_change(role: Role, tournament_id: int) -> None:
    """Refuse a change by a director who may only read (none today: the rule's place)."""
    if not may_change(role):
        raise NotAllowed(f"tournament {tournament_id} may not be changed by you")


def require_manage(role: Role, tournament_id: int, what: str) -> None:
    """Refuse ``what`` (sharing, deleting) to anyone but the owner."""
    if not may_manage(role):
        raise NotAllowed(f"only the owner of tournament {tournament_id} may {what}")
