"""The next round of a tournament file: paired, as data, as the JaVaFo/bbpPairings text.

``mipair solve``, the drop-in ``-p`` form, the service's ``/v1/pair`` and its
page all pair through :func:`pair_file`; the JSON of a round
(:func:`pairing_data`) and the drop-in text (:func:`dropin_text`) are written
here once, and what a system shows beyond the boards (a Go board's handicap,
the players' ratings and ranks) is the system's own
(:meth:`~mipair.systems.base.PairingSystem.board_extras`,
:meth:`~mipair.systems.base.PairingSystem.player_cards`).
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.errors import MipairError, NoPairingError, TooLargeError
from mipair.operations.files import Opened, open_tournament
from mipair.pairing import RoundPairing, numbered_boards
from mipair.systems.base import AnySystem, Card


@dataclass(frozen=True)
class Paired:
    """A tournament file's next round: the file as opened and the system's pairing."""

    opened: Opened
    pairing: RoundPairing

    @property
    def system(self) -> AnySystem:
        return self.opened.system

    @property
    def state(self) -> object:
        return self.opened.state


def pair_file(
    path: str,
    system: AnySystem | None = None,
    rules: str | None = None,
    data: bytes | None = None,
) -> Paired:
    """Read a tournament file (``data``: its bytes, already read) and pair its next round
    by ``system`` (None: the one the file is for) and edition ``rules``."""
    opened = open_tournament(path, system, rules, data)
    try:
        return Paired(opened, opened.system.pair(opened.state))
    except NoPairingError as exc:
        raise NoPairingError(reason(opened.system, opened.state, exc), file=path) from None
    except TooLargeError as exc:
        raise TooLargeError(str(exc), file=path) from None


def reason(system: AnySystem, state: object, exc: Exception) -> str:
    """One line saying why the round has no pairing: the short form of the very explanation
    ``mipair explain`` gives (the same time, the system's own choice among the relaxations),
    so that the one line and the long text name the same relaxation."""
    try:
        return system.explain(state).short()
    except Exception:
        return str(exc)


def dropin_text(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: number of pairs, then "WHITE BLACK", the bye as "ID 0"."""
    lines = [f"{b.white} {b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines))] + lines) + "\n"


def pairing_data(paired: Paired) -> dict[str, object]:
    """The round as data: its number, the system and edition, the boards in order (each
    with what the system adds: a Go board's handicap) and the bye."""
    pairing, system = paired.pairing, paired.system
    games = [(b.white, b.black) for b in pairing.boards]
    return {
        "round": pairing.round,
        "system": system.name,
        "rules": paired.opened.edition,
        "boards": numbered_boards(games, system.board_extras(paired.state, pairing)),
        "bye": pairing.bye,
    }


def player_cards(paired: Paired) -> dict[int, Card]:
    """Every player's card, by pairing id: the standings' name and points, completed by
    what the system shows of each player (:meth:`PairingSystem.player_cards`)."""
    from mipair.results.standings import system_standings  # polars: not in a drop-in call

    try:
        lines = system_standings(paired.system, paired.state)
    except MipairError:  # a system without standings: the system's own cards only
        lines = []
    cards: dict[int, Card] = {
        line.player: {"name": line.name, "score": line.points} for line in lines
    }
    for pid, card in paired.system.player_cards(paired.state, paired.pairing).items():
        cards.setdefault(pid, {}).update(card)
    return cards
