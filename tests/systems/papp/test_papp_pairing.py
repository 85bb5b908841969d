"""PAPP pairing: minimum total penalty (against a brute force), last pass, manual pairs, round robin."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest

from mipair.formats.papp.config import Penalties, Schedule, Step, check_penalties
from mipair.formats.papp.event import Event, Game, Round, Settings
from mipair.formats.papp.players import PlayerRecord
from mipair.systems.papp.pairing import pair_round

# ---------------------------------------------------------------------------------------
# An independent reading of PAPP manual 3.1, straight from the rounds of the event.


def table(values: dict[int, int], tail: int) -> Schedule:
    steps = [Step(k, v, False) for k, v in sorted(values.items())]
    return Schedule(tuple(steps) + (Step(max(values, default=0) + 1, tail, True),))


def look(values: dict[int, int], tail: int, k: int) -> int:
    return values.get(k, tail if k > max(values, default=0) else 0)


def reference_penalty(cfg: dict, ev: Event, rnd: int, i: int, j: int | None) -> int:
    """p_ij with i Black (j None: Bip), recomputed from the event's rounds."""
    total, bip = ev.settings.total_discs, ev.settings.bip_discs

    def points(pid: int, upto: int) -> int:
        s = 0
        for r in range(1, upto):
            rd = ev.rounds[r - 1]
            if rd.bip == pid:
                s += 2 if total - bip > bip else 1 if total - bip == bip else 0
            for g in rd.games:
                if pid in (g.black, g.white):
                    own = g.black_discs if pid == g.black else total - g.black_discs
                    s += 2 if 2 * own > total else 1 if 2 * own == total else 0
        return s

    def colours(pid: int) -> list[str | None]:
        out = []
        for rd in ev.rounds[: rnd - 1]:
            c = None
            for g in rd.games:
                c = "B" if g.black == pid else "W" if g.white == pid else c
            out.append(c)
        return out

    def last_float(pid: int) -> int:
        if rnd == 1:
            return 0
        rd = ev.rounds[rnd - 2]
        if rd.bip == pid:
            return 1 if total - bip > bip else -1 if total - bip < bip else 0
        for g in rd.games:
            if pid in (g.black, g.white):
                opp = g.white if pid == g.black else g.black
                d = points(pid, rnd - 1) - points(opp, rnd - 1)
                return (d > 0) - (d < 0)
        return 0

    def corr(pid: int | None, diff: int) -> int:
        if pid is None:
            return 0
        lf = last_float(pid)
        return cfg["flcum"] if diff * lf > 0 else -cfg["minfac"] if diff * lf < 0 else 0

    def gap(pid: int) -> int:
        return sum(1 if c == "B" else -1 for c in colours(pid) if c)

    present = [p for p in ev.ids if p not in ev.round(rnd).absent]
    si = points(i, rnd)
    sj = points(j, rnd) if j is not None else min(points(p, rnd) for p in present) - 1
    f = si - sj
    pen = look(cfg["flot"], cfg["flot_tail"], abs(f)) + corr(i, f) + corr(j, -f)
    if f and si >= 0 and sj >= 0:
        pen += look(cfg["elit"], cfg["elit_tail"], rnd) * (si + sj) * abs(f) // 2
    if j is None:
        bips = sum(rd.bip == i for rd in ev.rounds[: rnd - 1])
        last_bip = rnd > 1 and ev.rounds[rnd - 2].bip == i
        return (
            pen
            + look(cfg["coul"], cfg["coul_tail"], abs(gap(i)))
            + cfg["bipbip"] * bips
            + (cfg["desuite"] if last_bip else 0)
        )
    for pid, c, d in ((i, "B", 1), (j, "W", -1)):
        pen += look(cfg["coul"], cfg["coul_tail"], abs(gap(pid) + d))
        pen += cfg["repcl"] if (colours(pid) or [None])[-1] == c else 0
    for r, rd in enumerate(ev.rounds[: rnd - 1], 1):
        for g in rd.games:
            if (g.black, g.white) == (i, j):
                pen += cfg["mcol"]
            if (g.black, g.white) == (j, i):
                pen += cfg["clopp"]
            if {g.black, g.white} == {i, j} and r == rnd - 1:
                pen += cfg["desuite"]
    if ev.country_of(i) == ev.country_of(j):
        pen += look(cfg["chauv"], cfg["chauv_tail"], rnd)
    return pen


def brute_force(cfg: dict, ev: Event, rnd: int, players: list[int]) -> int:
    """Least total over every perfect matching (Bip added when odd), by subset DP."""
    nodes: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(nodes)
    w = {}
    for a, b in combinations(range(n), 2):
        i, j = nodes[a], nodes[b]
        if i is None or j is None:
            w[a, b] = reference_penalty(cfg, ev, rnd, j if i is None else i, None)
        else:
            w[a, b] = min(
                reference_penalty(cfg, ev, rnd, i, j), reference_penalty(cfg, ev, rnd, j, i)
            )

    @cache
    def best(mask: int) -> int:
        if mask == (1 << n) - 1:
            return 0
        a = next(k for k in range(n) if not mask >> k & 1)
        return min(
            w[a, b] + best(mask | 1 << a | 1 << b) for b in range(a + 1, n) if not mask >> b & 1
        )

    return best(0)


def random_config(rng: random.Random) -> tuple[dict, Penalties]:
    big = lambda: rng.choice([rng.randint(0, 50), rng.randint(0, 5000), 10_000_000])  # noqa: E731

    def increasing(length: int) -> tuple[dict[int, int], int]:
        vals, v = {0: 0}, 0
        for k in range(1, length):
            v += rng.choice([0, rng.randint(0, 60), rng.randint(0, 400_000)])
            vals[k] = min(v, 10_000_000)
        return vals, min(vals[length - 1] + rng.randint(0, 1000), 10_000_000)

    coul, coul_tail = increasing(rng.randint(2, 5))
    flot, flot_tail = increasing(rng.randint(2, 7))
    chauv = {r: big() for r in range(1, 4)}
    elit = {r: rng.choice([0, rng.randint(0, 300), 10_000_000]) for r in range(1, 4)}
    cfg = dict(
        coul=coul,
        coul_tail=coul_tail,
        flot=flot,
        flot_tail=flot_tail,
        repcl=big(),
        flcum=big(),
        minfac=rng.randint(0, flot[1] // 2),
        mcol=big(),
        clopp=big(),
        bipbip=big(),
        desuite=big(),
        chauv=chauv,
        chauv_tail=big(),
        elit=elit,
        elit_tail=rng.randint(0, 400),
    )
    pen = Penalties(
        p_coul=table(coul, coul_tail),
        p_repcl=cfg["repcl"],
        p_flot=table(flot, flot_tail),
        p_flcum=cfg["flcum"],
        min_fac=cfg["minfac"],
        p_mcol=cfg["mcol"],
        p_clopp=cfg["clopp"],
        p_bipbip=cfg["bipbip"],
        p_desuite=cfg["desuite"],
        p_chauv=table(chauv, cfg["chauv_tail"]),
        p_elit=table(elit, cfg["elit_tail"]),
    )
    check_penalties(pen, None)
    return cfg, pen


def random_event(rng: random.Random) -> Event:
    n = rng.randint(2, 12)
    total = rng.choice([64, 64, 100, 2, 33])
    bip = rng.randint(0, total // 2)
    players = tuple(
        PlayerRecord(pid, f"P{pid}", "", rng.choice(["F", "GB", "nl", ""]))
        for pid in rng.sample(range(1, 60), n)
    )
    ids = [p.id for p in players]
    settings = Settings(
        total_discs=total,
        bip_discs=bip,
        seed=rng.randint(0, 99),
        country=rng.choice(["", "NL"]),
        round_robin=(1, 1),
    )
    rounds = []
    played = rng.randint(0, 4)
    for r in range(1, played + 2):
        absent = {p for p in ids if rng.random() < 0.1}
        here = [p for p in ids if p not in absent]
        if r == played + 1:
            rounds.append(Round(r, absent=frozenset(absent)))
            break
        rng.shuffle(here)
        byep = here.pop() if len(here) % 2 else None
        games = tuple(
            Game(here[k], here[k + 1], rng.randint(0, total)) for k in range(0, len(here), 2)
        )
        rounds.append(Round(r, games, byep, frozenset(absent)))
    return Event(settings, players, tuple(rounds))


@pytest.mark.parametrize("chunk", range(6))
def test_total_penalty_is_the_brute_force_minimum(chunk: int) -> None:
    """300 random small fields (6 x 50): the engine's total equals the independent minimum."""
    rng = random.Random(1000 + chunk)
    checked = 0
    while checked < 50:
        ev = random_event(rng)
        cfg, pen = random_config(rng)
        rnd = ev.round_to_pair
        todo = ev.present(rnd)
        if len(todo) < 2:
            continue
        checked += 1
        result = pair_round(ev, pen)
        assert result.method == "optimisation"
        assert result.total == brute_force(cfg, ev, rnd, todo)
        got = set()
        for b in result.boards:
            pij = reference_penalty(cfg, ev, rnd, b.black, b.white)
            pji = reference_penalty(cfg, ev, rnd, b.white, b.black)
            assert b.penalty == pij <= pji  # colours: the cheaper side has Black
            got |= {b.black, b.white}
        if result.bip is not None:
            got.add(result.bip)
            assert result.bip_penalty == reference_penalty(cfg, ev, rnd, result.bip, None)
        assert got == set(todo) and len(got) == 2 * len(result.boards) + (result.bip is not None)


def _event(n: int, **settings) -> Event:
    players = tuple(PlayerRecord(k, f"P{k}", "", "F" if k % 2 else "GB") for k in range(1, n + 1))
    return Event(Settings(**settings), players)


def _play(ev: Event, rng: random.Random) -> Event:
    rnd = ev.round(ev.round_to_pair)
    games = tuple(Game(g.black, g.white, rng.randint(0, 64)) for g in rnd.games)
    return ev.with_round(Round(rnd.number, games, rnd.bip, rnd.absent))


def test_manual_pairs_are_kept() -> None:
    from mipair.formats.papp.config_file import default_config

    ev = _event(7, seed=4, round_robin=(1, 1))
    ev = ev.with_round(Round(1, (Game(3, 5, by_hand=True), Game(6, 1))))
    result = pair_round(ev, default_config().penalties)
    how = {(b.black, b.white): b.how for b in result.boards}
    assert how[(3, 5)] == "by hand" and how[(6, 1)] == "kept"  # issue 36: not all "manual"
    others = {p for b in result.boards if b.how == "optimisation" for p in (b.black, b.white)}
    assert others | {result.bip} == {2, 4, 7}
    applied = result.apply(ev)
    assert applied.round(1).game_of(3) == Game(3, 5, by_hand=True)
    assert applied.round(1).bip == result.bip


def test_last_pass_inverts_the_latest_different_colours() -> None:
    """Two players with equal p_ij = p_ji: the latest round where their colours differed decides."""
    pen = Penalties()
    ev = _event(4, round_robin=(1, 1))
    ev = ev.with_round(Round(1, (Game(1, 3, 40), Game(2, 4, 40))))  # 1 B, 2 B
    ev = ev.with_round(Round(2, (Game(4, 1, 30), Game(2, 3, 30))))  # 1 W, 2 B
    ev = ev.with_round(Round(3, (), absent=frozenset({3, 4})))
    result = pair_round(ev, pen)
    (board,) = result.boards
    assert (board.black, board.white, board.colours) == (1, 2, "history")


def test_round_one_is_drawn_by_lot_but_reproducible() -> None:
    from mipair.formats.papp.config_file import default_config

    pen = default_config().penalties
    ev = _event(10, seed=1, round_robin=(1, 1))
    a, b = pair_round(ev, pen), pair_round(ev, pen)
    assert a == b
    pairings = {
        frozenset(
            frozenset((x.black, x.white))
            for x in pair_round(_event(10, seed=s, round_robin=(1, 1)), pen).boards
        )
        for s in range(6)
    }
    assert len(pairings) > 1
    for x in a.boards:  # first-round chauvinism (2) is avoided: F meets GB
        assert (x.black % 2) != (x.white % 2)


@pytest.mark.parametrize("n", range(3, 17))
def test_round_robin_schedules(n: int) -> None:
    from mipair.formats.papp.config_file import default_config

    pen = default_config().penalties
    size = n + n % 2
    cycle = size - 1
    ev = _event(n, rounds=2 * cycle, seed=n)
    rng = random.Random(n)
    methods = []
    for _ in range(2 * cycle):
        result = pair_round(ev, pen)
        methods.append(result.method)
        ev = _play(result.apply(ev), rng)
    assert methods[0] == "optimisation" and set(methods[1:]) == {"round-robin"}
    for part in (ev.rounds[:cycle], ev.rounds[cycle:]):
        meetings: dict[frozenset[int], int] = {}
        colours = {p: [0, 0] for p in ev.ids}
        bips = {p: 0 for p in ev.ids}
        for rd in part:
            assert len(rd.games) == n // 2
            for g in rd.games:
                key = frozenset((g.black, g.white))
                meetings[key] = meetings.get(key, 0) + 1
                colours[g.black][0] += 1
                colours[g.white][1] += 1
            if rd.bip is not None:
                bips[rd.bip] += 1
        assert len(meetings) == n * (n - 1) // 2 and set(meetings.values()) == {1}
        assert set(bips.values()) == ({1} if n % 2 else {0})
        for p, (blacks, whites) in colours.items():
            assert abs(blacks - whites) <= (0 if n % 2 else 1), (p, blacks, whites)
    first = {
        frozenset((g.black, g.white)): (g.black, g.white)
        for rd in ev.rounds[:cycle]
        for g in rd.games
    }
    second = {
        frozenset((g.black, g.white)): (g.black, g.white)
        for rd in ev.rounds[cycle:]
        for g in rd.games
    }
    assert all(second[k] == first[k][::-1] for k in first)  # the second cycle swaps colours


def test_round_robin_falls_back_to_optimisation() -> None:
    from mipair.formats.papp.config_file import default_config

    pen = default_config().penalties
    rng = random.Random(3)
    ev = _event(6, rounds=5)
    ev = _play(pair_round(ev, pen).apply(ev), rng)
    assert pair_round(ev, pen).method == "round-robin"
    withdrawn = ev.with_round(Round(2, absent=frozenset({6})))
    kept = pair_round(withdrawn, pen)  # issue 36: the schedule goes on, 6 replaced by Bip
    assert kept.method == "round-robin" and kept.bip is not None and kept.bip != 6
    manual = ev.with_round(Round(2, (Game(1, 2),)))
    assert pair_round(manual, pen).method == "optimisation"
    too_many = Event(ev.settings.__class__(rounds=3), ev.players, ev.rounds)
    assert pair_round(too_many, pen).method == "optimisation"


def test_round_robin_never_repeats_a_game_after_leaving_the_schedule() -> None:
    """Issue 26, wrong 1, and issue 36: after an absence or a round made by hand the schedule
    is used again only for rounds that repeat no game."""
    from mipair.formats.papp.config_file import default_config

    pen = default_config().penalties
    rng = random.Random(5)
    ev = _event(6, rounds=5)
    ev = _play(pair_round(ev, pen).apply(ev), rng)
    absent = ev.with_round(Round(2, absent=frozenset({6})))
    ev2 = _play(pair_round(absent, pen).apply(absent), rng)
    hand = ev.with_round(Round(2, (Game(*sorted(ev.ids)[:2]),)))
    hand = _play(pair_round(hand, pen).apply(hand), rng)
    for start in (ev2, hand):
        current = start
        for _ in range(3):
            current = _play(pair_round(current, pen).apply(current), rng)
        meetings = [frozenset((g.black, g.white)) for r in current.rounds for g in r.games]
        assert len(meetings) == len(set(meetings))
