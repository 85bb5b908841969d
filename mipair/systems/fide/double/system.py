"""The FIDE Double-Swiss System (C.04.5) behind the common interface.

State: a :class:`~mipair.systems.fide.double.state.DoubleState`, a TRF
tournament read as matches (match ``k`` is TRF rounds ``2k - 1`` and ``2k``,
``models/double-swiss-2026.md`` section 9) before a match round. Every
question the interface asks is about a match round: the round to pair, the
published rounds ``check`` replays, the state ``generate`` pairs from. A
pairing's boards give the colours of game 1; game 2 is played with them
reversed. The edition is the model file ``models/double-swiss-2026.toml``, its
procedure :class:`~mipair.systems.fide.double.procedure.DoubleSwissProcedure`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from mipair.formats.trf import parse_text, read_tournament
from mipair.matches import GAMES, columns, matches_written, scores_before
from mipair.model import Tournament
from mipair.pairing import Board, RoundPairing
from mipair.rounds import published_pairing
from mipair.systems.fide.double.field import SYSTEM
from mipair.systems.fide.double.state import (
    DoubleState,
    double_state,
    initial_colour,
    match_to_pair,
)
from mipair.systems.fide.edition import available_editions, load_edition
from mipair.systems.records import CheckList, Generated, PlayerLabels, Summary
from mipair.systems.trf_system import TrfSystem, boards_text

if TYPE_CHECKING:
    from mipair.explain.compare import Comparison
    from mipair.explain.facts import PairingProblem
    from mipair.reports import CriterionValue, PublishedRound


class DoubleSwissSystem(TrfSystem[DoubleState]):
    """FIDE Double-Swiss System, C.04.5: every pairing a match of two games."""

    title = "FIDE Double-Swiss system"
    games_per_round: ClassVar[int] = GAMES

    def editions(self) -> tuple[str, ...]:
        return available_editions(SYSTEM)

    def edition_of(self, state: DoubleState) -> str | None:
        return self.edition(None)

    # -- reading ------------------------------------------------------------------------

    def document(self, path: str, text: str | bytes | None = None) -> Tournament:
        """The file read as matches, whatever its tournament type says."""
        if isinstance(text, str):
            return parse_text(text, path, double_swiss=True)
        return read_tournament(path if text is None else text, path, double_swiss=True)

    def state_of(self, document: Tournament, edition: str | None = None) -> DoubleState:
        self.edition(edition)
        return double_state(document, match_to_pair(document))

    def state_before(
        self, document: Tournament, rnd: int, edition: str | None = None
    ) -> DoubleState:
        """The state before match ``rnd`` of ``document`` (its later columns unread)."""
        self.edition(edition)
        return double_state(document, rnd)

    def round_of(self, state: DoubleState) -> int:
        return state.round

    def tournament_of(self, state: DoubleState) -> Tournament:
        return state.tournament

    def entrants(self, state: DoubleState) -> frozenset[int]:
        return frozenset(state.tournament.players)

    def labels(self, state: DoubleState) -> PlayerLabels:
        """Players by pairing number, as TRF files number them."""
        return PlayerLabels({pid: str(pid) for pid in state.tournament.players})

    # -- the round ----------------------------------------------------------------------

    def pair(self, state: DoubleState) -> RoundPairing:
        return load_edition(SYSTEM).procedure.pair(state)

    def evaluate(self, state: DoubleState, pairing: RoundPairing) -> Sequence[CriterionValue]:
        from mipair.systems.fide.double.evaluate import double_criteria

        return double_criteria(state)(pairing)

    def problem(self, state: DoubleState) -> PairingProblem:
        from mipair.systems.fide.double.facts import round_problem

        return round_problem(state, load_edition(SYSTEM))

    def compare_with(
        self, state: DoubleState, engine: RoundPairing | None, proposal: RoundPairing
    ) -> Comparison:
        """The generic comparison, its note on colours in Article 4's terms."""
        comparison = super().compare_with(state, engine, proposal)
        if engine is not None and comparison.same_pairs and not comparison.violations:
            return replace(comparison, note=self.colour_note(state, engine, proposal))
        return comparison

    def colour_note(self, state: DoubleState, engine: RoundPairing, published: RoundPairing) -> str:
        """The matches whose game-1 colours differ from Article 4's (the engine's)."""
        from mipair.explain.compare import colour_note

        return colour_note(engine, published, "Article 4 (C.04.5; White in game 1)")

    def order_boards(self, state: DoubleState, pairing: RoundPairing) -> RoundPairing:
        """Boards as C.04.2 3.6 orders them (the higher score, the sum, the TPN)."""
        from mipair.systems.fide.double.procedure import board_order

        games = board_order(state, [(b.white, b.black) for b in pairing.boards])
        return replace(pairing, boards=tuple(Board(*game) for game in games))

    def describe(self, state: DoubleState, pairing: RoundPairing) -> str:
        """The match round: each board's game-1 colours (game 2 reversed)."""
        total = state.total_matches
        of = f" of {total}" if total is not None else ""
        one, two = columns(state.round)
        heading = (
            f"Match round {pairing.round}{of}, TRF rounds {one} and {two} "
            f"({len(pairing.boards)} boards; White in game 1 first, colours reversed in game 2)"
        )
        scores = scores_before(state.tournament, state.round)
        return boards_text(state.tournament, pairing, scores, heading)

    # -- published rounds ---------------------------------------------------------------

    def rounds_published(self, document: Tournament) -> list[int]:
        """The match rounds in which somebody was paired or given the PAB."""
        return [
            k
            for k in range(1, matches_written(document) + 1)
            if any(
                (cell := document.cell(pid, columns(k)[0])) is not None and cell.takes_part
                for pid in document.players
            )
        ]

    def published_round(
        self, document: Tournament, rnd: int, edition: str | None = None
    ) -> PublishedRound[DoubleState]:
        from mipair.reports import PublishedRound

        state = self.state_before(cut_before_match(document, rnd), rnd, edition)
        game_one = published_pairing(document, columns(rnd)[0])
        return PublishedRound(state, self.order_boards(state, replace(game_one, round=rnd)))

    def check_list(self, state: DoubleState, pairing: RoundPairing | None) -> CheckList:
        from mipair.systems.fide.double.checklist import check_list

        return check_list(state, pairing)

    def generated_type(self, players: int, rounds: int | None) -> Generated:
        """A random Double-Swiss tournament: ``rounds`` match rounds."""
        return Generated(
            self.registered.trf_codes[0], rounds, "Individual: Double-Swiss System (FIDE C.04.5)"
        )

    # -- info ---------------------------------------------------------------------------

    def summary(self, path: str) -> Summary:
        """``info`` in match rounds (the file's TRF rounds are two a match)."""
        from mipair.systems.trf_summary import trf_summary

        t = read_tournament(path, double_swiss=True)
        summary = trf_summary(path, self.name, self.title)
        written = [k for k in self.rounds_published(t)]
        played = written[-1] if written else 0
        total = t.total_rounds // GAMES if t.total_rounds is not None else None
        nxt = played + 1 if total is None or played < total else None
        return summary._replace(
            rounds_played=played,
            round_to_pair=nxt,
            total_rounds=total,
            settings={**summary.settings, "trf_rounds_per_match": GAMES},
        )


def cut_before_match(t: Tournament, rnd: int) -> Tournament:
    """``t`` as it stood when match ``rnd`` was paired: matches 1 .. rnd-1 plus match
    ``rnd``'s announced absences; the initial colour the whole file shows (DS20)."""
    first = columns(rnd)[0]
    results = {}
    for pid, cells in t.results.items():
        keep = cells[: first - 1]
        now = cells[first - 1 : first + 1]
        if now and now[0] is not None and not now[0].takes_part:
            keep = keep + (None,) * (first - 1 - len(keep)) + tuple(now)
        results[pid] = keep
    return replace(
        t,
        results=results,
        total_rounds=t.total_rounds or GAMES * matches_written(t),
        initial_colour=initial_colour(t),
    )
