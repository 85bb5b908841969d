"""A few Dutch quality criteria counted over a whole round (an approximation).

The engine and ``mipair why`` (:mod:`mipair.systems.dutch.evaluate`) evaluate the
quality criteria bracket by bracket, in the order of C.04.3 (2026). The 2017
edition, and any case where that walk finds no criterion apart, still need a
plain answer to "where is the published pairing worse?". This module gives
one by **counting over the whole round**, for each of the two pairings:

* ``C5``  the score of the PAB recipient (odd fields only; lower is better);
* ``C6``  the number of downfloaters: players paired with someone of a lower
  pairing score (lower is better);
* ``C7``  the downfloaters' scores, highest first (compared in that order;
  lower is better: the rules float the lowest scores);
* ``C12`` pairs whose two players prefer the same colour, so one of them
  does not get it (lower is better);
* ``C13`` the same for strong preferences (both at least strong, not both
  absolute; lower is better);
* ``C14``/``C16`` players who float down again after a downfloat in round
  n-1 / n-2; ``C15``/``C17`` players who float up again after an upfloat in
  round n-1 / n-2 (lower is better). The PAB counts as a downfloat.

The ids are those of the 2026 edition, also when checking with the 2017
rules (whose text numbers its criteria differently). It is an approximation: the rules compare these values bracket by bracket
and score level by level, so a pairing can be better on a whole-round count
and still lose on the bracket where the rules look first. The checker says
so whenever it reports a counted value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mipair.model import Colour, Snapshot

if TYPE_CHECKING:
    from mipair.pairing import RoundPairing

TEXTS = {
    "C5": "score of the PAB recipient",
    "C6": "downfloaters (players paired with a lower score)",
    "C7": "downfloaters' scores, highest first",
    "C12": "pairs whose players prefer the same colour",
    "C13": "pairs whose players both strongly prefer the same colour",
    "C14": "players downfloating again after a downfloat in round n-1",
    "C15": "players upfloating again after an upfloat in round n-1",
    "C16": "players downfloating again after a downfloat in round n-2",
    "C17": "players upfloating again after an upfloat in round n-2",
}


@dataclass(frozen=True)
class Count:
    """One counted criterion for both pairings (lower is better for every count)."""

    id: str
    text: str
    engine: object
    published: object

    @property
    def better(self) -> str:
        """'engine', 'published' or '' when equal."""
        if self.engine == self.published:
            return ""
        return "engine" if self.engine < self.published else "published"  # type: ignore[operator]

    def to_json(self) -> dict[str, object]:
        return {
            "criterion": self.id,
            "text": self.text,
            "engine": _plain(self.engine),
            "published": _plain(self.published),
            "better": self.better,
        }


def _plain(v: object) -> object:
    return list(v) if isinstance(v, tuple) else v


def round_floats(snap: Snapshot, pairing: RoundPairing) -> dict[int, str]:
    """The float each player gets in this round: 'down', 'up' (the PAB is 'down')."""
    st = snap.players
    out: dict[int, str] = {}
    for b in pairing.boards:
        w, k = st[b.white].pairing_score, st[b.black].pairing_score
        if w != k:
            hi, lo = (b.white, b.black) if w > k else (b.black, b.white)
            out[hi], out[lo] = "down", "up"
    if pairing.bye is not None:
        out[pairing.bye] = "down"
    return out


def counts(snap: Snapshot, pairing: RoundPairing) -> dict[str, object]:
    """The values of :data:`TEXTS` for one pairing of ``snap``'s round."""
    from mipair.systems.dutch.colours import Strength, preference

    st = snap.players
    out: dict[str, object] = {}
    if len(snap.to_pair) % 2 == 1:
        out["C5"] = st[pairing.bye].pairing_score if pairing.bye is not None else -1
    floats = round_floats(snap, pairing)
    downs = [p for p, f in floats.items() if f == "down" and p != pairing.bye]
    out["C6"] = len(downs)
    out["C7"] = tuple(sorted((st[p].pairing_score for p in downs), reverse=True))
    same = strong = 0
    for b in pairing.boards:
        pw, pb = preference(st[b.white]), preference(st[b.black])
        if pw.colour is None or pw.colour is not pb.colour:
            continue
        same += 1
        both_abs = pw.strength is Strength.ABSOLUTE and pb.strength is Strength.ABSOLUTE
        if min(pw.strength, pb.strength) >= Strength.STRONG and not both_abs:
            strong += 1
    out["C12"], out["C13"] = same, strong
    for cid, direction, back in (
        ("C14", "down", 1),
        ("C15", "up", 1),
        ("C16", "down", 2),
        ("C17", "up", 2),
    ):
        if snap.round > back:
            out[cid] = sum(
                1
                for p, f in floats.items()
                if f == direction and len(st[p].floats) >= back and st[p].floats[-back] == direction
            )
    return out


def compare_counts(snap: Snapshot, engine: RoundPairing, published: RoundPairing) -> list[Count]:
    """Every counted criterion for both pairings, in the rules' order."""
    a, b = counts(snap, engine), counts(snap, published)
    return [Count(k, TEXTS[k], a[k], b[k]) for k in TEXTS if k in a and k in b]


def first_difference(found: list[Count]) -> Count | None:
    """The first counted criterion on which the two pairings differ."""
    return next((c for c in found if c.better), None)


def colour_misses(pairing: RoundPairing, snap: Snapshot) -> int:
    """Players whose colour preference the pairing's colours do not grant."""
    from mipair.systems.dutch.colours import preference

    miss = 0
    for b in pairing.boards:
        for pid, got in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            want = preference(snap.players[pid]).colour
            miss += want is not None and want is not got
    return miss
