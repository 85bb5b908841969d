"""A director's tournaments: the games, the list, a new one, an import, sharing, the history,
undo, and downloads in the tournament's own formats.

Every route needs a signed-in director (401 otherwise) and shows only that
director's tournaments and those shared with them: any other is 404, as one
that does not exist (the store's rule). Every answer about one tournament
gives the ``revision`` it read, which a change then names.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from mipair.desk.games import desk_for_files, desk_named, desks
from mipair.service.desk.auth import Signed, director
from mipair.service.desk.schemas import Based, NewTournament, Restoring, Sharing
from mipair.service.desk.storage import call
from mipair.service.desk.work import created, info_json, read, revision_json
from mipair.service.docs import error_responses
from mipair.service.jobs import safe_name
from mipair.service.limits import Refused, limited_body, read_limited
from mipair.service.problems import problem
from mipair.store.revisions import history, restore, undo
from mipair.store.tournaments import delete_tournament, share, shared_with, tournaments_of, unshare

router = APIRouter(prefix="/v1/desk", tags=["desk: directors"])
ERRORS = error_responses(401, 403, 404, 409, 413, 422, 503)
Id = Annotated[int, "the tournament's id"]
MAX_FILES = 8
"""Files an import may send (a PAPP event's: the event, its configuration, player files)."""
IMPORT_BODY = {
    "requestBody": {
        "required": True,
        "description": (
            "The tournament's files: a multipart form of file parts (a PAPP event may send "
            "its event file with papp.cfg and its player files), or one file as the raw body "
            "with ?name=FILE. The game is told from the file as every mipair command tells it."
        ),
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {
                        "files": {"type": "array", "items": {"type": "string", "format": "binary"}}
                    },
                }
            },
            "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
        },
    }
}


@router.get("/games")
async def games() -> dict[str, object]:
    """Each game's desk: what a new tournament, a registration and a pairing take (named as
    the command line's options), the attendance statuses, how results are typed, the
    download formats."""
    return {"games": [desk.describe() for desk in desks()]}


@router.get("/tournaments", responses=ERRORS)
async def list_tournaments(
    request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """The director's tournaments and those shared with them, latest change first."""
    found = await call(request, tournaments_of, signed.director)
    return {"tournaments": [info_json(info) for info in found]}


@router.post("/tournaments", status_code=201, responses=ERRORS)
async def new_tournament(
    body: NewTournament, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """A new tournament, as the game's `new` command makes it (revision 1)."""
    desk = desk_named(body.game)
    changed = await run_in_threadpool(desk.create, body.settings)
    return await created(request, signed, desk, changed)


async def uploaded(request: Request, name: str | None) -> dict[str, bytes]:
    """The files of an import: a multipart form's file parts, or the raw body (413 past the
    service's upload limit, all parts together)."""
    limit = request.app.state.service.settings.max_bytes
    kind = request.headers.get("content-type", "").lower()
    if not kind.startswith("multipart/form-data"):
        return {safe_name(name): await read_limited(request, limit)}
    parser = MultiPartParser(
        request.headers,
        limited_body(request, limit),
        max_files=MAX_FILES,
        max_fields=MAX_FILES,
        max_part_size=limit,
    )
    parser.spool_max_size = limit + 1  # in memory, never to disk
    try:
        form = await parser.parse()
    except MultiPartException as exc:
        message = f"the form cannot be read: {exc.message}"
        raise Refused(problem(422, "bad_request", message)) from None
    files = {}
    for _, part in form.multi_items():
        if isinstance(part, UploadFile):
            files[safe_name(part.filename)] = await part.read()
    if not files:
        raise Refused(problem(422, "bad_request", "no file was sent"))
    return files


@router.post("/tournaments/import", status_code=201, responses=ERRORS, openapi_extra=IMPORT_BODY)
async def import_tournament(
    request: Request,
    signed: Signed = Depends(director),
    name: Annotated[str | None, Query(description="The raw body's file name.")] = None,
) -> dict[str, object]:
    """A tournament from its files (a TRF of any edition, an OpenGotha file, a PAPP event):
    the game told from the file, every file read as its game reads it. A file that does not
    parse is refused (422, its located line) and nothing is stored."""
    files = await uploaded(request, name)

    def imported() -> Any:
        desk = desk_for_files(files)
        return desk, desk.imported(files)

    desk, changed = await run_in_threadpool(imported)
    return await created(request, signed, desk, changed)


@router.get("/tournaments/{tournament_id}", responses=ERRORS)
async def get_tournament(
    tournament_id: Id, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """The tournament: its listing, and where its day stands (rounds completed, the round
    being played, the next round to pair, players)."""
    current = await read(request, signed, tournament_id)
    summary = await run_in_threadpool(current.desk.summary, current.files)
    return {
        "revision": current.revision.number,
        "tournament": info_json(current.info),
        "summary": summary,
        "files": sorted(current.files),
    }


@router.delete("/tournaments/{tournament_id}", responses=ERRORS)
async def remove(tournament_id: Id, request: Request, signed: Signed = Depends(director)) -> dict:
    """Delete the tournament with its whole history (its owner only: 403 for another)."""
    await call(request, delete_tournament, signed.director, tournament_id)
    return {"deleted": tournament_id}


@router.get("/tournaments/{tournament_id}/shares", responses=ERRORS)
async def shares(tournament_id: Id, request: Request, signed: Signed = Depends(director)) -> dict:
    """The directors the tournament is shared with."""
    return {"shared_with": await call(request, shared_with, signed.director, tournament_id)}


@router.post("/tournaments/{tournament_id}/shares", responses=ERRORS)
async def add_share(
    tournament_id: Id, body: Sharing, request: Request, signed: Signed = Depends(director)
) -> dict:
    """Share the tournament with another director, who may then read and change it (the
    owner only)."""
    await call(request, share, signed.director, tournament_id, body.account)
    return {"shared_with": await call(request, shared_with, signed.director, tournament_id)}


@router.delete("/tournaments/{tournament_id}/shares/{account}", responses=ERRORS)
async def remove_share(
    tournament_id: Id, account: str, request: Request, signed: Signed = Depends(director)
) -> dict:
    """Take a share back (the owner only)."""
    await call(request, unshare, signed.director, tournament_id, account)
    return {"shared_with": await call(request, shared_with, signed.director, tournament_id)}


@router.get("/tournaments/{tournament_id}/revisions", responses=ERRORS)
async def revisions(
    tournament_id: Id,
    request: Request,
    signed: Signed = Depends(director),
    before: Annotated[int | None, Query(description="Revisions numbered below this.")] = None,
) -> dict[str, object]:
    """The audit trail, newest first (100 at a time): each revision's number, when, who and
    what; ``restores`` the revision an undo brought back."""
    found = await call(request, history, signed.director, tournament_id, before)
    return {"revisions": [revision_json(r) for r in found]}


@router.post("/tournaments/{tournament_id}/undo", responses=ERRORS)
async def undo_route(
    tournament_id: Id, body: Based, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """Undo the latest change not undone yet: a new revision bringing back the state before
    it (409 at the first state, or when ``revision`` is not the current one)."""
    done = await call(request, undo, signed.director, tournament_id, body.revision)
    return {"revision": done.number, "changed": True, "what": done.what, "report": {}}


@router.post("/tournaments/{tournament_id}/restore", responses=ERRORS)
async def restore_route(
    tournament_id: Id, body: Restoring, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """A new revision bringing back the files of revision ``to``."""
    done = await call(request, restore, signed.director, tournament_id, body.revision, body.to)
    return {"revision": done.number, "changed": True, "what": done.what, "report": {}}


@router.get("/tournaments/{tournament_id}/files/{format}", responses=ERRORS)
async def download(
    tournament_id: Id,
    format: str,
    request: Request,
    signed: Signed = Depends(director),
    revision: Annotated[int | None, Query(description="This revision (default: current).")] = None,
) -> Response:
    """The tournament in one of its game's formats (GET /v1/desk/games: downloads): chess
    TRF-2026 (its own file), TRF(x), TRF16; Go OpenGotha XML, EGF h9; Othello the PAPP
    event, its folder with the published files (zip)."""
    current = await read(request, signed, tournament_id, revision)
    name, data = await run_in_threadpool(current.desk.download, current.files, format)
    media = next((d.media_type for d in current.desk.downloads() if d.format == format), "")
    return Response(
        data,
        media_type=media or "application/octet-stream",
        headers={
            "Content-Disposition": f'attachment; filename="{safe_name(name)}"',
            "X-Revision": str(current.revision.number),
        },
    )
