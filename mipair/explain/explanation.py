"""Explanations of rounds that cannot be paired: reason, least relaxation, resulting pairing.

:func:`explain_problem` works on any system's :class:`PairingProblem`; each
system (:class:`mipair.systems.base.PairingSystem`) passes its facts, its board
maker and, when it can, its own pairer for the relaxed round.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from mipair.explain.encoding import PairingSat
from mipair.explain.facts import BYE, Fact, Matching, PairingProblem, pair
from mipair.explain.mus import find_reason, least_relaxations, smallest_mus
from mipair.explain.witness import summary as witness_summary
from mipair.pairing import numbered_boards

SAT_SOURCE = "sat-model"
ENGINE_SOURCE = "engine"
SOURCE_TEXT = {
    SAT_SOURCE: "a legal pairing under the relaxed rules, taken from the SAT model; "
    "the pairing system might choose another",
    ENGINE_SOURCE: "the pairing system's own choice for the relaxed round",
}


@dataclass(frozen=True)
class Relaxation:
    """Facts to waive, and a pairing the round then admits."""

    waived: tuple[Fact, ...]
    boards: tuple[tuple[int, int], ...]  # (white, black)
    bye: int | None
    source: str = SAT_SOURCE
    rules_choice: bool = False
    """Among the relaxations of this size, the one the pairing system itself picks
    when all of them are allowed at once (see :func:`rules_choice`)."""

    def to_json(self) -> dict[str, object]:
        return {
            "waive": [f.to_json() for f in self.waived],
            "rules_choice": self.rules_choice,
            "pairing": {
                "source": self.source,
                "boards": numbered_boards(self.boards),
                "bye": self.bye,
            },
        }


@dataclass(frozen=True)
class Explanation:
    """Why a round cannot be paired, and the least change that would allow it.

    ``smallest``: no reason with fewer facts exists; ``irreducible``: every
    fact of the reason is needed (False only when the time limit stopped the
    reduction); ``least``: no relaxation with fewer changes exists (False: the
    one given is minimal, none of its changes can be left out).
    """

    round: int
    pairable: bool
    reason: tuple[Fact, ...] = ()
    summary: str = ""
    smallest: bool = True
    relaxations: tuple[Relaxation, ...] = ()  # all of the least size; the first is proposed
    seconds: float = 0.0
    irreducible: bool = True
    least: bool = True
    names: Mapping[int, str] = field(default_factory=dict, compare=False)
    """The players as the system's files name them (empty: by id)."""
    paired_anyway: bool = False
    """The round cannot be paired under every fact, but the system pairs it all the same by
    waiving only facts it avoids without barring them (:attr:`PairingProblem.avoided`)."""
    avoided: tuple[str, ...] = ()
    """How the text names those kinds of fact."""

    @property
    def has_pairing(self) -> bool:
        """The system pairs the round (the explain command's exit 0)."""
        return self.pairable or self.paired_anyway

    def short(self) -> str:
        """One line for stderr."""
        if self.pairable:
            return f"round {self.round} can be paired"
        line = f"round {self.round} cannot be paired: {self.summary}"
        if self.relaxations:
            line += "; least relaxation: " + ", ".join(f.relax for f in self.relaxations[0].waived)
        if self.paired_anyway:
            line += f"; the system pairs it all the same, with as few {self._avoided} as it can"
        return line

    @property
    def _avoided(self) -> str:
        return ", ".join(self.avoided)

    def text(self) -> str:
        """The full explanation for an arbiter."""
        if self.pairable:
            return f"Round {self.round} can be paired: nothing to explain.\n"
        n = len(self.reason)
        facts = f"{n} fact{'s' if n != 1 else ''}"
        if not self.irreducible:
            head = (
                f"Reason ({facts} that together make the round impossible; the time limit "
                "stopped their reduction, so some may be unnecessary):"
            )
        else:
            size = "a smallest" if self.smallest else "an irreducible"
            head = (
                f"Reason ({size} set of {facts} that together make the round impossible; "
                "none of them can be left out of the reason):"
            )
        out = [f"Round {self.round} cannot be paired.", ""]
        if self.paired_anyway:
            out[0] = f"Round {self.round} cannot be paired under every rule."
            out += [
                f"The system pairs it all the same: it avoids {self._avoided} at all cost but "
                "does not bar them, and its pairing (`mipair solve`) has as few as it can.",
                "",
            ]
        out += [head, f"  {self.summary}."]
        out += [f"  - {f.text}" for f in self.reason]
        if self.relaxations:
            best = self.relaxations[0]
            k = len(best.waived)
            if k > 1 and self.least:
                out.append(
                    f"  Waiving any one fact is not enough: other facts of the round still "
                    f"forbid every pairing; the least relaxation needs {k} changes."
                )
            kind = (
                "Least relaxation"
                if self.least
                else "A relaxation (none of its changes can be left out; a smaller one may exist)"
            )
            choice = (
                "; the rules' choice: with every relaxation of this size allowed at once, the "
                "pairing system itself picks this one"
                if best.rules_choice
                else ""
            )
            out += ["", f"{kind} ({k} change{'s' if k != 1 else ''}{choice}):"]
            out += [f"  - {f.relax}" for f in best.waived]
            out += ["", f"Resulting pairing ({SOURCE_TEXT[best.source]}):"]
            name = self.names.get
            out += [
                f"  {i:4}  {name(w, str(w)):>5} - {name(b, str(b))}"
                for i, (w, b) in enumerate(best.boards, 1)
            ]
            if best.bye is not None:
                out.append(f"   bye  {name(best.bye, str(best.bye)):>5}")
            if len(self.relaxations) > 1:
                out += ["", "Other relaxations of the same size:"]
                out += ["  - " + "; ".join(f.relax for f in r.waived) for r in self.relaxations[1:]]
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "pairable": self.pairable,
            "reason": {
                "summary": self.summary,
                "smallest": self.smallest,
                "irreducible": self.irreducible,
                "facts": [f.to_json() for f in self.reason],
            },
            "relaxations": [r.to_json() for r in self.relaxations],
            "relaxation_is_least": self.least,
            "paired_anyway": self.paired_anyway,
            "seconds": round(self.seconds, 3),
        }


SMALLEST_SEARCH_MAX = 40
"""Reasons with more facts are not searched for a smaller one (the search could not finish)."""

BoardMaker = Callable[[Matching], tuple[tuple[int, int], ...]]
Pairer = Callable[[tuple[Fact, ...]], tuple[tuple[tuple[int, int], ...], int | None] | None]


def explain_problem(
    problem: PairingProblem,
    *,
    boards: BoardMaker | None = None,
    pairer: Pairer | None = None,
    seconds: float = 3.0,
    alternatives: int = 5,
) -> Explanation:
    """Explain ``problem`` (any pairing system) in about ``seconds`` once it is known impossible.

    ``boards(matching)`` gives the (white, black) boards of a resulting pairing;
    ``pairer(waived)`` may pair the relaxed round with the system itself
    (returning boards and bye, or None to keep the SAT model's pairing).
    The time is shared: reduction of the reason, the search for a smaller
    one, MaxSAT for the relaxation, the summary; each phase that runs out
    says so in the explanation's flags.
    """
    start = time.monotonic()
    make = boards or (lambda m: tuple(m.games))
    with PairingSat(problem) as sat:
        if sat.solve(range(len(problem.facts))) is not None:
            return Explanation(problem.round, True, seconds=time.monotonic() - start)
        reason, irreducible = find_reason(sat, start + 0.45 * seconds)
        smallest = False
        if irreducible and len(reason) <= SMALLEST_SEARCH_MAX:
            reason, smallest = smallest_mus(sat, reason, start + 0.6 * seconds)
        # the rules choose among every relaxation of the least size (a reason's facts at most)
        wanted = max(alternatives, len(reason)) if pairer is not None else alternatives
        corrections, least = least_relaxations(sat, reason, start + 0.9 * seconds, wanted)
        paired_anyway = bool(problem.avoided) and (
            sat.solve([i for i, f in enumerate(problem.facts) if f.kind not in problem.avoided])
            is not None
        )
    candidates = [tuple(problem.facts[i] for i in mcs) for mcs, _ in corrections]
    first = rules_choice(candidates, pairer) if pairer is not None else None
    order = list(range(len(corrections)))
    if first is not None:
        order = [first] + [k for k in order if k != first]
    relaxations = []
    for k in order[:alternatives]:
        waived, matching = candidates[k], corrections[k][1]
        relaxation = _relaxation(waived, matching, make, pairer if k == order[0] else None)
        relaxations.append(replace(relaxation, rules_choice=k == first))
    return Explanation(
        problem.round,
        False,
        tuple(problem.facts[i] for i in reason),
        witness_summary(problem, reason, start + seconds),
        smallest,
        tuple(relaxations),
        time.monotonic() - start,
        irreducible,
        least,
        problem.names,
        paired_anyway,
        tuple(problem.avoided[kind] for kind in sorted(problem.avoided)),
    )


def rules_choice(candidates: list[tuple[Fact, ...]], pairer: Pairer) -> int | None:
    """Which of several relaxations of the same size the pairing system would choose.

    The system pairs the round with every candidate's facts waived at once; the
    candidate whose facts include every waived fact that pairing uses is the
    rules' own choice (e.g. the bye to the player the edition's bye rule picks).
    None when there is no choice to make or the system cannot say.
    """
    if len(candidates) < 2:
        return None
    union = tuple(dict.fromkeys(f for waived in candidates for f in waived))
    got = pairer(union)
    if got is None:
        return None
    boards, bye = got
    pairs = {pair(w, b) for w, b in boards} | ({pair(bye, BYE)} if bye is not None else set())
    used = {f for f in union if f.blocks & pairs}
    return next((k for k, waived in enumerate(candidates) if used <= set(waived)), None)


def _relaxation(
    waived: tuple[Fact, ...], matching: Matching, make: BoardMaker, pairer: Pairer | None
) -> Relaxation:
    if pairer is not None:
        got = pairer(waived)
        if got is not None:
            return Relaxation(waived, got[0], got[1], ENGINE_SOURCE)
    return Relaxation(waived, make(matching), matching.bye, SAT_SOURCE)
