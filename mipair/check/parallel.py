"""Long work on all cores with a progress bar: checking rounds, generating files.

:func:`run` maps a top-level function over tasks, in worker processes when
``jobs > 1`` (concurrent.futures), showing a rich progress bar on stderr when
asked to. Results come back in task order. The task functions of the checker
and the generator live here too, so that worker processes can import them.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from mipair.check.config import GeneratorConfig
from mipair.check.generate import generate
from mipair.check.replay import RoundCheck, check_published
from mipair.check.team_generate import random_team_tournament
from mipair.errors import MipairError
from mipair.formats.text import save
from mipair.formats.trf import write_tournament
from mipair.model import Tournament
from mipair.pairing import RoundPairing
from mipair.systems.records import CheckList
from mipair.systems.registry import get_system

T = TypeVar("T")
R = TypeVar("R")


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    label: str = "working",
    progress: bool = False,
    start_method: str | None = None,
) -> list[R]:
    """``[fn(t) for t in tasks]``, on ``jobs`` processes, with an optional progress bar.

    ``start_method`` ("spawn", ...): how the worker processes start (default: the
    platform's); polars work needs fresh processes, not forks of a threaded parent.
    """
    results: dict[int, R] = {}
    bar = progress_bar(progress)
    with bar:
        task_id = bar.add_task(label, total=len(tasks))
        if jobs <= 1 or len(tasks) <= 1:
            for i, t in enumerate(tasks):
                results[i] = fn(t)
                bar.advance(task_id)
        else:
            context = multiprocessing.get_context(start_method) if start_method else None
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                futures = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
                for fut in as_completed(futures):
                    results[futures[fut]] = fut.result()
                    bar.advance(task_id)
    return [results[i] for i in range(len(tasks))]


def progress_bar(enabled: bool) -> Progress:
    """A rich progress bar on stderr (a no-op when not ``enabled``)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not enabled,
        transient=False,
    )


# -- checker tasks --------------------------------------------------------


@lru_cache(maxsize=8)
def _document(system: str, path: str) -> object:
    return get_system(system).document(path)


@dataclass(frozen=True)
class RoundTask:
    """One published round to re-pair: the system, the file, the round, the edition."""

    system: str
    path: str
    round: int
    rules: str | None
    checklist: bool = False


def check_task(task: RoundTask) -> tuple[RoundCheck, CheckList | None]:
    """Check one round of one file; returns (RoundCheck, check list or None)."""
    return check_loaded(_document(task.system, task.path), task)


def check_loaded(document: object, task: RoundTask) -> tuple[RoundCheck, CheckList | None]:
    """Check round ``task.round`` of ``document`` (the file ``task.path`` as its system reads it)."""
    system = get_system(task.system)
    start = time.perf_counter()
    published = system.published_round(
        document, task.round, system.edition_for(document, task.rules)
    )
    rc = check_published(system, published.pairing, published.state, start)
    table = system.check_list(published.state, rc.engine) if task.checklist else None
    return rc, table


# -- generator tasks ------------------------------------------------------


@dataclass(frozen=True)
class GenerateTask:
    """One random tournament to generate: paired by ``system`` (``rules``: its edition),
    written to ``output`` in the TRF ``edition``."""

    system: str
    config: GeneratorConfig
    seed: int
    rules: str | None
    output: str
    edition: str
    checklist: str | None = None


def generate_task(task: GenerateTask) -> tuple[str, float, str, str]:
    """Generate one file; returns (output, seconds, error message or '',
    note or ''): the note says why a tournament ended before its last round."""
    start = time.perf_counter()
    try:
        note = write_generated(task)
    except MipairError as exc:
        return task.output, time.perf_counter() - start, exc.located(), ""
    return task.output, time.perf_counter() - start, "", note


def write_generated(task: GenerateTask) -> str:
    """Generate, write the TRF (and the check list when asked); returns why the
    tournament ended early, or ''."""
    system = get_system(task.system)
    rules = system.edition(task.rules) or ""
    lists: list[CheckList] = []
    notes: list[str] = []

    def on_round(t: Tournament, rnd: int, pairing: RoundPairing) -> None:
        if task.checklist:
            lists.append(system.check_list(system.state_before(t, rnd, rules), pairing))

    make = random_team_tournament if system.plays_teams else generate
    t = make(task.config, task.seed, system, rules, on_round, on_stop=notes.append)
    save(task.output, write_tournament(t, task.edition))
    if task.checklist:
        system.write_check_lists(task.checklist, lists)
    return "".join(notes)
