"""A round robin's tournament before a round: its field, its cycles and the table's round.

A round robin pairs nobody: the pairing numbers (the ``001`` numbers, drawn by
lot) place every player in the Berger table before round 1
(``models/round-robin-2026.md`` sections 2, 3 and 8). What a file must say
for that, and is refused without (bad input, exit 3, naming the record):

* the players numbered 1 to n, every ``001`` record counted (a withdrawn player
  keeps his number, C.05);
* a number of rounds (``142``/``XXR``), when written, equal to the table's:
  (table size - 1) x cycles; without one the table's is taken;
* a tournament type (``192``) the round robin knows when it names one: its
  cycles (:mod:`.trf_type`); a file of another type (or none) paired as a round
  robin is a single one.

The state holds the players announced absent for the round (``240``, ``XXZ``
or a cell written before it is paired): their games stay in the table as
forfeits (C.05, reading W4 of the specification) and the bye the table gives
an absent player is nobody's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from mipair.errors import InputError
from mipair.model import Tournament
from mipair.systems.records import Generated
from mipair.systems.roundrobin.berger import rounds_per_cycle
from mipair.systems.roundrobin.schedule import (
    FIDE_DOUBLE,
    SINGLE,
    Round,
    scheduled_round,
    total_rounds,
)
from mipair.systems.roundrobin.settings import Cycles, settings
from mipair.systems.roundrobin.trf_type import round_robin_cycles, type_code


@dataclass(frozen=True)
class RoundRobinState:
    """A round robin before round ``round``: the tournament (rounds 1..round-1 and the
    round's announced absences), its cycles and the players absent from the round."""

    tournament: Tournament
    round: int
    cycles: Cycles
    absent: frozenset[int]

    @property
    def size(self) -> int:
        """The players of the field, every ``001`` record (withdrawn players included)."""
        return len(self.tournament.players)

    @property
    def total_rounds(self) -> int:
        return total_rounds(self.size, self.cycles)

    @cached_property
    def table(self) -> Round:
        """The round the Berger table gives (C.05 Annex 1, sections 2 and 3)."""
        return scheduled_round(self.size, self.round, self.cycles)

    @property
    def cycle_start(self) -> int:
        """The first round of the cycle the round belongs to."""
        per_cycle = rounds_per_cycle(self.size)
        return (self.round - 1) // per_cycle * per_cycle + 1

    @property
    def bye(self) -> int | None:
        """The player the table gives the bye, unless he is absent (then nobody has it)."""
        bye = self.table.bye
        return None if bye in self.absent else bye

    @property
    def players(self) -> tuple[int, ...]:
        """The players of the round: the whole field but an absent player the table gives
        the bye to (an absent player's game stays, forfeited)."""
        bye = self.table.bye
        return tuple(p for p in sorted(self.tournament.players) if p == self.bye or p != bye)


def type_of(t: Tournament) -> Cycles:
    """The cycles ``t``'s tournament type asks for (a single round robin when its type names
    none); a round robin's code followed by more that mipair does not know is refused."""
    code = t.system.strip().upper()
    cycles = round_robin_cycles(code)
    if cycles is not None:
        return cycles
    if any(code.startswith(known + "_") for known in settings().types):
        raise InputError(
            f"tournament type {code!r}: a round robin is FIDE_ROUNDROBIN, "
            "FIDE_DOUBLEROUNDROBIN, BERGER_ROUNDROBIN, BERGER_DOUBLEROUNDROBIN or "
            "BERGER_ROUNDROBIN_G<n> (n cycles)",
            file=t.source,
            field="192",
        )
    return SINGLE


def check_field(t: Tournament, cycles: Cycles) -> Tournament:
    """``t`` checked against the table (see the module docstring), with the table's number
    of rounds when it states none."""
    size = len(t.players)
    if size < 2:
        raise InputError(
            f"a round robin needs at least 2 players, not {size}", file=t.source, field="001"
        )
    for number in sorted(t.players):
        if number > size:
            player = t.players[number]
            raise InputError(
                f"pairing number {number} in a field of {size}: a round robin's players are "
                f"numbered 1 to {size} by the drawing of lots (C.05)",
                file=t.source,
                line=player.line,
                field="player id (5-8)",
            )
    rounds = total_rounds(size, cycles)
    if t.total_rounds is None:
        return replace(t, total_rounds=rounds)
    if t.total_rounds != rounds:
        kind = f"{cycles.count} cycles" if cycles.count > 1 else "one cycle"
        raise InputError(
            f"{t.total_rounds} rounds, but a round robin of {size} players over {kind} "
            f"has {rounds} (C.05 Annex 1)",
            file=t.source,
            field="142/XXR",
        )
    return t


def round_robin_state(t: Tournament, rnd: int) -> RoundRobinState:
    """The state of ``t`` before round ``rnd`` (``t`` holds rounds 1..rnd-1 and the round's
    announced absences), checked against the table."""
    cycles = type_of(t)
    t = check_field(t, cycles)
    if not 1 <= rnd <= total_rounds(len(t.players), cycles):
        raise InputError(
            f"all {t.total_rounds} rounds are already paired", file=t.source, field="142/XXR"
        )
    absent = frozenset(
        pid for pid in t.players if (cell := t.cell(pid, rnd)) is not None and not cell.takes_part
    )
    return RoundRobinState(t, rnd, cycles, absent)


GENERATED_TEXT = "Individual: Round-Robin (FIDE C.05)"
"""The 092 text of a random round robin."""


def generated_type(players: int, rounds: int | None) -> Generated:
    """The type of a random round robin of ``players`` asked for ``rounds`` rounds: a single
    round robin when none are asked, else as many cycles as the rounds make (two: FIDE's
    double round robin); rounds that are not whole cycles are refused."""
    if players < 2:
        return Generated(type_code(SINGLE), rounds, GENERATED_TEXT)  # the generator refuses it
    cycles = cycles_for(players, rounds, "RoundsNumber")
    return Generated(type_code(cycles), total_rounds(players, cycles), GENERATED_TEXT)


def cycles_for(players: int, rounds: int | None, field: str) -> Cycles:
    """The cycles ``rounds`` rounds of ``players`` make: one when no rounds are given, two
    FIDE's double round robin; rounds that are not whole cycles are refused (``field``)."""
    per_cycle = rounds_per_cycle(players)
    if rounds is None:
        return SINGLE
    if rounds % per_cycle:
        raise InputError(
            f"a round robin of {players} players plays {per_cycle} rounds a cycle: "
            f"{rounds} rounds are not whole cycles",
            field=field,
        )
    count = rounds // per_cycle
    return FIDE_DOUBLE if count == 2 else Cycles(count, swap_last_two=False)
