"""``why``: hold an arbiter's proposed pairing against the engine's.

:func:`absolute_violations` lists every absolute rule a proposal breaks
(players missing, paired twice or not in the round; a second bye or a bye in
an even field; each fact of the system's fact layer the proposal does not
respect: C1 rematches, C2 bye eligibility, C3 colour clashes, forbidden
pairs). :func:`compare` adds the first criterion, in the system's declared
order, on which the two pairings differ, when the system can evaluate
criteria for a whole pairing (``criteria`` argument). Nothing here knows a
pairing system: each system passes its facts and its evaluator
(:class:`mipair.systems.base.PairingSystem`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mipair.explain.facts import BYE, Matching, PairingProblem, pair
from mipair.pairing import RoundPairing
from mipair.reports import HIGHER, CriterionValue, Violation


@dataclass(frozen=True)
class Difference:
    """The first criterion on which the two pairings differ."""

    criterion: str
    text: str
    engine: object
    proposed: object
    better: str  # "engine" or "proposal"
    where: str = ""
    direction: str = HIGHER  # which value is better: HIGHER or LOWER

    @property
    def scale(self) -> str:
        """'higher is better' or 'lower is better'."""
        return f"{self.direction} is better"

    def to_json(self) -> dict[str, object]:
        return {
            "criterion": self.criterion,
            "text": self.text,
            "where": self.where,
            "engine": _plain(self.engine),
            "proposal": _plain(self.proposed),
            "better": self.better,
            "direction": self.direction,
        }


@dataclass(frozen=True)
class Comparison:
    """The verdict of ``why``."""

    round: int
    violations: tuple[Violation, ...]
    same_pairs: bool
    difference: Difference | None = None
    note: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "legal": not self.violations,
            "violations": [v.to_json() for v in self.violations],
            "same_pairs": self.same_pairs,
            "difference": self.difference.to_json() if self.difference else None,
            "note": self.note,
        }

    def text(self) -> str:
        out = []
        if self.violations:
            out.append(
                f"The proposed pairing for round {self.round} breaks "
                f"{len(self.violations)} absolute rule{'s' if len(self.violations) > 1 else ''}:"
            )
            out += [f"  - {v.criterion}: {v.text}" for v in self.violations]
        elif self.same_pairs:
            out.append(f"The proposed pairing for round {self.round} has the engine's pairs.")
        else:
            out.append(f"The proposed pairing for round {self.round} breaks no absolute rule.")
        if self.difference is not None:
            d = self.difference
            where = f" in the {d.where}" if d.where else ""
            out.append(
                f"First difference: {d.criterion}{where} ({d.text}): engine "
                f"{_plain(d.engine)}, proposal {_plain(d.proposed)} ({d.scale}); the "
                f"{d.better} is better."
            )
        if self.note:
            out.append(self.note)
        return "\n".join(out) + "\n"


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def matching_of(p: RoundPairing) -> Matching:
    """A round pairing as a set of pairs (the bye as a pair with BYE)."""
    pairs = {pair(b.white, b.black) for b in p.boards}
    if p.bye is not None:
        pairs.add(pair(p.bye, BYE))
    return Matching(frozenset(pairs))


def structural_violations(problem: PairingProblem, proposed: RoundPairing) -> list[Violation]:
    """Players missing, paired twice, not in the round; byes the field does not allow."""
    out: list[Violation] = []
    name = problem.name
    seen: dict[int, int] = {}
    for b in proposed.boards:
        for p in (b.white, b.black):
            seen[p] = seen.get(p, 0) + 1
        if b.white == b.black:
            out.append(Violation("pairing", (b.white,), f"{name(b.white)} is paired with itself"))
    if proposed.bye is not None:
        seen[proposed.bye] = seen.get(proposed.bye, 0) + 1
    present = set(problem.players)
    for p, k in sorted(seen.items()):
        if p not in present:
            out.append(Violation("pairing", (p,), f"{name(p)} is not to be paired this round"))
        elif k > 1:
            out.append(Violation("pairing", (p,), f"{name(p)} appears {k} times"))
    missing = sorted(present - set(seen))
    if missing:
        out.append(
            Violation(
                problem.rules.get("complete", "pairing"),
                tuple(missing),
                "not paired and not given the bye: " + ", ".join(map(problem.short_name, missing)),
            )
        )
    if proposed.bye is not None and not problem.needs_bye:
        out.append(
            Violation(
                problem.rules.get("bye", "bye"),
                (proposed.bye,),
                f"a bye for {name(proposed.bye)} although the number of players to pair is even",
            )
        )
    return out


def absolute_violations(problem: PairingProblem, proposed: RoundPairing) -> list[Violation]:
    """Every absolute rule ``proposed`` breaks, structure first, then facts in their order."""
    out = structural_violations(problem, proposed)
    m = matching_of(proposed)
    out += [
        Violation(f.criterion or f.kind, f.players, f.text)
        for f in problem.facts
        if not m.respects(f)
    ]
    return out


Evaluator = Callable[[RoundPairing], Sequence[CriterionValue]]


def compare(
    problem: PairingProblem,
    engine_pairing: RoundPairing | None,
    proposed_pairing: RoundPairing,
    criteria: Evaluator | None,
    violations: tuple[Violation, ...] | None = None,
    colour_rule: str = "Article 5",
    label: Callable[[int], str] = str,
) -> Comparison:
    """Compare the engine's pairing with an arbiter's proposal for ``problem.round``.

    ``problem`` holds the round's absolute rules as facts; ``criteria(pairing)``
    evaluates the system's criteria in their declared order (None when the
    system cannot evaluate them, which the verdict then says); ``violations``
    are the absolute rules the proposal breaks when the system judges more than
    the facts (default: :func:`absolute_violations`); ``colour_rule``: the rule the
    system's colours come from, named when only colours differ, the boards named by
    ``label`` (a player's label in the system's files: an OpenGotha key).
    """
    rnd = problem.round
    if violations is None:
        violations = tuple(absolute_violations(problem, proposed_pairing))
    if engine_pairing is None:
        return Comparison(
            rnd, violations, False, note="The engine found no legal pairing for this round."
        )
    same = matching_of(engine_pairing).pairs == matching_of(proposed_pairing).pairs
    if violations:
        return Comparison(rnd, violations, same)
    if same:
        return Comparison(
            rnd,
            violations,
            same,
            note=colour_note(engine_pairing, proposed_pairing, colour_rule, label),
        )
    if criteria is None:
        return Comparison(
            rnd,
            violations,
            same,
            note=(
                "The proposal is legal. Its quality criteria are not compared for this "
                "system or edition yet."
            ),
        )
    for ev, pv in zip(criteria(engine_pairing), criteria(proposed_pairing)):
        if ev.value == pv.value:
            continue
        if not ev.better:
            return Comparison(
                rnd,
                violations,
                same,
                note=(
                    f"Both pairings are equal on every criterion up to the {ev.where}, where they pair "
                    "differently: the engine's pairs come first in the order in which the rules "
                    "generate candidates."
                ),
            )
        higher = ev.exceeds(pv)
        better = "engine" if higher == (ev.better == "higher") else "proposal"
        return Comparison(
            rnd,
            violations,
            same,
            Difference(ev.id, ev.text, ev.value, pv.value, better, ev.where, ev.better),
        )
    return Comparison(rnd, violations, same, note="Both pairings are equal on every criterion.")


def colour_note(
    engine: RoundPairing,
    proposed: RoundPairing,
    rule: str = "Article 5",
    label: Callable[[int], str] = str,
) -> str:
    """For the same pairs: which boards get other colours than the colour rules (``rule``:
    the FIDE Swiss systems' Article 5) give, the players named by ``label``."""
    white = {frozenset((b.white, b.black)): b.white for b in engine.boards}
    swapped = [
        f"{label(b.black)}-{label(b.white)}"
        for b in proposed.boards
        if white.get(frozenset((b.white, b.black))) not in (None, b.white)
    ]
    if not swapped:
        return "The proposal is the engine's pairing."
    return (
        f"Same pairs; colours differ from {rule} on "
        + ", ".join(swapped)
        + " (engine's colours shown, White first)."
    )
