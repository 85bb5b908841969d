"""The work behind each endpoint, run in a worker process, through the operations layer.

A job gets the uploaded bytes and hands them to the system named (found in
the registry), or to the one the upload is for (its name's ending, else its
TRF 192 record), as the file's content (:mod:`mipair.operations.files`):
nothing is written to disk, so a job cancelled, timed out or killed leaves
nothing behind, and a full disk cannot fail it. The upload's name (never a
path: only its last part, plain characters) names the file in messages. It
returns an :class:`Answer`: the JSON body and its HTTP status. Errors become
answers here, so nothing unpicklable crosses back to the web process.
:func:`warm_up` runs once per worker: the systems, HiGHS and the models are
loaded before the first request.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources

from mipair.desk.games import desk_for_files, desk_named
from mipair.errors import InputError, MipairError
from mipair.operations.files import open_document, open_tournament
from mipair.operations.judging import check_document, outcome, proposal
from mipair.operations.pairing import dropin_text, pair_file, pairing_data, player_cards
from mipair.results.standings import system_standings
from mipair.service.logs import LOGGER
from mipair.service.priority import lower_priority
from mipair.service.problems import Answer, from_mipair_error, unexpected
from mipair.systems.base import AnySystem
from mipair.systems.registry import SYSTEMS, get_system, load

WARM_UP_FILE = "warmup.trfx"
"""A four-player TRF shipped with the service, paired once by each worker as it starts."""


@dataclass(frozen=True)
class Job:
    """One request's work: which endpoint, which system and edition, the upload and options."""

    kind: str
    system: str | None
    """The system's registry name; None: the one the upload is for."""
    rules: str | None
    body: bytes
    upload_name: str = "upload"
    pairs: tuple[str, ...] = ()
    """The proposed boards of ``why``, ``WHITE-BLACK`` as the user wrote them."""
    explain_seconds: float = 3.0
    cards: bool = False  # the pairing also names its players (the page)
    rounds: tuple[int, ...] = ()  # the check of these published rounds only (empty: all)
    game: str | None = None  # a desk's job: the game of the tournament (mipair.desk.games)
    files: tuple[tuple[str, bytes], ...] = ()  # ... its files
    options: tuple[tuple[str, object], ...] = ()  # ... and the options of the change


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
    for line in SYSTEMS:
        load(line)
    answer = run(warm_up_job())
    if answer.status != 200:
        logging.getLogger(LOGGER).warning("warm-up failed", extra={"answer": answer.body})
    lower_priority(priority)


def warm_up_job() -> Job:
    """The shipped tiny tournament to pair: the first job of every lane."""
    warm = resources.files("mipair.service").joinpath(WARM_UP_FILE).read_bytes()
    return Job("pair", None, None, warm, WARM_UP_FILE)


def pair_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """The next round, in JSON and in the JaVaFo/bbpPairings text (as ``mipair solve --json``
    and the drop-in ``-p`` give them)."""
    paired = pair_file(name, system, job.rules, job.body)
    pairing = paired.pairing
    body: dict[str, object] = {
        **pairing_data(paired),
        "text": dropin_text(pairing),
        "description": paired.system.describe(paired.state, pairing),
    }
    if job.cards:
        cards = player_cards(paired)
        body["players"] = {str(pid): card for pid, card in sorted(cards.items())}
        body["tournament"] = tournament_name(name, job.body)
        body["dropin"] = paired.system.registered.dropin
    players = 2 * len(pairing.boards) + (pairing.bye is not None)
    return Answer(200, body, players)


def tournament_name(name: str, data: bytes) -> str:
    """The name a tournament file gives itself, as its game's desk reads it ('' when the desk
    cannot read the file: a team TRF, say)."""
    files = {name: data}
    try:
        return str(desk_for_files(files).summary(files).get("name") or "")
    except MipairError:
        return ""


def check_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """Every published round re-paired from the rounds before it, as ``mipair check`` does."""
    system, document = open_document(name, system, job.body)
    rules = system.edition(job.rules)
    rounds = check_document(system, document, rules, job.rounds)
    body: dict[str, object] = {
        "system": system.name,
        "rules": rules,
        "outcome": outcome(rounds),
        "rounds": [r.to_json() for r in rounds],
    }
    return Answer(200, body)


def published_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """The published rounds' numbers (what the page's check will go through, round by round)."""
    system, document = open_document(name, system, job.body)
    rules = system.edition(job.rules)
    body: dict[str, object] = {
        "system": system.name,
        "rules": rules,
        "rounds": [r.pairing.round for r in system.published(document, rules)],
    }
    return Answer(200, body)


def explain_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """Why the next round cannot be paired (or that it can), in JSON and in words."""
    opened = open_tournament(name, system, job.rules, job.body)
    explanation = opened.system.explain(opened.state, seconds=job.explain_seconds)
    body = {"system": opened.system.name, **explanation.to_json(), "text": explanation.text()}
    return Answer(200, body, len(opened.system.problem(opened.state).players))


def why_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """A proposed pairing held against the system's own, as ``mipair why`` does."""
    opened = open_tournament(name, system, job.rules, job.body)
    system, state = opened.system, opened.state
    labels = system.labels(state)
    try:
        pairs = [labels.pair(text) for text in job.pairs]
    except InputError as exc:  # the API's parameter is pair=, not the CLI's --pair
        raise InputError(exc.message, file=name, field="pair") from None
    comparison = system.compare(state, proposal(system, state, pairs, name, "pair"))
    body = {"system": system.name, **comparison.to_json(), "text": comparison.text()}
    return Answer(200, body, len(system.problem(state).players))


def standings_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """The standings the system gives, before the round to pair."""
    opened = open_tournament(name, system, job.rules, job.body)
    lines = system_standings(opened.system, opened.state)
    body: dict[str, object] = {
        "system": opened.system.name,
        "round": opened.system.round_of(opened.state),
        "standings": [line.to_json() for line in lines],
    }
    return Answer(200, body, len(lines))


def desk_pair_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """A desk's tournament with its next round paired (``pair --save``): its files after it."""
    changed = desk_named(job.game or "").pair(dict(job.files), dict(job.options))
    body: dict[str, object] = {
        "files": changed.files,
        "what": changed.what,
        "report": changed.report,
    }
    return Answer(200, body)


def desk_why_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """A proposed round of a desk's tournament held against the system's."""
    return Answer(200, desk_named(job.game or "").why(dict(job.files), job.pairs))


def desk_explain_job(system: AnySystem | None, name: str, job: Job) -> Answer:
    """Why a desk's tournament's round to pair has no pairing."""
    return Answer(200, desk_named(job.game or "").explain(dict(job.files), job.explain_seconds))


JOBS: dict[str, Callable[[AnySystem | None, str, Job], Answer]] = {
    "pair": pair_job,
    "check": check_job,
    "explain": explain_job,
    "why": why_job,
    "standings": standings_job,
    "published": published_job,
    "desk_pair": desk_pair_job,
    "desk_why": desk_why_job,
    "desk_explain": desk_explain_job,
}
"""Endpoint name -> the job that serves it (given the system named, None when the upload
tells it, the upload's name and the job)."""


def run(job: Job) -> Answer:
    """Run ``job`` on its upload, in memory; every failure becomes an error answer.
    The answer carries the job's own time (what admission counts as solving)."""
    start = time.perf_counter()
    try:
        system = get_system(job.system) if job.system else None
        answer = JOBS[job.kind](system, safe_name(job.upload_name), job)
    except MipairError as exc:
        answer = from_mipair_error(exc)
    except Exception as exc:
        answer = unexpected(exc)
    return replace(answer, seconds=time.perf_counter() - start)
