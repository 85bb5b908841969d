"""What an edition's procedure object must give (:class:`SwissProcedure`).

An edition of a FIDE system is its model file plus one procedure object,
named in that file (:mod:`mipair.systems.fide.edition`). The object pairs a
round and evaluates any complete pairing by the edition's criteria, so that
the engine and ``why``/``check`` read the same rules from the same place.
A class that lacks a member cannot be loaded as an edition's procedure.
The object is made with the edition's own settings, of the type it names
(:attr:`SwissProcedure.settings_type`, :mod:`mipair.systems.swiss_settings`),
read from the model file and checked when it loads. Each system's absolute
rules beyond C.04.1's are its procedure's hooks, one mechanism for every
system: its own facts about a pair, the breaches of a pairing's own colours and
a note on a published round's colours; each has a default (none).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from mipair.lazy import named
from mipair.systems.swiss_settings import SwissSettings

if TYPE_CHECKING:
    from mipair.explain.facts import Fact
    from mipair.pairing import RoundPairing
    from mipair.reports import CriterionValue, Violation

StateT = TypeVar("StateT")
"""The state a procedure pairs (the FIDE systems': :class:`~mipair.systems.fide.state.Snapshot`)."""
ContextT = TypeVar("ContextT")
"""What a system's criteria know of the bracket a pair is in (Dutch: its ``PairContext``)."""
PlayerT = TypeVar("PlayerT")
"""A player as a system's criteria see it (Dutch: the ``PlayerState`` of the snapshot)."""

Value = int | list[tuple[int, int]]
"""One pair's value of a criterion: a number, or ``(score level, number)`` terms for a
criterion compared level by level."""

Criterion = Callable[[ContextT, PlayerT, PlayerT], Value]
"""A criterion function: (pair context, higher-ranked player, other player) -> value; a
system's criteria module gives the context and player types it reads
(``Criterion[PairContext, PlayerState]``)."""

EditionCriterion = Criterion[Any, Any]
"""A criterion as a model file names it: found by name in its procedure's tables, so its
context and player types are the procedure's own, known to the procedure alone."""

Evaluator = Callable[["RoundPairing"], "Sequence[CriterionValue]"]
"""The criteria of a complete pairing of one round, in the order they count."""


class SwissProcedure(ABC, Generic[StateT]):
    """How an edition pairs a round and judges a pairing."""

    criterion_tables: ClassVar[tuple[str, ...]] = ()
    """Where the model file's function names are looked up (``module:table``, in order;
    each imported only when a name is not found in the ones before)."""

    settings_type: ClassVar[type[SwissSettings]] = SwissSettings
    """The edition's own settings (the model file's other keys), as this procedure reads them."""

    def __init__(self, settings: SwissSettings) -> None:
        self.settings = settings

    def criterion(self, name: str) -> EditionCriterion | None:
        """The criterion function the model file names (None: no such function)."""
        for table in self.criterion_tables:
            functions: dict[str, EditionCriterion] = named(table)
            if name in functions:
                return functions[name]
        return None

    @abstractmethod
    def pair(self, snapshot: StateT) -> RoundPairing:
        """The edition's pairing of the round; NoPairingError when none is legal."""

    @abstractmethod
    def evaluator(self, snapshot: StateT) -> Evaluator:
        """An evaluator of complete legal pairings of the round, criterion by criterion."""

    # -- what the system asks besides (each with a default) ----------------------------

    def pair_facts(self, snapshot: StateT) -> Callable[[int, int], Iterable[Fact]] | None:
        """The system's own absolute facts about a pair of the round, besides C.04.1's
        (:func:`mipair.systems.fide.rules.basic_problem`; default: none)."""
        return None

    def colour_violations(self, snapshot: StateT, pairing: RoundPairing) -> list[Violation]:
        """The absolute rules a pairing's own colours break (default: none is checked)."""
        return []

    def colour_note(self, snapshot: StateT, engine: RoundPairing, published: RoundPairing) -> str:
        """Why a published round with the engine's pairs gives other colours (default: "")."""
        return ""
