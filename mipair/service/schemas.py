"""The JSON answers of the API as schemas, for the OpenAPI document (the answers are built as
plain dicts by the jobs; these describe them)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Board(BaseModel):
    board: int
    white: int
    black: int
    handicap: int | None = Field(None, description="a Go game's handicap in stones")


class PairAnswer(BaseModel):
    system: str
    rules: str | None
    round: int
    boards: list[Board] = Field(description="in board order")
    bye: int | None = Field(description="the pairing-allocated bye's id, or null")
    text: str = Field(description="byte for byte what the drop-in `mipair SYSTEM IN -p OUT` writes")
    description: str


class CheckedRound(BaseModel):
    round: int
    verdict: str
    summary: str | None = None


class CheckAnswer(BaseModel):
    system: str
    rules: str | None
    outcome: str = Field(description="agrees, differs (all legal) or illegal")
    rounds: list[CheckedRound | dict[str, object]]


class ExplainAnswer(BaseModel):
    system: str
    pairable: bool
    text: str
    model_config = {"extra": "allow"}


class WhyAnswer(BaseModel):
    system: str
    text: str
    violations: list[object]
    model_config = {"extra": "allow"}


class StandingsLine(BaseModel):
    rank: int
    player: int
    name: str
    points: str
    tie_breaks: dict[str, str]


class StandingsAnswer(BaseModel):
    system: str
    round: int
    standings: list[StandingsLine]


class LaneStatus(BaseModel):
    workers: int
    requests: int
    waiting: int
    mean_solve_seconds: float = Field(
        description="the mean of the lane's latest solve times (what admission counts with)"
    )
    solves_measured: int = Field(description="how many solve times that mean is taken over")
    accepting: bool


class HealthAnswer(BaseModel):
    status: str = Field(description="ok, warming, busy or down")
    lanes: dict[str, LaneStatus]


class VersionAnswer(BaseModel):
    mipair: str
    systems: dict[str, list[str]]


ANSWERS: dict[str, type[BaseModel]] = {
    "pair": PairAnswer,
    "check": CheckAnswer,
    "explain": ExplainAnswer,
    "why": WhyAnswer,
    "standings": StandingsAnswer,
}
"""Endpoint -> the schema of its 200 answer."""
