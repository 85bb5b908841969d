"""Which TRF-2026 tournament types (record 192) are round robins, and of how many cycles.

The codes are ETT26's as secondary sources give them (``models/round-robin-2026.md``
section 8): ``FIDE_ROUNDROBIN`` and ``BERGER_ROUNDROBIN`` one cycle,
``FIDE_DOUBLEROUNDROBIN`` two with the first cycle's last two rounds exchanged,
``BERGER_DOUBLEROUNDROBIN`` two without, ``BERGER_ROUNDROBIN_G<n>`` n cycles.
The named codes are data (``[types]`` of the model file); the reader keeps a
file's code as ``Tournament.system``, so nothing else in the file is needed.
"""

from __future__ import annotations

import re

from mipair.systems.roundrobin.settings import Cycles, settings

CYCLES_CODE = re.compile(r"BERGER_ROUNDROBIN_G([1-9][0-9]?)")


def round_robin_cycles(code: str) -> Cycles | None:
    """The cycles a 192 code plays, or None when the code is not an individual round robin."""
    code = code.strip().upper()
    named = settings().types.get(code)
    if named is not None:
        return named
    numbered = CYCLES_CODE.fullmatch(code)
    return Cycles(int(numbered.group(1)), swap_last_two=False) if numbered else None


def type_code(cycles: Cycles) -> str:
    """The 192 code to write for ``cycles`` (the FIDE code where there is one)."""
    for prefix in ("FIDE_", "BERGER_"):
        for code, named in settings().types.items():
            if code.startswith(prefix) and named == cycles:
                return code
    return f"BERGER_ROUNDROBIN_G{cycles.count}"
