"""Load an edition's definition (criteria order) from ``models/dutch-<edition>.toml``."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import cache

from mipair.lazy import named
from mipair.resources import model_file
from mipair.systems.dutch.criteria import Criterion

CRITERION_TABLES = (
    "mipair.systems.dutch.criteria:CRITERIA",
    "mipair.systems.dutch.criteria2017:CRITERIA_2017",
    "mipair.systems.dutch.criteria2012:CRITERIA_2012",
)
"""Where a model file's function names are looked up, in this order (each
``module:table`` imported only when a name is not found in the ones before)."""


@dataclass(frozen=True)
class CriterionSpec:
    """One quality criterion as the model file declares it."""

    id: str
    name: str
    function: Criterion
    text: str
    min_round: int = 1
    value: str = ""
    """The quantity ``why``/``check`` show: the function summed over a bracket's pairs."""
    better: str = "higher"
    """Which way the shown value is better: ``higher`` or ``lower``."""
    levels: str = ""
    """``score`` or ``score difference`` when compared level by level; "" for one number."""
    sign: int = 1
    """The shown value is ``sign`` times the function's sum (-1: the function negates a count)."""
    following: Criterion | None = None
    """For a look-ahead criterion: the function the following bracket is judged by."""


BETTER = ("higher", "lower")
LEVELS = ("", "score", "score difference")

UNPLAYED_ALWAYS, UNPLAYED_MORE_THAN_LOSS = "always", "more-than-loss"
BARRED_BY_FORFEIT_WIN, BARRED_BY_UNPLAYED_WIN = "forfeit-win", "unplayed-win"
DEFINITIONS = {
    "unplayed_downfloat": (UNPLAYED_ALWAYS, UNPLAYED_MORE_THAN_LOSS),
    "bye_barred_by": (BARRED_BY_FORFEIT_WIN, BARRED_BY_UNPLAYED_WIN),
}
"""The edition's definitions a model file must give, and their possible values."""


@dataclass(frozen=True)
class Edition:
    """A Dutch edition: its quality criteria in the order they count."""

    name: str
    title: str
    criteria: tuple[CriterionSpec, ...]
    procedure: str = "2026"  # "2026": C4/C5 as constraints; "2017": PPB/CLB (A.9)
    unplayed_downfloat: str = UNPLAYED_MORE_THAN_LOSS
    """Which unplayed rounds count as a downfloat: ``always`` or ``more-than-loss``."""
    bye_barred_by: str = BARRED_BY_UNPLAYED_WIN
    """What bars a player from the PAB besides a PAB: ``forfeit-win`` or ``unplayed-win``."""
    absolute_ids: dict[str, str] = field(default_factory=dict)
    """How the edition numbers each kind of absolute fact (rematch, bye, colour, forbidden)."""
    colour_rules: tuple[str, str] = ("C.04.1 Art. 6", "C.04.1 Art. 7")
    """How the edition's general Swiss rules number "no |CD| > 2" and "no colour
    three times in a row" (absolute outside the topscorer exception)."""

    def active(self, rnd: int) -> tuple[CriterionSpec, ...]:
        """The criteria that exist when round ``rnd`` is paired."""
        return tuple(c for c in self.criteria if rnd >= c.min_round)


EDITION_PREFIX = "dutch-"


@cache
def available_editions() -> tuple[str, ...]:
    """The editions with a model file ``models/dutch-<edition>.toml``, newest first."""
    names = [p.stem[len(EDITION_PREFIX) :] for p in model_file().glob(f"{EDITION_PREFIX}*.toml")]
    return tuple(sorted(names, reverse=True))


def criterion_function(name: str) -> Criterion | None:
    """The criterion function a model file names (None: no such function)."""
    for table in CRITERION_TABLES:
        functions: dict[str, Criterion] = named(table)
        if name in functions:
            return functions[name]
    return None


@cache
def load_edition(name: str = "2026") -> Edition:
    """Read ``models/dutch-<name>.toml``; unknown function names are an error."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    path = model_file(f"{EDITION_PREFIX}{name}.toml")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    specs = []
    for entry in data["criteria"]:
        fn = entry["function"]
        ahead = entry.get("following")
        function = criterion_function(fn)
        following = criterion_function(ahead) if ahead is not None else None
        if function is None or (ahead is not None and following is None):
            unknown = fn if function is None else ahead
            raise ValueError(f"{path}: unknown criterion function {unknown!r}")
        if entry.get("better") not in BETTER or entry.get("levels", "") not in LEVELS:
            raise ValueError(
                f"{path}: {entry['id']}: better must be one of {BETTER}, levels one of {LEVELS}"
            )
        specs.append(
            CriterionSpec(
                entry["id"],
                fn,
                function,
                entry.get("text", ""),
                entry.get("min_round", 1),
                entry["value"],
                entry["better"],
                entry.get("levels", ""),
                entry.get("sign", 1),
                following,
            )
        )
    for key, values in DEFINITIONS.items():
        if data.get(key) not in values:
            raise ValueError(f"{path}: {key} must be one of {', '.join(values)}")
    return Edition(
        data["edition"],
        data.get("title", ""),
        tuple(specs),
        data.get("procedure", data["edition"]),
        data["unplayed_downfloat"],
        data["bye_barred_by"],
        dict(data["absolute_ids"]),
        tuple(data["colour_rules"]),
    )
