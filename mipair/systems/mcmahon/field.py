"""The field of a round as the weight function sees it (reference 2.3, 5.4, 6.2).

For every player to pair: McMahon score and wins before the round, score
group (numbered from the top, empty levels included; formed by the main
criterion of the placement: McMahon score, or wins in a Swiss tournament),
size of the group and place inside it (placement criteria after the previous
round, DC included, then the seed system's additional criterion, then surname
and first name), draw-ups and draw-downs so far (by the same main criterion),
colour balance, and whom the player has met.

The players are listed as OpenGotha's Pair button passes them: in the order
of the placement after the previous round (:mod:`~mipair.systems.mcmahon.placement`).
Of two players, the one listed first is the first argument of OpenGotha's
asymmetric pseudo-random terms and colour coin.

Which players the group sizes and places are counted over differs between the
two OpenGotha behaviours (5.6): 3.51 counts every registered player (absent
ones included), 3.52 the players being paired plus the round's bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from mipair.formats.opengotha import OgPlayer, OgTournament
from mipair.systems.mcmahon.params import V351, McMahonParams
from mipair.systems.mcmahon.placement import Placement
from mipair.systems.mcmahon.scores import PAIRED, Scores


@dataclass
class Entrant:
    """One player of the round (``index``: position in the tournament's player list)."""

    index: int
    player: OgPlayer
    smms: int
    mms2: int  # doubled MMS before the round
    nbw2: int  # doubled wins before the round
    group: int = 0  # score group, 0 = the highest level
    group_size: int = 1
    inner: int = 0  # place inside the group, 0 = first
    drawn_up: int = 0
    drawn_down: int = 0
    balance: int = 0  # White minus Black over earlier games without handicap
    met: set[int] = field(default_factory=set)  # indices of earlier opponents
    byes: int = 0  # earlier byes

    @property
    def names(self) -> tuple[str, str]:
        return self.player.name, self.player.first_name


@dataclass
class Field:
    """The players to pair in a round, in OpenGotha's list order, and the bye."""

    params: McMahonParams
    round: int
    scores: Scores
    entrants: list[Entrant]
    bye: Entrant | None
    groups: int  # number of score groups (the range of reference 2.3)
    placement: Placement  # after the previous round


def entrant(scores: Scores, index: int, before: int) -> Entrant:
    """A player's data before round ``before + 1`` (history = rounds 1..before)."""
    e = Entrant(
        index,
        scores.players[index],
        scores.smms[index],
        scores.mms(index, before),
        scores.nbw(index, before),
    )
    for k, o in enumerate(scores.outcome[index][:before]):
        if o.status == PAIRED and o.opponent is not None:
            e.met.add(o.opponent)
            if o.handicap == 0:
                e.balance += 1 if o.white else -1
            mine, theirs = scores.main_score(index, k), scores.main_score(o.opponent, k)
            e.drawn_up += mine < theirs
            e.drawn_down += mine > theirs
        elif o.status == "bye":
            e.byes += 1
    return e


def build_field(
    tournament: OgTournament,
    params: McMahonParams,
    round_number: int,
    to_pair: Sequence[int],
    bye: int | None,
    scores: Scores | None = None,
    placement: Placement | None = None,
) -> Field:
    """The field of ``round_number`` for the players ``to_pair`` (indices), ``bye`` apart."""
    scores = scores or Scores(tournament, params, round_number - 1)
    before = round_number - 1
    placement = placement or Placement(scores, before, params.placement)
    everyone = {i: entrant(scores, i, before) for i in range(len(tournament.players))}
    if params.edition == V351:
        counted = list(everyone)
    else:
        counted = list(to_pair) + ([bye] if bye is not None else [])
    top, bottom = params.group_max(round_number), params.group_min
    groups = top - bottom + 1
    by_group: dict[int, list[int]] = {}
    for i in counted:
        e = everyone[i]
        e.group = min(groups - 1, max(0, top - scores.main_score(i, before)))
        by_group.setdefault(e.group, []).append(i)
    _, extra = params.seed_system(round_number)
    for members in by_group.values():
        members.sort(key=lambda i: placement.key(i, (extra,)))
        for place, i in enumerate(members):
            everyone[i].inner, everyone[i].group_size = place, len(members)
    players = [everyone[i] for i in placement.order(to_pair)]
    chosen = everyone[bye] if bye is not None else None
    return Field(params, round_number, scores, players, chosen, groups, placement)
