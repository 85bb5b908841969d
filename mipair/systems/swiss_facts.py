"""A Swiss round's absolute rules as removable facts: the shape every FIDE Swiss system shares.

Each system states its absolute rules (C.04.1's rematch and PAB rules, and the
organiser's forbidden pairs; the Double-Swiss and Team Swiss [C1] and [C2]) as
:class:`~mipair.explain.facts.Fact` in an arbiter's words, what ``why`` checks and
``explain`` reduces. What they share is built here: a fact that keeps two apart
(:func:`pair_fact`) or one from the PAB (:func:`barred_fact`), the forbidden pair's
(:func:`forbidden_fact`), the list of rounds or matches a fact names
(:func:`listed`), and the round's problem (:func:`numbered_problem`): the facts of
every pair in pairing-number order, then those of the players barred from the PAB,
each numbered as the system's model file numbers its kind (``absolute_ids``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from mipair.explain.facts import BYE, Fact, PairingProblem, pair


def listed(numbers: Sequence[int], singular: str, plural: str) -> str:
    """``numbers`` named, e.g. 'round 3' or 'matches 1, 4'."""
    return (singular if len(numbers) == 1 else plural) + " " + ", ".join(map(str, numbers))


def pair_fact(kind: str, a: int, b: int, text: str, relax: str, note: str = "") -> Fact:
    """A rule of ``kind`` that keeps a and b apart, in the system's words (``relax``: how
    an arbiter would lift it)."""
    return Fact(kind, (a, b), text, relax, frozenset({pair(a, b)}), note=note)


def barred_fact(player: int, text: str, relax: str, cause: str) -> Fact:
    """The rule that keeps ``player`` from the PAB, for ``cause``, in the system's words."""
    return Fact("bye", (player,), text, relax, frozenset({pair(player, BYE)}), note=cause)


def forbidden_fact(a: int, b: int, who: str = "players") -> Fact:
    """The organiser forbids a and b to meet (``who``: 'players' or 'teams')."""
    text = f"{who} {a} and {b} are a forbidden pair"
    return pair_fact("forbidden", a, b, text, f"lift the forbidden pair {a}-{b}")


def numbered_problem(
    round_number: int,
    ids: Sequence[int],
    pair_facts: Callable[[int, int], Iterable[Fact]],
    barred_facts: Iterable[Fact],
    numbered: Mapping[str, str],
    structure: Mapping[str, str],
    names: Mapping[int, str] | None = None,
) -> PairingProblem:
    """The players ``ids`` of the round and the facts among them: ``pair_facts(a, b)`` for
    every pair (in the order of ``ids``), then ``barred_facts``; each numbered as
    ``numbered`` (the model file's ``absolute_ids``) numbers its kind, and the round's
    structural rules (``structure``: :attr:`PairingProblem.rules` kind -> its key in
    ``numbered``) too. ``names``: how the system's files name the players."""
    facts = [fact for i, a in enumerate(ids) for b in ids[i + 1 :] for fact in pair_facts(a, b)]
    facts += barred_facts
    facts = [replace(f, criterion=numbered.get(f.kind, f.kind)) for f in facts]
    rules = {kind: numbered[key] for kind, key in structure.items() if key in numbered}
    return PairingProblem(
        round=round_number,
        players=tuple(ids),
        facts=tuple(facts),
        names=dict(names or {}),
        rules=rules,
    )
