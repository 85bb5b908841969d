"""Small random team tournaments played round by round, for the C.04.6 brute force and engines.

``teams`` teams of ``boards`` players are paired round after round by a pairing function
(the brute force of this package by default), with random board results, now and then a
forfeited match (``330``), a board forfeited, a team absent or taking a half-point bye. The
tournament is an ordinary team file (mipair.formats writes it), so any engine can pair
its next round.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from mipair.model import Tournament
from tests.support.swiss_brute.build import build_teams
from tests.support.swiss_brute.history import RoundPairing
from tests.support.swiss_brute.team import pair_team

Pairer = Callable[[Tournament], RoundPairing]


@dataclass(frozen=True)
class TeamMix:
    """How often the unusual things happen: per board, per match, per team and round."""

    draws: float = 0.3
    board_forfeits: float = 0.03
    forfeited_matches: float = 0.03
    absences: float = 0.03
    half_byes: float = 0.02


def play(
    teams: int,
    rounds: int,
    played: int,
    rng: random.Random,
    *,
    boards: int = 2,
    system: str = "FIDE_TEAM_TYPEA_MP_GP",
    mix: TeamMix = TeamMix(),
    pairer: Pairer = pair_team,
) -> Tournament:
    """The tournament after ``played`` rounds of ``rounds``, with the next round's absences.

    Raises the pairer's NoLegalPairing when a round cannot be paired.
    """
    items: list[list[str]] = []

    def made(upto: list[list[str]]) -> Tournament:
        return build_teams(teams, upto, boards=boards, total=rounds, system=system)

    for rnd in range(1, played + 2):
        away = [
            f"{n}:{'H' if rng.random() < mix.half_byes / (mix.absences + mix.half_byes) else 'Z'}"
            for n in range(1, teams + 1)
            if rng.random() < mix.absences + mix.half_byes
        ]
        if len(away) >= teams - 1:
            away = []
        items.append(away)
        if rnd > played:
            break
        pairing = pairer(made(items))
        for white, black in sorted(pairing.boards):
            if rng.random() < mix.forfeited_matches:
                items[-1].append(f"{white}-{black}/{rng.choice(['+-', '-+', '--'])}")
                continue
            results = ""
            for _ in range(boards):
                x = rng.random()
                if x < mix.board_forfeits:
                    results += rng.choice("+-")
                elif x < mix.board_forfeits + mix.draws:
                    results += "="
                else:
                    results += rng.choice("10")
            items[-1].append(f"{white}-{black}:{results}")
        if pairing.bye:
            items[-1].append(f"{pairing.bye}:U")
    return made(items)
