"""What ``mipair info`` says of an OpenGotha tournament (:class:`~mipair.systems.records.Summary`)."""

from __future__ import annotations

from mipair.errors import InputError
from mipair.formats.opengotha import OgTournament, rank_text
from mipair.systems.mcmahon.params import params_of
from mipair.systems.mcmahon.state import next_round
from mipair.systems.records import Summary


def opengotha_summary(tournament: OgTournament, edition: str | None, title: str) -> Summary:
    """Players, rounds and the McMahon parameters of ``tournament``, by OpenGotha's names
    (the OpenGotha behaviour: ``edition``, else the one of the version that saved the file)."""
    params = params_of(tournament, edition or None)
    played = max((g.round for g in tournament.games), default=0)
    try:
        upcoming: int | None = next_round(tournament, params)
    except InputError:  # every round is paired
        upcoming = None
    absent = tuple(
        p.key
        for p in tournament.players
        if upcoming is not None and (p.registering_status != "FIN" or not p.plays(upcoming))
    )
    name = tournament.parameter("GeneralParameterSet", "name")
    settings: dict[str, object] = {
        "name": name[0] if name else "",
        "OpenGotha behaviour": params.edition,
        "McMahon bar": rank_text(params.mm_bar),
        "McMahon floor": rank_text(params.mm_floor),
        "placement criteria": list(params.placement),
        "handicap": "none"
        if params.hd_ceiling == 0
        else f"rank difference less {params.hd_correction}, at most {params.hd_ceiling}",
        "games": len(tournament.games),
        "byes": len(tournament.byes),
    }
    return Summary(
        tournament.path,
        "mcmahon",
        title,
        len(tournament.players),
        played,
        upcoming,
        params.rounds,
        settings,
        absent,
    )
