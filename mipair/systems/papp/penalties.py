"""PAPP's penalty p_ij for every ordered pair of players (manual section 3.1).

``p_ij`` is what it costs that player ``i`` plays the first colour (Black)
against ``j``::

    p_ij = pen_colour(i, Black) + pen_colour(j, White) + pen_float(i, j)
         + pen_repetition(i, j) + pen_chauvinism(i, j) + pen_elitism(i, j)

Scores ``S`` are half-points before the round; ``f = |S_i - S_j|``. A pair with
Bip has no colour to choose: ``p_i,Bip = p_coul[|gap|] + pen_float + pen_elitism
+ pen_repetition`` with Bip's score taken as ``S_min - 1`` (``S_min``: the lowest
score of the players present). As in PAPP, the float corrections apply to
real players in Bip pairs too, and elitism needs both scores >= 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mipair.formats.papp.config import Penalties
from mipair.formats.papp.event import Event
from mipair.systems.papp.scoring import points_before

BLACK, WHITE = "B", "W"


@dataclass(frozen=True)
class PlayerHistory:
    """What the penalties need to know about one player before the round."""

    id: int
    score: int  # half-points
    gap: int  # games with Black minus games with White
    last_colour: str | None  # colour in the previous round's game
    last_float: int  # +1 floated down, -1 up, 0 neither (previous round)
    bips: int  # earlier rounds with Bip
    bip_last: bool  # Bip in the previous round
    country: str
    colours: tuple[str | None, ...] = ()  # colour per earlier round (None: no game)


@dataclass(frozen=True)
class RoundState:
    """The state before round ``round``: players, earlier meetings, S_min."""

    round: int
    players: dict[int, PlayerHistory]
    meetings: dict[tuple[int, int], int] = field(default_factory=dict)  # (black, white) -> games
    met_last: frozenset[frozenset[int]] = frozenset()
    s_min: int = 0

    @property
    def bip_score(self) -> int:
        return self.s_min - 1


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def round_state(event: Event, rnd: int) -> RoundState:
    """Build the state before round ``rnd`` from the event's earlier rounds."""
    before = {r: points_before(event, r) for r in range(1, rnd + 1)}
    meetings: dict[tuple[int, int], int] = {}
    met_last: set[frozenset[int]] = set()
    players: dict[int, PlayerHistory] = {}
    for r in range(1, rnd):
        for g in event.round(r).games:
            meetings[(g.black, g.white)] = meetings.get((g.black, g.white), 0) + 1
            if r == rnd - 1:
                met_last.add(frozenset((g.black, g.white)))
    total, bip = event.settings.total_discs, event.settings.bip_discs
    for pid in event.ids:
        colours: list[str | None] = []
        bips = 0
        for r in range(1, rnd):
            rd = event.round(r)
            game = rd.game_of(pid)
            colours.append(None if game is None else BLACK if game.black == pid else WHITE)
            bips += rd.bip == pid
        last_float, last = 0, event.round(rnd - 1) if rnd > 1 else None
        if last is not None:
            previous = last.game_of(pid)
            if previous is not None:
                opponent = previous.opponent(pid)
                last_float = _sign(before[rnd - 1][pid] - before[rnd - 1][opponent])
            elif last.bip == pid:
                own = total - bip  # PAPP: the points won against Bip, minus a draw
                last_float = _sign((own > bip) - (own < bip))
        players[pid] = PlayerHistory(
            pid,
            before[rnd][pid],
            sum(1 if c == BLACK else -1 for c in colours if c is not None),
            colours[-1] if colours else None,
            last_float,
            bips,
            bool(last is not None and last.bip == pid),
            event.country_of(pid),
            tuple(colours),
        )
    present = event.present(rnd)
    s_min = min((players[p].score for p in present), default=0)
    return RoundState(rnd, players, meetings, frozenset(met_last), s_min)


def _colour(pen: Penalties, h: PlayerHistory, colour: str) -> int:
    gap = h.gap + (1 if colour == BLACK else -1)
    return pen.p_coul[abs(gap)] + (pen.p_repcl if h.last_colour == colour else 0)


def _correction(pen: Penalties, h: PlayerHistory | None, diff: int) -> int:
    """+p_flcum when floating again the same way, -min_fac when floating the other way."""
    if h is None:
        return 0
    way = diff * h.last_float
    return pen.p_flcum if way > 0 else -pen.min_fac if way < 0 else 0


def _float_and_elitism(
    pen: Penalties, rnd: int, si: int, sj: int, hi: PlayerHistory | None, hj: PlayerHistory | None
) -> tuple[int, int]:
    f = si - sj
    flo = pen.p_flot[abs(f)] + _correction(pen, hi, f) + _correction(pen, hj, -f)
    elit = 0
    if f and si >= 0 and sj >= 0:
        elit = pen.p_elit[rnd] * (si + sj) * abs(f) // 2
    return flo, elit


def components(pen: Penalties, st: RoundState, i: int, j: int | None) -> dict[str, int]:
    """The terms of p_ij (``j`` None: Bip), by name."""
    hi = st.players[i]
    if j is None:
        flo, elit = _float_and_elitism(pen, st.round, hi.score, st.bip_score, hi, None)
        return {
            "colour": pen.p_coul[abs(hi.gap)],
            "float": flo,
            "elitism": elit,
            "repetition": pen.p_bipbip * hi.bips + (pen.p_desuite if hi.bip_last else 0),
            "chauvinism": 0,
        }
    hj = st.players[j]
    flo, elit = _float_and_elitism(pen, st.round, hi.score, hj.score, hi, hj)
    rep = (
        pen.p_mcol * st.meetings.get((i, j), 0)
        + pen.p_clopp * st.meetings.get((j, i), 0)
        + (pen.p_desuite if frozenset((i, j)) in st.met_last else 0)
    )
    return {
        "colour": _colour(pen, hi, BLACK) + _colour(pen, hj, WHITE),
        "float": flo,
        "elitism": elit,
        "repetition": rep,
        "chauvinism": pen.p_chauv[st.round] if hi.country == hj.country else 0,
    }


def penalty(pen: Penalties, st: RoundState, i: int, j: int | None) -> int:
    """p_ij: the cost of ``i`` playing Black against ``j`` (``j`` None: Bip)."""
    return sum(components(pen, st, i, j).values())


def chromatic_choice(st: RoundState, i: int, j: int) -> int | None:
    """PAPP's last pass for p_ij = p_ji: who plays Black, or None for a draw by lot.

    The latest earlier round in which the two had different colours (no game
    counts as a colour of its own) decides: the colours of that round are
    inverted.
    """
    ci, cj = st.players[i].colours, st.players[j].colours
    for a, b in zip(reversed(ci), reversed(cj)):
        if a == b:
            continue
        if a == BLACK or b == WHITE:
            return j
        return i
    return None
