"""The service's limits and sizes, declared once, each overridable by an environment variable.

Two lanes of worker processes (:mod:`mipair.service.lanes`): requests of fewer
than ``large_players`` players go to the ``workers`` processes of the small
lane; larger ones to the ``large_workers`` processes of the large lane, which
run at a lower CPU priority (``large_priority``: Linux's idle policy by default,
:mod:`mipair.service.priority`), so that a few large solves never
hold up the many small ones. A request is admitted while the time it can be expected to wait
(the requests ahead of it times the measured solve time, shared by the lane's
workers) stays under ``max_wait``, and while its lane holds fewer than
``queue`` (``large_queue``) waiting requests; otherwise 429 with Retry-After.
Below the application (:mod:`mipair.service.protocol`), a connection has
``header_timeout`` seconds to send its request's headers, and at most
``max_connections`` are open at once.

The desk (:mod:`mipair.service.desk`) keeps its tournaments in the store's
database: ``database`` (a URL; the store's ``MIPAIR_DATABASE_URL``), else SQLite
in the ``data`` folder (the store's ``MIPAIR_DATA``, else the user's data
folder); its session cookie is ``Secure`` as ``secure_cookies`` says.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields

from mipair.errors import InputError
from mipair.service.priority import PRIORITIES

COOKIE_MODES = ("auto", "always", "never")
"""The values of ``secure_cookies``."""


def variable_of(name: str) -> str:
    """The environment variable of the setting ``name``: ``MIPAIR_SERVICE_<NAME>``, or the
    store's own variable for the database's settings."""
    spec = next(s for s in fields(Settings) if s.name == name)
    return str(spec.metadata.get("variable", f"MIPAIR_SERVICE_{name.upper()}"))


def default_workers() -> int:
    """One small-lane worker a core, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


@dataclass(frozen=True)
class Settings:
    """Everything an operator may tune (``MIPAIR_SERVICE_<NAME>`` in the environment)."""

    workers: int = default_workers()
    """Worker processes of the small lane (each holds HiGHS and the models, warm)."""
    large_workers: int = 1
    """Worker processes of the large lane (0: large requests share the small lane)."""
    large_players: int = 1000
    """A request with at least this many players goes to the large lane."""
    large_priority: str = "idle"
    """CPU priority of the large lane's workers once warm: idle (the default: only CPU time no
    other process wants, so a small solve takes a core back at once; a large solve makes no
    progress while small ones keep every core busy), nice (nice 10: a tenth of a normal share
    of a contended core) or normal."""
    queue: int = 256
    """Requests that may wait in the small lane (a bound on memory: each holds its upload)."""
    large_queue: int = 2
    """Requests that may wait in the large lane."""
    max_wait: float = 60.0
    """Seconds a request may be expected to wait for a worker; past it 429 and Retry-After."""
    max_bytes: int = 2_000_000
    """Largest accepted upload (413 above it); a 5000-player TRF is about 1 MB."""
    time_limit: float = 60.0
    """Seconds a solve may take before its worker is killed and replaced (504)."""
    explain_seconds: float = 3.0
    """Seconds ``/v1/explain`` spends looking for the smallest reason."""
    retry_after: int = 1
    """Seconds a refused client is told to wait (Retry-After) at least."""
    memory_mb: int = 0
    """MIPAIR_MEMORY_MB of each small-lane worker (0: the environment's, else the machine's)."""
    large_memory_mb: int = 0
    """MIPAIR_MEMORY_MB of each large-lane worker (0: as above)."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's line and headers, from the connection's opening
    (or the first byte of its next request); past it 408 and the connection is closed."""
    max_connections: int = 1000
    """Connections the server keeps open; one more is answered 503 and closed at once."""
    keep_alive: int = 5
    """Seconds an idle connection is kept open for the client's next request."""
    database: str = field(default="", metadata={"variable": "MIPAIR_DATABASE_URL"})
    """The desk's database URL (e.g. postgresql+psycopg://USER@HOST/NAME); empty: SQLite in the
    data folder."""
    data: str = field(default="", metadata={"variable": "MIPAIR_DATA"})
    """The data folder of the desk's SQLite database (empty: the user's data folder)."""
    secure_cookies: str = "auto"
    """When the desk's session cookie is Secure (sent over HTTPS only): auto (when the request
    came over HTTPS, as uvicorn's proxy headers tell it), always (behind a proxy that ends
    HTTPS), never (plain HTTP on a trusted network)."""

    def __post_init__(self) -> None:
        minimum = {"workers": 1, "max_bytes": 1, "large_players": 1, "max_connections": 1}
        positive = ("time_limit", "max_wait", "header_timeout")
        if self.secure_cookies not in COOKIE_MODES:
            raise InputError(
                f"must be one of {', '.join(COOKIE_MODES)}, not {self.secure_cookies!r}",
                field="--secure-cookies",
            )
        if self.large_priority not in PRIORITIES:
            raise InputError(
                f"must be one of {', '.join(PRIORITIES)}, not {self.large_priority!r}",
                field="--large-priority",
            )
        for spec in fields(self):
            value = getattr(self, spec.name)
            if isinstance(value, str):
                continue
            least = minimum.get(spec.name, 0)
            if value < least or (spec.name in positive and value <= 0):
                bound = f"at least {least}" if spec.name not in positive else ""
                raise InputError(
                    f"must be {bound or 'more than 0'}, not {value}",
                    field="--" + spec.name.replace("_", "-"),
                )

    @classmethod
    def from_environment(cls, **overrides: object) -> Settings:
        """The defaults, then ``MIPAIR_SERVICE_*`` variables, then ``overrides`` (not None)."""
        values: dict[str, object] = {}
        for spec in fields(cls):
            variable = variable_of(spec.name)
            raw = os.environ.get(variable)
            if raw is not None:
                kind = type(getattr(cls, spec.name))
                try:
                    values[spec.name] = kind(raw)
                except ValueError:
                    raise InputError(
                        f"not a{'n integer' if kind is int else ' number'}: {raw!r}", field=variable
                    ) from None
        values.update({key: value for key, value in overrides.items() if value is not None})
        return cls(**values)  # type: ignore[arg-type]
