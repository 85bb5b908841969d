"""How much memory a pairing may plan for (engines refuse a field that cannot fit)."""

from __future__ import annotations

import os

from mipair.errors import InputError, TooLargeError

BASE_BYTES = 100 * 2**20  # a pairing process with its libraries and HiGHS loaded, before the field
SQUARE_BYTES = 60  # and per square of the field: the pair table (4 bytes), the candidate
# pairs (8 bytes each, about n**2 / 2 of them), a window model's columns (about 22 bytes
# each) and the blocks they are built from
# measured whole-process peaks of a round (benchmarks/README.md, "Platform scale"):
# 9,954 players 5,211 MiB (estimate 5,770), 2,970 players 556 MiB (estimate 605),
# 2,000 players 307 MiB (estimate 329), 5,000 players 1,398 MiB (estimate 1,531),
# 990 players 125-158 MiB (estimate 156)


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
    its peak, as measured: the process, then what grows with the square of
    the field (the engine keeps a few bytes a candidate pair; HiGHS holds
    the columns it has priced in, not all)."""
    return BASE_BYTES + SQUARE_BYTES * n * n


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
