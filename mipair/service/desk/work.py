"""One change of a tournament, and what reads share: the store read, the desk's work, the save.

A change names the revision it was based on (the one the director's page or
program read). :func:`change` reads the tournament's current revision; one
that is not the revision named is refused at once (409 ``stale_revision``,
with the current revision to reload); else the desk applies the change to the
files of that revision, and the result is saved as the next revision on
condition that nobody saved in between (the store refuses it otherwise: 409
again, nothing saved). So of two directors changing the same revision, one
change is kept and the other refused, never lost in silence. A change that
changes nothing saves no revision.

The desk's work runs in the thread pool; a pairing (and ``why``, ``explain``)
runs in the service's worker lanes, like every solve (:mod:`mipair.service.jobs`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from mipair.desk.game import Changed, Desk, Files
from mipair.desk.games import desk_named
from mipair.service.desk.auth import Signed
from mipair.service.desk.storage import call
from mipair.service.jobs import Job
from mipair.service.limits import Refused
from mipair.service.runner import Service, departure
from mipair.store import Director, Document, Game, Store
from mipair.store.revisions import RevisionInfo, document, refuse_unless_current, save
from mipair.store.tournaments import TournamentInfo, create_tournament, tournament


@dataclass(frozen=True)
class Current:
    """A tournament as one of its directors reads it: its listing, a revision, its files."""

    info: TournamentInfo
    revision: RevisionInfo
    files: dict[str, bytes]

    @property
    def desk(self) -> Desk:
        return desk_named(self.info.game.value)


def current_of(store: Store, director: Director, tournament_id: int, number: int | None) -> Current:
    """The tournament and its revision ``number`` (default: the current one)."""
    info = tournament(store, director, tournament_id)
    revision, found = document(store, director, tournament_id, number)
    return Current(info, revision, found.as_dict())


async def read(
    request: Request, signed: Signed, tournament_id: int, number: int | None = None
) -> Current:
    """The tournament as ``signed`` may read it (404 for another director's)."""
    return await call(request, current_of, signed.director, tournament_id, number)


async def view(
    request: Request,
    signed: Signed,
    tournament_id: int,
    key: str,
    make: Callable[[Desk, Files], object],
) -> dict[str, object]:
    """``{"revision": N, key: make(desk, files)}``: a view of the current revision."""
    current = await read(request, signed, tournament_id)
    shown = await run_in_threadpool(make, current.desk, current.files)
    return {"revision": current.revision.number, key: shown}


def info_json(info: TournamentInfo) -> dict[str, object]:
    """A tournament as its directors' lists show it."""
    return {
        "id": info.id,
        "game": info.game.value,
        "name": info.name,
        "owner": info.owner,
        "role": info.role.value,
        "revision": info.revision,
        "public": f"/v1/public/{info.slug}",
        "slug": info.slug,
        "created_at": info.created_at.isoformat(),
        "updated_at": info.updated_at.isoformat(),
    }


def revision_json(revision: RevisionInfo) -> dict[str, object]:
    return {
        "revision": revision.number,
        "at": revision.at.isoformat(),
        "author": revision.author,
        "what": revision.what,
        "restores": revision.restores,
    }


def changed_json(number: int, changed: Changed, saved: bool) -> dict[str, object]:
    """The answer to a change: the tournament's revision after it, and what it did."""
    return {"revision": number, "changed": saved, "what": changed.what, "report": changed.report}


async def solved(request: Request, job: Job) -> dict[str, object]:
    """A desk's job solved in the worker lanes: its answer (else its error answer, raised)."""
    service: Service = request.app.state.service
    answer, headers = await service.solve(job, departure(request))
    if answer.status != 200:
        raise Refused(answer, headers)
    return answer.body


async def in_lane(request: Request, job: Job) -> Changed:
    """A desk's change solved in the worker lanes: the files after it."""
    body = await solved(request, job)
    files, report = body["files"], body["report"]  # as the worker's desk job made them
    assert isinstance(files, Mapping) and isinstance(report, Mapping)
    return Changed(dict(files), str(body["what"]), dict(report))


def lane_job(
    kind: str,
    current: Current,
    options: Mapping[str, object] | None = None,
    *,
    pairs: tuple[str, ...] = (),
    explain_seconds: float = 3.0,
) -> Job:
    """The job of a desk's work on ``current``'s files (the lane is chosen by the tournament's
    own file, as an upload's), with ``why``'s ``pairs`` and ``explain``'s ``explain_seconds``."""
    main = current.desk.main_file(current.files)
    return Job(
        kind,
        None,
        None,
        current.files[main],
        main,
        game=current.desk.name,
        files=tuple(sorted(current.files.items())),
        options=tuple(sorted((options or {}).items())),
        pairs=pairs,
        explain_seconds=explain_seconds,
    )


async def change(
    request: Request,
    signed: Signed,
    tournament_id: int,
    based_on: int,
    apply: Callable[[Desk, Files], Changed] | None = None,
    job: Callable[[Current], Job] | None = None,
) -> dict[str, object]:
    """Apply a change based on revision ``based_on`` (the module docstring): ``apply`` in a
    thread, or the ``job`` it gives in the worker lanes."""
    current = await read(request, signed, tournament_id)
    refuse_unless_current(based_on, current.info.revision)
    if job is not None:
        changed = await in_lane(request, job(current))
    else:
        assert apply is not None
        changed = await run_in_threadpool(apply, current.desk, current.files)
    if changed.files == current.files:
        return changed_json(based_on, changed, False)
    saved = await call(
        request,
        save,
        signed.director,
        tournament_id,
        based_on,
        Document.of(changed.files),
        changed.what,
    )
    return changed_json(saved.number, changed, True)


async def created(
    request: Request, signed: Signed, desk: Desk, changed: Changed
) -> dict[str, object]:
    """A new tournament of ``desk``'s game holding ``changed``'s files, as revision 1: the
    answer of the API."""
    info, number = await stored(request, signed, desk, changed)
    return {"tournament": info_json(info), **changed_json(number, changed, True)}


async def stored(
    request: Request, signed: Signed, desk: Desk, changed: Changed
) -> tuple[TournamentInfo, int]:
    """A new tournament of ``desk``'s game holding ``changed``'s files: it and its first
    revision's number."""
    summary = await run_in_threadpool(desk.summary, changed.files)
    name = str(summary.get("name") or desk.main_file(changed.files))
    info, first = await call(
        request,
        create_tournament,
        signed.director,
        Game(desk.name),
        name,
        Document.of(changed.files),
        changed.what,
    )
    return info, first.number
