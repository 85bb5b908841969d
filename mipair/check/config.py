"""The random tournament generator's parameters: JaVaFo's RTG keys.

A configuration file is a Java-style property file: blank lines and lines
starting with ``#`` or ``!`` are ignored, every other line is ``Key=Value``
(``Key: Value`` and ``Key Value`` are read too). Keys are case-insensitive:

================  ==========================================================
PlayersNumber     number of players
RoundsNumber      number of rounds
DrawPercentage    draws among played games, in percent (0-100), capped per
                  game by what the rating difference allows
ForfeitRate       one game in N is forfeited (0: none)
RetiredRate       one player in N retires during the tournament (0: none)
HalfPointByeRate  one player in N takes a half-point bye (0: none)
HighestRating     ratings are drawn uniformly between LowestRating and this
LowestRating
PointsForWin      the point system (decimals such as 1.0, 0.5, 3)
PointsForDraw
PointsForLoss
PointsForZPB      zero-point bye (absence, retirement)
PointsForForfeitLoss
PointsForPAB      pairing-allocated bye
================  ==========================================================

Missing keys keep the defaults below; like JaVaFo, the number of players and
rounds are drawn at random when not given. A model tournament (any TRF)
gives every parameter instead, from what happened in it (see
:func:`from_model`); its players and ratings are kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from mipair.errors import InputError
from mipair.formats.text import load
from mipair.formats.trf import read_tournament
from mipair.model import Player, Points, PointSystem, Result, Tournament, parse_points

INT_KEYS = {
    "playersnumber": "players",
    "roundsnumber": "rounds",
    "highestrating": "highest_rating",
    "lowestrating": "lowest_rating",
}
FLOAT_KEYS = {
    "drawpercentage": "draw_percentage",
    "forfeitrate": "forfeit_rate",
    "retiredrate": "retired_rate",
    "halfpointbyerate": "half_point_bye_rate",
}
POINT_KEYS = {
    "pointsforwin": "win",
    "pointsfordraw": "draw",
    "pointsforloss": "loss",
    "pointsforzpb": "zero_bye",
    "pointsforforfeitloss": "forfeit_loss",
    "pointsforpab": "pab",
}


@dataclass(frozen=True)
class GeneratorConfig:
    """Everything the generator needs (rates are "one in N", 0 means never)."""

    players: int | None = None  # None: drawn at random (15..215, like JaVaFo)
    rounds: int | None = None  # None: drawn at random (5..15)
    draw_percentage: float = 30.0
    forfeit_rate: float = 0.0
    retired_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    highest_rating: int = 2600
    lowest_rating: int = 1400
    point_system: PointSystem = field(default_factory=PointSystem)
    model: Tournament | None = field(default=None, compare=False)  # players to keep

    def resolved(self, rng: random.Random) -> GeneratorConfig:
        """Draw the number of players and rounds when they were not given."""
        players = self.players if self.players is not None else rng.randint(15, 215)
        rounds = self.rounds if self.rounds is not None else rng.randint(5, 15)
        return replace(self, players=players, rounds=rounds)

    def check(self, source: str = "<config>") -> None:
        """Reject values the generator cannot use (InputError, exit 3)."""

        def bad(msg: str, key: str) -> InputError:
            return InputError(msg, file=source, field=key)

        if self.players is not None and not 2 <= self.players <= 9999:
            raise bad("the number of players must be between 2 and 9999", "PlayersNumber")
        if self.rounds is not None and not 1 <= self.rounds <= 999:
            raise bad("the number of rounds must be between 1 and 999", "RoundsNumber")
        if not 0 <= self.draw_percentage <= 100:
            raise bad("the draw percentage must be between 0 and 100", "DrawPercentage")
        for key, value in (
            ("ForfeitRate", self.forfeit_rate),
            ("RetiredRate", self.retired_rate),
            ("HalfPointByeRate", self.half_point_bye_rate),
        ):
            if value < 0 or 0 < value < 1:
                raise bad("a rate is one in N: N >= 1, or 0 for never", key)
        if not 0 <= self.lowest_rating <= self.highest_rating <= 9999:
            raise bad(
                "ratings must satisfy 0 <= LowestRating <= HighestRating <= 9999", "HighestRating"
            )


def parse_config(text: str, source: str = "<config>") -> GeneratorConfig:
    """Read a JaVaFo RTG configuration (see the module docstring)."""
    values: dict[str, object] = {}
    points: dict[str, Points] = {}
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        key, value = _split(line)
        low = key.lower()
        try:
            if low in INT_KEYS:
                values[INT_KEYS[low]] = int(value)
            elif low in FLOAT_KEYS:
                values[FLOAT_KEYS[low]] = float(value)
            elif low in POINT_KEYS:
                points[POINT_KEYS[low]] = parse_points(value)
            else:
                raise InputError(
                    f"unknown key {key!r} (JaVaFo generator keys: PlayersNumber, "
                    "RoundsNumber, DrawPercentage, ForfeitRate, RetiredRate, "
                    "HalfPointByeRate, HighestRating, LowestRating, PointsFor...)",
                    file=source,
                    line=number,
                    field=key,
                )
        except ValueError:
            raise InputError(
                f"{value!r} is not a valid value", file=source, line=number, field=key
            ) from None
    config = GeneratorConfig(point_system=PointSystem(**points), **values)  # type: ignore[arg-type]
    config.check(source)
    return config


def _split(line: str) -> tuple[str, str]:
    for sep in ("=", ":"):
        if sep in line:
            key, _, value = line.partition(sep)
            return key.strip(), value.strip()
    key, _, value = line.partition(" ")
    return key.strip(), value.strip()


def from_model(t: Tournament) -> GeneratorConfig:
    """The parameters a real tournament shows (its players and ratings are kept).

    Draw percentage: draws among games played over the board; forfeit rate:
    scheduled games per forfeited game; retired and half-point-bye rates:
    players per player with a zero-point bye (absence) / a half-point bye.
    """
    games = forfeits = played = draws = 0
    retired = half = 0
    for _pid, cells in t.results.items():
        zero = hpb = False
        for cell in cells:
            if cell is None:
                continue
            if cell.opponent is not None:
                games += 1
                if cell.result.is_forfeit:
                    forfeits += 1
                else:
                    played += 1
                    draws += cell.result in (Result.DRAW, Result.DRAW_UNPLAYED)
            elif cell.result is Result.HALF_BYE:
                hpb = True
            elif not cell.takes_part:
                zero = True
        retired += zero
        half += hpb
    n = len(t.players)
    return GeneratorConfig(
        players=n,
        rounds=t.rounds_written,
        draw_percentage=round(100 * draws / played, 1) if played else 0.0,
        forfeit_rate=round(games / forfeits, 2) if forfeits else 0.0,
        retired_rate=round(n / retired, 2) if retired else 0.0,
        half_point_bye_rate=round(n / half, 2) if half else 0.0,
        highest_rating=max((p.rating for p in t.players.values()), default=0),
        lowest_rating=min((p.rating for p in t.players.values()), default=0),
        point_system=t.point_system,
        model=t,
    )


def model_players(t: Tournament) -> list[Player]:
    """The model's players, renumbered 1..n by rating (highest first), names kept."""
    ordered = sorted(t.players.values(), key=lambda p: (-p.rating, p.id))
    return [
        Player(
            id=k,
            name=p.name,
            sex=p.sex,
            title=p.title,
            rating=p.rating,
            federation=p.federation,
            fide_id=p.fide_id,
            birth=p.birth,
        )
        for k, p in enumerate(ordered, 1)
    ]


def load_config(config: str | None, model: str | None) -> GeneratorConfig:
    """The generator configuration from a config file, a model TRF, or the defaults."""
    if config and model:
        raise InputError("give a configuration file or a model tournament, not both")
    if model:
        return from_model(read_tournament(model))
    if config:
        return parse_config(load(config), config)
    return GeneratorConfig()
