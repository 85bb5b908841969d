"""The service's limits and sizes, declared once, each overridable by an environment variable."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields


def _default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


@dataclass(frozen=True)
class Settings:
    """Everything an operator may tune (``MIPAIR_SERVICE_<NAME>`` in the environment)."""

    workers: int = _default_workers()
    """Worker processes solving at once (each holds HiGHS and the models, warm)."""
    queue: int = 16
    """Requests that may wait for a worker; one more is refused with 429."""
    max_bytes: int = 2_000_000
    """Largest accepted upload (413 above it); a 5000-player TRF is about 1 MB."""
    time_limit: float = 60.0
    """Seconds a solve may take before its worker is killed and replaced (504)."""
    explain_seconds: float = 3.0
    """Seconds ``/v1/explain`` spends looking for the smallest reason."""
    retry_after: int = 2
    """Seconds a refused client is told to wait (Retry-After) at least."""

    @classmethod
    def from_environment(cls, **overrides: object) -> Settings:
        """The defaults, then ``MIPAIR_SERVICE_*`` variables, then ``overrides`` (not None)."""
        values: dict[str, object] = {}
        for spec in fields(cls):
            raw = os.environ.get(f"MIPAIR_SERVICE_{spec.name.upper()}")
            if raw is not None:
                kind = type(getattr(cls, spec.name))
                values[spec.name] = kind(raw)
        values.update({key: value for key, value in overrides.items() if value is not None})
        return cls(**values)  # type: ignore[arg-type]
