"""Structured logs: one JSON line a request (id, endpoint, system, players, seconds, outcome)."""

from __future__ import annotations

import logging
import sys

from pythonjsonlogger.json import JsonFormatter

LOGGER = "mipair.service"


def setup_logging(level: str = "INFO") -> logging.Logger:
    """The service's logger, writing JSON lines to stderr (set up once)."""
    logger = logging.getLogger(LOGGER)
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(
            JsonFormatter(
                "%(asctime)s %(levelname)s %(message)s", rename_fields={"levelname": "level"}
            )
        )
        logger.addHandler(handler)
        logger.propagate = False
    logger.setLevel(level)
    return logger


def log_request(
    request_id: str,
    endpoint: str,
    system: str | None,
    players: int | None,
    seconds: float,
    status: int,
    outcome: str,
) -> None:
    """The one line of a finished request."""
    logging.getLogger(LOGGER).info(
        "request",
        extra={
            "request_id": request_id,
            "endpoint": endpoint,
            "system": system,
            "players": players,
            "seconds": round(seconds, 4),
            "status": status,
            "outcome": outcome,
        },
    )
