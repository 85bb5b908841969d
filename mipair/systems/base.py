"""The interface every pairing system implements.

A pairing system (FIDE Dutch, PAPP, McMahon, ...) reads its own tournament
files into a *state* (the tournament as it stands before the round to pair)
and answers the same questions about it. The command line, the checker,
``why``/``explain`` and the HTTP service only ever talk to a
:class:`PairingSystem` found by name in :mod:`mipair.systems.registry`; they
never reach into a system's modules.

What a system must give:

* :meth:`PairingSystem.document` and :meth:`PairingSystem.state_of`: a file read
  once (its bytes may be given already read: the service never writes an upload
  to disk), and the state before its next round by an edition, for systems that
  have several (:meth:`PairingSystem.read` does both);
* :meth:`PairingSystem.pair`: the next round, or :class:`~mipair.errors.NoPairingError`;
* :meth:`PairingSystem.evaluate`: any complete pairing criterion by
  criterion, in the declared order, each value with its direction, computed
  by the very functions the system optimises;
* :meth:`PairingSystem.problem`: the round's absolute rules as removable
  facts (what ``why`` checks a proposal against and ``explain`` reduces);
* :meth:`~PairingSystem.rounds_published` and :meth:`~PairingSystem.published_round`:
  a finished tournament's published rounds, each with the state it was paired
  from (what ``check`` replays, in this process, on all cores or on a cluster);
* :meth:`PairingSystem.labels`: the players as the system's files name them
  (TRF pairing numbers, OpenGotha keys, PAPP numbers), so that ``why``,
  ``check`` and ``explain`` speak the system's own language;
* :meth:`PairingSystem.summary`: what ``mipair info`` says of a file;
* :meth:`PairingSystem.player_cards` and :meth:`PairingSystem.board_extras`: what
  a pairing shows of each player and board beyond the standings (ratings, Go
  ranks and handicaps), for the service's page and answers;
* :meth:`PairingSystem.generated_type`: the type and rounds of a random tournament
  (``generate``), for systems of TRF files whose rounds the field decides;
* :meth:`PairingSystem.draw_lots`: pairing numbers drawn by lot (a round robin's),
  for the chess desk;
* :attr:`PairingSystem.games_per_round`: the TRF rounds one of its rounds fills (a
  Double-Swiss match: two), for ``generate``; a system with several numbers its own
  rounds in every other answer.

What mipair must know of a system before loading its code (its name, the TRF
codes and file endings that name it, the drop-in flag) is its line in
:data:`mipair.systems.registry.SYSTEMS`; the system carries it as
:attr:`PairingSystem.registered`.

Each system states the types of its document and of its state:
``PairingSystem[Tournament, Snapshot]``, ``PairingSystem[OgTournament, McMahonState]``, ...
A caller that finds a system by name holds an :data:`AnySystem`: it hands the system back
the document and the state the system gave it, never looking inside. Everything else
(comparing two pairings, explaining an impossible round, checking published rounds,
writing check lists) is built here from those, the same for every system; a system may
refine it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from mipair.errors import NoPairingError
from mipair.pairing import RoundPairing
from mipair.systems.records import CheckList, Generated, PlayerLabels, Summary, UnsupportedError

if TYPE_CHECKING:  # the explanation layer loads only when a comparison or explanation is asked
    from mipair.explain.compare import Comparison
    from mipair.explain.explanation import Explanation
    from mipair.explain.facts import Fact, Matching, PairingProblem
    from mipair.model import Tournament
    from mipair.reports import CriterionValue, PublishedRound, Standing, Violation
    from mipair.systems.registered import Registered

DocumentT = TypeVar("DocumentT")
"""A system's tournament file as read once (a TRF ``Tournament``, an OpenGotha tournament...)."""
StateT = TypeVar("StateT")
"""A system's tournament state before the round to pair (a FIDE ``Snapshot``, a PAPP event...)."""

BoardMaker = Callable[["Matching"], tuple[tuple[int, int], ...]]
RelaxedPairer = Callable[
    [tuple["Fact", ...]], "tuple[tuple[tuple[int, int], ...], int | None] | None"
]
Card = dict[str, object]
"""One player as a pairing shows them: ``name``, ``score``, ``rating`` (Go: ``rank``)."""


class PairingSystem(ABC, Generic[DocumentT, StateT]):
    """One pairing system behind the common interface (see the module docstring)."""

    title: ClassVar[str]
    """A human title, e.g. "FIDE Dutch system"."""

    games_per_round: ClassVar[int] = 1
    """The TRF rounds (columns) one round of the system fills: a Double-Swiss match, 2."""

    plays_teams: ClassVar[bool] = False
    """Are its tournaments team ones (``generate`` makes teams of players, not players)?"""
    colour_rule: ClassVar[str] = "Article 5"
    """The rule its colours come from, as ``why`` names it when a proposal has the
    engine's pairs in other colours (the FIDE Swiss systems' Article 5)."""

    def __init__(self, registered: Registered) -> None:
        self.registered = registered
        """The system's line in the registry (:mod:`mipair.systems.registry`)."""

    @property
    def name(self) -> str:
        """The registry name, as on the command line: ``dutch``, ``papp``, ``mcmahon``."""
        return self.registered.name

    @property
    def file_suffixes(self) -> tuple[str, ...]:
        """The file name endings of the system's tournament files (``check DIR`` takes
        these; default: those that name it in the registry)."""
        return self.registered.endings

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

    def edition_written(self, document: DocumentT) -> str | None:
        """The edition the file itself names (a TRF 192 code such as ``FIDE_DUTCH_2017``);
        None when it names none (default: files name no edition)."""
        return None

    def edition_for(self, document: DocumentT, requested: str | None) -> str | None:
        """The edition ``document`` is paired by: ``requested`` (``--rules``), else the one
        the file names, else the default: the arbiter's file says which rules it runs."""
        return self.edition(requested if requested is not None else self.edition_written(document))

    # -- what each system implements -------------------------------------------------

    @abstractmethod
    def document(self, path: str, text: str | bytes | None = None) -> DocumentT:
        """The tournament file at ``path`` read once (``text``: its content, already read, as
        text or as the file's bytes: nothing is then read from disk and ``path`` only names
        the file in messages), for :meth:`state_of`, :meth:`rounds_published` and
        :meth:`published_round`."""

    @abstractmethod
    def state_of(self, document: DocumentT, edition: str | None = None) -> StateT:
        """The state of ``document`` (as :meth:`document` reads it) before its next round."""

    def read(self, path: str, edition: str | None = None, data: bytes | None = None) -> StateT:
        """The state of the tournament in ``path`` before its next round (``data``: the
        file's bytes, already read, as :meth:`document` takes them)."""
        return self.state_of(self.document(path, data), edition)

    @abstractmethod
    def round_of(self, state: StateT) -> int:
        """The number of the round ``state`` is about to pair."""

    @abstractmethod
    def pair(self, state: StateT) -> RoundPairing:
        """The system's pairing of the round; NoPairingError when none is legal."""

    @abstractmethod
    def evaluate(self, state: StateT, pairing: RoundPairing) -> Sequence[CriterionValue]:
        """Every criterion of a complete legal ``pairing``, in the declared order.

        UnsupportedError when the system cannot evaluate this state's criteria.
        """

    @abstractmethod
    def problem(self, state: StateT) -> PairingProblem:
        """The players of the round and every absolute rule among them, as facts."""

    def entrants(self, state: StateT) -> frozenset[int]:
        """Every player of the tournament, present this round or not (default: the round's)."""
        return frozenset(self.problem(state).players)

    def labels(self, state: StateT) -> PlayerLabels:
        """The players as the system's files name them (default: by id)."""
        return PlayerLabels({pid: str(pid) for pid in self.entrants(state)})

    @abstractmethod
    def summary(self, path: str) -> Summary:
        """What ``mipair info`` says of the file at ``path``."""

    # -- a finished tournament, round by round (what ``check`` replays) -----------------

    def rounds_published(self, document: DocumentT) -> list[int]:
        """The rounds of ``document`` that were paired and can be checked."""
        raise UnsupportedError(f"the {self.name} system cannot check published rounds yet")

    def published_round(
        self, document: DocumentT, rnd: int, edition: str | None = None
    ) -> PublishedRound[StateT]:
        """Round ``rnd`` as ``document`` publishes it, with the state it was paired from."""
        raise UnsupportedError(f"the {self.name} system cannot check published rounds yet")

    def state_before(self, document: DocumentT, rnd: int, edition: str | None = None) -> StateT:
        """The state of ``document`` (as :meth:`document` reads it, or a tournament built
        in memory) before round ``rnd`` is paired."""
        raise UnsupportedError(f"the {self.name} system cannot pair a tournament in memory")

    def published(
        self, document: DocumentT, edition: str | None = None
    ) -> Iterator[PublishedRound[StateT]]:
        """The published rounds of ``document`` (as :meth:`document` reads it), each with the
        state it was paired from (``edition``: None for the one the file names)."""
        edition = self.edition_for(document, edition)
        for rnd in self.rounds_published(document):
            yield self.published_round(document, rnd, edition)

    def edition_of(self, state: StateT) -> str | None:
        """The edition (or behaviour) ``state`` is paired by; None for a system without."""
        return None

    def colour_note(self, state: StateT, engine: RoundPairing, published: RoundPairing) -> str:
        """Why a published round with the engine's pairs gives other colours ("": no more
        to say than which boards differ)."""
        return ""

    def check_list(self, state: StateT, pairing: RoundPairing | None) -> CheckList:
        """The check list of the round ``state`` is about to pair, with ``pairing``'s boards
        (None: the round not paired)."""
        raise UnsupportedError(f"the {self.name} system keeps no check list")

    def generated_type(self, players: int, rounds: int | None) -> Generated:
        """What a random tournament of ``players`` asked for ``rounds`` rounds (None: drawn
        by the generator) says it is: by default the system's first 192 code, the rounds as
        asked and a Swiss system's 092 text."""
        codes = self.registered.trf_codes
        text = f"Individual: Swiss-System (FIDE {self.name.capitalize()})"
        return Generated(codes[0] if codes else text, rounds, text)

    def draw_lots(self, t: Tournament, seed: str, by_federation: bool = False) -> Tournament:
        """``t``, before round 1, its players numbered by a drawing of lots from ``seed``
        (``by_federation``: keeping federations apart), the draw recorded in the file;
        UnsupportedError for a system whose pairing numbers are not drawn."""
        raise UnsupportedError(
            f"the {self.name} system draws no lots: its pairing numbers follow the players' "
            "initial order"
        )

    # -- standings ---------------------------------------------------------------------

    def tournament_of(self, state: StateT) -> Tournament | None:
        """The TRF tournament of ``state``, for systems whose files are TRF: their
        standings are FIDE's tie-breaks (C.07), computed by :mod:`mipair.results`."""
        return None

    def standings(self, state: StateT) -> list[Standing]:
        """The standings before the round ``state`` is about to pair, best first."""
        raise UnsupportedError(f"the {self.name} system gives no standings yet")

    def describe(self, state: StateT, pairing: RoundPairing) -> str:
        """The pairing as an arbiter reads it (one board a line)."""
        rows = [f"Round {pairing.round} ({len(pairing.boards)} boards)"]
        rows += [f"{k:4}  {b.white:5} - {b.black:5}" for k, b in enumerate(pairing.boards, 1)]
        if pairing.bye is not None:
            rows.append(f"  bye {pairing.bye:5}")
        return "\n".join(rows) + "\n"

    def order_boards(self, state: StateT, pairing: RoundPairing) -> RoundPairing:
        """A pairing's boards in the order the system publishes them (default: as given)."""
        return pairing

    def player_cards(self, state: StateT, pairing: RoundPairing) -> dict[int, Card]:
        """What a pairing shows of each player beyond the standings' names and points
        (default: for a system of TRF files, each player's name and rating)."""
        t = self.tournament_of(state)
        if t is None:
            return {}
        return {pid: {"name": p.name, "rating": p.rating or None} for pid, p in t.players.items()}

    def board_extras(self, state: StateT, pairing: RoundPairing) -> list[dict[str, int]]:
        """What each board of ``pairing`` carries beyond its players (default: nothing)."""
        return [{} for _ in pairing.boards]

    # -- built from the above, the same for every system -----------------------------------

    def write_check_lists(self, path: str, lists: Sequence[CheckList]) -> None:
        """Write check lists (:meth:`check_list`, one a round) to ``path``: one JSON
        document when its name ends with ``.json``, else their text one after another."""
        import json  # not loaded by a drop-in round without -l

        from mipair.formats.text import save

        if path.lower().endswith(".json"):
            rounds = {"rounds": [round_list.to_json() for round_list in lists]}
            save(path, json.dumps(rounds, indent=1) + "\n")
        else:
            save(path, "\n".join(round_list.text() for round_list in lists))

    def violations(
        self, state: StateT, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """Every absolute rule ``pairing`` breaks (structure first, then the facts);
        ``problem``: :meth:`problem` of ``state`` when the caller has it already."""
        from mipair.explain.compare import absolute_violations  # not loaded by a drop-in round

        return absolute_violations(problem or self.problem(state), pairing)

    def compare(self, state: StateT, proposal: RoundPairing) -> Comparison:
        """Hold ``proposal`` against the system's own pairing of the round."""
        try:
            engine: RoundPairing | None = self.pair(state)
        except NoPairingError:
            engine = None
        return self.compare_with(state, engine, proposal)

    def compare_with(
        self, state: StateT, engine: RoundPairing | None, proposal: RoundPairing
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
        from mipair.explain.compare import compare  # not loaded by a drop-in round

        violations = tuple(self.violations(state, proposal, problem))
        label = self.labels(state).label
        return compare(problem, engine, proposal, criteria, violations, self.colour_rule, label)

    def boards_of(self, state: StateT) -> BoardMaker:
        """How a matching of the SAT model becomes boards (default: as found)."""
        return lambda m: tuple(m.games)

    def relaxed_pairer(self, state: StateT, problem: PairingProblem) -> RelaxedPairer | None:
        """The system's own pairer for a round with some facts waived (None: the SAT model's)."""
        return None

    def explain(self, state: StateT, seconds: float = 3.0, use_engine: bool = True) -> Explanation:
        """Why the round cannot be paired: minimal reason, least relaxation, resulting pairing."""
        problem = self.problem(state)
        pairer = self.relaxed_pairer(state, problem) if use_engine else None
        from mipair.explain.explanation import explain_problem  # not loaded by a drop-in round

        return explain_problem(
            problem, boards=self.boards_of(state), pairer=pairer, seconds=seconds
        )


AnySystem = PairingSystem[Any, Any]
"""A system as the registry gives it, found by name: its document and state types are its
own, and a caller only hands back to it what it gave."""
