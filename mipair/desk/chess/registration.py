"""Registering players, before round 1 and late, in the initial order of C.04.2.

C.04.2 (2026) Article 2: the players are ordered by rating, then FIDE title,
then name, and a late entry receives its place in that order. The desk keeps
the pairing numbers (TRF ids, which run 1..N) in that order: a new player
takes the number of the first player he comes before, and every number from
there moves up by one, in every record of the file (round cells, boards, byes,
accelerations, prohibited pairs). A player registered after round k was
paired is absent (``0000 - Z``) from rounds 1..k.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from mipair.desk.chess import acceleration
from mipair.desk.chess.document import ABSENT, ChessEvent, PlayingRound, folded
from mipair.desk.chess.notation import sexes, titles
from mipair.desk.chess.settings import date_field, federation_field, text_field
from mipair.desk.chess.standings import with_ranks
from mipair.errors import InputError, TooLargeError
from mipair.formats.trf_player import MAX_ID
from mipair.model import Cell, ForbiddenPairs, Player
from mipair.pairing import Board

NAME_COLUMNS = 33
"""A TRF name holds 33 characters (columns 15-47)."""


@dataclass(frozen=True)
class Entry:
    """A player as the arbiter registers him (``name``: "Lastname, Firstname")."""

    name: str
    rating: int = 0
    federation: str = ""
    title: str = ""
    fide_id: str = ""
    sex: str = ""
    birth: str = ""  # YYYY/MM/DD, YYYY-MM-DD or YYYY


def player_of(entry: Entry) -> Player:
    """The 001 record's static part, every field checked against its columns."""
    name = text_field(entry.name, "name", NAME_COLUMNS)
    if not name:
        raise InputError("a player needs a name (Lastname, Firstname)", field="name")
    if not 0 <= entry.rating <= 9999:
        raise InputError(f"{entry.rating}: a rating goes from 0 to 9999", field="rating")
    title = entry.title.strip().upper()
    if title and title not in titles():
        raise InputError(f"{entry.title!r}: a title is one of {', '.join(titles())}", field="title")
    fide_id = entry.fide_id.strip()
    if fide_id and not (fide_id.isascii() and fide_id.isdigit() and len(fide_id) <= 11):
        raise InputError(f"{fide_id[:20]!r}: a FIDE id is up to 11 digits", field="fide-id")
    sex = entry.sex.strip().lower()
    if sex and sex not in sexes():
        raise InputError(f"{entry.sex!r}: the sex is one of {', '.join(sexes())}", field="sex")
    birth = entry.birth.strip()
    if not (len(birth) == 4 and birth.isascii() and birth.isdigit()):
        birth = date_field(birth, "birth")
    return Player(
        id=0,
        name=name,
        sex=sex,
        title=title,
        rating=entry.rating,
        federation=federation_field(entry.federation),
        fide_id=fide_id,
        birth=birth,
    )


def initial_order_key(player: Player) -> tuple[int, int, str]:
    """C.04.2 Article 2: higher rating first, then the stronger title, then the name."""
    order = titles()
    rank = order.index(player.title) if player.title in order else len(order)
    return (-player.rating, rank, player.name.casefold())


def register(event: ChessEvent, entry: Entry) -> tuple[ChessEvent, int]:
    """Add a player at his place in the initial order; the event and his pairing number. A
    team tournament's player joins a team (:mod:`~mipair.desk.chess.team_registration`)."""
    if event.tournament.teams is not None:
        raise InputError("a team tournament: name the player's team (--in TEAM)", field="team")
    player = player_of(entry)
    people = event.tournament.players
    if len(people) >= MAX_ID:
        raise TooLargeError(f"a TRF file holds at most {MAX_ID} players", field="player")
    if player.fide_id and any(p.fide_id == player.fide_id for p in people.values()):
        raise InputError(f"FIDE id {player.fide_id} is registered already", field="fide-id")
    namesake = next((p for p in people.values() if folded(p.name) == folded(player.name)), None)
    if namesake is not None and not (namesake.fide_id and player.fide_id):
        raise InputError(
            f"{namesake.name} is registered already ({namesake.id}); a namesake is registered "
            "with both FIDE ids",
            field="name",
        )
    before = next(
        (
            pid
            for pid in sorted(people)
            if initial_order_key(people[pid]) > initial_order_key(player)
        ),
        None,
    )
    number = before if before is not None else len(people) + 1
    temporary = len(people) + 1
    absent = (ABSENT,) * (event.paired * event.games)
    grown = event.changed(
        players={**people, temporary: replace(player, id=temporary)},
        results={**event.tournament.results, temporary: absent},
    )
    order = [pid for pid in sorted(people) if pid < number] + [temporary]
    order += [pid for pid in sorted(people) if pid >= number]
    after = acceleration.late_entry(renumbered(grown, order), number)
    return with_ranks(after), number


def renumbered(event: ChessEvent, order: list[int]) -> ChessEvent:
    """The event with pairing numbers given by ``order`` (the old numbers in the new order:
    ``order[k]`` becomes k + 1), in every record that names a player."""
    new = {old: k for k, old in enumerate(order, 1)}
    t = event.tournament
    return replace(
        event.changed(
            players={new[old]: replace(t.players[old], id=new[old]) for old in order},
            results={new[old]: _cells(t.results.get(old, ()), new) for old in order},
            accelerations=tuple(
                sorted(
                    (replace(a, player=new[a.player]) for a in t.accelerations),
                    key=lambda a: (a.player, a.round),
                )
            ),
            forbidden=tuple(
                ForbiddenPairs(tuple(new[p] for p in f.players), f.first, f.last)
                for f in t.forbidden
            ),
        ),
        boards=tuple(
            tuple(Board(new[b.white], new[b.black]) for b in boards) for boards in event.boards
        ),
        playing=_playing(event.playing, new),
    )


def _cells(cells: tuple[Cell | None, ...], new: Mapping[int, int]) -> tuple[Cell | None, ...]:
    return tuple(
        replace(c, opponent=new[c.opponent]) if c is not None and c.opponent else c for c in cells
    )


def _playing(playing: PlayingRound | None, new: Mapping[int, int]) -> PlayingRound | None:
    if playing is None:
        return None
    return replace(
        playing,
        games=tuple(replace(g, white=new[g.white], black=new[g.black]) for g in playing.games),
        bye=None if playing.bye is None else new[playing.bye],
    )
