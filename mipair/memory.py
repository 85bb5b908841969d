"""How much memory a pairing may plan for (engines refuse a field that cannot fit)."""

from __future__ import annotations

import os

from mipair.errors import InputError, TooLargeError

BASE_BYTES = 60 * 2**20  # a pairing process with its libraries loaded, before the field
AT_1000 = 485 * 2**20  # what a Dutch round of 1,000 players adds at its peak, measured
GROWTH = 1.225  # and how that grows with the field: (n / 1000) ** GROWTH
# measured whole-process peaks (benchmarks/README.md, "Platform scale"): an odd first round,
# whose bye question ends in HiGHS's MIP, the largest of a tournament's rounds: 545 MiB at
# 1,000 players, 8,204 MiB at 9,999; at 2,001 and 3,001 players at least 1,206 and 1,491 MiB


def available_memory() -> int | None:
    """Bytes a pairing may use: the system's available memory (Linux
    ``MemAvailable``), capped by the environment variable ``MIPAIR_MEMORY_MB``
    (MiB) when set; None when neither is known."""
    limits = []
    cap = os.environ.get("MIPAIR_MEMORY_MB")
    if cap:
        try:
            limits.append(int(float(cap) * 2**20))
        except ValueError:
            raise InputError(f"MIPAIR_MEMORY_MB: not a number of megabytes: {cap!r}") from None
    try:
        with open("/proc/meminfo") as fh:
            limits += [
                int(line.split()[1]) * 1024 for line in fh if line.startswith("MemAvailable:")
            ]
    except (OSError, ValueError, IndexError):
        pass
    return min(limits) if limits else None


def dutch_round_bytes(n: int) -> int:
    """The resident memory a Dutch round of ``n`` players to pair reaches at
    its peak, as measured: the process, then what the field adds. That grows
    more slowly than the candidate pairs (about n**2 / 2): the engine keeps a
    few bytes a pair, and HiGHS holds the columns it has priced in, not all."""
    return BASE_BYTES + int(AT_1000 * (n / 1000) ** GROWTH)


def fits(n: int, available: int | None) -> None:
    """Refuse (exit 4) a Dutch round of ``n`` players whose peak
    (:func:`dutch_round_bytes`) would not fit in ``available`` bytes (None:
    unknown), rather than exhaust the machine."""
    need = dutch_round_bytes(n)
    if available is not None and need > available:
        raise TooLargeError(
            f"{n} players to pair need about {need / 2**20:,.0f} MiB of memory "
            f"({n * (n - 1) // 2:,} candidate pairs); "
            f"{available / 2**20:,.0f} MiB available"
        )
