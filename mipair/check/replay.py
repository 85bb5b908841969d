"""Re-pair every round of a tournament and compare it with the published round.

The same for every pairing system: the system reads the file once
(:meth:`~mipair.systems.base.PairingSystem.document`) and gives each published
round with the state it was paired from
(:meth:`~mipair.systems.base.PairingSystem.published_round`: for a TRF file,
the tournament cut back to rounds 1 .. r-1 plus round r's announced
absences, as ``../shared/tools/conformance.py`` cuts it). The engine pairs
that state; the published round is what the file says.

For each round that differs the result says why the published pairing is
not the engine's, in this order:

1. the absolute rules it breaks (``mipair why``'s checks, the system's
   :meth:`~mipair.systems.base.PairingSystem.violations`: rematch C1, bye
   eligibility C2, absolute colour clash C3, the general colour rules on the
   published colours, forbidden pairs, players left out or paired twice), with
   the players;
2. else the first quality criterion, in the edition's bracket-by-bracket
   order, on which the two differ, evaluated by the very functions the engine
   optimises (:meth:`~mipair.systems.base.PairingSystem.evaluate`);
3. else a note (same pairs with other colours, told by the system's own
   colour rules where it has some, or pairs the rules' order of candidates
   puts later).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from mipair.errors import NoPairingError
from mipair.pairing import RoundPairing

if TYPE_CHECKING:
    from mipair.explain.compare import Difference
    from mipair.reports import Violation
    from mipair.systems.base import AnySystem

SAME, COLOURS, PAIRS, UNPAIRABLE = "same", "colours", "pairs", "unpairable"


@dataclass(frozen=True)
class RoundCheck:
    """The verdict on one round."""

    round: int
    verdict: str  # same / colours / pairs / unpairable
    engine: RoundPairing | None
    published: RoundPairing
    violations: tuple[Violation, ...] = ()
    difference: Difference | None = None  # first criterion of the bracket walk that differs
    note: str = ""
    reason: str = ""  # why the engine found no pairing
    seconds: float = 0.0
    names: Mapping[int, str] = field(default_factory=dict, compare=False)
    """The players of both pairings as the system's files name them (empty: by id)."""
    edition: str | None = None
    """The edition (or behaviour) the round was paired by; None for a system without."""

    @property
    def agrees(self) -> bool:
        return self.verdict == SAME

    def summary(self) -> str:
        """One line: what the published pairing loses on, or breaks."""
        if self.verdict == SAME:
            return "same pairing"
        if self.verdict == UNPAIRABLE:
            base = f"mipair finds no legal pairing ({self.reason})"
            if self.violations:
                base += "; the published one breaks " + _violations_text(self.violations)
            return base
        if self.violations:
            return "the published pairing breaks " + _violations_text(self.violations)
        d = self.difference
        if d is not None:
            where = f" in the {d.where}" if d.where else ""
            loser = "published pairing" if d.better == "engine" else "engine's pairing"
            return (
                f"the {loser} loses on {d.criterion}{where} ({d.text}): value mipair "
                f"{_show(d.engine)}, published {_show(d.proposed)} ({d.scale})"
            )
        return self.note or "the pairings differ"

    def to_json(self) -> dict[str, object]:
        def boards(p: RoundPairing | None) -> object:
            if p is None:
                return None
            return {"boards": [[b.white, b.black] for b in p.boards], "bye": p.bye}

        return {
            "round": self.round,
            "verdict": self.verdict,
            "summary": self.summary(),
            "mipair": boards(self.engine),
            "published": boards(self.published),
            "violations": [v.to_json() for v in self.violations],
            "difference": self.difference.to_json() if self.difference else None,
            "note": self.note,
            "seconds": round(self.seconds, 3),
            **({"names": {str(k): v for k, v in self.names.items()}} if self.names else {}),
        }


def _show(v: object) -> str:
    """A value as text (a tuple in parentheses)."""
    if isinstance(v, tuple):
        return "(" + ", ".join(map(_show, v)) + ")"
    return str(v)


def _violations_text(vs: tuple[Violation, ...]) -> str:
    if len(vs) == 1:
        return f"{vs[0].criterion} ({vs[0].text})"
    return f"{len(vs)} absolute rules: " + "; ".join(f"{v.criterion} ({v.text})" for v in vs)


def verdict_of(engine: RoundPairing | None, published: RoundPairing) -> str:
    if engine is None:
        return UNPAIRABLE
    if engine.pairs() != published.pairs() or engine.bye != published.bye:
        return PAIRS
    colours = {(b.white, b.black) for b in engine.boards}
    return SAME if colours == {(b.white, b.black) for b in published.boards} else COLOURS


def check_round(
    system: AnySystem, document: object, rnd: int, edition: str | None = None
) -> RoundCheck:
    """Re-pair round ``rnd`` of ``document`` (read by ``system``) and compare."""
    start = time.perf_counter()
    published = system.published_round(document, rnd, edition)
    return check_published(system, published.pairing, published.state, start)


def check_published(
    system: AnySystem, published: RoundPairing, state: object, start: float | None = None
) -> RoundCheck:
    """Pair ``state`` with ``system`` and hold the ``published`` pairing against it."""
    start = time.perf_counter() if start is None else start
    edition = system.edition_of(state)
    engine, reason = None, ""
    try:
        engine = system.pair(state)
    except NoPairingError as exc:
        reason = exc.message
    verdict = verdict_of(engine, published)
    if verdict == SAME:
        return RoundCheck(
            published.round,
            verdict,
            engine,
            published,
            seconds=time.perf_counter() - start,
            edition=edition,
        )
    found = explain_difference(system, state, engine, published, verdict, reason, start)
    return replace(found, names=names_of(system, state, engine, published), edition=edition)


def names_of(system: AnySystem, state: object, *pairings: RoundPairing | None) -> dict[int, str]:
    """The players of ``pairings`` as the system's files name them, when that is not by id."""
    labels = system.labels(state)
    players = {p for pairing in pairings if pairing is not None for p in pairing.players()}
    named = {p: labels.label(p) for p in sorted(players)}
    return {} if all(name == str(p) for p, name in named.items()) else named


def explain_difference(
    system: AnySystem,
    state: object,
    engine: RoundPairing | None,
    published: RoundPairing,
    verdict: str,
    reason: str,
    start: float,
) -> RoundCheck:
    """Fill in the violations and the first differing criterion."""
    comparison = system.compare_with(state, engine, published)
    note = comparison.note
    if engine is not None and not comparison.violations and verdict == COLOURS:
        note = system.colour_note(state, engine, published) or note
    return RoundCheck(
        published.round,
        verdict,
        engine,
        published,
        comparison.violations,
        comparison.difference,
        note.strip(),
        reason,
        time.perf_counter() - start,
    )


@dataclass
class TournamentCheck:
    """Every round of one file."""

    file: str
    rules: str
    """The edition the file was checked by (as the system names it), else the system's title."""
    rounds: list[RoundCheck] = field(default_factory=list)
    error: str = ""

    def named(self) -> TournamentCheck:
        """This check, its ``rules`` the edition its rounds were paired by when they say."""
        used = {rc.edition for rc in self.rounds if rc.edition}
        if len(used) == 1:
            self.rules = used.pop()
        return self

    @property
    def differing(self) -> list[RoundCheck]:
        return [r for r in self.rounds if not r.agrees]

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "rules": self.rules,
            "error": self.error or None,
            "rounds": len(self.rounds),
            "differing": len(self.differing),
            "checks": [r.to_json() for r in self.rounds],
        }


def check_tournament(system: AnySystem, path: str, edition: str | None = None) -> TournamentCheck:
    """Check every round of the file at ``path`` in this process (see
    :mod:`mipair.check.parallel` for all cores and :mod:`mipair.check.cluster`)."""
    document = system.document(path)
    out = TournamentCheck(path, edition or system.edition(None) or system.name)
    out.rounds = [
        check_round(system, document, r, edition) for r in system.rounds_published(document)
    ]
    return out
