"""Random tournaments, every round paired by mipair.

:func:`generate` builds a tournament from a :class:`GeneratorConfig` and a
seed (the same seed gives the same file, written into its 012 record):

1. ratings drawn uniformly between the lowest and highest rating (or the
   model's players), pairing ids by rating, highest first;
2. absences planned before round 1: retirements (``0000 - Z`` from a random
   round to the end) and one half-point bye (``0000 - H``, never in the last
   round) for the chosen players; at least two players stay in every round;
3. an initial colour drawn at random (written as 152 / XXC), the system's
   tournament type as 192 (``FIDE_BURSTEIN``, ...) so the file says which
   system pairs it, and its name in the 092 text; a system whose rounds the
   field decides (a round robin) sets the type and the rounds itself
   (:meth:`~mipair.systems.base.PairingSystem.generated_type`);
4. round after round: mipair pairs the round from the rounds before it, then
   every game gets a result: a forfeit with probability 1/ForfeitRate (either
   side), else a draw or a win drawn so that the stronger player's expected
   score is the FIDE expected score of the rating difference,
   ``E = 1 / (1 + 10^(-D/400))`` with D capped at 400 (FIDE rating rule);
   the draw probability is DrawPercentage, capped at 2(1-E) so that E holds;
   a game the system pairs with a player announced absent (a round robin keeps
   its table after a retirement) is lost by forfeit by the absent player;
5. a system whose round is a match of several games (a Double-Swiss match,
   :attr:`~mipair.systems.base.PairingSystem.games_per_round`) has each of its
   rounds written as that many TRF rounds: each game played as above with the
   colours reversed from one game to the next, a bye or an absence in all of
   them, the points field counting the matches (:mod:`mipair.matches`).

A round the engine cannot pair (a small field that has met itself, or whose
colours clash, after retirements) stops the generation with NoPairingError,
or, given ``on_stop``, ends the tournament after the round before it: the
file then keeps its planned number of rounds (142), so every round is
replayed as it was paired, and asking for the next round says why it fails.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mipair.check.config import GeneratorConfig, model_players
from mipair.errors import InputError, NoPairingError
from mipair.matches import matches_written, scores_before
from mipair.model import Cell, Colour, Player, Result, Tournament
from mipair.pairing import Board, RoundPairing
from mipair.systems.base import AnySystem

SEED_MAX = 2**31 - 1


def expected_score(rating_difference: int) -> float:
    """FIDE expected score of the player ``rating_difference`` points above the other."""
    d = max(-400, min(400, rating_difference))
    return 1.0 / (1.0 + 10.0 ** (-d / 400.0))


def draw_result(rng: random.Random, white: int, black: int, draw_share: float) -> Result:
    """White's result of a played game (see the module docstring)."""
    e = expected_score(white - black)
    strong = max(e, 1.0 - e)
    draw = min(draw_share, 2.0 * (1.0 - strong))
    u = rng.random()
    if u < draw:
        return Result.DRAW
    stronger_wins = u < draw + strong - draw / 2.0
    white_stronger = e >= 0.5
    return Result.WIN if stronger_wins == white_stronger else Result.LOSS


def _players(cfg: GeneratorConfig, rng: random.Random) -> list[Player]:
    if cfg.model is not None:
        return model_players(cfg.model)
    assert cfg.players is not None
    ratings = sorted(
        (rng.randint(cfg.lowest_rating, cfg.highest_rating) for _ in range(cfg.players)),
        reverse=True,
    )
    return [Player(id=k, name=f"Player {k:04d}", rating=r) for k, r in enumerate(ratings, 1)]


def _share(n: int, rate: float) -> int:
    """How many of n are chosen at a one-in-``rate`` rate (0: none)."""
    return min(n, round(n / rate)) if rate > 0 else 0


def plan_absences(
    cfg: GeneratorConfig, ids: list[int], rng: random.Random, rounds: int | None = None
) -> dict[tuple[int, int], Result]:
    """``(entrant, round) -> Z or H`` for the announced absences (see the module docstring)
    over ``rounds`` rounds (None: the configuration's), at least two entrants left in every
    round; a team tournament's teams are planned the same way."""
    rounds = rounds if rounds is not None else cfg.rounds or 1
    plan: dict[tuple[int, int], Result] = {}
    if rounds >= 2:
        for pid in rng.sample(ids, _share(len(ids), cfg.retired_rate)):
            for r in range(rng.randint(2, rounds), rounds + 1):
                plan[(pid, r)] = Result.ZERO_BYE
        for pid in rng.sample(ids, _share(len(ids), cfg.half_point_bye_rate)):
            free = [r for r in range(1, rounds) if (pid, r) not in plan]
            if free:
                plan[(pid, rng.choice(free))] = Result.HALF_BYE
    for r in range(1, rounds + 1):
        away = [p for p in ids if (p, r) in plan]
        while len(ids) - len(away) < 2 and away:
            plan.pop((away.pop(), r))
    return plan


def play_round(
    t: Tournament, rnd: int, pairing: RoundPairing, cfg: GeneratorConfig, rng: random.Random
) -> dict[int, Cell]:
    """Round ``rnd``'s cells for the players the pairing placed: a game with a player
    announced absent (a round robin keeps its table) is forfeited by him, and a bye the
    pairing gives an absent player leaves him absent."""
    cells: dict[int, Cell] = {}
    forfeit = 1.0 / cfg.forfeit_rate if cfg.forfeit_rate > 0 else 0.0
    away = {pid for pid in pairing.players() if (c := t.cell(pid, rnd)) and not c.takes_part}
    for b in pairing.boards:
        if away & {b.white, b.black}:
            cells.update(forfeited(b.white, b.black, away))
            continue
        if rng.random() < forfeit:
            white = Result.FORFEIT_WIN if rng.random() < 0.5 else Result.FORFEIT_LOSS
        else:
            white = draw_result(
                rng,
                t.players[b.white].rating,
                t.players[b.black].rating,
                cfg.draw_percentage / 100.0,
            )
        black = {
            Result.WIN: Result.LOSS,
            Result.LOSS: Result.WIN,
            Result.DRAW: Result.DRAW,
            Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
            Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
        }[white]
        cells[b.white] = Cell(b.black, Colour.WHITE, white)
        cells[b.black] = Cell(b.white, Colour.BLACK, black)
    if pairing.bye is not None and pairing.bye not in away:
        cells[pairing.bye] = Cell(None, None, Result.PAB)
    return cells


def forfeited(white: int, black: int, away: set[int]) -> dict[int, Cell]:
    """The cells of a game with an absent player: lost by forfeit by each absent player,
    won by forfeit by the other (C.05 for a round robin's withdrawals)."""
    result = {p: Result.FORFEIT_LOSS if p in away else Result.FORFEIT_WIN for p in (white, black)}
    return {
        white: Cell(black, Colour.WHITE, result[white]),
        black: Cell(white, Colour.BLACK, result[black]),
    }


RoundHook = Callable[[Tournament, int, RoundPairing], None]
StopHook = Callable[[str], None]


def generate(
    config: GeneratorConfig,
    seed: int,
    system: AnySystem,
    edition: str | None = None,
    on_round: RoundHook | None = None,
    pair: Callable[[Any], RoundPairing] | None = None,
    on_stop: StopHook | None = None,
) -> Tournament:
    """A random tournament paired by ``system`` (a system of TRF files) by ``edition``
    (see the module docstring); ``on_round(cut, r, pairing)`` is called after each
    round is paired (the check list uses it); ``pair`` replaces the system's pairing
    (the benchmark times it); ``on_stop(message)`` is told why the tournament ended
    early, instead of an exception."""
    pair = pair or system.pair
    rng = random.Random(seed)
    cfg = config.resolved(rng)
    kind = system.generated_type(cfg.players or 0, config.rounds)
    if kind.rounds is not None:
        cfg = replace(cfg, rounds=kind.rounds)
    cfg.check()
    players = _players(cfg, rng)
    ids = [p.id for p in players]
    rounds = cfg.rounds or 1
    games = system.games_per_round
    plan = plan_absences(cfg, ids, rng)
    origin = f" after {cfg.model.source}" if cfg.model is not None and cfg.model.source else ""
    t = Tournament(
        players={p.id: p for p in players},
        results={pid: () for pid in ids},
        point_system=cfg.point_system,
        total_rounds=rounds * games,
        system=kind.code,
        initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]),
        headers=(
            ("012", f"Random tournament{origin} (mipair generate, seed {seed})"),
            ("092", kind.text),
        ),
    )
    for rnd in range(1, rounds + 1):
        announced = {
            pid: (Cell(None, None, plan[(pid, rnd)]),) * games for pid in ids if (pid, rnd) in plan
        }
        cut = _with_round(t, rnd, announced, games)
        pairing = paired_round(
            lambda: pair(system.state_before(cut, rnd, edition)), rnd, seed, rounds, on_stop
        )
        if pairing is None:
            break
        if on_round is not None:
            on_round(cut, rnd, pairing)
        played = play_games(cut, rnd, pairing, cfg, rng, games)
        t = _with_round(cut, rnd, {**announced, **played}, games)
    return finish(t, games)


def paired_round(
    pair: Callable[[], RoundPairing],
    rnd: int,
    seed: int,
    rounds: int,
    on_stop: StopHook | None,
) -> RoundPairing | None:
    """Round ``rnd`` of a generated tournament paired by ``pair()``; when it cannot be,
    NoPairingError saying so, or (given ``on_stop``, after round 1) None once ``on_stop``
    is told that the tournament ends after the round before."""
    try:
        return pair()
    except NoPairingError as exc:
        message = (
            f"round {rnd} of the generated tournament (seed {seed}) cannot be paired: {exc.message}"
        )
        if on_stop is None or rnd == 1:
            raise NoPairingError(message) from None
        on_stop(f"{message}; the tournament ends after round {rnd - 1} of {rounds}")
        return None


def play_games(
    t: Tournament,
    rnd: int,
    pairing: RoundPairing,
    cfg: GeneratorConfig,
    rng: random.Random,
    games: int,
) -> dict[int, tuple[Cell, ...]]:
    """Each game of round ``rnd`` (``games`` TRF rounds), the colours reversed from one
    game to the next."""
    out: dict[int, tuple[Cell, ...]] = {}
    for game in range(games):
        boards = pairing.boards
        if game % 2:
            boards = tuple(Board(b.black, b.white) for b in boards)
        column = games * (rnd - 1) + game + 1
        for pid, cell in play_round(t, column, replace(pairing, boards=boards), cfg, rng).items():
            out[pid] = out.get(pid, ()) + (cell,)
    return out


def _with_round(
    t: Tournament, rnd: int, cells: dict[int, tuple[Cell, ...]], games: int = 1
) -> Tournament:
    before = games * (rnd - 1)
    results = {pid: c[:before] + cells.get(pid, ()) for pid, c in t.results.items()}
    return replace(t, results=results)


def finish(t: Tournament, games: int = 1) -> Tournament:
    """Fill the points and rank fields (rank: score, then pairing id); with matches of
    several games the points are the matches' (a PAB worth one match)."""
    ps = t.point_system
    if games > 1:
        score = scores_before(t, matches_written(t) + 1)
    else:
        score = {pid: sum(ps.cell_points(c) for c in cells) for pid, cells in t.results.items()}
    order = sorted(t.players, key=lambda pid: (-score[pid], pid))
    rank = {pid: k for k, pid in enumerate(order, 1)}
    players = {pid: replace(p, points=score[pid], rank=rank[pid]) for pid, p in t.players.items()}
    return replace(t, players=players)


def new_seed() -> int:
    """A fresh random seed (written into the file, so the run can be repeated)."""
    return random.SystemRandom().randint(1, SEED_MAX)


def parse_seed(seed: str | int | None) -> int:
    """The seed given (a whole number from 0 to :data:`SEED_MAX`), else a fresh one."""
    if seed is None:
        return new_seed()
    try:
        value = int(seed)
    except ValueError:
        raise InputError(f"the seed must be a whole number, not {seed!r}", field="-s") from None
    if not 0 <= value <= SEED_MAX:
        raise InputError(f"the seed must be between 0 and {SEED_MAX}", field="-s")
    return value
