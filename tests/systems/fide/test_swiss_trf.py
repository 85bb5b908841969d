"""What the Dubov, Burstein and Lim systems need from the TRF readers (issue 37).

The point system's draw value matters to Burstein even when no game was drawn
(1.7.2: a run of zero-point byes counts as draws for the opponents); the
number of rounds fixes Burstein's seeding rounds and the last round of every
system; the initial colour, the ratings (Dubov's ARO) and the 192 code come
through as written, in TRF-2026 and in TRF(x).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mipair.formats.trf import parse_text, write_tournament
from mipair.model import Colour, PointSystem
from tests.support.swiss_brute import burstein
from tests.support.swiss_brute.build import build
from tests.support.swiss_brute.history import field_of

# a win is 3, a draw 1; nobody has drawn; 5 ends with a zero-point bye
ROUNDS = [["1-2:1", "3-4:1", "5:Z"], ["1-3:1", "4-5:1", "2:Z"], ["2-1:0", "3-4:1", "5:Z"]]


@pytest.mark.parametrize("edition", ["trf26", "trfx"])
def test_the_draw_value_is_read_when_no_game_was_drawn(edition: str) -> None:
    t = replace(
        build(5, ROUNDS, total=7), point_system=PointSystem(win=30, draw=10), system="FIDE_BURSTEIN"
    )
    text = write_tournament(t, edition)
    assert ("162  W 3.0    D 1.0" if edition == "trf26" else "BBD  1.0") in text
    back = parse_text(text)
    assert back.point_system.draw == 10
    assert back.total_rounds == 7
    assert back.initial_colour is Colour.WHITE
    assert [p.rating for p in back.players.values()] == [2400, 2350, 2300, 2250, 2200]
    # 4 met 3 (6 points) twice and 5, whose last round is a zero-point bye: 4 sees 5 with
    # one draw, 1 point (with the default draw, 0.5, it would be 12.5)
    index = burstein.index(field_of(back))
    assert index[4][0] == 60 + 10 + 60
    if edition == "trf26":
        assert back.system == "FIDE_BURSTEIN"


def test_a_zero_point_bye_announced_for_the_round_is_an_absence() -> None:
    text = write_tournament(build(4, [["1-2:1", "3-4:="]]), "trf26") + "240 Z   2    3\n"
    field = field_of(parse_text(text))
    assert field.round == 2
    assert [e.id for e in field.to_pair()] == [1, 2, 4]
