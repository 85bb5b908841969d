"""A FIDE Swiss system behind the common interface: :class:`FideSystem`.

State: a :class:`~mipair.systems.fide.state.Snapshot` of a TRF tournament
before its next round, computed for one edition
(``models/<system>-<edition>.toml``). Everything a FIDE system does is read
from its edition (criteria data plus one procedure object), so a subclass
names the system and, where the system has more absolute rules than C.04.1's,
its facts. The modules a drop-in round never needs (the facts, the check list,
the relaxed pairer, the summary, the reports) are imported by the methods
that use them, to keep that round's start short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from mipair.model import Tournament
from mipair.pairing import Board, RoundPairing
from mipair.rounds import cut_before, published_pairing, round_to_pair
from mipair.systems.base import RelaxedPairer
from mipair.systems.fide.edition import available_editions, load_edition
from mipair.systems.fide.state import Snapshot, snapshot
from mipair.systems.records import PlayerLabels, Summary
from mipair.systems.trf_system import TrfSystem, boards_text

if TYPE_CHECKING:  # the explanation layer and the reports load only when asked (start-up)
    from mipair.explain.facts import PairingProblem
    from mipair.reports import CriterionValue, PublishedRound, Violation
    from mipair.systems.fide.checklist import RoundCheckList
    from mipair.systems.fide.procedure import Evaluator
    from mipair.systems.registered import Registered


class FideSystem(TrfSystem[Snapshot]):
    """A FIDE Swiss system (C.04): TRF files, the editions of ``models/<name>-*.toml``."""

    models: ClassVar[Path | None] = None
    """Where the system's model files are (None: mipair's ``models/``)."""

    def __init__(self, registered: Registered) -> None:
        super().__init__(registered)
        self.evaluated: tuple[Snapshot, Evaluator] | None = None
        """The last state evaluated and its evaluator (its look-ahead answers are kept)."""

    def editions(self) -> tuple[str, ...]:
        return available_editions(self.name, self.models)

    def snapshot(self, t: Tournament, rnd: int, edition: str | None = None) -> Snapshot:
        """The state of ``t`` before round ``rnd`` by ``edition`` (None: the default)."""
        return snapshot(t, rnd, load_edition(self.name, self.edition(edition), self.models))

    def state_of(self, document: Tournament, edition: str | None = None) -> Snapshot:
        return self.snapshot(document, round_to_pair(document), edition)

    def edition_of(self, state: Snapshot) -> str | None:
        return state.edition.name

    def round_of(self, state: Snapshot) -> int:
        return state.round

    def pair(self, state: Snapshot) -> RoundPairing:
        return pair_snapshot(state)

    def evaluate(self, state: Snapshot, pairing: RoundPairing) -> Sequence[CriterionValue]:
        if self.evaluated is None or self.evaluated[0] is not state:
            evaluator = state.edition.procedure.evaluator(state)
            self.evaluated = (state, evaluator)  # engine and proposal share it
        return self.evaluated[1](pairing)

    def problem(self, state: Snapshot) -> PairingProblem:
        """The edition's facts: C.04.1's (rematches, PAB eligibility, forbidden pairs)
        and the system's own about each pair (:meth:`SwissProcedure.pair_facts`)."""
        from mipair.systems.fide.facts import basic_problem

        return basic_problem(state, state.edition.procedure.pair_facts(state))

    def violations(
        self, state: Snapshot, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """The generic checks, then the edition's on the pairing's own colours."""
        return super().violations(state, pairing, problem) + (
            state.edition.procedure.colour_violations(state, pairing)
        )

    def colour_note(self, state: Snapshot, engine: RoundPairing, published: RoundPairing) -> str:
        return state.edition.procedure.colour_note(state, engine, published)

    def check_list(self, state: Snapshot, pairing: RoundPairing | None) -> RoundCheckList:
        """JaVaFo's check list: each player's pairing data beside the pairing."""
        from mipair.systems.fide.checklist import check_list

        return check_list(state, pairing)

    def relaxed_pairer(self, state: Snapshot, problem: PairingProblem) -> RelaxedPairer | None:
        """A relaxed round paired by the system's own engine (:mod:`~mipair.systems.fide.relaxed`)."""
        from mipair.systems.fide.relaxed import engine_pairer

        return engine_pairer(state, problem)

    def entrants(self, state: Snapshot) -> frozenset[int]:
        return frozenset(state.players)

    def labels(self, state: Snapshot) -> PlayerLabels:
        """Players by pairing number, as TRF files number them."""
        return PlayerLabels({pid: str(pid) for pid in state.players})

    def tournament_of(self, state: Snapshot) -> Tournament:
        return state.tournament

    # -- published rounds (what ``check`` replays) ------------------------------------

    def state_before(self, document: Tournament, rnd: int, edition: str | None = None) -> Snapshot:
        return self.snapshot(document, rnd, edition)

    def published_round(
        self, document: Tournament, rnd: int, edition: str | None = None
    ) -> PublishedRound[Snapshot]:
        from mipair.reports import PublishedRound  # not loaded by a drop-in round

        state = self.state_before(cut_before(document, rnd), rnd, edition)
        return PublishedRound(state, self.order_boards(state, published_pairing(document, rnd)))

    def order_boards(self, state: Snapshot, pairing: RoundPairing) -> RoundPairing:
        """Boards sorted like a published list: higher scores first, then pairing numbers."""
        players = state.players

        def key(board: Board) -> tuple[int, int, int]:
            white, black = players[board.white], players[board.black]
            return (
                -max(white.pairing_score, black.pairing_score),
                -(white.pairing_score + black.pairing_score),
                min(white.tpn, black.tpn),
            )

        return replace(pairing, boards=tuple(sorted(pairing.boards, key=key)))

    def summary(self, path: str) -> Summary:
        from mipair.systems.trf_summary import trf_summary

        return trf_summary(path, self.name, self.title)

    def describe(self, state: Snapshot, pairing: RoundPairing) -> str:
        scores = {pid: player.score for pid, player in state.players.items()}
        heading = f"Round {pairing.round} ({len(pairing.boards)} boards)"
        return boards_text(state.tournament, pairing, scores, heading)


def pair_snapshot(state: Snapshot) -> RoundPairing:
    """Pair ``state`` by its own edition (what :meth:`FideSystem.pair` does)."""
    return state.edition.procedure.pair(state)
