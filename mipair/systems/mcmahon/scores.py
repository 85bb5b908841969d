"""McMahon scores and tie-breakers after each round (reference sections 2 and 3).

Values are kept doubled ("X2", SODOS quadrupled) so that half points stay
integers, as OpenGotha keeps them. Rounds are 1-based; "after round r" counts
rounds 1..r, and "after round 0" is the start (SMMS, no wins).

How a round counts for a player (2.2, 3):

* played (a game in that round, whatever its result): the game's points;
  opponents' scores in SOS, SOSOS and SODOS;
* bye: ``genMMS2ValueBye`` / ``genNBW2ValueBye`` points;
* absent (marked as not participating, no game, no bye):
  ``genMMS2ValueAbsent`` / ``genNBW2ValueAbsent``;
* participating but neither paired nor bye: nothing.

The non-played points are summed over the rounds and, with
``genRoundDownNBWMMS``, rounded down to a whole point; game points never are.
An unplayed round counts the player's own SMMS in SOSM (SMMS times the number
of rounds counted in SOSOSM) and 0 in the NBW-based criteria and SODOS.
"""

from __future__ import annotations

from dataclasses import dataclass

from mipair.formats.opengotha import OgTournament
from mipair.systems.mcmahon.params import McMahonParams

PAIRED, BYE, ABSENT, NOT_ASSIGNED = "paired", "bye", "absent", "not assigned"

WIN_POINTS2 = {
    "RESULT_WHITEWINS": (2, 0),
    "RESULT_BLACKWINS": (0, 2),
    "RESULT_EQUAL": (1, 1),
    "RESULT_BOTHWIN": (2, 2),
    "RESULT_BOTHLOSE": (0, 0),
    "RESULT_UNKNOWN": (0, 0),
}
"""Doubled points of (White, Black) by result; ``_BYDEF`` results count the same."""


@dataclass(frozen=True)
class Outcome:
    """What one round was for one player."""

    status: str
    opponent: int | None = None
    white: bool = False
    handicap: int = 0
    points2: int = 0  # doubled game points: 2 win, 1 jigo, 0 loss
    played: bool = False  # a real game: a known result, not decided by default
    known: bool = False  # the result is known
    result: str = ""  # the game's result as the file writes it
    known_colour: bool = True  # the colours were decided (not a nigiri still to make)


def smms(rank: int, correction: int, params: McMahonParams) -> int:
    """Starting McMahon score: the rank held between floor and bar, plus the correction (2.1)."""
    return min(max(rank, params.mm_floor), params.mm_bar) - params.zero + correction


def outcomes(tournament: OgTournament, rounds: int) -> list[list[Outcome]]:
    """``outcomes[p][k]``: round ``k + 1`` of player ``p`` (players in file order)."""
    index = {p.key: i for i, p in enumerate(tournament.players)}
    table = [
        [Outcome(NOT_ASSIGNED if p.plays(k + 1) else ABSENT) for k in range(rounds)]
        for p in tournament.players
    ]
    for g in tournament.games:
        if g.round > rounds:
            continue
        white, black = index[g.white], index[g.black]
        base = g.result.removesuffix("_BYDEF")
        pw, pb = WIN_POINTS2[base]
        real = base != "RESULT_UNKNOWN" and not g.result.endswith("_BYDEF")
        known = base != "RESULT_UNKNOWN"
        table[white][g.round - 1] = Outcome(
            PAIRED, black, True, g.handicap, pw, real, known, g.result
        )
        table[black][g.round - 1] = Outcome(
            PAIRED, white, False, g.handicap, pb, real, known, g.result
        )
    for b in tournament.byes:
        if b.round <= rounds:
            table[index[b.player]][b.round - 1] = Outcome(BYE)
    return table


class Scores:
    """Every player's scores and tie-breakers after each of the first ``rounds`` rounds."""

    def __init__(self, tournament: OgTournament, params: McMahonParams, rounds: int) -> None:
        self.params = params
        self.rounds = rounds
        self.players = tournament.players
        self.outcome = outcomes(tournament, rounds)
        self.smms = [smms(p.rank, p.smms_correction, params) for p in self.players]
        everyone = range(len(self.players))
        absent, bye = params.mms2_absent, params.mms2_bye
        self.mms2 = [self._score(i, 2 * self.smms[i], absent, bye) for i in everyone]
        self.nbw2 = [self._score(i, 0, params.nbw2_absent, params.nbw2_bye) for i in everyone]
        self.virtual_mms2 = [self._virtual(i, 2 * self.smms[i]) for i in everyone]
        self.virtual_nbw2 = [self._virtual(i, 0) for i in everyone]
        self._sos: dict[tuple[int, int, bool], int] = {}

    # -- scores (2.2) ------------------------------------------------------------------

    def _score(self, player: int, start2: int, absent2: int, bye2: int) -> list[int]:
        """Doubled score after rounds 0..rounds: game points plus rounded non-played points."""
        out, games, unplayed = [start2], 0, 0
        for o in self.outcome[player]:
            games += o.points2
            unplayed += absent2 if o.status == ABSENT else bye2 if o.status == BYE else 0
            counted = unplayed // 2 * 2 if self.params.round_down else unplayed
            out.append(start2 + games + counted)
        return out

    def _virtual(self, player: int, start2: int) -> list[int]:
        """The score SOS reads with ``genCountNotPlayedGamesAsHalfPoint``: ½ per non-played round (3)."""
        out, total = [start2], start2
        for o in self.outcome[player]:
            total += o.points2 if o.played else 1
            out.append(total)
        return out

    def mms(self, player: int, after: int) -> int:
        """Doubled MMS after round ``after``."""
        return self.mms2[player][after]

    def nbw(self, player: int, after: int) -> int:
        """Doubled number of wins after round ``after``."""
        return self.nbw2[player][after]

    # -- tie-breakers (3) ----------------------------------------------------------------

    def _opponent_score(self, opponent: int, after: int, mms: bool) -> int:
        if self.params.not_played_as_half:
            return (self.virtual_mms2 if mms else self.virtual_nbw2)[opponent][after]
        return (self.mms2 if mms else self.nbw2)[opponent][after]

    def contributions(self, player: int, after: int, mms: bool) -> list[int]:
        """Doubled SOS contribution of each round 1..after (SOSM with the handicap correction)."""
        out = []
        for o in self.outcome[player][:after]:
            if o.status != PAIRED or o.opponent is None:
                out.append(2 * self.smms[player] if mms else 0)
                continue
            value = self._opponent_score(o.opponent, after, mms)
            if mms:
                value += 2 * o.handicap if o.white else -2 * o.handicap
            out.append(value)
        return out

    def sos(self, player: int, after: int, mms: bool = True) -> int:
        """Doubled SOSM (or SOSW)."""
        key = (player, after, mms)
        if key not in self._sos:
            self._sos[key] = sum(self.contributions(player, after, mms))
        return self._sos[key]

    def sos_minus(self, player: int, after: int, drop: int, mms: bool = True) -> int:
        """Doubled SOS-1 / SOS-2: the smallest one or two contributions left out.

        OpenGotha's edge cases are kept (reference 3): 0 after round 1; after
        round 2, SOSW-1 is the larger contribution and SOSW-2 is 0, while the
        McMahon variants stay 0 until round 3.
        """
        values = self.contributions(player, after, mms)
        if after < 2:
            return 0
        if after == 2:
            return max(values) if drop == 1 and not mms else 0
        return sum(sorted(values)[drop:])

    def sodos(self, player: int, after: int, mms: bool = True) -> int:
        """Quadrupled SODOS: each opponent's (handicap-corrected) score times the result."""
        values = self.contributions(player, after, mms)
        return sum(
            v * o.points2
            for v, o in zip(values, self.outcome[player][:after])
            if o.status == PAIRED
        )

    def sosos(self, player: int, after: int, mms: bool = True) -> int:
        """Doubled SOSOS: the opponents' SOS; an unplayed round counts SMMS x rounds (SOSOSM)."""
        total = 0
        for o in self.outcome[player][:after]:
            if o.status != PAIRED or o.opponent is None:
                total += 2 * self.smms[player] * after if mms else 0
            else:
                total += self.sos(o.opponent, after, mms)
        return total

    def cuss(self, player: int, after: int, mms: bool = True) -> int:
        """Doubled cumulative sum of scores: the score after each round 1..after."""
        scores = self.mms2 if mms else self.nbw2
        return sum(scores[player][1 : after + 1])

    def main_score(self, player: int, after: int) -> int:
        """The score groups are formed by (reference 2.3): MMS or NBW as the placement
        criteria say, in whole points (halves rounded down)."""
        scores = self.mms2 if self.params.main_criterion == "MMS" else self.nbw2
        return scores[player][after] // 2

    def exploits(self, player: int, after: int, won_only: bool) -> int:
        """Doubled EXT (tried) or EXR (won, ``won_only``): each opponent's wins weighted by
        how much harder the game was than the rank difference gives (0 to 3)."""
        total = 0
        for o in self.outcome[player][:after]:
            if o.status != PAIRED or o.opponent is None or (won_only and o.points2 != 2):
                continue
            given = o.handicap if o.white else -o.handicap
            harder = given - (self.players[player].rank - self.players[o.opponent].rank)
            weight = 0 if harder < 0 else min(harder + 1, 3)
            total += self.nbw2[o.opponent][after] * weight
        return total

    def criterion(self, name: str, player: int, after: int) -> int:
        """A placement criterion as an integer that sorts like it (bigger is better).

        DC and SDC need the whole tie (:mod:`~mipair.systems.mcmahon.placement`);
        the rarely used STS, CPS, SOSTS and CAT count 0 here.
        """
        p = self.players[player]
        simple = {
            "MMS": lambda: self.mms(player, after),
            "NBW": lambda: self.nbw(player, after),
            "Rating": lambda: p.rating,
            "Rank": lambda: p.rank,
            "SOSM": lambda: self.sos(player, after),
            "SOSW": lambda: self.sos(player, after, False),
            "SOSM-1": lambda: self.sos_minus(player, after, 1),
            "SOSM-2": lambda: self.sos_minus(player, after, 2),
            "SOSW-1": lambda: self.sos_minus(player, after, 1, False),
            "SOSW-2": lambda: self.sos_minus(player, after, 2, False),
            "SODOSM": lambda: self.sodos(player, after),
            "SODOSW": lambda: self.sodos(player, after, False),
            "SOSOSM": lambda: self.sosos(player, after),
            "SOSOSW": lambda: self.sosos(player, after, False),
            "CUSSM": lambda: self.cuss(player, after),
            "CUSSW": lambda: self.cuss(player, after, False),
            "EXT": lambda: self.exploits(player, after, False),
            "EXR": lambda: self.exploits(player, after, True),
        }
        return simple[name]() if name in simple else 0
