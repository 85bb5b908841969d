"""The 2012 bye (A5, C13, D4): the player the lowest bracket leaves unpaired.

The 2012 text has no rule giving the bye to the lowest score of the round (the
2017 and 2026 editions do): the brackets are paired from the top, each with as
many pairs as it can make while the lowest one stays pairable (C14, C13), and
the bye is the player left over in the lowest bracket, where the B3 factor
(D4) counts it as meeting an opponent one point below the lowest player.
swissdutch pairs the same way (models/dutch-2012.md).
"""

from __future__ import annotations

from tests.support.dutch_2012 import SYSTEM, roster, round_of


def test_the_top_bracket_keeps_its_pair_and_the_bye_stays_in_the_last_bracket() -> None:
    """1, 2 (1.0) can meet; 3, 4 (0.5) met each other, 3 met 5 (0.0). 1-2 is the top
    bracket's pair (A11/C14); 3 and 4 move down to 5 (C14.a, P1 = 0): 4-5 and the bye
    to 3. Giving 5 the bye would need 1-3 and 2-4, no pair at the top."""
    snap = round_of(
        3,
        *roster(
            (1, "WB"), (1, "BW"), (0.5, "WB", "", [4, 5]), (0.5, "BW", "", [3]), (0, "BW", "", [3])
        ),
    )
    pairing = SYSTEM.pair(snap)
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset((1, 2)),
        frozenset((4, 5)),
    }
    assert pairing.bye == 3


def test_the_lowest_bracket_gives_the_bye_to_its_lowest_player() -> None:
    """1, 2, 3 (1.0) pair two and float one to 4, 5 (0.0): the last bracket pairs the
    floater with a 0.0 player and leaves the other 0.0 player the bye (D4: a bye costs
    (0.0 + 1)², the 1.0 floater's would cost (1.0 + 1)²)."""
    snap = round_of(2, *roster((1, "W"), (1, "B"), (1, "W"), (0, "B"), (0, "W")))
    pairing = SYSTEM.pair(snap)
    assert snap.players[pairing.bye].pairing_score == 0  # type: ignore[index]
