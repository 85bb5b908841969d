"""A new chess tournament: what the arbiter says about it, checked and written as TRF-2026.

:class:`Settings` is what ``mipair chess new`` takes; :func:`new_event` makes
the empty tournament: records 012 (name), 022 (place), 032 (federation),
042/052 (dates), 102 (chief arbiter), 122 (time control), 142 (rounds), 152
(initial colour), 162 (point system), 192 (system, edition and Baku
acceleration, ETT26 codes), 202 (the tie-break list). What the desk reads
back from a file (:func:`system_of`, :func:`tiebreak_list`) is read from
those records, so a file written by another program is run the same way.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from mipair import matches
from mipair.desk.chess import engine
from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.team_settings import team_settings
from mipair.errors import InputError
from mipair.formats.trf_player import MAX_ROUND
from mipair.formats.trf_records import canonical_points
from mipair.model import Colour, Points, PointSystem, Tournament, parse_points, points_to_str
from mipair.results.tiebreak_spec import names_round_robin, parse_list
from mipair.results.trf_rows import file_tiebreaks

TEXT_LIMIT = 200
"""The longest text a tournament record takes (a name, a place)."""

HEADERS = {
    "name": "012",
    "place": "022",
    "federation": "032",
    "begin": "042",
    "end": "052",
    "arbiter": "102",
    "time_control": "122",
    "tiebreaks": "202",
}
"""The TRF-2026 tournament records of :class:`Settings`' texts."""


@dataclass(frozen=True)
class Settings:
    """What a new tournament says about itself (every text as typed; checked by
    :func:`new_event`)."""

    name: str
    rounds: int
    system: str | None = None  # a registry name; None: the default system of TRF files
    edition: str | None = None  # None: the system's newest edition
    place: str = ""
    federation: str = ""
    begin: str = ""  # YYYY-MM-DD or YYYY/MM/DD
    end: str = ""
    arbiter: str = ""
    time_control: str = ""
    points: str = ""  # WIN,DRAW,LOSS, e.g. "3,1,0"; "": 1, 0.5, 0
    pab: str = ""  # the PAB's points; "": a win's
    tiebreaks: str = ""  # "BH/C1,BH,SB"; "": the default list (a round robin's its own)
    baku: bool = False  # the Baku acceleration (C.04.7), 250 records written by the desk
    initial_colour: str = "white"  # the colour of the first player in round 1 (152)
    boards: int | None = None  # a team system: the boards of a match (352)
    match_points: str = ""  # a team system: WIN,DRAW,LOSS match points (362)
    team_type: str = ""  # a team system: 192's words after FIDE_TEAM_ (TYPEA_MP_GP)


ACCELERATIONS = ("none", "baku")
"""The accelerations a new tournament may have (``--acceleration``)."""


def settings_of(options: Mapping[str, Any]) -> Settings:
    """The settings ``mipair chess new`` takes, by its options' names (``rules`` the edition,
    ``date`` the first and last day as ``YYYY-MM-DD[,YYYY-MM-DD]``, ``acceleration`` none or
    baku, ``initial_colour`` white or black); what is missing or None: the default."""

    def text(name: str) -> str:
        return str(options.get(name) or "")

    acceleration = text("acceleration") or "none"
    if acceleration not in ACCELERATIONS:
        raise InputError(
            f"{acceleration!r}: one of {', '.join(ACCELERATIONS)}", field="acceleration"
        )
    begin, _, end = text("date").partition(",")
    return Settings(
        name=text("name"),
        rounds=int(options.get("rounds") or 0),
        system=options.get("system") or None,
        edition=options.get("rules") or None,
        place=text("place"),
        federation=text("federation"),
        begin=begin,
        end=end,
        arbiter=text("arbiter"),
        time_control=text("time_control"),
        points=text("points"),
        pab=text("pab"),
        tiebreaks=text("tiebreaks"),
        baku=acceleration == "baku",
        initial_colour=text("initial_colour") or "white",
        boards=options.get("boards"),
        match_points=text("match_points"),
        team_type=text("team_type"),
    )


def new_event(settings: Settings) -> ChessEvent:
    """The empty tournament ``settings`` describe (InputError naming the bad field). A
    system whose rounds are matches (Double-Swiss) counts ``rounds`` in matches (142 counts
    their games) and its PAB is a whole match's, a game won and a game drawn unless ``pab``
    says otherwise (C.04.5 1.4), always written (162 P)."""
    system = settings.system or engine.default_system()
    if system not in engine.systems():
        raise InputError(
            f"unknown system {system!r} (one of {', '.join(engine.systems())})", field="system"
        )
    games = engine.games_per_round(system)
    if not 1 <= settings.rounds <= MAX_ROUND // games:
        raise InputError(f"a tournament has 1 to {MAX_ROUND // games} rounds", field="rounds")
    known = engine.editions(system)
    edition = settings.edition or known[0]
    if edition not in known:
        raise InputError(
            f"{system} has the editions {', '.join(known)}, not {edition!r}", field="rules"
        )
    points = point_system(settings.points, settings.pab)
    if games > 1:
        stated = _points(settings.pab, "pab") if settings.pab.strip() else None
        points = replace(points, pab=stated if stated is not None else matches.pab_value(points))
    if settings.baku and not _standard_shape(points):
        raise InputError(
            "the Baku acceleration needs a loss worth 0 and a draw worth half a win (C.04.7)",
            field="acceleration",
        )
    colours = {"white": Colour.WHITE, "black": Colour.BLACK}
    if settings.initial_colour not in colours:
        raise InputError("the initial colour is white or black", field="initial-colour")
    if not text_field(settings.name, "name"):
        raise InputError("a tournament needs a name", field="name")
    begin = date_field(settings.begin, "date")
    code = engine.type_code(system, edition, settings.baku)
    texts = {
        "name": settings.name,
        "place": settings.place,
        "federation": federation_field(settings.federation),
        "begin": begin,
        "end": date_field(settings.end, "date") or begin,
        "arbiter": settings.arbiter,
        "time_control": settings.time_control,
        "tiebreaks": ",".join(
            tb.text.upper()
            for tb in parse_list(
                settings.tiebreaks, names_round_robin(code), team=engine.plays_teams(system)
            )
        ),
    }
    headers = tuple((HEADERS[key], text_field(value, key)) for key, value in texts.items() if value)
    tournament = Tournament(
        players={},
        results={},
        point_system=points,
        total_rounds=settings.rounds * games,
        initial_colour=colours[settings.initial_colour],
        system=code,
        headers=headers,
    )
    event = ChessEvent(tournament, games=games)
    if not engine.plays_teams(system):
        if settings.boards is not None or settings.match_points or settings.team_type:
            raise InputError(f"{system} pairs players: boards are a team system's", field="boards")
        return event
    return team_settings(event, settings.boards, settings.match_points, settings.team_type)


def point_system(points: str, pab: str = "") -> PointSystem:
    """``WIN,DRAW,LOSS`` (``3,1,0``; empty: 1, 0.5, 0) and the PAB (empty: a win's)."""
    parts = [p.strip() for p in points.split(",")] if points.strip() else ["1", "0.5", "0"]
    if len(parts) != 3:
        raise InputError(f"{points!r}: three values expected, WIN,DRAW,LOSS", field="points")
    win, draw, loss = (_points(p, "points") for p in parts)
    bye = _points(pab, "pab") if pab.strip() else None
    return canonical_points(PointSystem(win=win, draw=draw, loss=loss, pab=bye))


def _points(text: str, field: str) -> Points:
    try:
        value = parse_points(text)
    except ValueError:
        raise InputError(f"{text!r} is not a number of points", field=field) from None
    if value < 0 or len(points_to_str(value)) > 4:
        raise InputError(f"{text!r}: points go from 0 to 99.9", field=field)
    return value


def _standard_shape(points: PointSystem) -> bool:
    return points.loss == 0 and 2 * points.draw == points.win


def text_field(text: str, field: str, limit: int = TEXT_LIMIT) -> str:
    """A text for a TRF record: one line of printable characters, trimmed."""
    value = text.strip()
    if any(not c.isprintable() for c in value):
        raise InputError(f"{value[:30]!r} holds a control character", field=field)
    if len(value) > limit:
        raise InputError(f"at most {limit} characters ({len(value)} given)", field=field)
    return value


def date_field(text: str, field: str) -> str:
    """``YYYY-MM-DD`` or ``YYYY/MM/DD`` as TRF-2026 writes dates (``YYYY/MM/DD``)."""
    value = text.strip()
    if not value:
        return ""
    try:
        day = datetime.date.fromisoformat(value.replace("/", "-"))
    except ValueError:
        raise InputError(f"{value[:20]!r} is not a date (YYYY-MM-DD)", field=field) from None
    return day.strftime("%Y/%m/%d")


def federation_field(text: str, field: str = "federation") -> str:
    """A FIDE federation code: three letters, upper case."""
    value = text.strip().upper()
    if value and not (len(value) == 3 and value.isascii() and value.isalpha()):
        raise InputError(f"{text.strip()[:20]!r}: a federation is three letters", field=field)
    return value


def described(event: ChessEvent) -> dict[str, object]:
    """What a new tournament is, as ``mipair chess new --json`` says it."""
    system, rules, baku = system_of(event)
    return {
        "name": event.header("012"),
        "rounds": event.total_rounds,
        "system": system,
        "rules": rules,
        "baku": baku,
        "tiebreaks": tiebreak_list(event).split(","),
    }


def system_of(event: ChessEvent) -> tuple[str, str, bool]:
    """(system, edition, Baku acceleration) of the tournament, from its 192 record."""
    return engine.read_type(type_code(event.tournament))


def type_code(t: Tournament) -> str:
    """The tournament's 192 code ('' when it has none: the model's ``system`` is then the
    free text of record 092, which names no system)."""
    text_092 = next((text.strip() for code, text in t.headers if code == "092"), None)
    return "" if t.system == text_092 else t.system


def tiebreak_list(event: ChessEvent) -> str:
    """The tournament's tie-break list (202, else 212 without PTS; '' for the default)."""
    return file_tiebreaks(event.tournament.headers)
