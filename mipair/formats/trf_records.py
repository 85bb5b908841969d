"""The tournament-level records of the TRF family, read one line at a time.

* TRF16 (FIDE C.04 Annex 2): ``012`` .. ``132`` free-text records, kept verbatim.
* TRF(x) (JaVaFo): ``XXR`` rounds, ``XXC`` rank/white1/black1, ``XXA``
  accelerations, ``XXP`` forbidden pairs, ``XXZ`` absences, ``XXS`` points.
* TRF(bx) (bbpPairings): ``BBW BBD BBL BBZ BBF BBU`` point values.
* TRF-2026: ``142`` rounds, ``152`` initial colour, ``162`` point system,
  ``192`` tournament type, ``240`` byes, ``250`` accelerations, ``260``
  forbidden pairs; a team file's records go to ``trf_teams.TeamRecords``.

:class:`RecordReader` collects what these records say; ``trf.py`` turns it
into a :class:`~mipair.model.Tournament`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from mipair.formats.trf_player import MAX_ROUND, Where, parse_int, parse_player_id
from mipair.formats.trf_teams import TEAM_CODES, TeamRecords
from mipair.model import (
    Colour,
    ForbiddenPairs,
    Points,
    PointSystem,
    Result,
    parse_points,
    points_to_str,
)

# 162 symbols and BB* codes -> PointSystem fields
POINTS_162 = {
    "W": ("win",),
    "D": ("draw",),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "Z": ("zero_bye", "forfeit_loss"),
    "P": ("pab",),
    "X": (),
}
# X (an unknown result, e.g. an adjourned game) has no round-cell code: its value is checked, not kept
POINTS_BB = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",
    "BBU": "pab",
}
# XXS codes (JaVaFo); W/B pairs must agree, shortcuts W and D expand
POINTS_XXS = {
    "WW": ("win",),
    "BW": ("win",),
    "WD": ("draw",),
    "BD": ("draw",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pab",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
}
BYE_240 = {"H": Result.HALF_BYE, "F": Result.FULL_BYE, "Z": Result.ZERO_BYE}
EXTENSION_CODES = {"XXR", "XXC", "XXA", "XXP", "XXZ", "XXS", *POINTS_BB}
TRF26_CODES = {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260"}


@dataclass
class Bye:
    """A bye announced in a record (240, XXZ) rather than in a round cell."""

    round: int | None  # None: the round to be paired (XXZ)
    player: int
    result: Result
    where: Where


@dataclass
class RecordReader:
    """Accumulates the meaning of the non-player records of one file."""

    total_rounds: int | None = None
    rounds_where: Where | None = None  # the line that gave the number of rounds
    initial_colour: Colour | None = None
    use_rank_ids: bool = False
    points: dict[str, Points] = field(default_factory=dict)
    system_192: str | None = None
    accelerations: dict[tuple[int, int], tuple[Points, Where]] = field(default_factory=dict)
    forbidden: list[tuple[ForbiddenPairs, Where]] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    headers: list[tuple[str, str]] = field(default_factory=list)
    codes: set[str] = field(default_factory=set)
    team: TeamRecords | None = None  # a team file's records (310 or 013 present)

    def read(self, code: str, line: str, where: Where) -> None:
        """Interpret one record whose first three characters are ``code``."""
        self.codes.add(code)
        if self.team is not None and self.team.read(code, line, where):
            return
        if code in TEAM_CODES and self.team is None:
            raise where.error("a team record, but the file lists no team (310 or 013)", code)
        handler = getattr(self, f"_r{code}", None)
        if code in POINTS_BB:
            self._set_points((POINTS_BB[code],), _points(line[3:], where, code), where, code)
        elif handler is not None:
            handler(line, where)
        else:
            self.headers.append(verbatim(line))

    # --- number of rounds, colours, type -----------------------------------
    def _rounds(self, line: str, where: Where, code: str) -> None:
        value = parse_int(_single(line[3:], where, code), where, code)
        if not value or value > MAX_ROUND:
            raise where.error(
                f"the number of rounds must be at least 1 and at most {MAX_ROUND}, not {value}",
                code,
            )
        self.total_rounds = value
        self.rounds_where = where

    def _rXXR(self, line: str, where: Where) -> None:
        self._rounds(line, where, "XXR")

    def _r142(self, line: str, where: Where) -> None:
        self._rounds(line, where, "142")

    def _rXXC(self, line: str, where: Where) -> None:
        for token in line[3:].split():
            low = token.lower()
            if low == "rank":
                self.use_rank_ids = True
            elif low == "white1":
                self.initial_colour = Colour.WHITE
            elif low == "black1":
                self.initial_colour = Colour.BLACK
            else:
                raise where.error(f"unknown option {token!r} (rank, white1 or black1)", "XXC")

    def _r152(self, line: str, where: Where) -> None:
        value = line[4:].strip().upper()
        if value not in ("W", "B"):
            raise where.error(f"initial colour must be W or B, not {value!r}", "152")
        self.initial_colour = Colour.WHITE if value == "W" else Colour.BLACK

    def _r192(self, line: str, where: Where) -> None:
        value = line[4:].strip()
        if not value:
            raise where.error("the tournament type code is empty", "192")
        self.system_192 = value

    # --- point systems -------------------------------------------------------
    def _set_points(self, names: tuple[str, ...], value: Points, where: Where, code: str) -> None:
        if value < 0:
            raise where.error("points may not be negative", code)
        for name in names:
            self.points[name] = value

    def _r162(self, line: str, where: Where) -> None:
        body = line[5:]
        if not body.strip():
            raise where.error("no point values", "162")
        for i in range(0, len(body), 9):
            chunk = body[i : i + 9]
            if not chunk.strip():
                continue
            symbol, value = chunk[0], chunk[1:5]
            if symbol not in POINTS_162:
                col = 6 + i
                raise where.error(
                    f"unknown result symbol {symbol!r} at column {col} (W D L A P X)", "162"
                )
            if chunk[5:].strip():
                raise where.error(
                    f"column {11 + i} should be blank: the next symbol goes to column {15 + i}",
                    "162",
                )
            self._set_points(POINTS_162[symbol], _points(value, where, "162"), where, "162")

    def _rXXS(self, line: str, where: Where) -> None:
        seen: dict[str, Points] = {}
        for token in line[3:].split():
            key, eq, value = token.partition("=")
            key = key.upper()
            if not eq or key not in POINTS_XXS:
                raise where.error(f"{token!r} is not CODE=VALUE with a known code", "XXS")
            pts = _points(value, where, "XXS")
            for name in POINTS_XXS[key]:
                if key[0] in "WB" and len(key) == 2 and name in seen and seen[name] != pts:
                    raise where.error(
                        f"{key}: points for White and Black must be the same "
                        "(colour-dependent scoring is not supported)",
                        "XXS",
                    )
                seen[name] = pts
            self._set_points(POINTS_XXS[key], pts, where, "XXS")

    def point_system(self, *, match_pab: bool = False) -> PointSystem:
        """The point system the records declare, with values equal to their default cleared.

        ``match_pab``: the PAB value is a whole Double-Swiss match's, whose default is a
        game won plus a game drawn (C.04.5 1.4), not a win.
        """
        ps = canonical_points(PointSystem(**self.points))
        if not match_pab:
            return ps
        stated = self.points.get("pab")
        return replace(ps, pab=None if stated == ps.win + ps.draw else stated)

    # --- accelerations ---------------------------------------------------------
    def _rXXA(self, line: str, where: Where) -> None:
        pid = parse_player_id(line[4:8], where, "XXA player id (5-8)")
        start, rnd = 9, 1
        while start < len(line):
            text = line[start : start + 4]
            if text.strip():
                if line[start - 1 : start] not in (" ", ""):
                    raise where.error(f"column {start} should be blank", "XXA")
                self.accelerations[(pid, rnd)] = (_points(text, where, f"XXA round {rnd}"), where)
            start += 5
            rnd += 1

    def _r250(self, line: str, where: Where) -> None:
        if len(line.rstrip()) < 31:
            raise where.error("truncated 250 record (it needs columns 1-31)", "250")
        match_pts = line[4:8]
        if match_pts.strip() and _points(match_pts, where, "250 match points (5-8)") != 0:
            raise where.error("match points must be empty in an individual event", "250")
        pts = _points(line[9:13], where, "250 game points (10-13)")
        if pts == 0:
            raise where.error("the fictitious points must not be 0.0", "250 game points (10-13)")
        first = _round(line[14:17], where, "250 first round (15-17)")
        last = _round(line[18:21], where, "250 last round (19-21)")
        lo = parse_player_id(line[22:26], where, "250 first player (23-26)")
        hi = parse_player_id(line[27:31], where, "250 last player (28-31)")
        if first > last or lo > hi:
            raise where.error("a range runs backwards", "250")
        if line[31:].strip():
            raise where.error("unexpected text after column 31", "250")
        for pid in range(lo, hi + 1):
            for rnd in range(first, last + 1):
                self.accelerations[(pid, rnd)] = (pts, where)

    # --- forbidden pairs and byes ----------------------------------------------
    def _rXXP(self, line: str, where: Where) -> None:
        ids = tuple(parse_player_id(t, where, "XXP") for t in line[3:].split())
        if len(ids) < 2:
            raise where.error("a forbidden-pairs record needs at least two player ids", "XXP")
        self.forbidden.append((ForbiddenPairs(ids), where))

    def _r260(self, line: str, where: Where) -> None:
        first = _round(line[4:7], where, "260 first round (5-7)")
        last = _round(line[8:11], where, "260 last round (9-11)")
        if first > last:
            raise where.error("the round range runs backwards", "260")
        ids = tuple(parse_player_id(t, where, "260") for t in line[11:].split())
        if len(ids) < 2:
            raise where.error("a forbidden-pairs record needs at least two player ids", "260")
        self.forbidden.append((ForbiddenPairs(ids, first, last), where))

    def _r240(self, line: str, where: Where) -> None:
        kind = line[4:5].upper()
        if kind not in BYE_240:
            raise where.error(f"bye type {kind!r} is not F, H or Z", "240 (column 5)")
        rnd = _round(line[6:9], where, "240 round (7-9)")
        ids = [parse_player_id(t, where, "240") for t in line[9:].split()]
        if not ids:
            raise where.error("no player id", "240")
        self.byes.extend(Bye(rnd, pid, BYE_240[kind], where) for pid in ids)

    def _rXXZ(self, line: str, where: Where) -> None:
        ids = [parse_player_id(t, where, "XXZ") for t in line[3:].split()]
        self.byes.extend(Bye(None, pid, Result.ZERO_BYE, where) for pid in ids)

    # --- records mipair does not pair with ---------------------------------------
    def _r299(self, line: str, where: Where) -> None:
        raise where.error("abnormal point assignments are not supported", "299")


def canonical_points(ps: PointSystem) -> PointSystem:
    """Clear values that only repeat their default (a PAB worth a win, ...)."""
    return replace(
        ps,
        pab=None if ps.pab == ps.win else ps.pab,
        full_bye=None if ps.full_bye == ps.win else ps.full_bye,
        forfeit_win=None if ps.forfeit_win == ps.win else ps.forfeit_win,
        half_bye=None if ps.half_bye == ps.draw else ps.half_bye,
    )


def verbatim(line: str) -> tuple[str, str]:
    """An uninterpreted record as (code, text) such that ``code + " " + text`` is the line.

    The code is the first three characters, or the whole first word when the
    fourth character is not a blank (``HELLO WORLD`` is kept as ``HELLO`` + ``WORLD``).
    """
    if len(line) <= 3 or line[3] == " ":
        return line[:3], line[4:]
    head, _, tail = line.partition(" ")
    return head, tail


def _single(text: str, where: Where, code: str) -> str:
    tokens = text.split()
    if len(tokens) != 1:
        raise where.error(f"expected one value, found {len(tokens)}", code)
    return tokens[0]


def _points(text: str, where: Where, code: str) -> Points:
    try:
        value = parse_points(_single(text, where, code))
    except ValueError:
        raise where.error(f"{text.strip()[:20]!r} is not a points value", code) from None
    if len(points_to_str(value)) > 4:
        raise where.error(f"{text.strip()[:20]} does not fit a points field (4 columns)", code)
    return value


def _round(text: str, where: Where, code: str) -> int:
    value = parse_int(text, where, code)
    if not value or value > MAX_ROUND:
        raise where.error(f"a round number of at least 1 (and at most {MAX_ROUND}) is needed", code)
    return value
