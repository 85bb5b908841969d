"""``mipair serve``: the pairing service and the arbiters' page over HTTP (:mod:`mipair.service`)."""

from __future__ import annotations

import click

SHUTDOWN_MARGIN = 5.0
"""Seconds beyond the time limit a stopping server gives the solves in flight."""


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--workers", type=int, default=None, help="Small-lane solver processes (default: cores, <= 4)."
)
@click.option(
    "--large-workers", type=int, default=None, help="Large-lane solver processes (default 1)."
)
@click.option(
    "--large-players", type=int, default=None, help="Players from which a request is large (1000)."
)
@click.option(
    "--large-priority",
    default=None,
    help="CPU priority of the large lane's workers: nice (default; nice 10), idle (only CPU "
    "time nothing else wants: for a dedicated host) or normal.",
)
@click.option("--queue", type=int, default=None, help="Requests that may wait in the small lane.")
@click.option(
    "--max-wait", type=float, default=None, help="Seconds a request may expect to wait (429 past)."
)
@click.option(
    "--time-limit", type=float, default=None, help="Seconds a solve may take (504 past it)."
)
@click.option("--max-bytes", type=int, default=None, help="Largest upload accepted (413 past it).")
@click.option(
    "--header-timeout",
    type=float,
    default=None,
    help="Seconds a connection has to send its request's headers (408 past it; default 10).",
)
@click.option(
    "--max-connections",
    type=int,
    default=None,
    help="Connections kept open at once (one more: 503 and closed; default 1000).",
)
@click.option(
    "--keep-alive", type=int, default=None, help="Seconds an idle connection is kept (default 5)."
)
def serve(host: str, port: int, **limits: float | int | str | None) -> None:
    """Serve pairings over HTTP: POST /v1/pair, /v1/check, ... and the arbiters' page at /.

    Requests of fewer than --large-players players are solved by the small
    lane's workers, larger ones by the large lane's (at a lower CPU priority:
    by default Linux's idle policy, so a small solve takes the CPU back at
    once), so large solves never hold up small ones. A request is admitted while it
    can expect to start within --max-wait seconds (from measured solve times),
    else 429 with Retry-After. Every limit also reads MIPAIR_SERVICE_<NAME>
    from the environment (WORKERS, LARGE_WORKERS, LARGE_PLAYERS, LARGE_PRIORITY, QUEUE,
    LARGE_QUEUE, MAX_WAIT, TIME_LIMIT, MAX_BYTES, EXPLAIN_SECONDS, RETRY_AFTER,
    MEMORY_MB, LARGE_MEMORY_MB, HEADER_TIMEOUT, MAX_CONNECTIONS, KEEP_ALIVE).
    """
    try:
        import uvicorn

        from mipair.service.app import create_app
        from mipair.service.protocol import uvicorn_options
        from mipair.service.settings import Settings
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
