"""What the Team Swiss engine reads from ``models/team-2026.toml``, parsed and checked once.

The quality criteria in the order they count (C.04.6 2.3), each naming its function in
:mod:`mipair.systems.team.criteria` and its stage (the set of upfloaters, 3.5, or the
bracket's pairing, 3.6); how record 192 names the colour model and the scores
(readings T7, T8); the orders the text fixes (the PAB 3.4, the first-team 4.2, the PAB's
value 1.4: :class:`TeamOrders`, read and checked as every Swiss edition's settings are,
:func:`~mipair.systems.swiss_settings.parse`). A file asking an order the engine does not
implement is refused at load.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Literal

from mipair.model_files import read_model
from mipair.resources import model_file
from mipair.systems.swiss_settings import parse

MODEL = "team-2026.toml"
STAGES = ("upfloaters", "bracket")


@dataclass(frozen=True, kw_only=True)
class TeamOrders:
    """The orders C.04.6 fixes, as the model file states them: the one each the engine
    implements (a ``Literal`` refuses another)."""

    bye_order: tuple[
        Literal["lowest-score"], Literal["most-matches-played"], Literal["largest-tpn"]
    ]  # 3.4.2-3.4.4
    first_team_order: tuple[
        Literal["primary"], Literal["secondary"], Literal["smaller-tpn"]
    ]  # 4.2.1-4.2.3
    pab_value: Literal["draw"]  # 1.4, unless record 320 says otherwise


@dataclass(frozen=True)
class CriterionSpec:
    """One quality criterion of the model file."""

    id: str
    stage: str
    function: str
    text: str
    value: str
    better: str
    levels: bool = False
    holds: bool = False
    not_in_last_two_rounds: bool = False
    type_b_only: bool = False


@dataclass(frozen=True)
class Competition:
    """What record 192 says of a team tournament (T7, T8)."""

    code: str
    model: str | None  # "A", "B", or None (no colour preferences)
    primary: str  # "match" or "game"
    secondary_used: bool


@dataclass(frozen=True)
class TeamSettings:
    """The model file, checked."""

    edition: str
    title: str
    absolute_ids: dict[str, str]
    default_code: str
    colour_models: dict[str, str]
    scores: dict[str, tuple[str, bool]]
    colour_rules: tuple[str, ...]
    criteria: tuple[CriterionSpec, ...]
    orders: TeamOrders

    def competition(self, code: str | None) -> Competition:
        """The colour model and scores a 192 code names (T7, T8): the default for a team
        file without one, or with FIDE_TEAM (BAKU) alone."""
        code = (code or "").strip().upper() or self.default_code
        words = code.removesuffix("_BAKU").split("_")
        rest = words[2:] if words[:2] == ["FIDE", "TEAM"] else []
        if not rest:
            rest = self.default_code.split("_")[2:]
        model = None
        if rest and rest[0] in self.colour_models:
            model, rest = self.colour_models[rest[0]], rest[1:]
        primary, secondary = self.scores.get("_".join(rest), self.scores["MP_GP"])
        return Competition(code, model, primary, secondary)

    def active(self, stage: str, last_two: bool, model: str | None) -> list[CriterionSpec]:
        """The criteria of ``stage`` that count in the round."""
        return [
            spec
            for spec in self.criteria
            if spec.stage == stage
            and not (spec.not_in_last_two_rounds and last_two)
            and not (spec.type_b_only and model != "B")
        ]


def _fail(key: str, what: str) -> ValueError:
    return ValueError(f"{model_file(MODEL)}: {key}: {what}")


def _criteria(entries: list[dict[str, Any]]) -> tuple[CriterionSpec, ...]:
    out = []
    for k, entry in enumerate(entries):
        if entry.get("stage") not in STAGES:
            raise _fail(f"criteria[{k}].stage", f"must be one of {', '.join(STAGES)}")
        out.append(
            CriterionSpec(
                id=entry["id"],
                stage=entry["stage"],
                function=entry["function"],
                text=entry["text"],
                value=entry["value"],
                better=entry["better"],
                levels=entry.get("levels") == "score",
                holds=bool(entry.get("holds", False)),
                not_in_last_two_rounds=bool(entry.get("not_in_last_two_rounds", False)),
                type_b_only=bool(entry.get("type_b_only", False)),
            )
        )
    return tuple(out)


@cache
def settings() -> TeamSettings:
    """The parsed and checked model file (read once per process)."""
    path = model_file(MODEL)
    data = read_model(path)
    ordered = {f.name: data[f.name] for f in fields(TeamOrders) if f.name in data}
    return TeamSettings(
        edition=str(data["edition"]),
        title=str(data["title"]),
        absolute_ids=dict(data["absolute_ids"]),
        default_code=str(data["default_code"]),
        colour_models={k.upper(): str(v) for k, v in data["colour_models"].items()},
        scores={k.upper(): (str(v[0]), bool(v[1])) for k, v in data["scores"].items()},
        colour_rules=tuple(data["colour_rules"]),
        criteria=_criteria(data["criteria"]),
        orders=parse(TeamOrders, ordered, path),
    )
