"""What a pairing system hands to its callers besides pairings: its players' labels, its
summary, a random tournament's description, a round's check list, and the error for an
operation it does not offer (:class:`~mipair.systems.base.PairingSystem` returns them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Protocol

from mipair.errors import InputError, MipairError


class CheckList(Protocol):
    """One round's check list (each player's pairing data beside the pairing), as the
    system that made it writes it (:meth:`PairingSystem.check_list`)."""

    def text(self) -> str:
        """The round's section of a check list file (a heading, then the table)."""
        ...

    def to_json(self) -> dict[str, object]:
        """The round's check list as a JSON-ready dict."""
        ...


class UnsupportedError(MipairError):
    """The system does not offer this operation (exit 3: the request cannot be served)."""

    exit_code = 3


class PlayerLabels(NamedTuple):
    """The players of a tournament as its system's files name them: id -> label."""

    names: Mapping[int, str]

    def label(self, player: int) -> str:
        """The player's label (its id when it has none)."""
        return self.names.get(player, str(player))

    def find(self, text: str) -> int | None:
        """The player ``text`` names: a label, a label in any case, or an id; None if none."""
        text = text.strip()
        exact = [pid for pid, name in self.names.items() if name == text]
        if len(exact) == 1:
            return exact[0]
        folded = [pid for pid, name in self.names.items() if name.casefold() == text.casefold()]
        if len(folded) == 1:
            return folded[0]
        if text.isdigit() and int(text) in self.names:
            return int(text)
        return None

    def pair(self, text: str) -> tuple[int, int]:
        """``'A-B'`` (A White, B Black; ``A-0``: A gets the bye) with A and B labels or ids.

        Labels may hold hyphens: the text is split at the one hyphen that leaves a
        player on each side (the bye: ``0``)."""
        numbers = text.strip().partition("-")
        if numbers[1] and numbers[0].strip().isdigit() and numbers[2].strip().isdigit():
            return int(numbers[0]), int(numbers[2])  # pairing numbers (checked by the caller)
        found: set[tuple[int, int]] = set()
        for k, char in enumerate(text):
            if char != "-":
                continue
            white = self.find(text[:k])
            right = text[k + 1 :].strip()
            black = 0 if right == "0" else self.find(right)
            if white is not None and black is not None:
                found.add((white, black))
        if len(found) != 1:
            problem = "names no two players" if not found else "can be read in several ways"
            raise InputError(
                f"{text!r} {problem}: expected WHITE-BLACK (or WHITE-0 for the bye), each a "
                "player as the tournament file names them or a pairing number",
                field="--pair",
            )
        return found.pop()


class Summary(NamedTuple):
    """What ``mipair info`` says of a tournament file, for any system."""

    file: str
    system: str
    title: str
    players: int
    rounds_played: int
    round_to_pair: int | None
    total_rounds: int | None
    settings: dict[str, object] = {}  # noqa: RUF012 - read only
    """The system's own settings, as the file gives them (names as the system says them)."""
    absent: tuple[int | str, ...] = ()
    """The players who do not play the round to pair, as the file names them."""

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "pairing_system": self.system,
            "title": self.title,
            "players": self.players,
            "rounds_played": self.rounds_played,
            "total_rounds": self.total_rounds,
            "next_round": self.round_to_pair,
            "absent_next_round": list(self.absent),
            **self.settings,
        }


class Generated(NamedTuple):
    """What a random tournament of a system says it is (:meth:`PairingSystem.generated_type`)."""

    code: str
    """Its tournament type, TRF 192."""
    rounds: int | None
    """Its number of rounds (None: the generator draws it)."""
    text: str
    """Its free-text description, TRF 092."""
