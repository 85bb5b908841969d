"""A tournament's day through the API: players, attendance, pairing, results, what is posted.

Each change names the ``revision`` it was based on and answers the revision
after it (:mod:`~mipair.service.desk.work`); each read answers the revision it
read. A pairing, ``why`` and ``explain`` run in the worker lanes, like every
solve of the service.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from mipair.service.desk.auth import Signed, director
from mipair.service.desk.schemas import (
    Attendance,
    Pairing,
    Proposal,
    Registration,
    Results,
    TeamRegistration,
    Unpairing,
    Withdrawal,
)
from mipair.service.desk.work import change, lane_job, read, solved, view
from mipair.service.docs import error_responses

router = APIRouter(prefix="/v1/desk/tournaments/{tournament_id}", tags=["desk: the day"])
ERRORS = error_responses(401, 403, 404, 409, 422, 503)
SOLVE_ERRORS = error_responses(401, 403, 404, 409, 413, 422, 429, 503, 504)
After = Annotated[int | None, Query(description="After this round (default: the last complete).")]


@router.get("/players", responses=ERRORS)
async def players(tournament_id: int, request: Request, signed: Signed = Depends(director)) -> dict:
    """Every registered player (``id``: how the game's commands name them)."""
    return await view(request, signed, tournament_id, "players", lambda d, f: d.players(f))


@router.post("/players", responses=ERRORS)
async def register(
    tournament_id: int, body: Registration, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """Register a player, as the game's `register` command does (late entries too)."""
    return await change(
        request, signed, tournament_id, body.revision, lambda d, f: d.register(f, body.player)
    )


@router.post("/teams", responses=ERRORS)
async def register_team(
    tournament_id: int, body: TeamRegistration, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """Register a team of a team tournament, as `mipair chess team` does (its players: POST
    .../players with the player's `team`); a game without teams refuses (422)."""
    return await change(
        request, signed, tournament_id, body.revision, lambda d, f: d.register_team(f, body.team)
    )


@router.get("/players/{player}", responses=ERRORS)
async def card(
    tournament_id: int, player: str, request: Request, signed: Signed = Depends(director)
) -> dict:
    """A player's card: their rounds so far, rank and points."""
    return await view(request, signed, tournament_id, "card", lambda d, f: d.card(f, player))


@router.post("/attendance", responses=ERRORS)
async def attendance(
    tournament_id: int, body: Attendance, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """Who plays rounds not yet paired: absences, byes asked for, returns (the game's
    statuses: GET /v1/desk/games)."""
    return await change(
        request,
        signed,
        tournament_id,
        body.revision,
        lambda d, f: d.attendance(f, body.players, body.rounds, body.status),
    )


@router.post("/withdrawals", responses=ERRORS)
async def withdraw(
    tournament_id: int, body: Withdrawal, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """Players leave the tournament from round ``first`` (default: the next to pair) on."""
    return await change(
        request,
        signed,
        tournament_id,
        body.revision,
        lambda d, f: d.withdraw(f, body.players, body.first),
    )


@router.post("/rounds", responses=SOLVE_ERRORS)
async def pair(
    tournament_id: int, body: Pairing, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """Pair the next round and save it (the pairing of `mipair solve`, `mipair mcmahon pair`,
    `mipair papp pair` on the same file), solved in the worker lanes; 409 ``no_pairing``
    with the reason when there is none (then GET .../explain)."""
    return await change(
        request,
        signed,
        tournament_id,
        body.revision,
        job=lambda current: lane_job("desk_pair", current, body.options),
    )


@router.get("/rounds/{round_number}", responses=ERRORS)
async def pairing(
    tournament_id: int, round_number: int, request: Request, signed: Signed = Depends(director)
) -> dict:
    """A paired round as it stands: boards, results so far, the bye, absences."""
    return await view(
        request, signed, tournament_id, "pairing", lambda d, f: d.pairing(f, round_number)
    )


@router.post("/rounds/{round_number}/results", responses=ERRORS)
async def results(
    tournament_id: int,
    round_number: int,
    body: Results,
    request: Request,
    signed: Signed = Depends(director),
) -> dict[str, object]:
    """Enter or correct results of a round, board by board (any round: a completed one is
    corrected as the game's `result --round` corrects it). A round or board that does not
    exist is refused (422) and nothing is saved."""
    entries = [(str(e.board), e.result) for e in body.results]
    return await change(
        request,
        signed,
        tournament_id,
        body.revision,
        lambda d, f: d.results(f, round_number, entries),
    )


@router.post("/rounds/{round_number}/unpair", responses=ERRORS)
async def unpair(
    tournament_id: int,
    round_number: int,
    body: Unpairing,
    request: Request,
    signed: Signed = Depends(director),
) -> dict[str, object]:
    """Take the round being played back (with its results only when ``force``)."""
    return await change(
        request,
        signed,
        tournament_id,
        body.revision,
        lambda d, f: d.unpair(f, round_number, body.force),
    )


@router.get("/standings", responses=ERRORS)
async def standings(
    tournament_id: int, request: Request, signed: Signed = Depends(director), after: After = None
) -> dict:
    """The standings by the tournament's own tie-breaks (chess: those of `mipair standings`
    with the file's list)."""
    return await view(
        request, signed, tournament_id, "standings", lambda d, f: d.standings(f, after)
    )


@router.get("/crosstable", responses=ERRORS)
async def crosstable(
    tournament_id: int, request: Request, signed: Signed = Depends(director), after: After = None
) -> dict:
    """The crosstable: the standings with each round's cell as the game prints it."""
    return await view(
        request, signed, tournament_id, "crosstable", lambda d, f: d.crosstable(f, after)
    )


@router.post("/why", responses=SOLVE_ERRORS)
async def why(
    tournament_id: int, body: Proposal, request: Request, signed: Signed = Depends(director)
) -> dict[str, object]:
    """A proposed round (a swap of the pairing, say) held against the system's, as `mipair
    why --pair` holds it: the absolute rules it breaks, else the first criterion that
    decides. The round judged is the one being played (as it was paired), else the next."""
    current = await read(request, signed, tournament_id)
    answer = await solved(request, lane_job("desk_why", current, pairs=tuple(body.pairs)))
    return {"revision": current.revision.number, "why": answer}


@router.get("/explain", responses=SOLVE_ERRORS)
async def explain(tournament_id: int, request: Request, signed: Signed = Depends(director)) -> dict:
    """Why the round to pair has no pairing (minimal reason, least relaxation), as `mipair
    explain` says it; or that it has one."""
    current = await read(request, signed, tournament_id)
    seconds = request.app.state.service.settings.explain_seconds
    answer = await solved(request, lane_job("desk_explain", current, explain_seconds=seconds))
    return {"revision": current.revision.number, "explain": answer}
