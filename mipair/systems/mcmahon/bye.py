"""Who gets the bye when the field is odd (reference 6.1), chosen before the matching.

Each candidate gets a weight and the smallest weight sits out; on a tie the
last such player of the list (OpenGotha's list order: the placement after the
previous round, as the Pair button lists the players) does.

* 3.51 (OpenGotha's source): rank + doubled MMS before the round, plus
  ``bye_repeat_weight`` per earlier bye;
* 3.52: doubled MMS plus ``bye_repeat_weight`` per earlier bye, without the
  rank. The reference (10) leaves the 3.52 rule open; this follows pairgoth's
  port of it, which reproduces the byes of the shared ``notsimplemm`` file.
"""

from __future__ import annotations

from collections.abc import Sequence

from mipair.systems.mcmahon.field import Entrant
from mipair.systems.mcmahon.params import V351, McMahonParams, model


def bye_weight(e: Entrant, params: McMahonParams) -> int:
    """The weight of giving ``e`` the bye (smaller = sooner)."""
    repeat = int(model()["scores"]["bye_repeat_weight"]) * e.byes
    rank = e.player.rank if params.edition == V351 else 0
    return rank + e.mms2 + repeat


def choose_bye(candidates: Sequence[Entrant], params: McMahonParams) -> Entrant:
    """The candidate with the smallest weight, the last of the list on a tie."""
    best = candidates[0]
    for e in candidates:
        if bye_weight(e, params) <= bye_weight(best, params):
            best = e
    return best
