"""``mipair serve``: the pairing service and the arbiters' page over HTTP (:mod:`mipair.service`)."""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--workers", type=int, default=None, help="Solver processes (default: cores, at most 4)."
)
@click.option("--queue", type=int, default=None, help="Requests that may wait for a solver.")
@click.option(
    "--time-limit", type=float, default=None, help="Seconds a solve may take (504 past it)."
)
@click.option("--max-bytes", type=int, default=None, help="Largest upload accepted (413 past it).")
def serve(
    host: str,
    port: int,
    workers: int | None,
    queue: int | None,
    time_limit: float | None,
    max_bytes: int | None,
) -> None:
    """Serve pairings over HTTP: POST /v1/pair, /v1/check, ... and the arbiters' page at /.

    Every limit also reads MIPAIR_SERVICE_<NAME> from the environment
    (WORKERS, QUEUE, TIME_LIMIT, MAX_BYTES, EXPLAIN_SECONDS, RETRY_AFTER).
    """
    try:
        import uvicorn

        from mipair.service.app import create_app
        from mipair.service.settings import Settings
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"the service needs its extra: pip install 'mipair[service]' ({exc.name} is missing)"
        ) from None
    settings = Settings.from_environment(
        workers=workers, queue=queue, time_limit=time_limit, max_bytes=max_bytes
    )
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", access_log=False)
