"""The interface every pairing system implements.

A pairing system (FIDE Dutch, PAPP, McMahon, ...) reads its own tournament
files into a *state* (the tournament as it stands before the round to pair)
and answers the same questions about it. The command line, the checker,
``why``/``explain`` and the HTTP service only ever talk to a
:class:`PairingSystem` found by name in :mod:`mipair.systems.registry`; they
never reach into a system's modules.

What a system must give:

* :meth:`PairingSystem.read`: a file (and an edition, for systems that have
  several) to a state;
* :meth:`PairingSystem.pair`: the next round, or :class:`~mipair.errors.NoPairingError`;
* :meth:`PairingSystem.evaluate`: any complete pairing criterion by
  criterion, in the declared order, each value with its direction, computed
  by the very functions the system optimises;
* :meth:`PairingSystem.problem`: the round's absolute rules as removable
  facts (what ``why`` checks a proposal against and ``explain`` reduces);
* :meth:`PairingSystem.published`: the published rounds of a finished
  tournament, each with the state it was paired from (what ``check`` replays).

Everything else (comparing two pairings, explaining an impossible round,
checking published rounds) is built here from those, the same for every
system; a system may refine it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from mipair.errors import MipairError, NoPairingError
from mipair.pairing import RoundPairing

if TYPE_CHECKING:  # the explanation layer loads only when a comparison or explanation is asked
    from mipair.explain.compare import Comparison
    from mipair.explain.explanation import Explanation
    from mipair.explain.facts import Fact, Matching, PairingProblem
    from mipair.reports import CriterionValue, PublishedRound, Standing, Violation

State = Any
"""A system's tournament state before the round to pair (a Dutch ``Snapshot``, a PAPP event...)."""

BoardMaker = Callable[["Matching"], tuple[tuple[int, int], ...]]
RelaxedPairer = Callable[
    [tuple["Fact", ...]], "tuple[tuple[tuple[int, int], ...], int | None] | None"
]


class UnsupportedError(MipairError):
    """The system does not offer this operation (exit 3: the request cannot be served)."""

    exit_code = 3


class PairingSystem(ABC):
    """One pairing system behind the common interface (see the module docstring)."""

    name: ClassVar[str]
    """The registry name, as on the command line: ``dutch``, ``papp``, ``mcmahon``."""
    title: ClassVar[str]
    """A human title, e.g. "FIDE Dutch system"."""

    def editions(self) -> tuple[str, ...]:
        """The rule editions or variants (``--rules``), the default first; () when none."""
        return ()

    def edition(self, requested: str | None) -> str | None:
        """The edition to use: ``requested`` checked against :meth:`editions`, else the default."""
        known = self.editions()
        if requested is None:
            return known[0] if known else None
        if requested not in known:
            raise UnsupportedError(
                f"unknown rules edition {requested!r} for the {self.name} "
                f"system (one of {', '.join(known) or 'none'})"
            )
        return requested

    # -- what each system implements -------------------------------------------------

    @abstractmethod
    def read(self, path: str, edition: str | None = None) -> State:
        """The state of the tournament in ``path`` before its next round."""

    @abstractmethod
    def round_of(self, state: State) -> int:
        """The number of the round ``state`` is about to pair."""

    @abstractmethod
    def pair(self, state: State) -> RoundPairing:
        """The system's pairing of the round; NoPairingError when none is legal."""

    @abstractmethod
    def evaluate(self, state: State, pairing: RoundPairing) -> Sequence[CriterionValue]:
        """Every criterion of a complete legal ``pairing``, in the declared order.

        UnsupportedError when the system cannot evaluate this state's criteria.
        """

    @abstractmethod
    def problem(self, state: State) -> PairingProblem:
        """The players of the round and every absolute rule among them, as facts."""

    def entrants(self, state: State) -> frozenset[int]:
        """Every player of the tournament, present this round or not (default: the round's)."""
        return frozenset(self.problem(state).players)

    def published(self, path: str, edition: str | None = None) -> Iterator[PublishedRound]:
        """The published rounds of ``path``, each with the state it was paired from."""
        raise UnsupportedError(f"the {self.name} system cannot check published rounds yet")

    def standings(self, state: State) -> list[Standing]:
        """The standings before the round ``state`` is about to pair, best first."""
        raise UnsupportedError(f"the {self.name} system gives no standings yet")

    def describe(self, state: State, pairing: RoundPairing) -> str:
        """The pairing as an arbiter reads it (one board a line)."""
        rows = [f"Round {pairing.round} ({len(pairing.boards)} boards)"]
        rows += [f"{k:4}  {b.white:5} - {b.black:5}" for k, b in enumerate(pairing.boards, 1)]
        if pairing.bye is not None:
            rows.append(f"  bye {pairing.bye:5}")
        return "\n".join(rows) + "\n"

    def order_boards(self, state: State, pairing: RoundPairing) -> RoundPairing:
        """A pairing's boards in the order the system publishes them (default: as given)."""
        return pairing

    # -- built from the above, the same for every system -----------------------------------

    def violations(
        self, state: State, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """Every absolute rule ``pairing`` breaks (structure first, then the facts);
        ``problem``: :meth:`problem` of ``state`` when the caller has it already."""
        from mipair.explain.compare import absolute_violations

        return absolute_violations(problem or self.problem(state), pairing)

    def compare(self, state: State, proposal: RoundPairing) -> Comparison:
        """Hold ``proposal`` against the system's own pairing of the round."""
        try:
            engine: RoundPairing | None = self.pair(state)
        except NoPairingError:
            engine = None
        return self.compare_with(state, engine, proposal)

    def compare_with(
        self, state: State, engine: RoundPairing | None, proposal: RoundPairing
    ) -> Comparison:
        """Like :meth:`compare` with the system's pairing given (None: there is none)."""
        engine_values: Sequence[CriterionValue] = ()
        try:
            if engine is not None:
                engine_values = self.evaluate(state, engine)
        except UnsupportedError:
            supported = False
        else:
            supported = True

        def evaluated(pairing: RoundPairing) -> Sequence[CriterionValue]:
            """The criteria of a pairing; the engine's, evaluated once above, are reused."""
            return engine_values if pairing is engine else self.evaluate(state, pairing)

        criteria = evaluated if supported else None
        problem = self.problem(state)
        from mipair.explain.compare import compare

        return compare(
            problem, engine, proposal, criteria, tuple(self.violations(state, proposal, problem))
        )

    def boards_of(self, state: State) -> BoardMaker:
        """How a matching of the SAT model becomes boards (default: as found)."""
        return lambda m: tuple(m.games)

    def relaxed_pairer(self, state: State, problem: PairingProblem) -> RelaxedPairer | None:
        """The system's own pairer for a round with some facts waived (None: the SAT model's)."""
        return None

    def explain(self, state: State, seconds: float = 3.0, use_engine: bool = True) -> Explanation:
        """Why the round cannot be paired: minimal reason, least relaxation, resulting pairing."""
        problem = self.problem(state)
        pairer = self.relaxed_pairer(state, problem) if use_engine else None
        from mipair.explain.explanation import explain_problem

        return explain_problem(
            problem, boards=self.boards_of(state), pairer=pairer, seconds=seconds
        )
