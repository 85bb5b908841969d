"""PAPP's configuration as data: penalty tables, settings, defaults and coherence checks.

A configuration file (grammar in :mod:`mipair.formats.papp.config_file`)
becomes a :class:`PappConfig`. Penalty tables indexed by a colour gap, a float
or a round are :class:`Schedule` step functions: ``N = v`` sets one index,
``N+ = v`` every index from ``N`` on, later statements win. This is exactly
how PAPP's growing arrays behave (an index past the end of an array takes the
array's last value), without any fixed bound.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from mipair.errors import InputError
from mipair.resources import model_file

MAX_PENALTY = 10_000_000
"""PAPP caps every penalty at ten million (manual section 4.4)."""
INFINI = 2**31 - 1
"""The keyword INFINI: the largest integer of the configuration language."""


@dataclass(frozen=True)
class Step:
    """One statement ``N[+] ... = value`` of a penalty table (``line``: where it was written)."""

    start: int
    value: int
    open_ended: bool
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Schedule:
    """A table of penalties indexed from 0 (or 1 for rounds): the statements in order."""

    steps: tuple[Step, ...] = ()

    def step_at(self, k: int) -> Step | None:
        """The statement that decides index ``k`` (the last one covering it), if any."""
        for st in reversed(self.steps):
            if st.start == k or (st.open_ended and k >= st.start):
                return st
        return None

    def __getitem__(self, k: int) -> int:
        st = self.step_at(k)
        return st.value if st is not None else 0

    def then(self, step: Step) -> Schedule:
        """This table followed by one more statement."""
        return Schedule(self.steps + (step,))

    @property
    def horizon(self) -> int:
        """Past this index the table is constant."""
        return max((st.start for st in self.steps), default=0) + 1

    def values(self, upto: int | None = None) -> list[int]:
        """Values at indices ``0..upto`` (default: up to the constant tail)."""
        return [self[k] for k in range((self.horizon if upto is None else upto) + 1)]


@dataclass(frozen=True)
class Penalties:
    """PAPP's penalty variables (names as in section 3.1 of the manual)."""

    p_coul: Schedule = Schedule()  # colour gap -> penalty
    p_repcl: int = 0  # same colour as in the previous round
    p_flot: Schedule = Schedule()  # float (half-points) -> penalty
    p_flcum: int = 0  # float in the same direction as last round
    min_fac: int = 0  # float in the opposite direction (subtracted)
    p_mcol: int = 0  # rematch with the same colours
    p_clopp: int = 0  # rematch with the colours reversed
    p_bipbip: int = 0  # Bip again
    p_desuite: int = 0  # rematch of the previous round
    p_chauv: Schedule = Schedule()  # round -> same-country penalty
    p_elit: Schedule = Schedule()  # round -> elitism factor
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)  # var -> line set


@dataclass(frozen=True)
class Warning_:
    """A non-fatal remark on a configuration file (PAPP prints these and goes on)."""

    message: str
    file: str | None = None
    line: int | None = None

    def located(self) -> str:
        where = f"{self.file}:{self.line}: " if self.file and self.line else ""
        return f"{where}warning: {self.message}"


@dataclass(frozen=True)
class PappConfig:
    """Everything a PAPP configuration file can say."""

    country: str = ""
    bip_discs: int = 24
    total_discs: int = 64
    colours: tuple[str, str] = ("Noir", "Blanc")
    relative_display: bool = False
    immediate_save: bool = True
    xml: bool = False
    folder: bool = True
    print_copies: int = 0  # 0: impression manuelle
    files: tuple[tuple[str, str], ...] = ()  # (kind, file name), in file order
    file_lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)  # (kind, line)
    insertion_zones: tuple[tuple[str | None, int, int], ...] = ()
    brightwell: Decimal | None = None  # compatibility command, as a coefficient per point
    round_robin: tuple[int, int] | None = None  # compatibility command: players range
    penalties: Penalties = Penalties()
    source: str | None = field(default=None, compare=False)
    warnings: tuple[Warning_, ...] = field(default=(), compare=False)

    def file(self, kind: str) -> str | None:
        """The last file name given for ``kind`` (``joueurs``, ``resultats`` ...)."""
        found = [name for k, name in self.files if k == kind]
        return found[-1] if found else None

    def file_line(self, kind: str) -> int | None:
        """The line of the configuration that gave ``kind``'s file name."""
        found = [line for k, line in self.file_lines if k == kind]
        return found[-1] if found else None


def papp_file(name: str) -> Path:
    """A file of PAPP's own shipped with mipair (``models/papp/``: penalties, default
    configuration, the cross table's templates)."""
    return model_file("papp", name)


def penalty_grammar() -> dict[str, Any]:
    """The penalty-section definitions shipped in ``models/papp/penalties.json``."""
    return _grammar()


@lru_cache(maxsize=1)
def _grammar() -> dict[str, Any]:
    with open(papp_file("penalties.json"), encoding="utf-8") as fh:
        return json.load(fh)


def default_config_path() -> Path:
    """The shipped default configuration (PAPP's own defaults)."""
    return papp_file("default.cfg")


def _first_decrease(table: Schedule, floor: int = 0) -> int | None:
    """Smallest k with table[k+1] < table[k] (checking up to the constant tail), else None."""
    vals = table.values(table.horizon + 1)
    for k in range(len(vals) - 1):
        if vals[k + 1] < vals[k]:
            return k
    return None


def check_penalties(pen: Penalties, source: str | None) -> None:
    """PAPP's coherence conditions (section 3.2); raise InputError naming the line at fault.

    * 0 = p_coul[0] <= p_coul[1] <= p_coul[2] <= ...
    * 0 = p_flot[0] <= 2 x min_fac <= p_flot[1] <= p_flot[2] <= ...
    """
    lines = dict(pen.lines)
    for name, table, what in (("p_coul", pen.p_coul, "colour"), ("p_flot", pen.p_flot, "float")):
        if table[0] != 0:
            st = table.step_at(0)
            raise InputError(
                f"the {what} penalty for 0 must be 0, not {table[0]}",
                file=source,
                line=st.line if st else None,
            )
        k = _first_decrease(table)
        if k is not None:
            st = table.step_at(k + 1) or table.step_at(k)
            raise InputError(
                f"{what} penalties must not decrease: {name}[{k}] = {table[k]} but "
                f"{name}[{k + 1}] = {table[k + 1]}",
                file=source,
                line=st.line if st else None,
            )
    if 2 * pen.min_fac > pen.p_flot[1]:
        raise InputError(
            f"minoration is too large: 2 x {pen.min_fac} exceeds the 1 half-point float "
            f"penalty {pen.p_flot[1]} (2 x minoration must not exceed it)",
            file=source,
            line=lines.get("min_fac"),
        )


def set_scalar(pen: Penalties, var: str, value: int, line: int | None) -> Penalties:
    """``pen`` with the scalar penalty ``var`` set."""
    changes: dict[str, Any] = {var: value, "lines": pen.lines + ((var, line or 0),)}
    return replace(pen, **changes)


def add_step(pen: Penalties, var: str, step: Step) -> Penalties:
    """``pen`` with one more statement on the table ``var``."""
    table: Schedule = getattr(pen, var)
    changes: dict[str, Any] = {
        var: table.then(step),
        "lines": pen.lines + ((var, step.line or 0),),
    }
    return replace(pen, **changes)


def numbered_name(pattern: str, number: int) -> str:
    """A ``fichier`` name for round ``number``: ``###`` (else the end) becomes 3 characters.

    The round number is padded on the left with ``_`` (``stand###.txt`` ->
    ``stand__1.txt``, ``equipes`` -> ``equipes__1``): PAPP 1.36's numbering
    (the manual says only that the number replaces ``###`` or is appended).
    """
    code = f"{number:_>3}"
    return pattern.replace("###", code, 1) if "###" in pattern else pattern + code


PENALTY_VARS = tuple(f.name for f in fields(Penalties) if f.name != "lines")
