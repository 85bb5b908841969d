"""An edition's own settings: one frozen, typed object, checked when its model file loads.

Besides the keys every model file has (:mod:`mipair.systems.fide.edition`), a
system's edition states the orders and definitions its procedure reads: the
PAB order, Burstein's seeding rounds and Index, Dubov's newcomer preference,
Lim's colour limits. Each system declares them as one frozen dataclass, a
subclass of :class:`SwissSettings` named by its procedure
(``SwissProcedure.settings_type``); :func:`parse` reads the model file's table
into it by the dataclass's own field types, so a key the class does not have,
a missing one, or a value of the wrong type is refused when the edition loads,
as ``FILE:LINE: key: what is wrong`` (exit 3), never when a round first reads it.

The field types say what a value may be:

* ``int``, ``bool``, ``str``; ``Annotated[int, AtLeast(1)]`` a bound (on a
  tuple: its length);
* ``Literal[...]`` one of the names a procedure knows; a single name is the one
  order the procedure implements (the model file states it, the type refuses
  another);
* ``tuple[X, ...]`` a list of X; ``tuple[X, Y]`` exactly that list;
* a nested settings dataclass, a TOML table.
"""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, fields, is_dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin, get_type_hints

from mipair.errors import InputError
from mipair.model import Colour

S = TypeVar("S", bound="SwissSettings")
T = TypeVar("T")

NEWCOMER: dict[str, Colour | None] = {"black-mild": Colour.BLACK, "none": None}
"""A model file's ``newcomer_preference`` -> the colour a player without games seeks."""


@dataclass(frozen=True)
class AtLeast:
    """A bound on a number, or on a list's length: ``Annotated[int, AtLeast(1)]``."""

    least: int


class SettingsError(InputError):
    """A model file's setting that its edition's procedure cannot read (exit 3)."""


@dataclass(frozen=True, kw_only=True)
class SwissSettings:
    """The settings every FIDE Swiss edition may state (the Dutch editions state no other)."""

    newcomer_preference: Literal["none", "black-mild"] = "none"
    """The mild preference of a player who has not played (Dubov 1.6.4: ``black-mild``)."""

    @property
    def newcomer(self) -> Colour | None:
        """The colour a player without games seeks (None: none)."""
        return NEWCOMER[self.newcomer_preference]

    @classmethod
    def of(cls: type[S], settings: SwissSettings) -> S:
        """``settings`` as this class: the edition's procedure reads its own settings, which
        its ``settings_type`` made when the model file loaded."""
        if not isinstance(settings, cls):
            raise TypeError(f"{type(settings).__name__} is not {cls.__name__}")
        return settings


def parse(cls: type[T], data: dict[str, Any], path: Path, prefix: str = "") -> T:
    """The dataclass ``cls`` made from the table ``data`` of the model file ``path``,
    every value checked against its field's type (see the module docstring)."""
    hints = get_type_hints(cls, include_extras=True)
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise refused(path, prefix + unknown[0], f"unknown setting (known: {', '.join(names)})")
    values = {}
    for f in fields(cls):  # type: ignore[arg-type]
        key = prefix + f.name
        if f.name in data:
            values[f.name] = checked(hints[f.name], data[f.name], path, key)
        elif f.default is MISSING and f.default_factory is MISSING:
            raise refused(path, key, "missing")
    return cls(**values)


def checked(kind: Any, value: Any, path: Path, key: str) -> Any:
    """``value`` as the type ``kind`` reads it (a list as a tuple, a table as a dataclass)."""
    origin, args = get_origin(kind), get_args(kind)
    if origin is Annotated:
        inner = checked(args[0], value, path, key)
        for bound in args[1:]:
            size = len(inner) if isinstance(inner, tuple) else inner
            if isinstance(bound, AtLeast) and size < bound.least:
                what = "entries" if isinstance(inner, tuple) else ""
                raise refused(path, key, f"must be at least {bound.least} {what}".rstrip())
        return inner
    if is_dataclass(kind):
        if not isinstance(value, dict):
            raise refused(path, key, "must be a table")
        return parse(kind, value, path, key + ".")  # type: ignore[arg-type]
    if origin is Literal:
        if not any(value == arg and type(value) is type(arg) for arg in args):
            if len(args) == 1:
                raise refused(path, key, f"must be {args[0]!r}: its procedure knows no other")
            raise refused(path, key, f"must be one of {', '.join(map(repr, args))}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise refused(path, key, "must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(checked(args[0], v, path, f"{key}[{k}]") for k, v in enumerate(value))
        if len(value) != len(args):
            wanted = [get_args(arg)[0] if get_origin(arg) is Literal else arg for arg in args]
            raise refused(path, key, f"must be {wanted!r}: its procedure knows no other")
        return tuple(
            checked(a, v, path, f"{key}[{k}]") for k, (a, v) in enumerate(zip(args, value))
        )
    if kind in (int, str, bool):
        if type(value) is not kind:
            raise refused(path, key, f"must be {NAMES[kind]}")
        return value
    raise TypeError(f"{key}: a setting of type {kind!r} cannot be read")  # a programming error


NAMES = {int: "a whole number", str: "a string", bool: "true or false"}


def refused(path: Path, key: str, what: str) -> SettingsError:
    """The error for the setting ``key`` of ``path``, at the line that states it."""
    return SettingsError(what, file=str(path), line=key_line(path, key), field=key)


def key_line(path: Path, key: str) -> int | None:
    """The line of ``path`` that states ``key`` (``a.b``: ``b`` in the table ``a``, or
    ``a = {...}``); None when the file cannot be read or does not state it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    top = re.sub(r"\[\d+\]", "", key).split(".")
    found, table = None, None
    for number, line in enumerate(lines, 1):
        header = re.match(r"\s*\[+\s*([\w.-]+)\s*\]+", line)
        if header:
            table = header.group(1)
            if table == top[0] and len(top) > 1:
                found = found or number
            continue
        name = re.match(r"\s*([\w-]+)\s*=", line)
        if name is None:
            continue
        if table is None and name.group(1) == top[0]:
            return number
        if table == top[0] and len(top) > 1 and name.group(1) == top[1]:
            return number
    return found
