"""The work behind each endpoint, run in a worker process, through the pairing-system interface.

A job gets the uploaded bytes and hands them to the system found by name in
the registry as the file's content (the interface takes bytes already read):
nothing is written to disk, so a job cancelled, timed out or killed leaves
nothing behind, and a full disk cannot fail it. The upload's name (never a
path: only its last part, plain characters) names the file in messages. It
returns an :class:`Answer`: the JSON body and its HTTP status. Errors become
answers here, so nothing unpicklable crosses back to the web process. :func:`warm_up` runs once per worker: the
systems, HiGHS and the models are loaded before the first request.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources

from mipair.errors import InputError, MipairError
from mipair.pairing import RoundPairing
from mipair.service.cards import board_extras, player_cards
from mipair.service.logs import LOGGER
from mipair.service.priority import lower_priority
from mipair.service.problems import Answer, from_mipair_error, unexpected
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
    cards: bool = False  # the pairing also names its players (the page)
    rounds: tuple[int, ...] = ()  # the check of these published rounds only (empty: all)


def safe_name(name: str | None) -> str:
    """The upload's name as shown in messages: its last part, plain characters only."""
    base = os.path.basename(name or "") if name else ""
    cleaned = re.sub(r"[^A-Za-z0-9._-]", "_", base).lstrip(".")
    return cleaned[:100] or "upload"


def warm_up(priority: str = "normal", memory_mb: int = 0) -> None:
    """Set this worker's memory budget, load every registered system, pair the shipped tiny
    tournament (HiGHS, models), then lower its CPU priority to ``priority``: the warm-up itself
    runs at normal priority, so an idle-policy worker is warm even on a busy host."""
    if memory_mb:
        os.environ["MIPAIR_MEMORY_MB"] = str(memory_mb)
    for name in system_names():
        get_system(name)
    answer = run(warm_up_job())
    if answer.status != 200:
        logging.getLogger(LOGGER).warning("warm-up failed", extra={"answer": answer.body})
    lower_priority(priority)


def warm_up_job() -> Job:
    """The shipped tiny tournament to pair: the first job of every lane."""
    warm = resources.files("mipair.service").joinpath(WARM_UP_FILE).read_bytes()
    return Job("pair", "dutch", None, warm, WARM_UP_FILE)


def boards_json(pairing: RoundPairing, extras: list[dict[str, int]]) -> list[dict[str, int]]:
    """The boards in order, as the contract gives them (a Go board with its handicap)."""
    return [
        {"board": k, "white": b.white, "black": b.black, **extra}
        for k, (b, extra) in enumerate(zip(pairing.boards, extras), 1)
    ]


def pair_job(system: PairingSystem, name: str, job: Job) -> Answer:
    """The next round, in JSON and in the JaVaFo/bbpPairings text (the CLI's own functions)."""
    from mipair.cli.pairfile import dropin_text, pair_file

    rules = system.edition(job.rules)
    state, pairing = pair_file(name, rules, system.name, job.body)
    body: dict[str, object] = {
        "system": system.name,
        "rules": rules,
        "round": pairing.round,
        "boards": boards_json(pairing, board_extras(system, state, pairing)),
        "bye": pairing.bye,
        "text": dropin_text(pairing),
        "description": system.describe(state, pairing),
    }
    if job.cards:
        cards = player_cards(system, state, pairing)
        body["players"] = {str(pid): card for pid, card in sorted(cards.items())}
    players = 2 * len(pairing.boards) + (pairing.bye is not None)
    return Answer(200, body, players)


def check_job(system: PairingSystem, name: str, job: Job) -> Answer:
    """Every published round re-paired from the rounds before it, as ``mipair check`` does."""
    from mipair.check.replay import check_published

    rules = system.edition(job.rules)
    published = system.published(name, rules, job.body)
    wanted = set(job.rounds)
    rounds = [
        check_published(system, r.pairing, r.state)
        for r in published
        if not wanted or r.pairing.round in wanted
    ]
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


def published_job(system: PairingSystem, name: str, job: Job) -> Answer:
    """The published rounds' numbers (what the page's check will go through, round by round)."""
    rules = system.edition(job.rules)
    body: dict[str, object] = {
        "system": system.name,
        "rules": rules,
        "rounds": [r.pairing.round for r in system.published(name, rules, job.body)],
    }
    return Answer(200, body)


def explain_job(system: PairingSystem, name: str, job: Job) -> Answer:
    """Why the next round cannot be paired (or that it can), in JSON and in words."""
    state = system.read(name, system.edition(job.rules), job.body)
    explanation = system.explain(state, seconds=job.explain_seconds)
    body = {"system": system.name, **explanation.to_json(), "text": explanation.text()}
    return Answer(200, body, len(system.problem(state).players))


def why_job(system: PairingSystem, name: str, job: Job) -> Answer:
    """A proposed pairing held against the system's own, as ``mipair why`` does."""
    from mipair.cli.explain import proposal

    state = system.read(name, system.edition(job.rules), job.body)
    labels = system.labels(state)
    try:
        pairs = [labels.pair(text) for text in job.pairs]
    except InputError as exc:  # the API's parameter is pair=, not the CLI's --pair
        raise InputError(exc.message, file=name, field="pair") from None
    comparison = system.compare(state, proposal(system, state, pairs, name, "pair"))
    body = {"system": system.name, **comparison.to_json(), "text": comparison.text()}
    return Answer(200, body, len(system.problem(state).players))


def standings_job(system: PairingSystem, name: str, job: Job) -> Answer:
    """The standings the system gives, before the round to pair."""
    from mipair.results.standings import system_standings

    state = system.read(name, system.edition(job.rules), job.body)
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
    "published": published_job,
}
"""Endpoint name -> the job that serves it (given the system, the upload's name and the job)."""


def run(job: Job) -> Answer:
    """Run ``job`` on its upload, in memory; every failure becomes an error answer.
    The answer carries the job's own time (what admission counts as solving)."""
    start = time.perf_counter()
    try:
        answer = JOBS[job.kind](get_system(job.system), safe_name(job.upload_name), job)
    except MipairError as exc:
        answer = from_mipair_error(exc)
    except Exception as exc:
        answer = unexpected(exc)
    return replace(answer, seconds=time.perf_counter() - start)
