"""OpenGotha tournament files (XML) read and written; EGF results (.h9) written.

The format in our own words is in ``formats/opengotha.md`` (reference:
``shared/reference/mcmahon.md`` section 8). A file is read into an
:class:`OgTournament`: the players, games and byes as typed records, and
everything else (the parameter sets, teams, clubs groups) as a tree of
:class:`Node` kept as read, so that writing the tournament back loses
nothing. Players are referred to by their OpenGotha *key*: surname and first
name joined, spaces removed, upper-cased (accents kept).

Files saved by OpenGotha 3.51.02 carry no ``dataVersion``; OpenGotha itself
then reads them as its old format and drops the games of players whose key
holds ``-`` or ``_``. Here the version does not change how a file is read:
every game is kept. Files are written with ``dataVersion="201"``.

Bad files raise :class:`~mipair.errors.InputError` located at the element's
line (exit 3).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from mipair.errors import InputError

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
class Node:
    """An XML element kept as read: tag, attributes (in file order), children, line."""

    tag: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    line: int = 0

    def find(self, tag: str) -> Node | None:
        """The first descendant (or self) named ``tag``."""
        return next(self.iter(tag), None)

    def iter(self, tag: str) -> Iterator[Node]:
        """Every descendant (or self) named ``tag``, in document order."""
        if self.tag == tag:
            yield self
        for child in self.children:
            yield from child.iter(tag)

    def __eq__(self, other: object) -> bool:  # the line is where it was read, not content
        if not isinstance(other, Node):
            return NotImplemented
        return (self.tag, self.attrs, self.children) == (other.tag, other.attrs, other.children)


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's key of a player: surname + first name, spaces removed, upper-cased."""
    return (name + first_name).replace(" ", "").upper()


def parse_rank(text: str) -> int:
    """A rank string (``3D``, ``10K``, ``2P``) as an integer: 30k = -30 ... 1k = -1, 1d = 0.

    Professional grades count as 7d (1p-3p), 8d (4p-6p), 9d (7p-9p) (reference 1).
    """
    word = text.strip().upper()
    if len(word) < 2 or not word[:-1].isdigit() or word[-1] not in "KDP":
        raise ValueError(f"{text!r} is not a rank such as 3D, 10K or 1P")
    level = int(word[:-1])
    if word[-1] == "K":
        if not 1 <= level <= 30:
            raise ValueError(f"{text!r}: kyu grades go from 30K to 1K")
        return -level
    if word[-1] == "D":
        if not 1 <= level <= 9:
            raise ValueError(f"{text!r}: dan grades go from 1D to 9D")
        return level - 1
    if not 1 <= level <= 9:
        raise ValueError(f"{text!r}: professional grades go from 1P to 9P")
    return 6 + (level - 1) // 3


def rank_text(rank: int) -> str:
    """An integer rank as OpenGotha writes it (``3D``, ``10K``)."""
    return f"{rank + 1}D" if rank >= 0 else f"{-rank}K"


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

    def placement_criteria(self) -> list[str]:
        """The individual placement criteria's names in their order (``NULL`` left out)."""
        for node in self.others:
            if node.tag == "TournamentParameterSet":
                placement = node.find("PlacementParameterSet")
                if placement is not None:
                    crits = sorted(
                        placement.iter("PlacementCriterion"),
                        key=lambda c: int(c.attrs.get("number", "0") or 0),
                    )
                    return [c.attrs.get("name", "NULL") for c in crits if c.attrs.get("name")]
        return []


# -- reading -------------------------------------------------------------------------


def _tree(text: bytes, path: str) -> Node:
    """The XML document as a tree of :class:`Node` with line numbers."""
    parser = expat.ParserCreate()
    stack: list[Node] = []
    top: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, dict(attrs), [], parser.CurrentLineNumber)
        (stack[-1].children if stack else top).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.ordered_attributes = False
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise InputError(
            f"not well-formed XML ({expat.errors.messages[exc.code]})", file=path, line=exc.lineno
        ) from None
    if not top or top[0].tag != "Tournament":
        raise InputError("the root element must be <Tournament>", file=path, line=1)
    return top[0]


def _integer(node: Node, name: str, path: str, default: int | None = None) -> int:
    text = node.attrs.get(name)
    if text is None or text.strip() == "":
        if default is not None:
            return default
        raise InputError(f"<{node.tag}> has no {name}", file=path, line=node.line, field=name)
    try:
        return int(text.strip())
    except ValueError:
        raise InputError(
            f"{text!r} is not a whole number", file=path, line=node.line, field=name
        ) from None


def _player(node: Node, path: str) -> OgPlayer:
    attrs = node.attrs
    name, first = attrs.get("name", ""), attrs.get("firstName", "")
    if not (name + first).strip():
        raise InputError("a player needs a name", file=path, line=node.line, field="name")
    try:
        rank = parse_rank(attrs.get("rank", ""))
    except ValueError as exc:
        raise InputError(str(exc), file=path, line=node.line, field="rank") from None
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
        rating=_integer(node, "rating", path, default=(rank + 30) * 100 - 900),
        country=attrs.get("country", ""),
        club=attrs.get("club", ""),
        smms_correction=_integer(node, "smmsCorrection", path, default=0),
        participating=flags,
        registering_status=attrs.get("registeringStatus", "FIN"),
        egf_pin=attrs.get("egfPin", ""),
        attrs=dict(attrs),
        line=node.line,
    )


def _game(node: Node, path: str, keys: set[str]) -> OgGame:
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
        if key not in keys:
            raise InputError(
                f"no player has the key {key!r}", file=path, line=node.line, field=side
            )
    if game.white == game.black:
        raise InputError("a player cannot play himself", file=path, line=node.line)
    if game.result.removesuffix("_BYDEF") not in RESULTS:
        raise InputError(
            f"unknown result {game.result!r}", file=path, line=node.line, field="result"
        )
    if game.round < 1:
        raise InputError(
            "rounds are numbered from 1", file=path, line=node.line, field="roundNumber"
        )
    return game


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
    root = _tree(data, path)
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
    keys = set(seen)
    busy: dict[tuple[int, str], int] = {}
    for child in root.children:
        if child.tag == "Games":
            for n in child.children:
                if n.tag == "Game":
                    game = _game(n, path, keys)
                    for key in (game.white, game.black):
                        if (game.round, key) in busy:
                            raise InputError(
                                f"{key} already plays in round {game.round} "
                                f"(line {busy[game.round, key]})",
                                file=path,
                                line=n.line,
                            )
                        busy[game.round, key] = n.line
                    games.append(game)
        elif child.tag == "ByePlayers":
            for n in child.children:
                if n.tag == "ByePlayer":
                    bye = OgBye(_integer(n, "roundNumber", path), n.attrs.get("player", ""), n.line)
                    if bye.player not in keys:
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


# -- writing -------------------------------------------------------------------------


def _element(tag: str, attrs: dict[str, str], indent: str) -> str:
    inner = " ".join(f"{k}={quoteattr(v)}" for k, v in sorted(attrs.items()))
    return f"{indent}<{tag} {inner}/>" if inner else f"{indent}<{tag}/>"


def _node_text(node: Node, indent: str) -> list[str]:
    if not node.children:
        return [_element(node.tag, node.attrs, indent)]
    head = " ".join(f"{k}={quoteattr(v)}" for k, v in sorted(node.attrs.items()))
    lines = [f"{indent}<{escape(node.tag)}{' ' + head if head else ''}>"]
    for child in node.children:
        lines += _node_text(child, indent + "    ")
    return lines + [f"{indent}</{node.tag}>"]


def _player_attrs(p: OgPlayer) -> dict[str, str]:
    attrs = dict(p.attrs)
    attrs.update(
        name=p.name,
        firstName=p.first_name,
        rating=str(p.rating),
        country=p.country,
        club=p.club,
        smmsCorrection=str(p.smms_correction),
        participating=p.participating,
        registeringStatus=p.registering_status,
        egfPin=p.egf_pin,
    )
    attrs.setdefault("rank", rank_text(p.rank))
    if attrs["rank"].strip() == "" or _safe_rank(attrs["rank"]) != p.rank:
        attrs["rank"] = rank_text(p.rank)
    return attrs


def _safe_rank(text: str) -> int | None:
    try:
        return parse_rank(text)
    except ValueError:
        return None


def format_opengotha(tournament: OgTournament) -> str:
    """The XML text of a tournament, as OpenGotha lays it out (attributes sorted)."""
    root = dict(tournament.root)
    root["dataVersion"] = DATA_VERSION
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>']
    head = " ".join(f"{k}={quoteattr(v)}" for k, v in sorted(root.items()))
    lines.append(f"<Tournament {head}>")
    lines.append("    <Players>")
    lines += [_element("Player", _player_attrs(p), "        ") for p in tournament.players]
    lines.append("    </Players>")
    lines.append("    <Games>")
    for g in sorted(tournament.games, key=lambda g: (g.round, g.table)):
        attrs = {
            "blackPlayer": g.black,
            "handicap": str(g.handicap),
            "knownColor": "true" if g.known_color else "false",
            "result": g.result,
            "roundNumber": str(g.round),
            "tableNumber": str(g.table),
            "whitePlayer": g.white,
        }
        lines.append(_element("Game", attrs, "        "))
    lines.append("    </Games>")
    if tournament.byes:
        lines.append("    <ByePlayers>")
        for b in sorted(tournament.byes, key=lambda b: b.round):
            attrs = {"player": b.player, "roundNumber": str(b.round)}
            lines.append(_element("ByePlayer", attrs, "        "))
        lines.append("    </ByePlayers>")
    for node in tournament.others:
        lines += _node_text(node, "    ")
    lines.append("</Tournament>")
    return "\n".join(lines) + "\n"


def write_opengotha(path: str, tournament: OgTournament) -> None:
    """Write a tournament atomically (temporary file, fsync, rename)."""
    from mipair.formats.text import save

    save(path, format_opengotha(tournament))


# -- EGF results (.h9) -----------------------------------------------------------------


@dataclass(frozen=True)
class H9Row:
    """One line of an EGF results list: place (None: tied with the line above), player, scores, rounds."""

    place: int | None
    surname: str
    first_name: str
    rank: int
    country: str
    club: str
    scores: Sequence[str]  # the score columns, already formatted (MMS, SOS, ...)
    rounds: Sequence[str]  # one entry per round: "12+/w0", "0=", ...
    egf_pin: str = ""


def h9_name(surname: str, first_name: str) -> str:
    """ "Surname Firstname" with the spaces inside each part written as ``_``."""
    return f"{surname.strip().replace(' ', '_')} {first_name.strip().replace(' ', '_')}".strip()


def format_h9(
    rows: Sequence[H9Row], header: Sequence[tuple[str, str]], columns: Sequence[str]
) -> str:
    """An EGF results file: ``; TAG[value]`` header lines, then one player a line.

    Spaces inside a name become ``_``; the score columns are padded to four
    (with ``0``) as OpenGotha does; ``|PIN`` ends the line when the EGD PIN is known.
    """
    lines = [f"; {tag}[{value}]" for tag, value in header]
    lines.append("; Generated by mipair")
    lines.append(";")
    names = [h9_name(r.surname, r.first_name) for r in rows]
    width = max([len(n) for n in names] + [30])
    cols = list(columns) + ["0"] * max(0, 4 - len(columns))
    lines.append(f"; Pl Name{' ' * (width - 4)} Rk Co Club " + " ".join(f"{c:>4}" for c in cols))
    for row, name in zip(rows, names):
        place = f"{row.place:4}" if row.place is not None else "    "
        scores = list(row.scores) + ["0"] * max(0, 4 - len(row.scores))
        text = (
            f"{place} {name:<{width}} {rank_text(row.rank):>3} {row.country or '  ':2} "
            f"{row.club:<4} " + " ".join(f"{s:>4}" for s in scores)
        )
        text += " " + " ".join(f"{entry:>8}" for entry in row.rounds)
        if row.egf_pin:
            text += f" |{row.egf_pin}"
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"
