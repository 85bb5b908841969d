"""OpenGotha tournament files (XML) read and written (the EGF results list: :mod:`mipair.formats.h9`).

The format in our own words is in ``formats/opengotha.md`` (reference:
``shared/reference/mcmahon.md`` section 8). A file is read into an
:class:`OgTournament`: the players, games and byes as typed records, and
everything else (the parameter sets, teams, clubs groups) as a tree of
:class:`Node` kept as read, so that writing the tournament back loses
nothing. Players are referred to by their OpenGotha *key*: surname and first
name joined, spaces removed, upper-cased (accents kept).

Players, ranks and keys are read as OpenGotha reads them
(:mod:`mipair.formats.go_players`): a rank off the scale held at its end, a
rating held in -900..2949, a game's key spelled on a Turkish system or with
accents folded matched to its player. Files saved by OpenGotha 3.51.02 carry
no ``dataVersion``; OpenGotha itself then reads them as its old format and
drops the games of players whose key holds ``-`` or ``_``. Here the version
does not change how a file is read: every game is kept. Writing:
:mod:`mipair.formats.opengotha_write`.

Bad files raise :class:`~mipair.errors.InputError` located at the element's
line (exit 3), hostile ones too: elements nested deeper than :data:`DEPTH_MAX`,
entity declarations and external references
(:mod:`mipair.formats.opengotha_tree`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mipair.errors import InputError
from mipair.formats.go_players import (
    RATING_HIGHEST,
    RATING_LOWEST,
    key_resolver,
    parse_rank,
    player_key,
    rank_text,
    resolve,
)
from mipair.formats.opengotha_tree import DEPTH_MAX, Node, read_tree

__all__ = ["DEPTH_MAX", "Node", "parse_rank", "player_key", "rank_text"]  # also read from here

DATA_VERSION = "201"
ROUNDS_MAX = 20  # the length of the ``participating`` flags
RESULTS = (
    "RESULT_UNKNOWN",
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_EQUAL",
    "RESULT_BOTHWIN",
    "RESULT_BOTHLOSE",
)
"""Game results as OpenGotha writes them; each may also end in ``_BYDEF``."""


@dataclass
class OgPlayer:
    """A registered player (attributes as in the file, the main ones typed)."""

    name: str
    first_name: str
    rank: int
    rating: int
    country: str
    club: str
    smms_correction: int
    participating: str
    registering_status: str
    egf_pin: str
    attrs: dict[str, str]
    line: int = field(default=0, compare=False)

    @property
    def key(self) -> str:
        return player_key(self.name, self.first_name)

    @property
    def full_name(self) -> str:
        """ "Surname Firstname" as results lists print it."""
        return f"{self.name} {self.first_name}".strip()

    @property
    def rank_label(self) -> str:
        return rank_text(self.rank)

    def plays(self, round_number: int) -> bool:
        """Whether the player is marked as participating in ``round_number`` (1-based)."""
        flags = self.participating
        return round_number > len(flags) or flags[round_number - 1] == "1"


@dataclass
class OgGame:
    """A game: round (1-based), table (1-based), White and Black keys, handicap, result."""

    round: int
    table: int
    white: str
    black: str
    handicap: int = 0
    result: str = "RESULT_UNKNOWN"
    known_color: bool = True
    line: int = field(default=0, compare=False)


@dataclass
class OgBye:
    """The player given the bye in a round."""

    round: int
    player: str
    line: int = field(default=0, compare=False)


@dataclass
class OgTournament:
    """An OpenGotha tournament file."""

    root: dict[str, str]
    players: list[OgPlayer]
    games: list[OgGame]
    byes: list[OgBye]
    others: list[Node]  # every other child of <Tournament>, kept as read
    path: str = field(default="", compare=False)

    def parameter(self, element: str, attribute: str) -> tuple[str, int] | None:
        """The value of ``attribute`` of the first ``element`` of the parameter sets, and its line."""
        for node in self.others:
            if node.tag != "TournamentParameterSet":
                continue
            found = node.find(element)
            if found is not None and attribute in found.attrs:
                return found.attrs[attribute], found.line
        return None

    def saved_by(self) -> tuple[int, int] | None:
        """The OpenGotha version that saved the file, as (3, 51), when the file says it."""
        full = self.root.get("fullVersionNumber", "").split(".")
        if len(full) >= 2 and full[0].isdigit() and full[1].isdigit():
            return int(full[0]), int(full[1])
        old = self.root.get("gothaVersion", "")
        return (int(old) // 100, int(old) % 100) if old.isdigit() else None

    def placement_criteria(self) -> list[str]:
        """The individual placement criteria's names in their order (``NULL`` left out)."""
        for node in self.others:
            if node.tag == "TournamentParameterSet":
                placement = node.find("PlacementParameterSet")
                if placement is not None:
                    crits = sorted(
                        placement.iter("PlacementCriterion"),
                        key=lambda c: _integer(c, "number", self.path, default=0),
                    )
                    return [c.attrs.get("name", "NULL") for c in crits if c.attrs.get("name")]
        return []


# -- reading -------------------------------------------------------------------------

DIGITS_MAX = 18
"""The most digits a number of the file may have (OpenGotha's are 64-bit: 9.2 x 10^18)."""


def _integer(node: Node, name: str, path: str, default: int | None = None) -> int:
    text = node.attrs.get(name)
    if text is None or text.strip() == "":
        if default is not None:
            return default
        raise InputError(f"<{node.tag}> has no {name}", file=path, line=node.line, field=name)
    digits = text.strip()
    digits = digits[1:] if digits.startswith(("+", "-")) else digits
    if not digits.isascii() or not digits.isdigit():
        raise InputError(
            f"{text[:24]!r} is not a whole number", file=path, line=node.line, field=name
        )
    if len(digits) > DIGITS_MAX:
        raise InputError(
            f"{text.strip()[:24]}...: at most {DIGITS_MAX} digits",
            file=path,
            line=node.line,
            field=name,
        )
    return int(text.strip())


def _declared_rank(node: Node, path: str) -> int:
    """The player's rank as OpenGotha takes it: ``rank`` (30K when absent), else ``grade``."""
    text = node.attrs.get("rank", "30K")
    try:
        return parse_rank(text)
    except ValueError as exc:
        try:
            return parse_rank(node.attrs.get("grade", ""))
        except ValueError:
            raise InputError(str(exc), file=path, line=node.line, field="rank") from None


def _player(node: Node, path: str) -> OgPlayer:
    attrs = node.attrs
    name, first = attrs.get("name", ""), attrs.get("firstName", "")
    if not (name + first).strip():
        raise InputError("a player needs a name", file=path, line=node.line, field="name")
    rank = _declared_rank(node, path)
    flags = attrs.get("participating", "1" * ROUNDS_MAX)
    if set(flags) - {"0", "1"}:
        raise InputError(
            f"{flags!r}: one '0' or '1' a round expected",
            file=path,
            line=node.line,
            field="participating",
        )
    return OgPlayer(
        name=name,
        first_name=first,
        rank=rank,
        rating=min(
            max(_integer(node, "rating", path, RATING_LOWEST), RATING_LOWEST), RATING_HIGHEST
        ),
        country=attrs.get("country", ""),
        club=attrs.get("club", ""),
        smms_correction=_integer(node, "smmsCorrection", path, default=0),
        participating=flags,
        registering_status=attrs.get("registeringStatus", "FIN"),
        egf_pin=attrs.get("egfPin", ""),
        attrs=dict(attrs),
        line=node.line,
    )


def _game(node: Node, path: str, resolver: dict[str, str]) -> OgGame:
    game = OgGame(
        round=_integer(node, "roundNumber", path),
        table=_integer(node, "tableNumber", path, default=0),
        white=node.attrs.get("whitePlayer", ""),
        black=node.attrs.get("blackPlayer", ""),
        handicap=_integer(node, "handicap", path, default=0),
        result=node.attrs.get("result", "RESULT_UNKNOWN"),
        known_color=node.attrs.get("knownColor", "true").lower() != "false",
        line=node.line,
    )
    for side, key in (("whitePlayer", game.white), ("blackPlayer", game.black)):
        found = resolve(key, resolver)
        if found is None:
            raise InputError(
                f"no player has the key {key!r}", file=path, line=node.line, field=side
            )
        setattr(game, "white" if side == "whitePlayer" else "black", found)
    if game.white == game.black:
        raise InputError(
            "a player cannot play himself", file=path, line=node.line, field="blackPlayer"
        )
    if game.result.removesuffix("_BYDEF") not in RESULTS:
        raise InputError(
            f"unknown result {game.result!r}", file=path, line=node.line, field="result"
        )
    _check_round(game.round, node, path)
    return game


def _check_round(number: int, node: Node, path: str) -> None:
    """A game's or bye's round: 1 to OpenGotha's most, 20 (:data:`ROUNDS_MAX`)."""
    if not 1 <= number <= ROUNDS_MAX:
        raise InputError(
            f"round {number}: rounds are numbered from 1 to {ROUNDS_MAX} (OpenGotha's most)",
            file=path,
            line=node.line,
            field="roundNumber",
        )


def read_opengotha(path: str) -> OgTournament:
    """Read an OpenGotha XML file (see the module docstring)."""
    from pathlib import Path

    from mipair.errors import FileAccessError

    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise FileAccessError(f"cannot read the file: {exc.strerror or exc}", file=path) from None
    return parse_opengotha(data, path)


def parse_opengotha(data: bytes, path: str = "<xml>") -> OgTournament:
    """An OpenGotha tournament from the bytes of its XML file."""
    root = read_tree(data, path)
    players: list[OgPlayer] = []
    games: list[OgGame] = []
    byes: list[OgBye] = []
    others: list[Node] = []
    for child in root.children:
        if child.tag == "Players":
            players += [_player(n, path) for n in child.children if n.tag == "Player"]
        elif child.tag not in ("Games", "ByePlayers"):
            others.append(child)
    seen: dict[str, OgPlayer] = {}
    for p in players:
        if p.key in seen:
            raise InputError(
                f"two players have the key {p.key!r} (the other on line {seen[p.key].line})",
                file=path,
                line=p.line,
                field="name",
            )
        seen[p.key] = p
    resolver = key_resolver((p.name, p.first_name) for p in players)
    busy: dict[tuple[int, str], int] = {}
    for child in root.children:
        if child.tag == "Games":
            for n in child.children:
                if n.tag == "Game":
                    game = _game(n, path, resolver)
                    for key in (game.white, game.black):
                        if (game.round, key) in busy:
                            raise InputError(
                                f"{key} already plays in round {game.round} "
                                f"(line {busy[game.round, key]})",
                                file=path,
                                line=n.line,
                                field="whitePlayer" if key == game.white else "blackPlayer",
                            )
                        busy[game.round, key] = n.line
                    games.append(game)
        elif child.tag == "ByePlayers":
            for n in child.children:
                if n.tag == "ByePlayer":
                    named = n.attrs.get("player", "")
                    found = resolve(named, resolver)
                    bye = OgBye(_integer(n, "roundNumber", path), found or named, n.line)
                    _check_round(bye.round, n, path)
                    if found is None:
                        raise InputError(
                            f"no player has the key {bye.player!r}",
                            file=path,
                            line=n.line,
                            field="player",
                        )
                    byes.append(bye)
    games.sort(key=lambda g: (g.round, g.table))
    byes.sort(key=lambda b: b.round)
    return OgTournament(dict(root.attrs), players, games, byes, others, path)
