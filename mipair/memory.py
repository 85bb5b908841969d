"""How much memory a pairing may plan for (engines refuse a field that cannot fit)."""

from __future__ import annotations

import os

from mipair.errors import InputError


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
