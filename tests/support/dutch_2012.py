"""The 2012 Dutch edition written here from the seed's text, for the tests of tests/systems/fide/dutch/.

A brute force (:func:`brute_force`: every legal pairing, the best by A11's quality in
C10's order), random rounds to pair (:func:`rounds`, a hypothesis strategy), and the
players of hand-worked rounds (:func:`roster`, :func:`round_of`). Shares no code with the
engine.
"""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

from mipair.model import Colour, Tournament
from mipair.systems.fide.edition import load_edition
from mipair.systems.fide.state import PlayerState, Snapshot
from mipair.systems.registry import get_system

SYSTEM = get_system("dutch")
W, B = Colour.WHITE, Colour.BLACK
WHITE, BLACK = Colour.WHITE, Colour.BLACK
POINT = 10  # scores in tenths

# -- A7: colour preferences, written from the text --------------------------


def colour_preference(p: PlayerState) -> tuple[Colour | None, int]:
    """A7: (colour, strength) with strength 3 absolute, 2 strong, 1 weak, 0 none."""
    played = [c for c in p.colours if c is not None]
    cd = played.count(WHITE) - played.count(BLACK)
    if cd > 1:
        return BLACK, 3
    if cd < -1:
        return WHITE, 3
    if len(played) >= 2 and played[-1] == played[-2]:
        return (BLACK if played[-1] == WHITE else WHITE), 3
    if cd:
        return (BLACK if cd > 0 else WHITE), 2
    if played:
        return (BLACK if played[-1] == WHITE else WHITE), 1
    return None, 0


def topscorer(snap: Snapshot, p: PlayerState) -> bool:
    """A10: last round, more than half the maximum score possible so far."""
    last = snap.tournament.total_rounds == snap.round
    return last and 2 * p.pairing_score > (snap.round - 1) * POINT


def same_colour(a: tuple[Colour | None, int], b: tuple[Colour | None, int], strength: int) -> bool:
    return a[0] is not None and a[0] == b[0] and a[1] >= strength and b[1] >= strength


# -- every complete legal pairing --------------------------------------------


def pairings(snap: Snapshot, order: list[PlayerState]) -> Iterator[tuple[frozenset, int | None]]:
    """Every pairing of the round obeying B1 and B2 (B2 waived between a
    topscorer and anyone): (frozenset of (higher, lower) id pairs, bye id)."""
    pref = {p.id: colour_preference(p) for p in order}

    def legal(a: PlayerState, b: PlayerState) -> bool:
        if b.id in a.opponents:
            return False
        clash = same_colour(pref[a.id], pref[b.id], 3)
        return not (clash and not topscorer(snap, a) and not topscorer(snap, b))

    def walk(rest: list[PlayerState], bye: int | None) -> Iterator[tuple[list, int | None]]:
        if not rest:
            yield [], bye
            return
        first, others = rest[0], rest[1:]
        if len(rest) % 2 == 1 and bye is None and not first.pab_ineligible:
            yield from walk(others, first.id)
        for k, other in enumerate(others):
            if legal(first, other):
                for pairs, b in walk(others[:k] + others[k + 1 :], bye):
                    yield [(first.id, other.id), *pairs], b

    for pairs, bye in walk(order, None):
        yield frozenset(pairs), bye


# -- A11 quality of one bracket ------------------------------------------------


def quality(snap, cand, bracket, nxt, st_by_id, pref) -> tuple[int, ...]:
    """A11 in C10's order: pairs, B3 factor, C12 look-ahead, B2, A7.d, X, Z,
    B5/B6 for downfloaters, B5/B6 for upfloaters."""
    pairs, _ = cand
    inside = set(bracket)
    window = inside | set(nxt)
    within = [(h, l) for h, l in pairs if h in inside and l in inside]
    paired = {x for pair in within for x in pair}
    low = min(st_by_id[x].pairing_score for x in bracket)
    score = {x: st_by_id[x].pairing_score for x in st_by_id}
    b3 = sum((score[x] - low + POINT) ** 2 for x in bracket if x not in paired)
    b3 += sum((score[h] - score[l]) ** 2 for h, l in within)
    ahead = sum(1 for h, l in pairs if h in window and l in set(nxt))
    odd = snap.round % 2 == 1

    def count(test) -> int:
        return sum(1 for h, l in within if test(h, l))

    def floated(x: int, back: int) -> str | None:
        f = st_by_id[x].floats
        return f[-back] if len(f) >= back else None

    def resident_down(back: int) -> int:
        return sum(1 for x in paired if score[x] == low and floated(x, back) == "down")

    def up_again(back: int) -> int:
        return -count(lambda h, l: score[h] > score[l] and floated(l, back) == "up")

    q = [
        len(within),
        -b3,
        ahead,
        -count(lambda h, l: same_colour(pref[h], pref[l], 3)),
        -count(lambda h, l: same_colour(pref[h], pref[l], 2)) if odd else 0,
        -count(lambda h, l: same_colour(pref[h], pref[l], 1)),
        0 if odd else -count(lambda h, l: same_colour(pref[h], pref[l], 2)),
    ]
    if snap.round >= 2:
        q += [resident_down(1)]
    if snap.round >= 3:
        q += [resident_down(2)]
    if snap.round >= 2:
        q += [up_again(1)]
    if snap.round >= 3:
        q += [up_again(2)]
    return tuple(q)


# -- D1-D3: the order candidates are generated in -------------------------------


def exchange_key(leave, enter, number: dict[int, int]) -> tuple:
    """D2's order of an exchange (players ``leave`` S1, ``enter`` from S2): fewest
    players first, then the smallest difference of sums, then the S1 list in
    decreasing lexicographic order, then the S2 list in increasing order."""
    diff = sum(number[x] for x in enter) - sum(number[x] for x in leave)
    leave_key = tuple(-n for n in sorted((number[x] for x in leave), reverse=True))
    enter_key = tuple(sorted(number[x] for x in enter))
    return (len(enter), diff, leave_key, enter_key)


def residual_key(pairs: list[tuple[int, int]], residual: list[int], number: dict[int, int]):
    """D2 then D1.1 for a homogeneous (or residual) bracket: the first exchange
    (fewest players exchanged, smallest difference of sums, S1 list in
    decreasing lexicographic order, S2 list in increasing order) under which the
    pairing is a transposition of S2, then that transposition's order."""
    pairs = [(a, b) if number[a] < number[b] else (b, a) for a, b in pairs]
    mate = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    s1 = set(residual[: len(pairs)])
    leave = [b for a, b in pairs if a in s1 and b in s1] + [x for x in s1 if x not in mate]
    enter = [a for a, b in pairs if a not in s1 and b not in s1]
    new_s1 = sorted((s1 - set(leave)) | set(enter), key=number.get)
    return (*exchange_key(leave, enter, number), tuple(number[mate[x]] for x in new_s1))


def d_key(within: list[tuple[int, int]], bracket: list[int], n_mdp: int):
    """D3 (which MDPs: the most, then the subsets in lexicographic order), D1.2
    (their opponents: S2 transpositions in lexicographic order), then the
    residual bracket (:func:`residual_key`)."""
    number = {x: k + 1 for k, x in enumerate(bracket)}
    mdps = set(bracket[:n_mdp])
    het = sorted((p for p in within if p[0] in mdps), key=lambda p: number[p[0]])
    chosen = tuple(number[h] for h, _ in het)
    opponents = tuple(number[l] for _, l in het)
    taken = {x for p in het for x in p}
    residual = [x for x in bracket[n_mdp:] if x not in taken]
    rest = [p for p in within if p[0] not in mdps]
    return (-len(het), chosen, opponents, residual_key(rest, residual, number))


def brute_force(snap: Snapshot) -> tuple[frozenset, int | None] | None:
    """The 2012 pairing of ``snap``'s round by enumeration, or None if there is none."""
    order = sorted(
        (p for p in snap.players.values() if not p.absent), key=lambda p: (-p.pairing_score, p.tpn)
    )
    st_by_id = {p.id: p for p in order}
    pref = {p.id: colour_preference(p) for p in order}
    cands = list(pairings(snap, order))
    if not cands:
        return None
    groups: list[list[int]] = []
    for p in order:
        if groups and st_by_id[groups[-1][0]].pairing_score == p.pairing_score:
            groups[-1].append(p.id)
        else:
            groups.append([p.id])
    bracket, n_mdp, g = groups[0], 0, 1
    while len(bracket) > 1 or g < len(groups):
        nxt = groups[g] if g < len(groups) else []
        g += 1
        inside = set(bracket)
        if n_mdp > 0 and 2 * n_mdp < len(bracket):  # A3: heterogeneous
            mdps = set(bracket[:n_mdp])
            apart = [c for c in cands if not any(h in mdps and l in mdps for h, l in c[0])]
            cands, n_mdp = (apart, n_mdp) if apart else (cands, 0)
        else:
            n_mdp = 0
        scored = [(quality(snap, c, bracket, nxt, st_by_id, pref), c) for c in cands]
        best = max(q for q, _ in scored)
        cands = [c for q, c in scored if q == best]

        def inner(c):
            return sorted((h, l) for h, l in c[0] if h in inside and l in inside)

        first = min((inner(c) for c in cands), key=lambda w: d_key(w, bracket, n_mdp))
        cands = [c for c in cands if inner(c) == first]
        paired = {x for p in first for x in p}
        carried = [x for x in bracket if x not in paired]
        bracket, n_mdp = carried + nxt, len(carried)
    assert len(cands) == 1
    return cands[0]


# -- the rounds drawn ------------------------------------------------------------


@st.composite
def rounds(draw) -> Snapshot:
    n = draw(st.integers(2, 10))
    rnd = draw(st.integers(2, 7))
    last = draw(st.booleans())
    levels = draw(st.integers(1, min(4, rnd)))
    top = (rnd - 1) * POINT
    scale = [top - 5 * k for k in range(2 * levels) if top - 5 * k >= 0]
    players = {}
    for pid in range(1, n + 1):
        colours = tuple(
            draw(
                st.lists(st.sampled_from([WHITE, BLACK, None]), min_size=rnd - 1, max_size=rnd - 1)
            )
        )
        floats = tuple(
            draw(
                st.lists(st.sampled_from(["up", "down", None]), min_size=rnd - 1, max_size=rnd - 1)
            )
        )
        score = draw(st.sampled_from(scale))
        players[pid] = dict(
            id=pid,
            score=score,
            pairing_score=score,
            colours=colours,
            floats=floats,
            had_pab=False,
            byes=(),
            absent=False,
            rating=3000 - pid,
            tpn=pid,
            played_games=sum(c is not None for c in colours),
            pab_ineligible=draw(st.booleans()) and draw(st.booleans()),
        )
    met = {pid: set() for pid in players}
    for a in players:
        for b in range(a + 1, n + 1):
            if draw(st.integers(0, 9)) < 3:
                met[a].add(b)
                met[b].add(a)
    states = {
        pid: PlayerState(opponents=frozenset(met[pid]), **fields) for pid, fields in players.items()
    }
    tournament = Tournament(players={}, results={}, total_rounds=rnd if last else rnd + 2)
    return Snapshot(tournament, rnd, load_edition("dutch", "2012"), states, initial_colour=WHITE)


# -- hand-worked rounds ----------------------------------------------------------------


def player(pid: int, score: float, colours: str = "", floats: str = "", met=()) -> PlayerState:
    """A player before the round: colours as W/B/- (unplayed), floats as u/d/-."""
    colour = {"W": W, "B": B, "-": None}
    drift = {"u": "up", "d": "down", "-": None}
    return PlayerState(
        id=pid,
        score=int(score * 10),
        pairing_score=int(score * 10),
        colours=tuple(colour[c] for c in colours),
        floats=tuple(drift[f] for f in floats),
        opponents=frozenset(met),
        had_pab=False,
        byes=(),
        absent=False,
        rating=2500 - pid,
        tpn=pid,
        played_games=sum(c != "-" for c in colours),
    )


def roster(*players: tuple) -> list[PlayerState]:
    """Players 1, 2, ... from (score, colours, floats, opponents) (see :func:`player`)."""
    return [player(pid, *fields) for pid, fields in enumerate(players, 1)]


def round_of(rnd: int, *players: PlayerState, last: bool = False) -> Snapshot:
    tournament = Tournament(players={}, results={}, total_rounds=rnd if last else rnd + 3)
    return Snapshot(
        tournament, rnd, load_edition("dutch", "2012"), {p.id: p for p in players}, initial_colour=W
    )
