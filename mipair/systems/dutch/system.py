"""The FIDE Dutch system behind the common interface (:class:`~mipair.systems.base.PairingSystem`).

State: a :class:`~mipair.model.Snapshot` of a TRF tournament before its next
round, computed for one edition (``models/dutch-<edition>.toml``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from mipair.model import Snapshot, points_to_str
from mipair.pairing import Board, RoundPairing
from mipair.systems.base import BoardMaker, PairingSystem, RelaxedPairer, UnsupportedError
from mipair.systems.dutch.edition import available_editions, load_edition

Evaluator = Callable[[RoundPairing], "list[CriterionValue]"]

if TYPE_CHECKING:  # the explanation layer and the reports load only when asked
    from mipair.explain.facts import PairingProblem
    from mipair.reports import CriterionValue, PublishedRound, Standing, Violation


class DutchSystem(PairingSystem):
    """FIDE (Dutch) System, C.04.3, every edition with a model file."""

    name = "dutch"
    title = "FIDE Dutch system"

    def __init__(self) -> None:
        self.evaluated: tuple[Snapshot, Evaluator] | None = None
        """The last state evaluated and its evaluator (its look-ahead answers are kept)."""

    def editions(self) -> tuple[str, ...]:
        return available_editions()

    def read(self, path: str, edition: str | None = None) -> Snapshot:
        from mipair.formats.trf import read_tournament
        from mipair.snapshot import round_to_pair, snapshot

        rules = self.edition(edition)
        assert rules is not None
        t = read_tournament(path)
        return snapshot(t, round_to_pair(t), rules)

    def round_of(self, state: Snapshot) -> int:
        return state.round

    def pair(self, state: Snapshot) -> RoundPairing:
        from mipair.systems.dutch.engine import pair_dutch

        return pair_dutch(state)

    def evaluate(self, state: Snapshot, pairing: RoundPairing) -> Sequence[CriterionValue]:
        from mipair.systems.dutch.evaluate import WALKED_PROCEDURES, dutch_criteria

        edition = load_edition(state.rules)
        if edition.procedure not in WALKED_PROCEDURES:
            raise UnsupportedError(
                f"the criteria of the Dutch {edition.name} edition are not compared yet "
                f"(only {', '.join(WALKED_PROCEDURES)})"
            )
        if self.evaluated is None or self.evaluated[0] is not state:
            self.evaluated = (state, dutch_criteria(state))  # engine and proposal share it
        return self.evaluated[1](pairing)

    def violations(
        self, state: Snapshot, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """The generic checks, then the general colour rules on the pairing's own colours
        (C.04.1: |CD| <= 2, no colour three times in a row; topscorer pairs excepted)."""
        from mipair.systems.dutch.facts import colour_breaches

        return super().violations(state, pairing, problem) + colour_breaches(state, pairing)

    def problem(self, state: Snapshot) -> PairingProblem:
        from mipair.systems.dutch.facts import dutch_problem

        return dutch_problem(state)

    def entrants(self, state: Snapshot) -> frozenset[int]:
        return frozenset(state.players)

    def boards_of(self, state: Snapshot) -> BoardMaker:
        from mipair.systems.dutch.facts import dutch_boards

        return dutch_boards(state)

    def relaxed_pairer(self, state: Snapshot, problem: PairingProblem) -> RelaxedPairer | None:
        from mipair.systems.dutch.facts import engine_pairer

        return engine_pairer(state, problem)

    def published(self, path: str, edition: str | None = None) -> Iterator[PublishedRound]:
        from mipair.formats.trf import read_tournament
        from mipair.reports import PublishedRound
        from mipair.snapshot import cut_before, published_pairing, rounds_to_check, snapshot

        rules = self.edition(edition)
        assert rules is not None
        t = read_tournament(path)
        for rnd in rounds_to_check(t):
            snap = snapshot(cut_before(t, rnd), rnd, rules)
            yield PublishedRound(snap, self.order_boards(snap, published_pairing(t, rnd)))

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

    def standings(self, state: Snapshot) -> list[Standing]:
        """The ranking after the rounds played: points, then FIDE tie-breaks (C.07).

        The tie-breaks are the file's own list (TRF-2026), else the default of
        ``models/tiebreaks.toml`` (:mod:`mipair.results.standings`).
        """
        from mipair.reports import Standing
        from mipair.results.standings import standings

        names = state.tournament.players
        return [
            Standing(
                row["rank"],
                row["id"],
                names[row["id"]].name,
                str(row["points"]),
                tuple((name, str(value)) for name, value in row["tiebreaks"].items()),
            )
            for row in standings(state.tournament)
        ]

    def describe(self, state: Snapshot, pairing: RoundPairing) -> str:
        t = state.tournament
        rows = [f"Round {pairing.round} ({len(pairing.boards)} boards)"]
        for k, b in enumerate(pairing.boards, 1):
            w, bl = t.players[b.white], t.players[b.black]
            sw, sb = state.players[b.white].score, state.players[b.black].score
            rows.append(
                f"{k:4}  {b.white:5} {w.name[:24]:24} ({points_to_str(sw):>5})  -  "
                f"{b.black:5} {bl.name[:24]:24} ({points_to_str(sb):>5})"
            )
        if pairing.bye is not None:
            rows.append(f"  bye {pairing.bye:5} {t.players[pairing.bye].name}")
        return "\n".join(rows) + "\n"
