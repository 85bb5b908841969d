"""The fact layer: a round's pairing problem as players plus removable facts.

A pairing system that wants explanations describes the round it cannot pair
as a :class:`PairingProblem`: the players to be paired, whether an odd field
gives one of them a bye, and a list of :class:`Fact` objects. Each fact is
one hard rule an arbiter could in principle waive (a past game that bans a
rematch, a forbidden pair, a player barred from the bye, two players whose
colours clash); it says, in an arbiter's words, what it is and what waiving
it means, and which pairs (and which byes) it forbids.

Nothing here knows chess: :mod:`mipair.systems.fide.facts` and
:mod:`mipair.systems.fide.dutch.facts` build the facts of a Dutch round; other
systems build their own, and name players and rules in their own words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

BYE = 0
"""The node that stands for the pairing-allocated bye (pairing ids start at 1)."""

Pair = frozenset  # frozenset[int] of two node ids; BYE in it means "this player gets the bye"


def pair(a: int, b: int) -> frozenset[int]:
    """The unordered pair {a, b} (``pair(p, BYE)``: p receives the bye)."""
    return frozenset((a, b))


@dataclass(frozen=True)
class Fact:
    """One removable hard rule of a round.

    ``blocks`` holds the pairs it forbids (a pair with :data:`BYE` bars that
    player from the bye). ``text`` states the fact; ``relax`` says what the
    arbiter would allow by waiving it; ``note`` qualifies it in grouped
    sentences (the round of a game, a colour, why a bye is barred).
    """

    kind: str  # e.g. "rematch", "forbidden", "bye", "colour"
    players: tuple[int, ...]
    text: str
    relax: str
    blocks: frozenset[frozenset[int]] = field(default_factory=frozenset)
    note: str = ""  # a short qualifier: "round 2", "White", the bye's cause
    criterion: str = ""  # the rule as the system's edition numbers it, e.g. "C1" ("": kind)

    @property
    def key(self) -> str:
        """A stable name, e.g. ``rematch:3-7``."""
        return f"{self.kind}:{'-'.join(map(str, self.players))}"

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "players": list(self.players),
            "text": self.text,
            "relaxation": self.relax,
        }


@dataclass(frozen=True)
class PairingProblem:
    """Who must be paired and which facts restrict them.

    With ``bye`` true an odd field gives exactly one player the bye (the
    node :data:`BYE`); an even field never has one. Pairs blocked by nothing
    are always allowed.
    """

    round: int
    players: tuple[int, ...]
    facts: tuple[Fact, ...]
    bye: bool = True
    names: Mapping[int, str] = field(default_factory=dict, compare=False)
    """How the system's files name the players (default: by id)."""
    rules: Mapping[str, str] = field(default_factory=dict, compare=False)
    """How the system names its structural rules: ``complete`` (everyone present is
    paired or has the bye) and ``bye`` (a bye only in an odd field)."""
    avoided: Mapping[str, str] = field(default_factory=dict, compare=False)
    """Kinds of fact the system avoids at all cost but does not bar, each with how the text
    names them (``{"duplicate": "rematches"}``): when nothing else
    pairs the round it waives as few of them as it can (OpenGotha weighs a rematch, it
    does not forbid one), so such a round is paired all the same."""

    def name(self, player: int) -> str:
        """The player as the system's files name it (default: ``player ID``)."""
        return self.names.get(player, f"player {player}")

    def short_name(self, player: int) -> str:
        """The player as the system's files name it, in a list (default: its id)."""
        return self.names.get(player, str(player))

    @property
    def nodes(self) -> tuple[int, ...]:
        """The players, plus :data:`BYE` when the field is odd and byes exist."""
        return self.players + ((BYE,) if self.needs_bye else ())

    @property
    def needs_bye(self) -> bool:
        return self.bye and len(self.players) % 2 == 1

    def edges(self) -> list[frozenset[int]]:
        """Every pair of nodes (blocked or not), in a fixed order."""
        return self._edges

    @cached_property
    def _edges(self) -> list[frozenset[int]]:
        nodes = self.nodes
        return [frozenset((a, b)) for i, a in enumerate(nodes) for b in nodes[i + 1 :]]

    def star(self, node: int) -> list[int] | None:
        """Indices of facts that together block every pair of ``node`` (one per pair), or None."""
        by_pair: dict[frozenset[int], int] = {}
        for i, f in enumerate(self.facts):
            for e in f.blocks:
                if node in e:
                    by_pair.setdefault(e, i)
        needed = [pair(node, other) for other in self.nodes if other != node]
        if not all(e in by_pair for e in needed):
            return None
        return sorted({by_pair[e] for e in needed})

    def allowed(self, kept: Iterable[int]) -> set[frozenset[int]]:
        """Pairs allowed when only the facts with indices ``kept`` hold."""
        blocked: set[frozenset[int]] = set()
        for i in kept:
            blocked |= self.facts[i].blocks
        return {e for e in self.edges() if e not in blocked}


@dataclass(frozen=True)
class Matching:
    """A pairing as a set of pairs; the bye appears as a pair with :data:`BYE`."""

    pairs: frozenset[frozenset[int]]

    @property
    def bye(self) -> int | None:
        for e in self.pairs:
            if BYE in e:
                return next(iter(e - {BYE}))
        return None

    @property
    def games(self) -> list[tuple[int, int]]:
        """The games as sorted (a, b) tuples, in id order."""
        return sorted(tuple(sorted(e)) for e in self.pairs if BYE not in e)  # type: ignore[misc]

    def respects(self, fact: Fact) -> bool:
        return not (fact.blocks & self.pairs)
