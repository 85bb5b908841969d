"""The FIDE Swiss Team Pairing System (C.04.6) behind the common interface: :class:`TeamSystem`.

State: a :class:`~mipair.systems.team.field.TeamState`, a team file (TRF-2026 ``310``
records, or TRF16's ``013``) before a round. The pairing is the procedure of
:mod:`.procedure`; the players of the pairing, the facts and the criteria are the
*teams*, by team pairing number (the ``310`` number). A board of a pairing is a match:
its White is the team with White on board 1, and :meth:`TeamSystem.describe` shows the
boards of each match (:func:`~mipair.systems.team.colours.board_games`). One edition,
2026 (``models/team-2026.toml``); record 192 says the colour model and the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mipair.model import Tournament, points_to_str
from mipair.pairing import RoundPairing
from mipair.systems.base import BoardMaker
from mipair.systems.records import CheckList, Generated, PlayerLabels, Summary
from mipair.systems.team.field import TeamState, team_state
from mipair.systems.team.settings import settings
from mipair.systems.trf_system import TrfSystem

if TYPE_CHECKING:
    from mipair.explain.compare import Comparison
    from mipair.explain.facts import PairingProblem
    from mipair.reports import CriterionValue, PublishedRound
    from mipair.systems.registered import Registered
    from mipair.systems.team.vertices import RoundVertices


class TeamSystem(TrfSystem[TeamState]):
    """FIDE Swiss Team Pairing System, C.04.6."""

    title = "FIDE Swiss team system"
    plays_teams = True

    def __init__(self, registered: Registered) -> None:
        super().__init__(registered)
        self.evaluated: tuple[TeamState, RoundVertices] | None = None
        """The state a comparison evaluates and its vertices, which the engine's pairing and
        the proposal share (its completion answers kept), for that comparison only."""

    def editions(self) -> tuple[str, ...]:
        return (settings().edition,)

    def edition_of(self, state: TeamState) -> str | None:
        return settings().edition

    # -- reading ------------------------------------------------------------------------

    def state_before(self, document: Tournament, rnd: int, edition: str | None = None) -> TeamState:
        return team_state(document, rnd)

    def state_of(self, document: Tournament, edition: str | None = None) -> TeamState:
        from mipair.systems.team.published import round_to_pair

        return self.state_before(document, round_to_pair(document))

    def round_of(self, state: TeamState) -> int:
        return state.round

    def tournament_of(self, state: TeamState) -> Tournament:
        return state.tournament

    def entrants(self, state: TeamState) -> frozenset[int]:
        return frozenset(state.history)

    def labels(self, state: TeamState) -> PlayerLabels:
        """Teams by team pairing number, as the ``310`` records number them."""
        return PlayerLabels({n: str(n) for n in state.history})

    # -- the round ----------------------------------------------------------------------

    def pair(self, state: TeamState) -> RoundPairing:
        from mipair.systems.team.procedure import pair_round

        return pair_round(state)

    def evaluate(self, state: TeamState, pairing: RoundPairing) -> Sequence[CriterionValue]:
        from mipair.systems.team.evaluate import evaluate

        shared = self.evaluated[1] if self.evaluated and self.evaluated[0] is state else None
        return evaluate(state, pairing, shared)

    def problem(self, state: TeamState) -> PairingProblem:
        from mipair.systems.team.facts import round_problem

        return round_problem(state)

    def compare_with(
        self, state: TeamState, engine: RoundPairing | None, proposal: RoundPairing
    ) -> Comparison:
        """The generic comparison, its note on the engine's pairs in Article 4's terms."""
        from dataclasses import replace

        from mipair.systems.team.evaluate import colour_note
        from mipair.systems.team.vertices import RoundVertices

        with RoundVertices(state) as shared:  # its SAT solver deleted when the comparison ends
            self.evaluated = (state, shared)
            try:
                comparison = super().compare_with(state, engine, proposal)
            finally:
                self.evaluated = None
        if engine is not None and comparison.same_pairs and not comparison.violations:
            return replace(comparison, note=colour_note(state, proposal))
        return comparison

    def colour_note(self, state: TeamState, engine: RoundPairing, published: RoundPairing) -> str:
        from mipair.systems.team.evaluate import colour_note

        return colour_note(state, published)

    def boards_of(self, state: TeamState) -> BoardMaker:
        """A relaxed round's matches, coloured by Article 4."""
        from mipair.systems.team.colours import match_colours

        return lambda m: tuple(match_colours(state, a, b) for a, b in m.games)

    def order_boards(self, state: TeamState, pairing: RoundPairing) -> RoundPairing:
        """The matches in the order of publication (section 7 of the specification); a
        pairing of other players than the round's teams (a desk reading the file's players'
        games) as it is."""
        from dataclasses import replace

        from mipair.pairing import Board
        from mipair.systems.team.procedure import publication_order

        games = [(b.white, b.black) for b in pairing.boards]
        if not all(n in state.teams for game in games for n in game):
            return pairing
        ordered = publication_order(state, games)
        return replace(pairing, boards=tuple(Board(*g) for g in ordered))

    def describe(self, state: TeamState, pairing: RoundPairing) -> str:
        """The matches (pairing scores before the round), each with its boards."""
        from mipair.systems.team.colours import board_games

        section = state.tournament.teams
        assert section is not None
        players = state.tournament.players

        def team(n: int) -> str:
            score = points_to_str(state.teams[n].pairing_score)
            return f"{n:4} {section.teams[n].name[:24]:24} ({score:>5})"

        rows = [f"Round {pairing.round} ({len(pairing.boards)} matches)"]
        for k, b in enumerate(pairing.boards, 1):
            rows.append(f"{k:4}  {team(b.white)}  -  {team(b.black)}")
            for board, (white, black) in enumerate(board_games(state, b.white, b.black), 1):
                names = [players[p].name if p in players else "(empty)" for p in (white, black)]
                rows.append(
                    f"        board {board}: {white:5} {names[0][:24]:24} - {black:5} {names[1][:24]}"
                )
        if pairing.bye is not None:
            rows.append(f"  PAB {team(pairing.bye)}")
        return "\n".join(rows) + "\n"

    def player_cards(self, state: TeamState, pairing: RoundPairing) -> dict[int, dict[str, object]]:
        """Each team's name and its scores before the round."""
        section = state.tournament.teams
        assert section is not None
        return {
            n: {
                "name": section.teams[n].name,
                "score": points_to_str(e.pairing_score),
            }
            for n, e in state.teams.items()
        }

    # -- published rounds ---------------------------------------------------------------

    def rounds_published(self, document: Tournament) -> list[int]:
        from mipair.systems.team.published import rounds_published

        return rounds_published(document)

    def published_round(
        self, document: Tournament, rnd: int, edition: str | None = None
    ) -> PublishedRound[TeamState]:
        from mipair.reports import PublishedRound
        from mipair.systems.team.published import cut_before_team, published_pairing

        state = self.state_before(cut_before_team(document, rnd), rnd)
        return PublishedRound(state, self.order_boards(state, published_pairing(document, rnd)))

    def check_list(self, state: TeamState, pairing: RoundPairing | None) -> CheckList:
        from mipair.systems.team.checklist import check_list

        return check_list(state, pairing)

    def generated_type(self, players: int, rounds: int | None) -> Generated:
        """A random team tournament: type A, match points then game points (the default)."""
        return Generated(settings().default_code, rounds, "Team: Swiss-System (FIDE C.04.6)")

    # -- info ---------------------------------------------------------------------------

    def summary(self, path: str) -> Summary:
        from mipair.systems.trf_summary import trf_summary

        return trf_summary(path, self.name, self.title)
