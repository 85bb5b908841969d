"""FIDE round robins (C.05) behind the common interface: :class:`RoundRobinSystem`.

State: a :class:`~mipair.systems.roundrobin.state.RoundRobinState`, a TRF
tournament before a round, checked against the Berger table. Its pairing is
the table's round (no search: the pairing numbers placed every player before
round 1), its absolute rules the cycle's (:mod:`.facts`), its criteria the
departures from the table (:mod:`.evaluate`). What ``explain`` explains: a
round the table cannot give because the file departed from the table earlier
in the cycle, so that the table's round repeats a game of the cycle (exit 1).
A withdrawal does not stop a round: the table stays and the absent player's
game is forfeited (C.05). One edition (2026, the model file's); the tournament
type (192) says how many cycles are played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from mipair.errors import InputError, NoPairingError
from mipair.model import Tournament
from mipair.pairing import RoundPairing
from mipair.rounds import (
    cut_before,
    published_pairing,
    round_to_pair,
    scores_before,
)
from mipair.systems.base import BoardMaker
from mipair.systems.records import CheckList, Generated, PlayerLabels, Summary
from mipair.systems.roundrobin import evaluate, facts
from mipair.systems.roundrobin.settings import settings
from mipair.systems.roundrobin.state import (
    RoundRobinState,
    check_field,
    cycles_for,
    generated_type,
    round_robin_state,
    type_of,
)
from mipair.systems.trf_system import TrfSystem, boards_text

if TYPE_CHECKING:
    from mipair.explain.compare import Comparison
    from mipair.explain.facts import PairingProblem
    from mipair.reports import CriterionValue, PublishedRound, Violation


class RoundRobinSystem(TrfSystem[RoundRobinState]):
    """FIDE round robin, C.05 with its Annex 1 (Berger) and Annex 2 (Varma)."""

    title = "FIDE round robin"

    def editions(self) -> tuple[str, ...]:
        """One edition, C.05 as the Handbook in force since 2026 has it (its model file)."""
        return (settings().edition,)

    def edition_of(self, state: RoundRobinState) -> str | None:
        return settings().edition

    # -- reading ------------------------------------------------------------------------

    def state_before(
        self, document: Tournament, rnd: int, edition: str | None = None
    ) -> RoundRobinState:
        return round_robin_state(document, rnd)

    def state_of(self, document: Tournament, edition: str | None = None) -> RoundRobinState:
        checked = check_field(document, type_of(document))
        return self.state_before(checked, round_to_pair(checked))

    def round_of(self, state: RoundRobinState) -> int:
        return state.round

    def tournament_of(self, state: RoundRobinState) -> Tournament:
        return state.tournament

    def entrants(self, state: RoundRobinState) -> frozenset[int]:
        return frozenset(state.tournament.players)

    def labels(self, state: RoundRobinState) -> PlayerLabels:
        """Players by pairing number (the number each drew), as TRF files number them."""
        return PlayerLabels({pid: str(pid) for pid in state.tournament.players})

    # -- the round ----------------------------------------------------------------------

    def pair(self, state: RoundRobinState) -> RoundPairing:
        """The table's round; NoPairingError when it repeats a game (or a bye) of the cycle."""
        broken = facts.table_breaks(state)
        if broken:
            raise NoPairingError(
                f"the Berger table's round {state.round} breaks the cycle's rules: "
                + "; ".join(fact.text for fact in broken)
                + " (the file departs from the table earlier in the cycle: mipair check shows "
                "where)"
            )
        return evaluate.table_pairing(state)

    def evaluate(self, state: RoundRobinState, pairing: RoundPairing) -> Sequence[CriterionValue]:
        return evaluate.criteria(state, pairing)

    def problem(self, state: RoundRobinState) -> PairingProblem:
        return facts.round_problem(state)

    def violations(
        self, state: RoundRobinState, pairing: RoundPairing, problem: PairingProblem | None = None
    ) -> list[Violation]:
        """The cycle's rules a pairing breaks; a departure from the table breaks none (it
        differs: :mod:`.evaluate`)."""
        rules = facts.round_problem(state, with_table=False)
        return super().violations(state, pairing, rules)

    def compare_with(
        self, state: RoundRobinState, engine: RoundPairing | None, proposal: RoundPairing
    ) -> Comparison:
        """The generic comparison, its note for the table's pairs in the table's terms."""
        comparison = super().compare_with(state, engine, proposal)
        if engine is not None and comparison.same_pairs and not comparison.violations:
            return replace(comparison, note=evaluate.colour_note(state, proposal))
        return comparison

    def colour_note(
        self, state: RoundRobinState, engine: RoundPairing, published: RoundPairing
    ) -> str:
        return evaluate.colour_note(state, published)

    def boards_of(self, state: RoundRobinState) -> BoardMaker:
        """A relaxed round's boards: the table's colours for the table's pairs."""
        table = {frozenset((g.white, g.black)): (g.white, g.black) for g in state.table.games}
        return lambda m: tuple(table.get(frozenset(game), game) for game in m.games)

    def order_boards(self, state: RoundRobinState, pairing: RoundPairing) -> RoundPairing:
        from mipair.systems.roundrobin.published import in_table_order

        return in_table_order(state, pairing)

    def describe(self, state: RoundRobinState, pairing: RoundPairing) -> str:
        """The round, a forfeited board (an absent player) marked."""
        notes = {}
        for k, b in enumerate(pairing.boards, 1):
            gone = [p for p in (b.white, b.black) if p in state.absent]
            if gone:
                notes[k] = f"   forfeit: {', '.join(map(str, gone))} absent"
        heading = f"Round {pairing.round} of {state.total_rounds} ({len(pairing.boards)} boards)"
        scores = scores_before(state.tournament, state.round)
        return boards_text(state.tournament, pairing, scores, heading, notes)

    def board_extras(self, state: RoundRobinState, pairing: RoundPairing) -> list[dict[str, int]]:
        """A board with an absent player is forfeited: ``absent`` names him (0: both)."""
        extras: list[dict[str, int]] = []
        for b in pairing.boards:
            gone = [p for p in (b.white, b.black) if p in state.absent]
            extras.append({} if not gone else {"absent": gone[0] if len(gone) == 1 else 0})
        return extras

    # -- published rounds ---------------------------------------------------------------

    def published_round(
        self, document: Tournament, rnd: int, edition: str | None = None
    ) -> PublishedRound[RoundRobinState]:
        from mipair.reports import PublishedRound
        from mipair.systems.roundrobin.published import absent, with_unwritten_games

        cut = replace(cut_before(document, rnd), total_rounds=document.total_rounds)
        state = self.state_before(cut, rnd)
        away = frozenset(p for p in document.players if absent(document, p, rnd))
        state = replace(state, absent=away)
        pairing = with_unwritten_games(state, document, published_pairing(document, rnd))
        return PublishedRound(state, self.order_boards(state, pairing))

    def check_list(self, state: RoundRobinState, pairing: RoundPairing | None) -> CheckList:
        from mipair.systems.roundrobin.checklist import check_list

        return check_list(state, pairing)

    def generated_type(self, players: int, rounds: int | None) -> Generated:
        """A random round robin: single unless the rounds asked make whole cycles (twice a
        cycle's rounds: FIDE's double round robin)."""
        return generated_type(players, rounds)

    def draw_lots(self, t: Tournament, seed: str, by_federation: bool = False) -> Tournament:
        """The drawing of lots (C.05; Annex 2's Varma draw ``by_federation``) for the cycles
        the file's number of rounds makes (without one, its type's)."""
        from mipair.systems.roundrobin.draw import drawn
        from mipair.systems.roundrobin.lots import PLAIN, VARMA

        if len(t.players) < 2:
            raise InputError(
                f"a round robin needs at least 2 players to draw lots, not {len(t.players)}",
                field="drawing of lots",
            )
        if t.total_rounds is None:
            cycles = type_of(t)
        else:
            cycles = cycles_for(len(t.players), t.total_rounds, "142")
        return drawn(t, seed, VARMA if by_federation else PLAIN, cycles)

    # -- info ---------------------------------------------------------------------------

    def summary(self, path: str) -> Summary:
        from mipair.systems.roundrobin.summary import round_robin_settings
        from mipair.systems.trf_summary import trf_summary

        return trf_summary(
            path,
            self.name,
            self.title,
            lambda t: round_robin_settings(t, type_of(t)),
        )
