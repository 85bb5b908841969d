"""The text form of a PAPP event (documented in formats/papp.md).

::

    papp-event 1
    name "Open de Paris"
    rounds 7
    brightwell 6
    discs 64
    score-bip 24
    colours "Noir" "Blanc"
    country "F"
    seed 7
    player 92 "FELDBORG" "Karsten" country "DK" rating 2209 comment "Vive les Danois !"
    round 1
    game 92 33/31 45        first player (Black), his discs / the other's, second player
    game 12 7               paired, not played yet
    game 12 7 by-hand       a pair the arbiter made (kept by the pairing)
    bip 17
    absent 3 4
    withdrawn 3             out of the tournament until he returns (anywhere after the players)

One record per line; ``#`` outside a string starts a comment; strings are in
double quotes with ``\\"`` and ``\\\\`` escapes. ``write_event`` produces the
canonical text: reading it gives back an equal :class:`Event`, and writing a
canonical text's event reproduces the text exactly. In a complete round a
player not mentioned is absent; the writer always lists absences.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path

from mipair.errors import InputError
from mipair.formats.papp.event import Event, Game, Round, Settings, name_problem, validate
from mipair.formats.papp.players import PlayerRecord
from mipair.formats.text import load, save

MAGIC = "papp-event"
VERSION = 1
INT_MAX = 2**31 - 1
HAND = "by-hand"
SETTINGS = ("name", "date", "rounds", "brightwell", "discs", "score-bip", "colours", "country")
RECORDS = frozenset((MAGIC, "player", "round", "game", "bip", "absent", "seed", "round-robin"))
RECORDS |= frozenset(SETTINGS)
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


class _Line:
    """The tokens of one line, consumed left to right with located errors."""

    def __init__(self, no: int, text: str, source: str | None) -> None:
        self.no, self.src = no, source
        self.items: list[tuple[str, bool]] = []  # (text, was quoted)
        for m in _TOKEN.finditer(text):
            if m.group(1) is not None:
                self.items.append((re.sub(r"\\(.)", r"\1", m.group(1)), True))
            elif m.group(2).startswith("#"):
                break
            else:
                self.items.append((m.group(2), False))
        if any(not quoted and '"' in t for t, quoted in self.items):
            raise self.error("string not closed on its line (or a stray '\"')")
        self.pos = 0

    def error(self, message: str) -> InputError:
        """A located error; its field is the line's record (``game``, ``player``, ...)."""
        first = self.items[0][0] if self.items and not self.items[0][1] else ""
        field = first if first in RECORDS else "record"
        return InputError(message, file=self.src, line=self.no, field=field)

    @property
    def done(self) -> bool:
        return self.pos >= len(self.items)

    def word(self, what: str) -> str:
        if self.done:
            raise self.error(f"missing {what}")
        self.pos += 1
        return self.items[self.pos - 1][0]

    def string(self, what: str) -> str:
        if self.done or not self.items[self.pos][1]:
            raise self.error(f"expected {what} in double quotes")
        return self.word(what)

    def integer(self, what: str, low: int | None = 0) -> int:
        text = self.word(what)
        if not re.fullmatch(r"-?[0-9]+", text):
            raise self.error(f"{what}: expected an integer, found '{text[:20]}'")
        if len(text.lstrip("-")) > 10 or abs(int(text)) > INT_MAX:
            raise self.error(f"{what}: {text[:20]} is too large (at most {INT_MAX})")
        value = int(text)
        if low is not None and value < low:
            raise self.error(f"{what} must be at least {low}, not {value}")
        return value

    def end(self) -> None:
        if not self.done:
            raise self.error(f"unexpected '{self.items[self.pos][0]}' at the end of the line")


def _settings_record(line: _Line, key: str, s: Settings) -> Settings:
    if key == "name":
        name = line.string("the tournament name")
        problem = name_problem(name)
        if problem:
            raise line.error(problem)
        return replace(s, name=name)
    if key == "date":
        return replace(s, date=line.string("the date"))
    if key == "rounds":
        return replace(s, rounds=line.integer("the number of rounds", 1))
    if key == "brightwell":
        text = line.word("the Brightwell coefficient")
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise line.error(f"the Brightwell coefficient must be a number, not '{text}'") from None
        if not value.is_finite() or value < 0:
            raise line.error(f"the Brightwell coefficient must be >= 0, not '{text}'")
        return replace(s, brightwell=value)
    if key == "discs":
        return replace(s, total_discs=line.integer("the total number of discs", 1))
    if key == "score-bip":
        return replace(s, bip_discs=line.integer("Bip's disc count"))
    if key == "colours":
        return replace(
            s, colours=(line.string("the first colour"), line.string("the second colour"))
        )
    if key == "country":
        return replace(s, country=line.string("the default country"))
    if key == "seed":
        return replace(s, seed=line.integer("the seed"))
    if key == "round-robin":
        m = re.fullmatch(r"([0-9]{1,9})-([0-9]{1,9})", line.word("the round-robin range MIN-MAX"))
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            raise line.error("round-robin expects MIN-MAX with 1 <= MIN <= MAX")
        return replace(s, round_robin=(int(m.group(1)), int(m.group(2))))
    raise line.error(f"unknown record '{key}'")


def _player(line: _Line) -> PlayerRecord:
    pid = line.integer("the player number", 1)
    name = line.string("the player's name")
    first = line.string("the player's first name")
    fields: dict[str, str] = {}
    rating: int | None = None
    while not line.done:
        key = line.word("a field")
        if key in fields or (key == "rating" and rating is not None):
            raise line.error(f"field '{key}' given twice")
        if key == "country":
            fields[key] = line.string("the country")
        elif key == "rating":
            rating = line.integer("the rating", None)
        elif key == "comment":
            fields[key] = line.string("the comment")
        else:
            raise line.error(f"unknown player field '{key}' (country, rating, comment)")
    return PlayerRecord(
        pid,
        name,
        first,
        str(fields.get("country", "")),
        rating,
        str(fields.get("comment", "")),
    )


def _game(line: _Line, total: int) -> Game:
    black = line.integer("the first player", 1)
    score = line.word("the score or the second player")
    discs: int | None = None
    if "/" in score:
        m = re.fullmatch(r"([0-9]{1,9})/([0-9]{1,9})", score)
        if not m:
            raise line.error(f"bad score '{score[:20]}': expected DISCS/DISCS")
        discs, other = int(m.group(1)), int(m.group(2))
        if discs + other != total:
            raise line.error(f"score {score} does not add up to {total} discs")
        white = line.integer("the second player", 1)
    elif re.fullmatch(r"[0-9]{1,9}", score):
        white = int(score)
    else:
        raise line.error(f"expected a score DISCS/DISCS or a player number, found '{score[:20]}'")
    if white == black:
        raise line.error(f"player {black} cannot play himself")
    by_hand = not line.done and line.items[line.pos] == (HAND, False)
    line.pos += by_hand
    line.end()
    return Game(black, white, discs, line.no, by_hand)


def parse_event(text: str, source: str | None = None) -> Event:
    """Parse an event text; raise InputError (file, line) on any defect."""
    settings = Settings()
    players: list[PlayerRecord] = []
    rounds: list[Round] = []
    withdrawn: set[int] = set()
    magic_seen = False
    first_line: dict[int, int] = {}  # player id -> line of its record
    settings_line = 1
    for no, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = _Line(no, raw, source)
        if line.done:
            continue
        key = line.word("a record")
        if not magic_seen:
            if key != MAGIC:
                raise line.error(f"not a PAPP event file: the first record must be '{MAGIC} 1'")
            version = line.integer("the format version")
            if version != VERSION:
                raise line.error(f"unsupported {MAGIC} version {version}")
            magic_seen = True
        elif key == "player":
            if rounds:
                raise line.error("players must come before the first round")
            players.append(_player(line))
            if players[-1].id in first_line:
                raise line.error(
                    f"player {players[-1].id} defined twice (first on line "
                    f"{first_line[players[-1].id]})"
                )
            first_line[players[-1].id] = no
        elif key == "withdrawn":
            while not line.done:
                withdrawn.add(line.integer("a withdrawn player", 1))
        elif key == "round":
            number = line.integer("the round number", 1)
            rounds.append(Round(number, line=no))
        elif key in ("game", "bip", "absent"):
            if not rounds:
                raise line.error(f"'{key}' outside a round")
            rnd = rounds[-1]
            if key == "game":
                rnd = replace(rnd, games=rnd.games + (_game(line, settings.total_discs),))
            elif key == "bip":
                if rnd.bip is not None:
                    raise line.error(f"round {rnd.number} already has Bip ({rnd.bip})")
                rnd = replace(rnd, bip=line.integer("the player who has Bip", 1))
            else:
                more = set()
                while not line.done:
                    more.add(line.integer("an absent player", 1))
                rnd = replace(rnd, absent=rnd.absent | frozenset(more))
            rounds[-1] = rnd
        else:
            if players or rounds:
                raise line.error(f"'{key}': settings must come before the players")
            settings = _settings_record(line, key, settings)
            settings_line = no if key in ("discs", "score-bip") else settings_line
        line.end()
    if not magic_seen:
        raise InputError(f"empty file: expected '{MAGIC} 1'", file=source, line=1, field=MAGIC)
    if not 0 <= settings.bip_discs <= settings.total_discs:
        raise InputError(
            f"Bip cannot score {settings.bip_discs} discs out of {settings.total_discs}",
            file=source,
            line=settings_line,
            field="score-bip",
        )
    ids = {p.id for p in players}
    rounds = [_implicit_absences(r, ids) for r in rounds]
    event = Event(settings, tuple(players), tuple(rounds), source, frozenset(withdrawn))
    validate(event)
    return event


def _implicit_absences(rnd: Round, ids: set[int]) -> Round:
    """In a complete round, players not mentioned were absent."""
    if not rnd.complete:
        return rnd
    missing = ids - set(rnd.mentioned())
    return replace(rnd, absent=rnd.absent | frozenset(missing)) if missing else rnd


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_event(event: Event) -> str:
    """The canonical text of an event."""
    s = event.settings
    out = [f"{MAGIC} {VERSION}", f"name {_q(s.name)}", f"date {_q(s.date)}"]
    if s.rounds is not None:
        out.append(f"rounds {s.rounds}")
    out += [
        f"brightwell {s.brightwell}",
        f"discs {s.total_discs}",
        f"score-bip {s.bip_discs}",
        f"colours {_q(s.colours[0])} {_q(s.colours[1])}",
        f"country {_q(s.country)}",
        f"seed {s.seed}",
    ]
    if s.round_robin is not None:
        out.append(f"round-robin {s.round_robin[0]}-{s.round_robin[1]}")
    out.append("")
    for p in event.players:
        rec = f"player {p.id} {_q(p.name)} {_q(p.firstname)}"
        if p.country:
            rec += f" country {_q(p.country)}"
        if p.rating is not None:
            rec += f" rating {p.rating}"
        if p.comment:
            rec += f" comment {_q(p.comment)}"
        out.append(rec)
    if event.withdrawn:
        out.append("withdrawn " + " ".join(str(p) for p in sorted(event.withdrawn)))
    for rnd in event.rounds:
        out += ["", f"round {rnd.number}"]
        for g in rnd.games:
            score = (
                "" if g.black_discs is None else f" {g.black_discs}/{s.total_discs - g.black_discs}"
            )
            out.append(f"game {g.black}{score} {g.white}" + (f" {HAND}" if g.by_hand else ""))
        if rnd.bip is not None:
            out.append(f"bip {rnd.bip}")
        if rnd.absent:
            out.append("absent " + " ".join(str(p) for p in sorted(rnd.absent)))
    return "\n".join(out) + "\n"


def read_event(path: str | Path) -> Event:
    """Read an event file."""
    return parse_event(load(path), source=str(path))


def save_event(path: str | Path, event: Event) -> None:
    """Write an event file atomically."""
    save(path, write_event(event))
