"""What ``mipair info`` says of a round robin beyond any TRF file's settings.

The tournament type and its cycles, the Berger table played (the bye's
number in an odd field), the drawing of lots the file records and whether
its numbers are the draw's, the players who have withdrawn (reading W8) and
those whose results are cancelled (C.05's 50% rule).
"""

from __future__ import annotations

from typing import Any

from mipair.model import Tournament
from mipair.systems.roundrobin.berger import bye_number, table_size
from mipair.systems.roundrobin.draw import numbers_as_drawn, recorded_draw
from mipair.systems.roundrobin.schedule import total_rounds
from mipair.systems.roundrobin.settings import Cycles
from mipair.systems.roundrobin.trf_type import type_code
from mipair.systems.roundrobin.withdrawal import cancelled, withdrawn


def cycles_text(cycles: Cycles) -> str:
    """``single``, ``double (last two rounds of the first cycle exchanged)``, ``3 cycles``."""
    kind = {1: "single", 2: "double"}.get(cycles.count, f"{cycles.count} cycles")
    exchange = " (the first cycle's last two rounds exchanged)" if cycles.swap_last_two else ""
    return f"{kind}{exchange}, {type_code(cycles)}"


def draw_text(t: Tournament) -> str:
    """The recorded drawing of lots, and whether the numbers are its numbers."""
    drawn = recorded_draw(t)
    if drawn is None:
        return "none recorded (the 001 numbers are the pairing numbers)"
    method, seed = drawn
    agrees = (
        "the numbers are the draw's" if numbers_as_drawn(t) else "the numbers are NOT the draw's"
    )
    return f"{method}, seed {seed} ({agrees})"


def round_robin_settings(t: Tournament, cycles: Cycles) -> dict[str, Any]:
    """The round robin's own lines of ``info`` (with its number of rounds, ``total_rounds``)."""
    size = len(t.players)
    if size < 2:
        return {"round_robin": cycles_text(cycles)}
    last = total_rounds(size, cycles)
    bye = bye_number(size)
    return {
        "total_rounds": last,
        "round_robin": cycles_text(cycles),
        "berger_table": f"{table_size(size)} numbers" + (f", {bye} the bye" if bye else ""),
        "drawing_of_lots": draw_text(t),
        "withdrawn": withdrawn(t, last),
        "results_cancelled": cancelled(t, last, cycles),
    }
