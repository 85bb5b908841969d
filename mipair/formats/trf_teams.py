"""The team records of a TRF file, read one line at a time.

TRF-2026: ``310`` a team (number, name, nickname, strength, match and game points, rank,
players by board), ``352`` the boards' colours, ``362`` match points, ``320`` the
pairing-allocated byes, ``330`` forfeited matches, ``300`` line-ups; in a team file
``240`` (byes) and ``250`` (accelerations) name teams. TRF16: ``013`` (name, players).
Columns are those of the FIDE texts (models/team-2026.md, section 1).

:class:`TeamRecords` collects the records of one file, and :meth:`TeamRecords.section`
checks what they name against the players and builds the
:class:`~mipair.teams.TeamSection`; :mod:`mipair.formats.trf_teams_write` writes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mipair.formats.trf_player import MAX_ID, MAX_ROUND, Where, parse_int
from mipair.model import Player, parse_points, points_to_str
from mipair.teams import (
    ByeRecord,
    ForfeitedMatch,
    LineUp,
    MatchPointSystem,
    Team,
    TeamAcceleration,
    TeamRoundBye,
    TeamSection,
)

TEAM_CODES = {"310", "013", "352", "362", "320", "330", "300"}
"""Records that only a team file may hold."""
TEAM_ID_CODES = {"240", "250"}
"""Records whose ids are team numbers in a team file (player ids otherwise)."""
MAX_TEAM = 999
FORFEIT_CODES = ("+-", "-+", "--")
MATCH_SYMBOLS = {"TW": "win", "TD": "draw", "TL": "loss"}
BLANKS_310 = (4, 8, 41, 47, 54, 61, 68, 72, 73)


def is_team_file(lines: list[str]) -> bool:
    """A file with a ``310`` or ``013`` record is a team file (its 240, 250, 260 name teams)."""
    return any(line[:3] in ("310", "013") for line in lines)


@dataclass
class TeamRecords:
    """The team records of one file, as read, each with where it was read."""

    teams: list[tuple[Team, Where]] = field(default_factory=list)
    legacy: list[tuple[Team, Where]] = field(default_factory=list)
    has_310: bool = False
    boards: tuple[str, Where] | None = None
    match_points: tuple[MatchPointSystem, Where] | None = None
    bye: tuple[ByeRecord, Where] | None = None
    forfeits: list[tuple[ForfeitedMatch, Where]] = field(default_factory=list)
    line_ups: list[tuple[LineUp, Where]] = field(default_factory=list)
    byes: list[tuple[TeamRoundBye, Where]] = field(default_factory=list)
    accelerations: list[tuple[TeamAcceleration, Where]] = field(default_factory=list)

    def read(self, code: str, line: str, where: Where) -> bool:
        """Read a team record; False for a record this class does not interpret.

        An ``013`` record in a file that also has ``310`` records is left to the caller
        (kept as written): the ``310`` records are the teams.
        """
        if code == "013" and self.has_310:
            return False
        handler = getattr(self, f"_r{code}", None)
        if code not in TEAM_CODES | TEAM_ID_CODES or handler is None:
            return False
        handler(line, where)
        return True

    # --- the teams ---------------------------------------------------------------
    def _r310(self, line: str, where: Where) -> None:
        for col in BLANKS_310:
            if col <= len(line) and line[col - 1] != " ":
                raise where.error(
                    f"column {col} should be blank but holds {line[col - 1]!r} (a field is shifted)",
                    "310",
                )
        number = _team_number(line[4:7], where, "team pairing number (5-7)")
        team = Team(
            number=number,
            name=line[8:40].strip(),
            nickname=line[41:46].strip(),
            strength=parse_int(line[47:53], where, "strength factor (48-53)"),
            match_points=_points(line[54:60], where, "match points (55-60)"),
            game_points=_points(line[61:67], where, "game points (62-67)"),
            rank=parse_int(line[68:71], where, "team rank (69-71)"),
            players=_ids(line, 73, 4, where, "310"),
            line=where.line,
        )
        self.teams.append((team, where))

    def _r013(self, line: str, where: Where) -> None:
        team = Team(
            number=len(self.legacy) + 1,
            name=line[4:36].strip(),
            players=_ids(line, 36, 4, where, "013"),
            line=where.line,
        )
        self.legacy.append((team, where))

    # --- the match ---------------------------------------------------------------
    def _r352(self, line: str, where: Where) -> None:
        colours = line[4:].strip().upper()
        if not colours or set(colours) - {"W", "B"}:
            raise where.error(f"{colours[:20]!r} is not a sequence of W and B", "352")
        if self.boards is not None:
            raise where.error(f"a second 352 record (the first is on line {self.boards[1].line})")
        self.boards = (colours, where)

    def _r362(self, line: str, where: Where) -> None:
        values = {}
        body = line[4:]
        if not body.strip():
            raise where.error("no point values", "362")
        for i in range(0, len(body), 9):
            chunk = body[i : i + 9]
            if not chunk.strip():
                continue
            symbol = chunk[:2].upper()
            if symbol not in MATCH_SYMBOLS:
                raise where.error(
                    f"unknown symbol {chunk[:2]!r} at column {5 + i} (TW TD TL)", "362"
                )
            if chunk[6:].strip():
                raise where.error(f"column {11 + i} should be blank", "362")
            value = _points(chunk[2:6], where, f"362 {symbol} (columns {7 + i}-{10 + i})")
            if value is None:
                raise where.error(f"{symbol} has no value", "362")
            values[MATCH_SYMBOLS[symbol]] = value
        self.match_points = (MatchPointSystem(**values), where)

    def _r320(self, line: str, where: Where) -> None:
        if self.bye is not None:
            raise where.error(f"a second 320 record (the first is on line {self.bye[1].line})")
        match_points = _points(line[4:8], where, "PAB match points (5-8)")
        game_points = _points(line[9:13], where, "PAB game points (10-13)")
        if match_points is None or game_points is None:
            raise where.error("the PAB's match points and game points are both needed", "320")
        teams: list[int] = []
        for start in range(14, len(line), 4):
            text = line[start : start + 3]
            if line[start - 1] != " ":
                raise where.error(f"column {start} should be blank", "320")
            teams.append(parse_int(text, where, f"320 round {len(teams) + 1}", blank=0) or 0)
        while teams and teams[-1] == 0:
            teams.pop()
        self.bye = (ByeRecord(match_points, game_points, tuple(teams)), where)

    def _r330(self, line: str, where: Where) -> None:
        result = line[4:6]
        if result not in FORFEIT_CODES:
            raise where.error(f"forfeit type {result!r} is not +-, -+ or --", "330 (5-6)")
        if line[18:].strip():
            raise where.error("unexpected text after column 18", "330")
        forfeit = ForfeitedMatch(
            result,
            _round(line[7:10], where, "330 round (8-10)"),
            _team_number(line[11:14], where, "330 first team (12-14)"),
            _team_number(line[15:18], where, "330 second team (16-18)"),
        )
        if forfeit.first == forfeit.second:
            raise where.error(f"team {forfeit.first} is named twice", "330")
        self.forfeits.append((forfeit, where))

    def _r300(self, line: str, where: Where) -> None:
        line_up = LineUp(
            _round(line[4:7], where, "300 round (5-7)"),
            _team_number(line[8:11], where, "300 team (9-11)"),
            _team_number(line[12:15], where, "300 opponent (13-15)"),
            _ids(line, 16, 4, where, "300", zero=True),
        )
        self.line_ups.append((line_up, where))

    # --- byes and accelerations, by team -----------------------------------------
    def _r240(self, line: str, where: Where) -> None:
        kind = line[4:5].upper()
        if kind not in ("F", "H", "Z"):
            raise where.error(f"bye type {kind!r} is not F, H or Z", "240 (column 5)")
        rnd = _round(line[6:9], where, "240 round (7-9)")
        teams = tuple(_team_number(t, where, "240 team") for t in line[9:].split())
        if not teams:
            raise where.error("no team number", "240")
        self.byes.append((TeamRoundBye(kind, rnd, teams), where))

    def _r250(self, line: str, where: Where) -> None:
        if len(line.rstrip()) < 31 or line[31:].strip():
            raise where.error("a 250 record fills columns 1-31", "250")
        match_points = _points(line[4:8], where, "250 match points (5-8)")
        game_points = _points(line[9:13], where, "250 game points (10-13)")
        acceleration = TeamAcceleration(
            match_points or 0,
            game_points or 0,
            _round(line[14:17], where, "250 first round (15-17)"),
            _round(line[18:21], where, "250 last round (19-21)"),
            _team_number(line[22:26], where, "250 first team (23-26)"),
            _team_number(line[27:31], where, "250 last team (28-31)"),
        )
        if (
            acceleration.first_round > acceleration.last_round
            or acceleration.first_team > acceleration.last_team
        ):
            raise where.error("a range runs backwards", "250")
        self.accelerations.append((acceleration, where))

    # --- the section ---------------------------------------------------------------
    def section(self, players: dict[int, Player]) -> TeamSection | None:
        """The team section these records make, checked against the file's players."""
        listed = self.teams if self.teams else self.legacy
        if not listed:
            return None
        teams: dict[int, Team] = {}
        member: dict[int, int] = {}
        for team, where in listed:
            if team.number in teams:
                raise where.error(
                    f"team number {team.number} appears twice (first on line "
                    f"{teams[team.number].line})",
                    "team pairing number (5-7)",
                )
            for pid in team.players:
                if pid not in players:
                    raise where.error(f"player {pid} has no 001 record", "players")
                if pid in member:
                    raise where.error(
                        f"player {pid} is listed by team {member[pid]} too", "players"
                    )
                member[pid] = team.number
            teams[team.number] = team
        section = TeamSection(
            teams=teams,
            legacy=not self.teams,
            boards=self.boards[0] if self.boards else None,
            match_points=self.match_points[0] if self.match_points else None,
            bye=self.bye[0] if self.bye else None,
            forfeits=tuple(f for f, _ in self.forfeits),
            line_ups=tuple(u for u, _ in self.line_ups),
            byes=tuple(b for b, _ in self.byes),
            accelerations=tuple(a for a, _ in self.accelerations),
        )
        self._check_names(teams, member)
        return section

    def _check_names(self, teams: dict[int, Team], member: dict[int, int]) -> None:
        """Every team a record names exists; a line-up fields the team's own players."""

        def known(number: int, where: Where, what: str) -> None:
            if number and number not in teams:
                raise where.error(f"team {number} does not exist", what)

        if self.bye:
            for rnd, number in enumerate(self.bye[0].teams, 1):
                known(number, self.bye[1], f"320 round {rnd}")
        for forfeit, where in self.forfeits:
            known(forfeit.first, where, "330")
            known(forfeit.second, where, "330")
        for bye, where in self.byes:
            for number in bye.teams:
                known(number, where, "240")
        for acc, where in self.accelerations:
            known(acc.first_team, where, "250 first team (23-26)")
            known(acc.last_team, where, "250 last team (28-31)")
        for line_up, where in self.line_ups:
            known(line_up.team, where, "300 team (9-11)")
            known(line_up.opponent, where, "300 opponent (13-15)")
            for pid in line_up.players:
                if pid and member.get(pid) != line_up.team:
                    raise where.error(f"player {pid} is not a player of team {line_up.team}", "300")


# --- fields --------------------------------------------------------------------------
def _team_number(text: str, where: Where, field: str) -> int:
    value = parse_int(text, where, field)
    if value is None:
        raise where.error("the team number is missing", field)
    if not 1 <= value <= MAX_TEAM:
        raise where.error(f"team number {value} is outside 1..{MAX_TEAM}", field)
    return value


def _round(text: str, where: Where, field: str) -> int:
    value = parse_int(text, where, field)
    if not value or value > MAX_ROUND:
        raise where.error(
            f"a round number of at least 1 (and at most {MAX_ROUND}) is needed", field
        )
    return value


def _points(text: str, where: Where, field: str) -> int | None:
    if not text.strip():
        return None
    try:
        value = parse_points(text)
    except ValueError:
        raise where.error(f"{text.strip()!r} is not a points value", field) from None
    if value < 0 or len(points_to_str(value)) > len(text):
        raise where.error(f"{text.strip()} does not fit the field", field)
    return value


def _ids(
    line: str, start: int, width: int, where: Where, code: str, *, zero: bool = False
) -> tuple[int, ...]:
    """Ids of ``width`` digits from 0-based ``start``, each after a blank column but the first.

    ``013`` puts its first id right after the name (columns 37-40); the others separate
    theirs by a blank. ``zero`` allows 0 (an empty board).
    """
    ids: list[int] = []
    pos = start
    while pos < len(line):
        text = line[pos : pos + width]
        field = f"{code} place {len(ids) + 1} (columns {pos + 1}-{pos + width})"
        if (ids or code != "013") and line[pos - 1] != " ":
            raise where.error(f"column {pos} should be blank (an id is shifted)", code)
        value = parse_int(text, where, field)
        if value is None or (value == 0 and not zero):
            raise where.error("a player id is missing", field)
        if value > MAX_ID:
            raise where.error(f"player id {value} is outside 1..{MAX_ID}", field)
        ids.append(value)
        pos += width + 1
    return tuple(ids)
