"""An edition of a FIDE system: its criteria data (``models/<system>-<edition>.toml``)
plus one procedure object.

The model file declares the quality criteria in the order they count (each a
small function the edition's procedure knows by name), the definitions the
state before a round depends on (which unplayed rounds are downfloats, what
bars the PAB), how the edition numbers its absolute rules, and the procedure
object (``procedure = "module:Class"``, a
:class:`~mipair.systems.fide.procedure.SwissProcedure`) that pairs a round
and evaluates a pairing by those criteria. Loading an edition checks all of
it: an unknown function, a missing definition or a procedure class that lacks
a member is an error at load time, never a silent fall-back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from mipair.lazy import named
from mipair.model_files import read_model
from mipair.resources import model_file
from mipair.systems.fide.procedure import EditionCriterion, SwissProcedure
from mipair.systems.swiss_settings import SwissSettings, parse


@dataclass(frozen=True)
class CriterionSpec:
    """One quality criterion as the model file declares it."""

    id: str
    name: str
    function: EditionCriterion
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
    following: EditionCriterion | None = None
    """For a look-ahead criterion: the function the following bracket is judged by."""
    last_round: bool = True
    """Whether the criterion counts in the last round (``not_in_last_round`` in the file)."""


BETTER = ("higher", "lower")
LEVELS = ("", "score", "score difference")

UNPLAYED_ALWAYS, UNPLAYED_MORE_THAN_LOSS = "always", "more-than-loss"
BARRED_BY_FORFEIT_WIN, BARRED_BY_UNPLAYED_WIN = "forfeit-win", "unplayed-win"
DEFINITIONS = {
    "unplayed_downfloat": (UNPLAYED_ALWAYS, UNPLAYED_MORE_THAN_LOSS),
    "bye_barred_by": (BARRED_BY_FORFEIT_WIN, BARRED_BY_UNPLAYED_WIN),
}
"""The edition's definitions a model file must give, and their possible values."""
REQUIRED = ("edition", "procedure", "absolute_ids", "colour_rules", "criteria")
"""The other keys every model file must have."""
KNOWN = (*REQUIRED, *DEFINITIONS, "title")
"""The keys the loader reads; the others are the edition's :attr:`Edition.settings`."""


@dataclass(frozen=True)
class Edition:
    """An edition of a FIDE system: its quality criteria in order and its procedure."""

    system: str
    name: str
    title: str
    criteria: tuple[CriterionSpec, ...]
    procedure: SwissProcedure[Any] = field(compare=False)
    """Pairs a round and evaluates a pairing by these criteria."""
    unplayed_downfloat: str = UNPLAYED_MORE_THAN_LOSS
    """Which unplayed rounds count as a downfloat: ``always`` or ``more-than-loss``."""
    bye_barred_by: str = BARRED_BY_UNPLAYED_WIN
    """What bars a player from the PAB besides a PAB: ``forfeit-win`` or ``unplayed-win``."""
    absolute_ids: dict[str, str] = field(default_factory=dict, compare=False)
    """How the edition numbers each kind of absolute fact (rematch, bye, colour, forbidden)."""
    colour_rules: tuple[str, str] = ("", "")
    """How the edition's general Swiss rules number "no |CD| > 2" and "no colour
    three times in a row"."""
    settings: SwissSettings = field(default_factory=SwissSettings, compare=False)
    """The model file's other keys, checked at load: the edition's own definitions, which
    its procedure reads (Burstein: the seeding rounds, the PAB order, the Index), of the
    type its procedure names (:mod:`mipair.systems.swiss_settings`)."""

    def active(self, rnd: int, last_round: bool = False) -> tuple[CriterionSpec, ...]:
        """The criteria that exist when round ``rnd`` (the last one: ``last_round``) is paired."""
        return tuple(
            c for c in self.criteria if rnd >= c.min_round and (c.last_round or not last_round)
        )


def model_name(system: str, edition: str) -> str:
    """``<system>-<edition>``: the stem of an edition's model file, and the name of its
    table in ``models/memory.toml``."""
    return f"{system}-{edition}"


class EditionError(ValueError):
    """A model file that cannot be an edition (a programming error: it ships with mipair)."""


@cache
def available_editions(system: str, directory: Path | None = None) -> tuple[str, ...]:
    """The editions of ``system`` with a model file ``<system>-<edition>.toml`` in
    ``directory`` (None: mipair's ``models/``), newest first (the first is the default)."""
    prefix = f"{system}-"
    folder = directory or model_file()
    names = [p.stem[len(prefix) :] for p in folder.glob(f"{prefix}*.toml")]
    return tuple(sorted(names, reverse=True))


def default_edition(system: str, directory: Path | None = None) -> str:
    """The edition used when none is asked for: the newest (first of :func:`available_editions`)."""
    names = available_editions(system, directory)
    if not names:
        raise EditionError(f"no model file {system}-<edition>.toml in {directory or model_file()}")
    return names[0]


@cache
def load_edition(system: str, name: str | None = None, directory: Path | None = None) -> Edition:
    """The edition ``name`` of ``system`` (None: its default) from its model file in
    ``directory`` (None: mipair's ``models/``)."""
    name = name or default_edition(system, directory)
    return read_edition(system, (directory or model_file()) / f"{model_name(system, name)}.toml")


def read_edition(system: str, path: Path) -> Edition:
    """An edition from the model file at ``path`` (see the module docstring)."""
    data = read_model(path)
    missing = [key for key in REQUIRED + tuple(DEFINITIONS) if key not in data]
    if missing:
        raise EditionError(f"{path}: missing {', '.join(missing)}")
    for key, values in DEFINITIONS.items():
        if data[key] not in values:
            raise EditionError(f"{path}: {key} must be one of {', '.join(values)}")
    cls = procedure_class(path, data["procedure"])
    own = {key: value for key, value in data.items() if key not in KNOWN}
    procedure = cls(parse(cls.settings_type, own, path))
    return Edition(
        system,
        data["edition"],
        data.get("title", ""),
        tuple(criterion_spec(path, entry, procedure) for entry in data["criteria"]),
        procedure,
        data["unplayed_downfloat"],
        data["bye_barred_by"],
        dict(data["absolute_ids"]),
        tuple(data["colour_rules"]),
        procedure.settings,
    )


def procedure_class(path: Path, reference: str) -> type[SwissProcedure[Any]]:
    """The procedure class a model file names; a class that is not a complete
    :class:`~mipair.systems.fide.procedure.SwissProcedure` is an error here."""
    try:
        cls = named(reference)
    except (ImportError, AttributeError, ValueError) as exc:
        raise EditionError(f"{path}: procedure {reference!r} cannot be found ({exc})") from None
    if not (isinstance(cls, type) and issubclass(cls, SwissProcedure)):
        raise EditionError(f"{path}: procedure {reference!r} is not a SwissProcedure class")
    lacking = sorted(getattr(cls, "__abstractmethods__", ()))
    if lacking:
        raise EditionError(f"{path}: procedure {reference!r} lacks {', '.join(lacking)}")
    return cls


def criterion_spec(
    path: Path, entry: dict[str, Any], procedure: SwissProcedure[Any]
) -> CriterionSpec:
    """One ``[[criteria]]`` entry, its functions found in the procedure's tables."""
    name, ahead = entry["function"], entry.get("following")
    function = procedure.criterion(name)
    following = procedure.criterion(ahead) if ahead is not None else None
    if function is None or (ahead is not None and following is None):
        unknown = name if function is None else ahead
        raise EditionError(f"{path}: unknown criterion function {unknown!r}")
    if entry.get("better") not in BETTER or entry.get("levels", "") not in LEVELS:
        raise EditionError(
            f"{path}: {entry['id']}: better must be one of {BETTER}, levels one of {LEVELS}"
        )
    return CriterionSpec(
        entry["id"],
        name,
        function,
        entry.get("text", ""),
        entry.get("min_round", 1),
        entry["value"],
        entry["better"],
        entry.get("levels", ""),
        entry.get("sign", 1),
        following,
        not entry.get("not_in_last_round", False),
    )
