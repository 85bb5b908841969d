"""Write the hand-worked 2012 scenarios of this folder as TRF(x) files.

Each scenario: the articles it exercises, the rounds played (``W-B`` a game,
White first, with ``:1`` White wins, ``:=`` a draw (default), ``:0`` Black
wins; ``PU`` the pairing-allocated bye of player P), the initial colour, the
number of rounds, the expected pairing of the next round and how it was worked
out by hand. The expectation is written into the file as a ``### expect:``
comment (White-Black, then ``bye P``); tests/systems/fide/dutch/test_dutch_2012_scenarios.py pairs
every file with ``--rules 2012`` and compares. Players are numbered by rating,
so pairing numbers are ids. Run ``python scenarios/dutch-2012/build.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

from mipair.formats.trf_write import write_tournament
from mipair.model import Cell, Colour, Player, Result, Tournament

HERE = Path(__file__).resolve().parent
GAME = {
    "1": (Result.WIN, Result.LOSS),
    "=": (Result.DRAW, Result.DRAW),
    "0": (Result.LOSS, Result.WIN),
}

# name: (articles, players, total rounds, initial colour, rounds played, expected, reasoning)
SCENARIOS: dict[str, tuple[str, int, int, str, list[str], str, str]] = {
    "round1-even": (
        "C4-C6, E5, F4",
        6,
        5,
        "white1",
        [],
        "1-4 5-2 3-6",
        """All six players are in one homogeneous bracket: S1 = 1 2 3, S2 = 4 5 6,
and the first candidate (C6) pairs 1-4, 2-5, 3-6. Nobody has a preference:
E5 gives S1's odd players the initial colour (White) and its even ones the
other: 1 White, 2 Black, 3 White.""",
    ),
    "round1-odd": (
        "A5, C4-C6, E5, F4",
        7,
        5,
        "white1",
        [],
        "1-4 5-2 3-6 bye 7",
        """Seven players: P0 = 3, S1 = 1 2 3, S2 = 4 5 6 7. 1-4, 2-5, 3-6 and the
last player, 7, is left over: the bye (A5, F4). Colours by E5 as in a round 1
with White first.""",
    ),
    "round1-black": (
        "E5, F4",
        4,
        3,
        "black1",
        [],
        "3-1 2-4",
        """S1 = 1 2, S2 = 3 4: 1-3 and 2-4. The initial colour drawn is Black
(XXC black1): S1's first player gets Black, the second White (E5).""",
    ),
    "transposition": (
        "B1, B4, A8, C7, C8, D1.1, D2, E1",
        6,
        5,
        "white1",
        ["1-4 5-2 3-6"],
        "6-1 2-3 4-5",
        """All drew: one bracket of 0.5. Preferences (A7.c, weak): 1, 3, 5 Black
(they had White), 2, 4, 6 White. The first transposition without a rematch
is 1-5 2-6 3-4, with two pairs breaking a preference (X = 2). X = 0 needs
every pair to join a Black- and a White-preferrer: 1-2 3-4 5-6 (exchange 2
for 5, difference 3) or 1-6 2-3 4-5 (exchange 3 for 4, difference 1). D2
takes the smallest difference: S1 = 1 2 4, S2 = 3 5 6, pairs 1-6, 2-3, 4-5.
Colours by E1: 6-1, 2-3, 4-5; all boards at 0.5, ordered by the higher
player's number.""",
    ),
    "exchange": (
        "B1, B4, C8, D2, E1",
        4,
        5,
        "white1",
        ["1-3 4-2"],
        "2-1 3-4",
        """All drew: one bracket. S1 = 1 2, S2 = 3 4; 1-3 is a rematch (B1), the
transposition 1-4 2-3 breaks two preferences (1 and 4 want Black, 2 and 3
White). The exchange 2<->3 (D2: difference 1) gives S1 = 1 3, S2 = 2 4 and
the pairs 1-2, 3-4, both preferences granted: 2-1, 3-4.""",
    ),
    "heterogeneous": (
        "A3, C1, C6, D1.2, B4, E1",
        6,
        5,
        "white1",
        ["1-4:1 2-5:1 6-3:0"],
        "3-1 4-2 5-6",
        """After round 1: 1, 2, 3 on 1 point (1 and 2 had White, 3 Black), 4, 5, 6
on 0. Top bracket, odd: one pair. 1-2 would give two Black-preferrers (X = 1);
1-3 grants both (X = 0), and 2 floats down (the next bracket pairs completely
either way). The next bracket is 2 (moved down) + 4 5 6: heterogeneous (one
of four, A3). 2 meets the highest resident possible (D1.2): 4 (2 met 5).
Residual: 5-6. Colours: 3 White (1 prefers Black), 4 White (2 prefers Black),
5 White (5 had Black, 6 White).""",
    ),
    "incompatible": (
        "C1, A3, C14, D1.1, B1, A7.a, E1",
        4,
        5,
        "white1",
        ["1-3:1 2-4:1", "1-2 3-4"],
        "4-1 2-3",
        """After two rounds 1 and 2 have 1.5 and have met: in their bracket each is
incompatible (C1) and both move down (C14: P1 = 0). The last bracket holds
1 2 (moved down) and 3 4: half of it moved down, so it is paired as
homogeneous (A3): S1 = 1 2, S2 = 3 4. 1-3 is a rematch; the transposition
1-4 2-3 has no rematch. Colours: 1 had White twice (absolute Black), 4 Black
twice (absolute White): 4-1. 2 (White, Black: prefers White) and 3 (Black,
White: prefers Black): 2-3. Boards: both pairs have a 1.5 player; the
higher-numbered one goes first.""",
    ),
    "topscorers": (
        "B2 note, A10, C10.g, C1, A3, E2-E4",
        6,
        3,
        "white1",
        ["1-4:1 2-5:1 3-6:1", "1-6:1 2-4:1 5-3:="],
        "2-1 4-3 6-5",
        """Last round (3 of 3). 1 and 2 have 2 points and had White twice (absolute
Black); they are topscorers (more than half of 2 points, A10). 1-2 breaks B2,
but only between topscorers, and B2 is the last requirement C10.g drops, to
avoid floaters: 1-2 is paired. Colours: both absolute for Black and never had
different colours (E3): the higher-ranked 1 gets its preference (E4): 2-1.
3 (1.5) is alone and moves down; 5 (0.5) has met it, so both move down
(C1) to 4 and 6 (0): half of that bracket moved down, so it is homogeneous
(A3). 4 and 6 had Black twice (absolute White) and may not meet (B2, not
topscorers). 3 met 5 and 6: 3-4 and 5-6. Colours: 4 absolute White: 4-3;
6 absolute White, 5 (Black, White) prefers Black: 6-5.""",
    ),
    "bye-barred": (
        "B1.b, A5, B5, D1.1, D1.2, E1, E2",
        5,
        5,
        "white1",
        ["1-4:1 2-5:1 3U"],
        "3-1 4-2 bye 5",
        """After round 1: 1, 2, 3 on 1 point (3 by the bye), 4, 5 on 0. Top bracket:
one pair. 1-2 breaks a preference (both had White); 1-3 and 2-3 do not. 3 got
its point without playing: a downfloater (B1.b), so B5 keeps it paired rather
than floated again; 1-3 is the first of the two in D1 order (S1 = 1, S2 = 2
3). 3 has no colour history: 1 gets Black (3-1). 2 moves down to 4 and 5, the
lowest bracket: 2 meets 4 (it met 5), and 5 is left over for the bye (A5; 3,
who had one, could not: B1.b).""",
    ),
    "bye-left-over": (
        "A5, B1, A3, C13, C14.a, D4, B4, E1, E2",
        5,
        5,
        "black1",
        ["3-1:0 2-4 5U"],
        "1-5 4-3 bye 2",
        """After round 1: 1 and 5 on 1 point (5 by the bye, so no second one: B1.b), 2
and 4 on 0.5 (they drew together), 3 on 0. The top bracket 1 5 makes its pair
1-5 (A11, C14: P1 is lowered only when the rest cannot be paired, and it can).
2 and 4 have met (B1.a): P1 = 0, both move down (C14.a) to 3, the lowest
bracket (two MDPs of three: homogeneous, A3). 3 meets 2 or 4, the other gets
the bye; the B3 factor (D4) is 0.5² + 1.5² either way. 3 and 2 both prefer
Black (they had White), 4 White: 3-4 grants both (B4), so 4-3 and the bye to
2. The 2012 text has no rule giving the bye to the lowest score of the round:
giving it to 3 would cost the top bracket its pair (1-2 or 1-4 and 5-4 or
5-2). Colours: 1 prefers White (it had Black), 5 has no history (E2): 1-5.""",
    ),
    "last-bracket": (
        "C12, C13, A3, D1.2, B4, E1",
        6,
        5,
        "white1",
        ["1-4 2-5 3-6:1"],
        "4-3 5-1 6-2",
        """After round 1: 3 on 1 point, 1 2 4 5 on 0.5, 6 on 0 (it met 3). 3 moves
down into 1 2 4 5 (heterogeneous, A3); 6, alone in the last bracket, needs
one player of that bracket to float to it (C13: the bracket above must leave
the last one pairable). Preferences: 1, 2, 3 Black; 4, 5, 6 White. 3 meets
the highest resident that grants both preferences: 4 (1 and 2 would break
one, D1.2 order comes after the colour requirement). Residual 1 2 5: 1-5
(2-5 is a rematch), 2 floats to 6. Colours: 4-3, 5-1, 6-2.""",
    ),
    "strong-as-absolute": (
        "A7.d, B1.b, B4, D1.2, E1, E2",
        5,
        5,
        "white1",
        ["1-4:1 2-5:1 3U", "3-1:1 4-2:1 5U"],
        "2-3 5-4 bye 1",
        """Round 3 (odd). 3 leads with 2 points, 1 2 4 5 have 1. 3 moves down
into their bracket (heterogeneous). 3 and 5 had a bye, so they have played
one game: strong preferences (3 Black, 5 White), treated as absolute in an
odd round (A7.d); 1 and 2 prefer White, 4 Black. Two pairs and a bye among
1, 2, 4 (3 and 5 have had one: B1.b). 3 may meet 2, 4 or 5 (it met 1).
3-2 with 4-5 and the bye to 1 grants every preference; every other
combination breaks at least one (3-4 two, 3-5 with 1-2 one, 3-2 with 1-5
one). Colours: 2-3, 5-4.""",
    ),
    "whole-bracket-down": (
        "C1, C14.a, A3, D1.1, A7.a, E1",
        4,
        4,
        "white1",
        ["1-3:1 4-2:0", "1-2 3-4"],
        "4-1 2-3",
        """1 and 2 (1.5 each) have met: neither has an opponent in the bracket (C1),
P1 falls to 0 and the whole bracket moves down (C14.a) to 3 and 4 (0.5).
Half of the new bracket moved down, so it is paired as homogeneous (A3):
S1 = 1 2, S2 = 3 4. 1-3 is a rematch, so the transposition 1-4 2-3. 1 had
White twice (absolute Black), 4 White then Black (prefers White): 4-1. 2
had Black twice (absolute White), 3 Black then White (prefers Black): 2-3.""",
    ),
}


def token_cells(token: str) -> list[tuple[int, Cell]]:
    """The cells one token of the compact notation writes: a game or a bye."""
    game = re.fullmatch(r"(\d+)-(\d+)(?::(.))?", token)
    if not game:
        return [(int(token[:-1]), Cell(None, None, Result.PAB))]
    white, black = int(game[1]), int(game[2])
    result_white, result_black = GAME[game[3] or "="]
    return [
        (white, Cell(black, Colour.WHITE, result_white)),
        (black, Cell(white, Colour.BLACK, result_black)),
    ]


def cells(n: int, rounds: list[str]) -> dict[int, tuple[Cell, ...]]:
    """Each player's cells for the rounds written in the compact notation."""
    written = [dict(c for token in text.split() for c in token_cells(token)) for text in rounds]
    absent = Cell(None, None, Result.ZERO_BYE)
    return {p: tuple(row.get(p, absent) for row in written) for p in range(1, n + 1)}


def build(name: str) -> str:
    articles, n, total, first, rounds, expected, reasoning = SCENARIOS[name]
    players = {
        p: Player(p, f"Player {p:02d}", "m", "", 2400 - 25 * p, "NED") for p in players_of(n)
    }
    t = Tournament(
        players,
        cells(n, rounds),
        total_rounds=total,
        initial_colour=Colour.WHITE if first == "white1" else Colour.BLACK,
        headers=(("012", f"mipair 2012 scenario {name}"),),
    )
    comment = [f"### {name}: FIDE Dutch 2012, {articles}"]
    comment += [f"### {line}" for line in reasoning.splitlines()]
    comment.append(f"### expect: {expected}")
    return "\n".join(comment) + "\n" + write_tournament(t, "trfx")


def players_of(n: int) -> range:
    return range(1, n + 1)


def main() -> None:
    for name in SCENARIOS:
        (HERE / f"{name}.trfx").write_text(build(name), encoding="utf-8")


if __name__ == "__main__":
    main()
