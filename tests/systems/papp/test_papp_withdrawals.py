"""Issue 36, item 6: pairing around withdrawals.

* a player paired in an odd round withdraws: pairing again completes the round (Bip given back);
* when the pairs kept from the earlier pairing make the round far worse than pairing it again,
  the arbiter is told;
* a round robin of 4-12 players with a withdrawal in any round (the withdrawn player replaced
  by Bip in the schedule) repeats no game that could be avoided: checked by enumerating every
  pairing of the round whenever a game is repeated (an even field never repeats; an odd one
  left with an even number of players sometimes must);
* a double round robin gives nobody three games in a row with the same colour."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from mipair.formats.papp.config import Penalties
from mipair.formats.papp.config_file import default_config
from mipair.formats.papp.event import Event, Game, Round, Settings
from mipair.formats.papp.players import PlayerRecord
from mipair.systems.papp.pairing import KEPT, pair_round


@cache
def penalties() -> Penalties:
    return default_config().penalties


def event_of(n: int, rounds: int) -> Event:
    people = tuple(PlayerRecord(k, f"P{k}", "", "F" if k % 2 else "GB") for k in range(1, n + 1))
    return Event(Settings(rounds=rounds, seed=n), people)


def played(event: Event, rng: random.Random) -> Event:
    """The round to pair paired (saved) and every game given a result."""
    event = pair_round(event, penalties()).apply(event)
    rnd = event.round(event.round_to_pair)
    games = tuple(replace(g, black_discs=rng.randint(0, 64)) for g in rnd.games)
    return event.with_round(replace(rnd, games=games))


def withdrawn(event: Event, pid: int) -> Event:
    """``pid`` out from the round to pair on (absent there; his unplayed pairing removed)."""
    rnd = event.round(event.round_to_pair)
    games = tuple(g for g in rnd.games if pid not in (g.black, g.white))
    rnd = replace(rnd, games=games, bip=None if rnd.bip == pid else rnd.bip)
    event = event.with_round(replace(rnd, absent=rnd.absent | {pid}))
    return replace(event, withdrawn=event.withdrawn | {pid})


def test_a_paired_player_leaves_an_odd_round() -> None:
    """Issue 36: 'round 1 already has Bip ... one would be left out'."""
    event = pair_round(event_of(7, 5), penalties()).apply(event_of(7, 5))
    first = event.round(1)
    leaver = first.games[0].black
    partner, bip = first.games[0].white, first.bip
    result = pair_round(withdrawn(event, leaver), penalties())
    paired = {p for b in result.boards for p in (b.black, b.white)}
    assert paired == set(range(1, 8)) - {leaver} and result.bip is None
    assert partner in paired and bip in paired
    assert any("no longer has Bip" in notice for notice in result.notices)
    assert sum(b.how == KEPT for b in result.boards) == 2


def test_the_arbiter_is_told_when_pairing_again_is_far_better() -> None:
    """After the leader's opponent leaves, completing the saved pairing gives the leader Bip
    (a float of several half-points); pairing the round again gives it to the last player."""
    rng = random.Random(2)
    event = event_of(8, 7)
    for _ in range(3):
        event = played(event, rng)
    event = pair_round(event, penalties()).apply(event)
    from mipair.systems.papp.scoring import points_before

    scores = points_before(event, 4)
    leader = max(event.ids, key=lambda p: (scores[p], -p))
    opponent = event.round(4).game_of(leader).opponent(leader)
    completed = pair_round(withdrawn(event, opponent), penalties())
    assert completed.bip == leader
    (notice,) = [n for n in completed.notices if "pairing round 4 again" in n]
    cost, instead = (int(w) for w in notice.split() if w.isdigit() and int(w) > 4)
    assert completed.bip_penalty is not None and instead - cost >= penalties().p_flot[1]


def _meetings(event: Event, before: int) -> tuple[dict[frozenset[int], int], dict[int, int]]:
    met: dict[frozenset[int], int] = {}
    bips: dict[int, int] = {}
    for r in range(1, before):
        rnd = event.round(r)
        for g in rnd.games:
            met[frozenset((g.black, g.white))] = met.get(frozenset((g.black, g.white)), 0) + 1
        if rnd.bip is not None:
            bips[rnd.bip] = bips.get(rnd.bip, 0) + 1
    return met, bips


def _repeats(pairs, bip, met, bips, allowed: int) -> int:
    return sum(met.get(frozenset(p), 0) > allowed for p in pairs) + (
        bip is not None and bips.get(bip, 0) > allowed
    )


def _fewest_repeats(players: list[int], met, bips, allowed: int) -> int:
    """The fewest repeats any pairing of ``players`` (Bip added when odd) can have."""
    nodes: list[int | None] = list(players) + ([None] if len(players) % 2 else [])

    def best(rest: list[int | None]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        out = len(rest)
        for k, other in enumerate(others):
            if first is None or other is None:
                alone = other if first is None else first
                cost = int(bips.get(alone, 0) > allowed)
            else:
                cost = int(met.get(frozenset((first, other)), 0) > allowed)
            if cost < out:
                out = min(out, cost + best(others[:k] + others[k + 1 :]))
        return out

    return best(nodes)


@pytest.mark.parametrize("n", range(4, 13))
def test_round_robin_with_a_withdrawal_repeats_no_avoidable_game(n: int) -> None:
    cycle = n - 1 + n % 2
    rng = random.Random(n)
    start = played(event_of(n, cycle), rng)  # round 1 seats the table
    runs = repeats = 0
    for leave in range(2, cycle + 1):
        for leaver in range(1, n + 1):
            event = start
            for number in range(2, cycle + 1):
                if number == leave:
                    event = withdrawn(event, leaver)
                result = pair_round(event, penalties())
                pairs = [(b.black, b.white) for b in result.boards]
                met, bips = _meetings(event, number)
                found = _repeats(pairs, result.bip, met, bips, 0)
                if found:
                    present = event.present(number)
                    assert found == _fewest_repeats(present, met, bips, 0), (leave, leaver, number)
                    repeats += found
                event = played(event, rng) if not found else _played_as(event, result, rng)
            runs += 1
    assert runs == (cycle - 1) * n
    if n % 2 == 0:  # Bip in the leaver's seat: the schedule never has to repeat a game
        assert repeats == 0


def _played_as(event: Event, result, rng: random.Random) -> Event:
    event = result.apply(event)
    rnd = event.round(event.round_to_pair)
    games = tuple(replace(g, black_discs=rng.randint(0, 64)) for g in rnd.games)
    return event.with_round(replace(rnd, games=games))


@pytest.mark.parametrize("n", range(3, 15))
def test_double_round_robin_never_gives_three_colours_in_a_row(n: int) -> None:
    """FIDE swaps the last two rounds of the first cycle (../shared/reference/berger.md)."""
    cycle = n - 1 + n % 2
    rng = random.Random(n)
    event = event_of(n, 2 * cycle)
    for _ in range(2 * cycle):
        event = played(event, rng)
    for pid in event.ids:
        colours = [
            "B" if g.black == pid else "W"
            for r in event.rounds
            if (g := r.game_of(pid)) is not None
        ]
        assert "BBB" not in "".join(colours) and "WWW" not in "".join(colours), (pid, colours)
    pairs = [frozenset((g.black, g.white)) for r in event.rounds for g in r.games]
    assert all(pairs.count(p) == 2 for p in set(pairs)) and len(set(pairs)) == n * (n - 1) // 2


def test_a_round_robin_keeps_its_schedule_when_a_player_leaves_and_returns() -> None:
    rng = random.Random(1)
    event = played(event_of(6, 5), rng)
    event = withdrawn(event, 6)
    event = played(event, rng)
    assert pair_round(event, penalties()).method == "round-robin"
    back = replace(event, withdrawn=frozenset())
    back = back.with_round(Round(3))
    assert pair_round(back, penalties()).method == "round-robin"
    games = [frozenset((g.black, g.white)) for r in played(back, rng).rounds for g in r.games]
    assert len(games) == len(set(games))


def test_round_one_is_not_the_same_for_every_event() -> None:
    """Issue 36, item 7: the seed comes from the event (``new`` without --seed)."""
    from mipair.desk.papp.creation import seeded

    base = event_of(12, 7)
    firsts = set()
    for name in ("Open A", "Open B", "Open C", "Open D"):
        event = seeded(replace(base, settings=replace(base.settings, name=name)), None)
        firsts.add(
            frozenset(frozenset((b.black, b.white)) for b in pair_round(event, penalties()).boards)
        )
    assert len(firsts) > 1
    assert seeded(base, 5).settings.seed == 5


def test_pairs_kept_or_made_by_hand_are_labelled_so() -> None:
    event = event_of(8, 7)
    rnd = Round(1, (Game(1, 2, by_hand=True), Game(3, 4)))
    result = pair_round(event.with_round(rnd), penalties())
    how = {(b.black, b.white): b.how for b in result.boards}
    assert how[(1, 2)] == "by hand" and how[(3, 4)] == "kept"
