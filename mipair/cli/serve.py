"""``mipair serve``: the pairing service and the arbiters' page over HTTP (:mod:`mipair.service`).

Each limit's option shows the default :class:`~mipair.service.settings.Settings` holds and the
environment variable that overrides it, read from the settings themselves, so that the help
cannot say one default while the service uses another. An option not given stays None: the
variable, else the default, applies (:meth:`Settings.from_environment`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

import click

from mipair.service.priority import PRIORITIES
from mipair.service.settings import COOKIE_MODES, Settings, variable_of

SHUTDOWN_MARGIN = 5.0
"""Seconds beyond the time limit a stopping server gives the solves in flight."""

DEFAULTS: dict[str, object] = {spec.name: spec.default for spec in fields(Settings)}
"""Each setting's default, as the service uses it."""


def limit(
    name: str, kind: type, what: str, note: str = "", metavar: str | None = None
) -> Callable[[Any], Any]:
    """The option of the setting ``name``, its default and variable shown as click shows them."""
    variable = variable_of(name)
    return click.option(
        "--" + name.replace("_", "-"),
        type=kind,
        default=None,
        metavar=metavar,
        help=f"{what}  [env var: {variable}; default: {DEFAULTS[name]}{note}]",
    )


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@limit("workers", int, "Small-lane solver processes.", " (one a core, at most 4)")
@limit(
    "large_workers", int, "Large-lane solver processes (0: large requests share the small lane)."
)
@limit("large_players", int, "Players from which a request is large.")
@limit(
    "large_priority",
    str,
    "CPU priority of the large lane's workers once warm: idle (only CPU time no other process "
    "wants: a small solve takes a core back at once), nice (nice 10) or normal.",
    metavar="[" + "|".join(PRIORITIES) + "]",
)
@limit("queue", int, "Requests that may wait in the small lane.")
@limit("max_wait", float, "Seconds a request may expect to wait (429 past).")
@limit("time_limit", float, "Seconds a solve may take (504 past it).")
@limit("max_bytes", int, "Largest upload accepted, in bytes (413 past it).")
@limit(
    "header_timeout", float, "Seconds a connection has to send its request's headers (408 past)."
)
@limit("max_connections", int, "Connections kept open at once (one more: 503 and closed).")
@limit("keep_alive", int, "Seconds an idle connection is kept.")
@limit(
    "database",
    str,
    "The desk's database URL (PostgreSQL: postgresql+psycopg://USER@HOST/NAME).",
    " (empty: SQLite in --data)",
    metavar="URL",
)
@limit(
    "data",
    str,
    "The folder of the desk's SQLite database.",
    " (empty: the user's data folder)",
    metavar="DIR",
)
@limit(
    "secure_cookies",
    str,
    "When the desk's session cookie is Secure: auto (over HTTPS), always, never.",
    metavar="[" + "|".join(COOKIE_MODES) + "]",
)
def serve(host: str, port: int, **limits: float | int | str | None) -> None:
    """Serve pairings over HTTP: POST /v1/pair, /v1/check, ... and the arbiters' page at /.

    Requests of fewer than --large-players players are solved by the small
    lane's workers, larger ones by the large lane's, at a lower CPU priority
    (--large-priority), so large solves never hold up small ones. A request is
    admitted while it can expect to start within --max-wait seconds (from
    measured solve times), else 429 with Retry-After.
    """
    try:
        import uvicorn

        from mipair.service.app import create_app
        from mipair.service.protocol import uvicorn_options
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"the service needs its extra: pip install 'mipair[service]' ({exc.name} is missing)"
        ) from None
    settings = Settings.from_environment(**limits)
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=int(settings.time_limit + SHUTDOWN_MARGIN),
        **uvicorn_options(settings),
    )


def environment_only(command: click.Command) -> str:
    """The settings that have no option, each with its variable and default."""
    given = {parameter.name for parameter in command.params}
    listed = [
        f"{variable_of(name)} ({default})"
        for name, default in DEFAULTS.items()
        if name not in given
    ]
    return "From the environment only: " + ", ".join(listed) + "."


serve.epilog = environment_only(serve)
