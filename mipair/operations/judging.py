"""A round held against the rules: a proposal against the system's own pairing (``why``),
and the published rounds of files re-paired and compared (``check``).

``mipair why`` and ``/v1/why`` build the proposal here; ``mipair check``, the
drop-in ``-c`` form and ``/v1/check`` replay the rounds through
:mod:`mipair.check` (in this process, on all cores or on a Dask cluster).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import partial

from mipair.check.parallel import RoundTask, check_loaded, check_task, run
from mipair.check.replay import RoundCheck, TournamentCheck, check_published
from mipair.errors import InputError, MipairError
from mipair.pairing import Board, RoundPairing
from mipair.systems.base import AnySystem
from mipair.systems.records import CheckList


def check_players(
    pairs: list[tuple[int, int]], entrants: frozenset[int], file: str, field: str
) -> None:
    """Every player a proposal names must be in the tournament (a Black 0 is the bye)."""
    for white, black in pairs:
        for pid in (white, black) if black else (white,):
            if pid not in entrants:
                raise InputError(
                    f"there is no player {pid} in the tournament", file=file, field=field
                )


def to_round_pairing(rnd: int, pairs: list[tuple[int, int]]) -> RoundPairing:
    """Pairs (``(id, 0)`` for the bye) as a RoundPairing; two byes are an input error."""
    byes = [a for a, b in pairs if b == 0]
    if len(byes) > 1:
        raise InputError(f"more than one bye proposed: {', '.join(map(str, byes))}")
    boards = tuple(Board(a, b) for a, b in pairs if b != 0)
    return RoundPairing(rnd, boards, byes[0] if byes else None)


def proposal(
    system: AnySystem,
    state: object,
    pairs: list[tuple[int, int]],
    file: str = "<tournament>",
    field: str = "pair",
) -> RoundPairing:
    """The proposed round; in an odd field the one player the pairs leave out has the bye.

    A player the tournament does not have is bad input, named with ``file`` and ``field``.
    """
    check_players(pairs, system.entrants(state), file, field)
    players = system.problem(state).players
    proposed = to_round_pairing(system.round_of(state), pairs)
    left = set(players) - {p for b in proposed.boards for p in (b.white, b.black)}
    if proposed.bye is None and len(players) % 2 == 1 and len(left) == 1:
        proposed = replace(proposed, bye=left.pop())  # the one player left has the bye
    return proposed


def check_document(
    system: AnySystem, document: object, edition: str | None, wanted: Iterable[int] = ()
) -> list[RoundCheck]:
    """The published rounds of ``document`` (those in ``wanted``; none given: all), each
    re-paired in this process and compared."""
    only = set(wanted)
    return [
        check_published(system, r.pairing, r.state)
        for r in system.published(document, edition)
        if not only or r.pairing.round in only
    ]


def outcome(rounds: list[RoundCheck]) -> str:
    """``illegal`` when a published round breaks an absolute rule, else ``differs`` when
    one is not the engine's, else ``agrees``."""
    if any(r.violations for r in rounds):
        return "illegal"
    return "differs" if any(not r.agrees for r in rounds) else "agrees"


def check_files(
    system: AnySystem,
    files: list[str],
    rules: str | None,
    jobs: int = 1,
    progress: bool | None = False,
    with_checklist: bool = False,
    cluster: str | None = None,
    documents: Mapping[str, object] | None = None,
) -> tuple[list[TournamentCheck], list[CheckList]]:
    """Check every round of every file with ``system``, in this process, on ``jobs``
    processes or on a Dask cluster; returns the files' checks and the rounds' check lists.
    ``progress``: a progress bar on stderr (None: when there are several rounds and stderr
    is a terminal). ``documents``: files read already (path -> document), not read again in this process."""
    read = dict(documents or {})
    shown = rules or system.title
    checks: list[TournamentCheck] = []
    tasks: list[RoundTask] = []
    owner: list[TournamentCheck] = []
    for f in files:
        tc = TournamentCheck(f, shown)
        checks.append(tc)
        try:
            if f not in read:
                read[f] = system.document(f)
            rounds = system.rounds_published(read[f])
        except MipairError as exc:
            if len(files) == 1:
                raise
            tc.error = exc.located()
            continue
        for r in rounds:
            tasks.append(RoundTask(system.name, f, r, rules, with_checklist))
            owner.append(tc)
    if progress is None:
        progress = len(tasks) > 1 and sys.stderr.isatty()
    if cluster:  # the Dask cluster at this address
        from mipair.check.cluster import run_on_cluster  # dask: an optional dependency

        results = run_on_cluster(tasks, cluster, progress)
    elif jobs > 1 and len(tasks) > 1:  # worker processes read each file themselves
        results = run(check_task, tasks, jobs, "checking rounds", progress)
    else:
        results = run(partial(check_read, read), tasks, 1, "checking rounds", progress)
    lists: list[CheckList] = []
    for tc, (rc, table) in zip(owner, results):
        tc.rounds.append(rc)
        if table is not None:
            lists.append(table)
    return [tc.named() for tc in checks], lists


def check_read(
    documents: Mapping[str, object], task: RoundTask
) -> tuple[RoundCheck, CheckList | None]:
    """Check one round of a file read already in this process."""
    return check_loaded(documents[task.path], task)
