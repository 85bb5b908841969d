"""How much memory a pairing may plan for (engines refuse a field that cannot fit)."""

from __future__ import annotations

import os

from mipair.errors import InputError, TooLargeError

BASE_BYTES = 100 * 2**20  # a pairing process with its libraries loaded, before the field
PAIR_BYTES = 100  # resident memory per candidate pair of a Dutch round at its peak


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
    its peak: the process, then a share per candidate pair (every pair of the
    field is one, but the few a player has already met)."""
    return BASE_BYTES + PAIR_BYTES * (n * (n - 1) // 2)


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
