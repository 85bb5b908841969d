"""A round robin's round as a file publishes it, its unplayed games read as C.05 has them.

C.05 keeps a withdrawn (or absent) player's games in the schedule, forfeited:
mipair writes them with the scheduled opponent and colour (reading W4 of the
specification). Other programs write such a game without its opponent: the
absent player's round as an absence (``0000 - -``, ``Z``, blank) and his
opponent's as a win without opponent (``0000 - +``, which a Swiss reads as the
pairing-allocated bye, or ``F``). Reading W7: a game of the table whose two
players are both written without an opponent, one of them at least absent, is
the table's game left unplayed, written without its opponent; the published
round holds it as that game, so that ``check`` compares the schedule, not the
way a forfeit was written.
"""

from __future__ import annotations

from dataclasses import replace

from mipair.model import Tournament
from mipair.pairing import Board, RoundPairing
from mipair.systems.roundrobin.state import RoundRobinState


def without_opponent(t: Tournament, player: int, rnd: int) -> bool:
    """Is ``player``'s round ``rnd`` written without an opponent (or not at all)?"""
    cell = t.cell(player, rnd)
    return cell is None or cell.opponent is None


def absent(t: Tournament, player: int, rnd: int) -> bool:
    """Is ``player`` written absent from round ``rnd`` (no game, no pairing-allocated bye)?"""
    cell = t.cell(player, rnd)
    return cell is None or not cell.takes_part


def with_unwritten_games(
    state: RoundRobinState, t: Tournament, published: RoundPairing
) -> RoundPairing:
    """``published`` (round ``state.round`` of ``t``) with the table's games written without
    their opponents put back (reading W7, see the module docstring)."""
    rnd = state.round
    on_board = {p for b in published.boards for p in (b.white, b.black)}
    added: list[Board] = []
    for game in state.table.games:
        ends = (game.white, game.black)
        if any(p in on_board for p in ends) or not any(absent(t, p, rnd) for p in ends):
            continue
        if all(without_opponent(t, p, rnd) for p in ends):
            added.append(Board(game.white, game.black))
    if not added:
        return published
    placed = {p for b in added for p in (b.white, b.black)}
    bye = None if published.bye in placed else published.bye
    return replace(published, boards=published.boards + tuple(added), bye=bye)


def in_table_order(state: RoundRobinState, pairing: RoundPairing) -> RoundPairing:
    """``pairing``'s boards in the table's board order, boards the table does not have
    after them (by White's number)."""
    place = {frozenset((g.white, g.black)): g.board for g in state.table.games}
    rest = len(place) + 1

    def key(board: Board) -> tuple[int, int]:
        return place.get(frozenset((board.white, board.black)), rest), board.white

    return replace(pairing, boards=tuple(sorted(pairing.boards, key=key)))
