"""The work behind each endpoint, run in a worker process, through the pairing-system interface.

A job gets the uploaded bytes, writes them to a private temporary file (the
interface reads paths; no path ever comes from a request), asks the system
found by name in the registry, and returns an :class:`Answer`: the JSON body
and its HTTP status. Errors become answers here, so nothing unpicklable
crosses back to the web process. :func:`warm_up` runs once per worker: the
systems, HiGHS and the models are loaded before the first request.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

from mipair.errors import MipairError
from mipair.pairing import RoundPairing
from mipair.service.logs import LOGGER
from mipair.service.problems import Answer, from_mipair_error, problem
from mipair.systems.base import PairingSystem
from mipair.systems.registry import get_system, system_names

WARM_UP_FILE = "warmup.trfx"
"""A four-player TRF shipped with the service, paired once by each worker as it starts."""


@dataclass(frozen=True)
class Job:
    """One request's work: which endpoint, which system and edition, the upload and options."""

    kind: str
    system: str
    rules: str | None
    body: bytes
    upload_name: str = "upload"
    pairs: tuple[str, ...] = ()
    """The proposed boards of ``why``, ``WHITE-BLACK`` as the user wrote them."""
    explain_seconds: float = 3.0


def safe_name(name: str | None) -> str:
    """The upload's name as shown in messages: its last part, plain characters only."""
    base = os.path.basename(name or "") if name else ""
    cleaned = re.sub(r"[^A-Za-z0-9._-]", "_", base).lstrip(".")
    return cleaned[:100] or "upload"


def warm_up() -> None:
    """Load every registered system, and pair the shipped tiny tournament (HiGHS, models)."""
    for name in system_names():
        get_system(name)
    warm = resources.files("mipair.service").joinpath(WARM_UP_FILE).read_bytes()
    answer = run(Job("pair", "dutch", None, warm, WARM_UP_FILE))
    if answer.status != 200:
        logging.getLogger(LOGGER).warning("warm-up failed", extra={"answer": answer.body})


def boards_json(pairing: RoundPairing) -> list[dict[str, int]]:
    """The boards in order, as the contract gives them."""
    return [
        {"board": k, "white": b.white, "black": b.black} for k, b in enumerate(pairing.boards, 1)
    ]


def pair_job(system: PairingSystem, path: str, job: Job) -> Answer:
    """The next round, in JSON and in the JaVaFo/bbpPairings text (the CLI's own functions)."""
    from mipair.cli.pairfile import dropin_text, pair_file

    rules = system.edition(job.rules)
    state, pairing = pair_file(path, rules, system.name)
    body: dict[str, object] = {
        "system": system.name,
        "rules": rules,
        "round": pairing.round,
        "boards": boards_json(pairing),
        "bye": pairing.bye,
        "text": dropin_text(pairing),
        "description": system.describe(state, pairing),
    }
    players = 2 * len(pairing.boards) + (pairing.bye is not None)
    return Answer(200, body, players)


def check_job(system: PairingSystem, path: str, job: Job) -> Answer:
    """Every published round re-paired from the rounds before it, as ``mipair check`` does."""
    from mipair.check.replay import check_published

    rules = system.edition(job.rules)
    rounds = [check_published(system, r.pairing, r.state) for r in system.published(path, rules)]
    if any(r.violations for r in rounds):
        outcome = "illegal"
    else:
        outcome = "differs" if any(not r.agrees for r in rounds) else "agrees"
    body: dict[str, object] = {
        "system": system.name,
        "rules": rules,
        "outcome": outcome,
        "rounds": [r.to_json() for r in rounds],
    }
    return Answer(200, body)


def explain_job(system: PairingSystem, path: str, job: Job) -> Answer:
    """Why the next round cannot be paired (or that it can), in JSON and in words."""
    state = system.read(path, system.edition(job.rules))
    explanation = system.explain(state, seconds=job.explain_seconds)
    body = {"system": system.name, **explanation.to_json(), "text": explanation.text()}
    return Answer(200, body, len(system.problem(state).players))


def why_job(system: PairingSystem, path: str, job: Job) -> Answer:
    """A proposed pairing held against the system's own, as ``mipair why`` does."""
    from mipair.cli.explain import proposal

    state = system.read(path, system.edition(job.rules))
    labels = system.labels(state)
    pairs = [labels.pair(text) for text in job.pairs]
    comparison = system.compare(state, proposal(system, state, pairs))
    body = {"system": system.name, **comparison.to_json(), "text": comparison.text()}
    return Answer(200, body, len(system.problem(state).players))


def standings_job(system: PairingSystem, path: str, job: Job) -> Answer:
    """The standings the system gives, before the round to pair."""
    from mipair.results.standings import system_standings

    state = system.read(path, system.edition(job.rules))
    lines = system_standings(system, state)
    body: dict[str, object] = {
        "system": system.name,
        "round": system.round_of(state),
        "standings": [line.to_json() for line in lines],
    }
    return Answer(200, body, len(lines))


JOBS: dict[str, Callable[[PairingSystem, str, Job], Answer]] = {
    "pair": pair_job,
    "check": check_job,
    "explain": explain_job,
    "why": why_job,
    "standings": standings_job,
}
"""Endpoint name -> the job that serves it."""


def run(job: Job) -> Answer:
    """Run ``job`` on a private copy of its upload; every failure becomes an error answer."""
    with tempfile.TemporaryDirectory(prefix="mipair-") as folder:
        path = os.path.join(folder, safe_name(job.upload_name))
        with open(path, "wb") as handle:
            handle.write(job.body)
        try:
            return JOBS[job.kind](get_system(job.system), path, job)
        except MipairError as exc:
            return from_mipair_error(exc, path, safe_name(job.upload_name))
        except Exception as exc:
            return problem(500, "internal", f"internal error: {type(exc).__name__}: {exc}")
