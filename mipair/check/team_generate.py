"""Random team tournaments, every round paired by mipair (``mipair generate --system team``).

For a system whose tournaments are team ones
(:attr:`~mipair.systems.base.PairingSystem.plays_teams`). The generator's configuration
is read as for individuals, with its players read as **teams**: ``PlayersNumber`` teams (drawn 15..215 when not given) of 2 to 6 boards (drawn
from the seed), each board's player rated between LowestRating and HighestRating; then
round after round:

1. the teams announced out of the round: a team retired (``RetiredRate``: one team in N,
   absent from a random round to the end) or on a half-point bye (``HalfPointByeRate``:
   one team in N, once, never in the last round), written in its players' cells; at
   least two teams stay in every round;
2. the system pairs the round (a match's White: the team with White on board 1);
3. every match is played: a forfeited match (``330``) one in ``ForfeitRate``, else each
   board as the individual generator plays a game (:func:`mipair.check.generate.draw_result`:
   DrawPercentage and the FIDE expected score), a board forfeited one in ``ForfeitRate``;
   the PAB (``320``) is worth a drawn match (C.04.6 1.4).

The file is a TRF-2026 team file (``310``, ``352``, ``362``, ``320``, ``330``; the
system's first 192 code), the seed in its ``012`` record, as for individuals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mipair.check.config import GeneratorConfig
from mipair.check.generate import draw_result, finish, paired_round, plan_absences
from mipair.errors import InputError
from mipair.model import Cell, Colour, Player, Result, Tournament
from mipair.pairing import RoundPairing
from mipair.systems.base import AnySystem
from mipair.teams import ByeRecord, ForfeitedMatch, MatchPointSystem, Team, TeamSection

OTHER_SIDE = {
    Result.WIN: Result.LOSS,
    Result.LOSS: Result.WIN,
    Result.DRAW: Result.DRAW,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
}
MOST_TEAMS = 999
"""The most teams a TRF-2026 file numbers (``310`` columns 5-7)."""
RoundHook = Callable[[Tournament, int, RoundPairing], None]


class TeamGame:
    """One random team tournament in the making."""

    def __init__(
        self, cfg: GeneratorConfig, seed: int, rng: random.Random, code: str, text: str
    ) -> None:
        self.cfg, self.rng = cfg, rng
        count = cfg.players or 2
        boards = rng.randint(2, 6)
        self.boards = boards
        self.sequence = ("WB" * boards)[:boards]
        self.members = {
            n: tuple((n - 1) * boards + k for k in range(1, boards + 1))
            for n in range(1, count + 1)
        }
        players = {}
        for ids in self.members.values():
            ratings = sorted(
                (rng.randint(cfg.lowest_rating, cfg.highest_rating) for _ in ids), reverse=True
            )
            for pid, rating in zip(ids, ratings, strict=True):
                players[pid] = Player(id=pid, name=f"Player {pid:04d}", rating=rating)
        self.byes: list[int] = []
        self.forfeits: list[ForfeitedMatch] = []
        self.t = Tournament(
            players=players,
            results={pid: () for pid in players},
            point_system=cfg.point_system,
            total_rounds=cfg.rounds,
            system=code,
            initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
            headers=(
                ("012", f"Random team tournament (mipair generate, seed {seed})"),
                ("092", text),
            ),
            teams=self.section(),
        )

    def section(self) -> TeamSection:
        draw = self.cfg.point_system.draw
        return TeamSection(
            teams={n: Team(n, f"Team {n:03d}", players=ids) for n, ids in self.members.items()},
            boards=self.sequence,
            match_points=MatchPointSystem(),
            bye=ByeRecord(10, draw * self.boards, tuple(self.byes)) if any(self.byes) else None,
            forfeits=tuple(self.forfeits),
        )

    def with_cells(self, rnd: int, cells: dict[int, Cell]) -> Tournament:
        results = {
            pid: c[: rnd - 1] + ((cells[pid],) if pid in cells else ())
            for pid, c in self.t.results.items()
        }
        return replace(self.t, results=results, teams=self.section())

    def play(self, rnd: int, pairing: RoundPairing, announced: dict[int, Cell]) -> None:
        """Round ``rnd``'s results (see the module docstring)."""
        rate = 1.0 / self.cfg.forfeit_rate if self.cfg.forfeit_rate > 0 else 0.0
        cells = dict(announced)
        self.byes.append(pairing.bye or 0)
        for pid in self.members.get(pairing.bye or 0, ()):
            cells[pid] = Cell(None, None, Result.PAB)
        for match in pairing.boards:
            if self.rng.random() < rate:
                code = self.rng.choice(["+-", "-+"])
                self.forfeits.append(ForfeitedMatch(code, rnd, match.white, match.black))
                for team, sign in ((match.white, code[0]), (match.black, code[1])):
                    result = Result.FORFEIT_WIN if sign == "+" else Result.FORFEIT_LOSS
                    cells.update({pid: Cell(None, None, result) for pid in self.members[team]})
                continue
            ours, theirs = self.members[match.white], self.members[match.black]
            for k, colour in enumerate(self.sequence):
                white, black = (ours[k], theirs[k]) if colour == "W" else (theirs[k], ours[k])
                if self.rng.random() < rate:
                    result = self.rng.choice([Result.FORFEIT_WIN, Result.FORFEIT_LOSS])
                else:
                    ratings = self.t.players[white].rating, self.t.players[black].rating
                    result = draw_result(self.rng, *ratings, self.cfg.draw_percentage / 100.0)
                cells[white] = Cell(black, Colour.WHITE, result)
                cells[black] = Cell(white, Colour.BLACK, OTHER_SIDE[result])
        self.t = self.with_cells(rnd, cells)


def random_team_tournament(
    config: GeneratorConfig,
    seed: int,
    system: AnySystem,
    edition: str | None = None,
    on_round: RoundHook | None = None,
    pair: Callable[[Any], RoundPairing] | None = None,
    on_stop: Callable[[str], None] | None = None,
    most_teams: int | None = MOST_TEAMS,
) -> Tournament:
    """A random team tournament paired by ``system`` (see the module docstring); the
    arguments are :func:`mipair.check.generate.generate`'s, and ``most_teams`` the most
    teams asked for (None: no limit, for a tournament kept in memory: a file numbers 999
    teams at the most)."""
    pair = pair or system.pair
    rng = random.Random(seed)
    cfg = config.resolved(rng)
    cfg.check()
    if most_teams is not None and (cfg.players or 0) > most_teams:
        raise InputError(
            f"{cfg.players} teams: a team file numbers its teams in three columns (310), "
            f"{most_teams} at the most",
            field="PlayersNumber",
        )
    kind = system.generated_type(cfg.players or 0, cfg.rounds)
    game = TeamGame(cfg, seed, rng, kind.code, kind.text)
    rounds = cfg.rounds or 1
    teams = list(game.members)
    plan = plan_absences(cfg, teams, rng, rounds)
    for rnd in range(1, rounds + 1):
        announced = {
            pid: Cell(None, None, plan[(n, rnd)])
            for n in teams
            if (n, rnd) in plan
            for pid in game.members[n]
        }
        cut = game.with_cells(rnd, announced)
        pairing = paired_round(
            lambda: pair(system.state_before(cut, rnd, edition)), rnd, seed, rounds, on_stop
        )
        if pairing is None:
            break
        if on_round is not None:
            on_round(cut, rnd, pairing)
        game.play(rnd, pairing, announced)
    return finish(game.t)
