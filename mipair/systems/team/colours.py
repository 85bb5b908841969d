"""The colours of a match and of its boards (C.04.6 Article 4, 1.6.1).

The **first-team** of a pair (4.2) is the one with the higher primary score (4.2.1), then
the higher secondary score when the competition uses it (4.2.2), then the smaller TPN
(4.2.3); standings scores, not pairing scores (T23). The first of the rules of 4.3 that
decides gives the match's colour, one small function each, in the model file's
``colour_rules`` order. The colour of a match is its first board's (1.6.1); the other
boards follow ``352`` (T5): the team with White on board 1 plays the sequence read from
``W``, the other team the opposite, board k of one line-up against board k of the other.
"""

from __future__ import annotations

from collections.abc import Callable

from mipair.model import Colour
from mipair.systems.team.field import BLACK, WHITE, TeamEntrant, TeamState
from mipair.systems.team.settings import settings

Rule = Callable[[TeamState, TeamEntrant, TeamEntrant], "Colour | None"]
"""A rule of 4.3: (state, first-team, other team) -> the first-team's colour, or None
when the rule does not decide."""


def first_team(state: TeamState, a: TeamEntrant, b: TeamEntrant) -> tuple[TeamEntrant, TeamEntrant]:
    """4.2: (the first-team, the other)."""
    used = state.competition.secondary_used

    def rank(e: TeamEntrant) -> tuple[int, int, int]:
        return e.primary, e.secondary if used else 0, -e.number

    return (a, b) if rank(a) > rank(b) else (b, a)


def neither_played(state: TeamState, first: TeamEntrant, other: TeamEntrant) -> Colour | None:
    """4.3.1: neither team has played a match: the initial colour (4.1) to the first-team
    of odd TPN, the other colour to one of even TPN."""
    if first.matches_played or other.matches_played:
        return None
    return state.initial_colour if first.number % 2 else state.initial_colour.opposite


def one_preference(state: TeamState, first: TeamEntrant, other: TeamEntrant) -> Colour | None:
    """4.3.2: only one team has a preference: it is granted."""
    if first.preference is not None and other.preference is None:
        return first.preference.colour
    if other.preference is not None and first.preference is None:
        return other.preference.colour.opposite
    return None


def different_preferences(
    state: TeamState, first: TeamEntrant, other: TeamEntrant
) -> Colour | None:
    """4.3.3: the two teams want different colours: both are granted."""
    pf, po = first.preference, other.preference
    if pf is not None and po is not None and pf.colour != po.colour:
        return pf.colour
    return None


def strong_over_mild(state: TeamState, first: TeamEntrant, other: TeamEntrant) -> Colour | None:
    """4.3.4 (type B): only one of the two preferences is strong: it is granted."""
    pf, po = first.preference, other.preference
    if state.competition.model != "B" or pf is None or po is None or pf.strong == po.strong:
        return None
    return pf.colour if pf.strong else po.colour.opposite


def lower_difference(state: TeamState, first: TeamEntrant, other: TeamEntrant) -> Colour | None:
    """4.3.5: White to the team with the lower colour difference."""
    if first.colour_difference == other.colour_difference:
        return None
    return WHITE if first.colour_difference < other.colour_difference else BLACK


def last_different(state: TeamState, first: TeamEntrant, other: TeamEntrant) -> Colour | None:
    """4.3.6 (T20): the latest time the two had different colours, counted back over played
    matches only, each gets the colour the other had then."""
    for mine, theirs in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if mine != theirs:
            return theirs
    return None


def first_team_preference(
    state: TeamState, first: TeamEntrant, other: TeamEntrant
) -> Colour | None:
    """4.3.7: the first-team's preference is granted."""
    return None if first.preference is None else first.preference.colour


def first_team_alternates(
    state: TeamState, first: TeamEntrant, other: TeamEntrant
) -> Colour | None:
    """4.3.8: the first-team gets the other colour than in its last played match."""
    return first.colours[-1].opposite if first.colours else None


def other_team_alternates(
    state: TeamState, first: TeamEntrant, other: TeamEntrant
) -> Colour | None:
    """4.3.9: the other team gets the other colour than in its last played match."""
    return other.colours[-1] if other.colours else None


RULES: dict[str, Rule] = {
    "4.3.1": neither_played,
    "4.3.2": one_preference,
    "4.3.3": different_preferences,
    "4.3.4": strong_over_mild,
    "4.3.5": lower_difference,
    "4.3.6": last_different,
    "4.3.7": first_team_preference,
    "4.3.8": first_team_alternates,
    "4.3.9": other_team_alternates,
}


def deciding_rule(state: TeamState, a: int, b: int) -> tuple[str, int, int]:
    """(the rule of 4.3 that decides, White, Black) for the pair of teams ``a`` and ``b``."""
    first, other = first_team(state, state.teams[a], state.teams[b])
    for article in settings().colour_rules:
        colour = RULES[article](state, first, other)
        if colour is not None:
            white, black = (first, other) if colour is WHITE else (other, first)
            return article, white.number, black.number
    raise AssertionError("4.3.1 or 4.3.8 decides every pair")  # one of them has played


def match_colours(state: TeamState, a: int, b: int) -> tuple[int, int]:
    """(the team with White on board 1, the other) for a pair of the round."""
    _, white, black = deciding_rule(state, a, b)
    return white, black


def board_games(state: TeamState, white: int, black: int) -> list[tuple[int, int]]:
    """The boards of a match (white: the team with White on board 1): (White's player,
    Black's player) board by board, each team's line-up its ``310`` order (the players
    past the number of boards are its reserves), 0 for a board the team cannot fill."""
    section = state.tournament.teams
    assert section is not None
    ours, theirs = section.teams[white].players, section.teams[black].players
    games = []
    for k, colour in enumerate(state.board_colours):
        mine = ours[k] if k < len(ours) else 0
        other = theirs[k] if k < len(theirs) else 0
        games.append((mine, other) if colour == "W" else (other, mine))
    return games
