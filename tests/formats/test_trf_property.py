"""Property: any tournament mipair can hold survives write -> read in every edition.

Hypothesis builds random but consistent tournaments (symmetric games, byes
of every kind, forfeits, announced absences, point systems, accelerations,
forbidden pairs, ranking ids, accented names) in the model's canonical form.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mipair.formats.trf import lost_in, read_tournament, write_tournament
from mipair.formats.trf_records import canonical_points
from mipair.model import (
    Acceleration,
    Cell,
    Colour,
    ForbiddenPairs,
    Player,
    PointSystem,
    Result,
    Tournament,
)
from mipair.rounds import rounds_played

GAME_RESULTS = [
    (Result.WIN, Result.LOSS),
    (Result.DRAW, Result.DRAW),
    (Result.LOSS, Result.WIN),
    (Result.WIN_UNPLAYED, Result.LOSS_UNPLAYED),
    (Result.DRAW_UNPLAYED, Result.DRAW_UNPLAYED),
    (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
]
ABSENCES = [Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE, Result.FORFEIT_LOSS, Result.DRAW]
NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÅÖØéèñçšžł ,-'", min_size=0, max_size=33)
POINTS = st.integers(min_value=0, max_value=40)


@st.composite
def point_systems(draw) -> PointSystem:
    win = draw(st.sampled_from([10, 20, 30]))
    ps = PointSystem(
        win=win,
        draw=draw(st.sampled_from([5, 10, win // 2])),
        loss=draw(st.sampled_from([0, 0, 1])),
        zero_bye=(z := draw(st.sampled_from([0, 0, 2]))),
        forfeit_loss=draw(st.sampled_from([z, 0])),
        pab=draw(st.none() | POINTS),
        full_bye=draw(st.none() | POINTS),
        half_bye=draw(st.none() | POINTS),
        forfeit_win=draw(st.none() | POINTS),
    )
    return canonical_points(ps)


@st.composite
def tournaments(draw) -> Tournament:
    n = draw(st.integers(min_value=1, max_value=12))
    played = draw(st.integers(min_value=0, max_value=5))
    ids = list(range(1, n + 1))
    cells: dict[int, list[Cell | None]] = {pid: [] for pid in ids}
    for _ in range(played):
        order = draw(st.permutations(ids))
        n_games = draw(st.integers(min_value=0, max_value=n // 2))
        for k in range(n_games):
            a, b = order[2 * k], order[2 * k + 1]
            ra, rb = draw(st.sampled_from(GAME_RESULTS))
            ca = draw(st.sampled_from([Colour.WHITE, Colour.BLACK]))
            forfeit = ra.is_forfeit
            if forfeit and draw(st.booleans()):
                cells[a].append(Cell(b, None, ra))
                cells[b].append(Cell(a, None, rb))
            else:
                cells[a].append(Cell(b, ca, ra))
                cells[b].append(Cell(a, ca.opposite, rb))
        rest = order[2 * n_games :]
        pab_given = False
        for pid in rest:
            kind = draw(st.sampled_from(["pab", "absent", "nothing"]))
            if kind == "pab" and not pab_given:
                pab_given = True
                cells[pid].append(
                    Cell(None, None, draw(st.sampled_from([Result.PAB, Result.FORFEIT_WIN])))
                )
            elif kind == "absent":
                cells[pid].append(Cell(None, None, draw(st.sampled_from(ABSENCES))))
            else:
                cells[pid].append(None)
    for pid in ids:  # announced absences for the next round
        if draw(st.integers(0, 4)) == 0:
            cells[pid].append(Cell(None, None, draw(st.sampled_from(ABSENCES))))
        while cells[pid] and cells[pid][-1] is None:
            cells[pid].pop()
    ps = draw(point_systems())
    total = draw(st.none() | st.integers(min_value=max(played, 1) + 1, max_value=played + 4))
    use_rank = draw(st.booleans())
    file_order = draw(st.permutations(ids)) if use_rank else ids
    acc = {}
    if total is not None:
        for _ in range(draw(st.integers(0, 4))):
            acc[(draw(st.sampled_from(ids)), draw(st.integers(1, total)))] = draw(
                st.integers(1, 20)
            )
    forbidden = []
    if n >= 2:
        for _ in range(draw(st.integers(0, 2))):
            group = tuple(draw(st.lists(st.sampled_from(ids), min_size=2, max_size=3, unique=True)))
            first = draw(st.none() | st.integers(2, min(3, total or 3)))
            end = (total or 999) - 1
            last = draw(st.none() | st.integers(first or 1, end)) if (first or 1) <= end else None
            forbidden.append(ForbiddenPairs(group, first, last))
    t0 = Tournament(players={}, results={pid: tuple(c) for pid, c in cells.items()})
    last_played = rounds_played(t0)
    players = {}
    for rank, pid in enumerate(file_order, 1):
        row = cells[pid] + [None] * last_played
        score = sum(ps.cell_points(c) for c in row[:last_played])
        players[pid] = Player(
            id=pid,
            name=draw(NAME).strip(),
            sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(["", "GM", "WFM", "CM"])),
            rating=draw(st.integers(0, 2900)),
            federation=draw(st.sampled_from(["", "NED", "FRA"])),
            fide_id=draw(st.sampled_from(["", "1503014"])),
            birth=draw(st.sampled_from(["", "1990/01/31"])),
            points=score,
            rank=draw(st.none() | st.just(rank)),
        )
    headers = tuple(
        draw(
            st.lists(
                st.tuples(st.sampled_from(["012", "022", "102", "112"]), NAME.map(str.strip)),
                max_size=3,
            )
        )
    )
    system = draw(st.sampled_from(["", "FIDE_DUTCH_2025", "FIDE_DUTCH"]))
    return Tournament(
        players=players,
        results={pid: tuple(cells[pid]) for pid in file_order},
        point_system=ps,
        total_rounds=total,
        initial_colour=draw(st.none() | st.sampled_from([Colour.WHITE, Colour.BLACK])),
        use_rank_ids=use_rank,
        accelerations=tuple(Acceleration(p, r, v) for (p, r), v in sorted(acc.items())),
        forbidden=tuple(forbidden),
        system=system,
        headers=headers,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), newline=st.sampled_from(["\n", "\r", "\r\n"]))
def test_write_then_read_gives_the_same_model(t: Tournament, newline: str) -> None:
    for edition in ("trfx", "trf26"):
        assert read_tournament(write_tournament(t, edition, newline), edition) == t
    if not lost_in(t, "trf16"):
        assert read_tournament(write_tournament(t, "trf16", newline), "trf16") == t


@settings(max_examples=60, deadline=None)
@given(t=tournaments())
def test_bytes_in_utf8_and_latin1(t: Tournament) -> None:
    text = write_tournament(t, "trfx", "\r\n")
    assert read_tournament(text.encode("utf-8"), "utf8") == t
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:
        return
    assert read_tournament(data, "latin1") == t
    assert replace(t, source="x") == t
