"""The director's changes to a Go tournament (an OpenGotha file read into an OgTournament).

Create a tournament with OpenGotha's McMahon or Swiss preset, register a
player, say who plays a round, pair the next round, enter or correct a result,
take a round's pairing back. Each function changes the tournament in memory;
:mod:`~mipair.desk.mcmahon.store` reads and saves it around one change.
Errors are :class:`~mipair.errors.InputError` (exit 3) naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from mipair.errors import InputError
from mipair.formats.go_players import parse_rank, player_key, rank_text
from mipair.formats.opengotha import ROUNDS_MAX, Node, OgBye, OgGame, OgPlayer, OgTournament
from mipair.systems.mcmahon.pairing import Round, pair_state
from mipair.systems.mcmahon.params import model, params_of
from mipair.systems.mcmahon.state import add_forbidden, state_of

RESULTS = {
    "1-0": "RESULT_WHITEWINS",
    "0-1": "RESULT_BLACKWINS",
    "=": "RESULT_EQUAL",
    "1-1": "RESULT_BOTHWIN",
    "0-0": "RESULT_BOTHLOSE",
    "?": "RESULT_UNKNOWN",
}
"""How a result is typed (White's score first); a final ``!`` marks one decided by default."""

BY_DEFAULT = "!"


@dataclass(frozen=True)
class Settings:
    """What a new tournament says about itself (the rest is the preset)."""

    name: str
    rounds: int
    kind: str = ""  # a preset of models/mcmahon.toml ("swiss"); "": its first, McMahon's
    short_name: str = ""
    location: str = ""
    director: str = ""
    begin: str = ""  # yyyy-mm-dd
    end: str = ""
    bar: str | None = None  # McMahon bar and floor as ranks (3D, 20K); the preset's by default
    floor: str | None = None


def new_tournament(settings: Settings) -> OgTournament:
    """An empty tournament with the preset's parameter set."""
    presets = model()["presets"]
    kind = settings.kind or next(iter(presets))
    if kind not in presets:
        raise InputError(f"unknown kind {kind!r} (one of {', '.join(presets)})")
    if not 1 <= settings.rounds <= ROUNDS_MAX:
        raise InputError(f"a tournament has 1 to {ROUNDS_MAX} rounds", field="rounds")
    preset = presets[kind]
    general = dict(preset["GeneralParameterSet"])
    for name, rank in (("genMMBar", settings.bar), ("genMMFloor", settings.floor)):
        if rank is not None:
            general[name] = rank_text(_rank(rank, name))
    general.update(
        name=settings.name,
        shortName=settings.short_name or settings.name.replace(" ", "")[:20],
        location=settings.location,
        director=settings.director,
        beginDate=settings.begin,
        endDate=settings.end or settings.begin,
        numberOfRounds=str(settings.rounds),
    )
    criteria = list(preset["placement"]) + ["NULL"] * 6
    placement = Node(
        "PlacementParameterSet",
        {},
        [
            Node(
                "PlacementCriteria",
                {},
                [
                    Node("PlacementCriterion", {"name": c, "number": str(k)})
                    for k, c in enumerate(criteria[:6], 1)
                ],
            )
        ],
    )
    parameters = Node(
        "TournamentParameterSet",
        {},
        [
            Node("GeneralParameterSet", general),
            Node("HandicapParameterSet", dict(preset["HandicapParameterSet"])),
            placement,
            Node("PairingParameterSet", dict(preset["PairingParameterSet"])),
        ],
    )
    return OgTournament({"runningMode": "SAL"}, [], [], [], [parameters])


def _rank(text: str, field: str) -> int:
    try:
        return parse_rank(text)
    except ValueError as exc:
        raise InputError(str(exc), field=field) from None


def existing_round(tournament: OgTournament, number: int) -> int:
    """``number``, refused (exit 3) unless the tournament has that round: 1 to its number of
    rounds (``numberOfRounds``, at most the 20 OpenGotha's participation flags hold)."""
    last = min(params_of(tournament).rounds, ROUNDS_MAX)
    if not 1 <= number <= last:
        raise InputError(f"round {number}: the tournament has rounds 1 to {last}", field="round")
    return number


def paired_rounds(tournament: OgTournament) -> int:
    """The last round with games (0 before round 1)."""
    return max((g.round for g in tournament.games), default=0)


@dataclass(frozen=True)
class Entry:
    """A player as the director registers them."""

    surname: str
    first_name: str
    rank: str
    rating: int | None = None  # GoR; from the rank when not given (OpenGotha's "INI")
    club: str = ""
    country: str = ""
    egf_pin: str = ""
    smms_correction: int = 0
    preliminary: bool = False


def register(tournament: OgTournament, entry: Entry) -> OgPlayer:
    """Add a player; a player registered after round k was paired is absent from rounds 1..k."""
    if not (entry.surname + entry.first_name).strip():
        raise InputError("a player needs a name", field="name")
    if entry.country and len(entry.country) != 2:
        raise InputError(f"{entry.country!r}: a country is two letters", field="country")
    key = player_key(entry.surname, entry.first_name)
    if any(p.key == key for p in tournament.players):
        raise InputError(f"a player has the key {key} already", field="name")
    rank = _rank(entry.rank, "rank")
    rating = entry.rating if entry.rating is not None else (rank + 30) * 100 - 900
    late = paired_rounds(tournament)
    flags = "0" * late + "1" * (ROUNDS_MAX - late)
    status = "PRE" if entry.preliminary else "FIN"
    player = OgPlayer(
        name=entry.surname,
        first_name=entry.first_name,
        rank=rank,
        rating=rating,
        country=entry.country.upper(),
        club=entry.club,
        smms_correction=entry.smms_correction,
        participating=flags,
        registering_status=status,
        egf_pin=entry.egf_pin,
        attrs={
            "rank": rank_text(rank),
            "grade": rank_text(rank),
            "ratingOrigin": "INI" if entry.rating is None else "",
        },
    )
    tournament.players.append(player)
    return player


def player_of(tournament: OgTournament, key: str) -> OgPlayer:
    """The player a key names (typed in any case, spaces ignored)."""
    wanted = key.replace(" ", "").upper()
    found = next((p for p in tournament.players if p.key == wanted), None)
    if found is None:
        raise InputError(f"no player has the key {wanted!r}", field="player")
    return found


def set_plays(
    tournament: OgTournament, keys: Iterable[str], rounds: Iterable[int], plays: bool
) -> None:
    """Mark players as playing (or absent from) rounds; a round already paired cannot change."""
    paired = {g.round for g in tournament.games}
    for r in rounds:
        existing_round(tournament, r)
        if r in paired:
            raise InputError(
                f"round {r} is paired already (take it back first: unpair)", field="round"
            )
    for key in keys:
        player = player_of(tournament, key)
        flags = list(player.participating.ljust(ROUNDS_MAX, "1"))
        for r in rounds:
            flags[r - 1] = "1" if plays else "0"
        player.participating = "".join(flags)


def confirm(tournament: OgTournament, keys: Iterable[str]) -> None:
    """Make preliminary registrations final (only final players are paired)."""
    for key in keys:
        player_of(tournament, key).registering_status = "FIN"


def forbidden_pairs(texts: Iterable[str]) -> list[tuple[str, str]]:
    """``KEY,KEY`` texts (``--forbid``) as pairs of keys."""
    out = []
    for text in texts:
        first, sep, second = text.partition(",")
        if not sep or not first.strip() or not second.strip():
            raise InputError(f"--forbid {text!r}: two player keys expected, e.g. DOEJOHN,DOEJANE")
        out.append((first.strip(), second.strip()))
    return out


def pair_next(
    tournament: OgTournament,
    edition: str | None = None,
    objective: str = "opengotha",
    forbid: Iterable[tuple[str, str]] = (),
) -> Round:
    """Pair the next round and add its games (and bye) to the tournament."""
    for pair in forbid:
        try:
            first, second = (player_of(tournament, k).key for k in pair)
        except InputError as exc:
            raise InputError(exc.message, field="--forbid") from None
        add_forbidden(tournament, first, second)
    state = replace(state_of(tournament, edition), objective=objective)
    rnd = pair_state(state)
    players = tournament.players
    tournament.games += [
        OgGame(rnd.round, g.table, players[g.white].key, players[g.black].key, g.handicap)
        for g in rnd.games
    ]
    if rnd.bye is not None and state.bye is None:
        tournament.byes.append(OgBye(rnd.round, players[rnd.bye].key))
    return rnd


def parse_result(text: str) -> str:
    """A typed result (``1-0``, ``0-1``, ``=``, ``1-1``, ``0-0``, ``?``; ``!`` after it when
    decided by default) as OpenGotha writes it."""
    typed = text.strip().replace("½-½", "=").replace("0.5-0.5", "=")
    by_default = typed.endswith(BY_DEFAULT)
    base = RESULTS.get(typed.removesuffix(BY_DEFAULT))
    if base is None or (by_default and base == "RESULT_UNKNOWN"):
        known = ", ".join(RESULTS)
        raise InputError(
            f"{text!r}: a result is one of {known} (! after it: by default)", field="result"
        )
    return base + ("_BYDEF" if by_default else "")


def game_of(tournament: OgTournament, round_number: int, table_or_key: str) -> OgGame:
    """The game of a round at a table (a number) or of a player (a key)."""
    games = [g for g in tournament.games if g.round == round_number]
    if not games:
        raise InputError(f"round {round_number} has no games", field="round")
    if table_or_key.strip().isdigit():
        table = int(table_or_key)
        found = next((g for g in games if g.table == table), None)
        if found is None:
            raise InputError(f"round {round_number} has no table {table}", field="table")
        return found
    key = player_of(tournament, table_or_key).key
    found = next((g for g in games if key in (g.white, g.black)), None)
    if found is None:
        raise InputError(f"{key} has no game in round {round_number}", field="player")
    return found


def set_result(
    tournament: OgTournament, round_number: int, table_or_key: str, result: str
) -> tuple[OgGame, str]:
    """Enter (or correct) a game's result; the game and its former result."""
    game = game_of(tournament, existing_round(tournament, round_number), table_or_key)
    before = game.result
    game.result = parse_result(result)
    return game, before


def round_or_last(tournament: OgTournament, round_number: int | None) -> int:
    """``round_number``, else the last paired round (refused when none is paired yet)."""
    if round_number is not None:
        return round_number
    last = paired_rounds(tournament)
    if last == 0:
        raise InputError("no round is paired yet", field="round")
    return last


def enter_results(
    tournament: OgTournament, round_number: int | None, entries: Iterable[tuple[str, str]]
) -> tuple[int, list[tuple[OgGame, str]]]:
    """Enter (or correct) results of a round (default: the last paired), each a table or a
    player's key and a typed result; the round and each game with its former result."""
    r = round_or_last(tournament, round_number)
    return r, [set_result(tournament, r, where, typed) for where, typed in entries]


def unpair(tournament: OgTournament, round_number: int, force: bool = False) -> int:
    """Take a round's pairing (games and bye) back; the games removed. Only the last paired
    round, and only without results unless ``force``."""
    last = paired_rounds(tournament)
    if last == 0:
        raise InputError("no round is paired yet", field="round")
    if round_number != last:
        raise InputError(f"only the last paired round ({last}) can be taken back", field="round")
    games = [g for g in tournament.games if g.round == round_number]
    if not force and any(g.result != "RESULT_UNKNOWN" for g in games):
        raise InputError(
            f"round {round_number} has results (--force to take it back all the same)",
            field="round",
        )
    tournament.games = [g for g in tournament.games if g.round != round_number]
    tournament.byes = [b for b in tournament.byes if b.round != round_number]
    return len(games)
