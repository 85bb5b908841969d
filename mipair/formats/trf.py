"""Read and write the TRF family: TRF16, TRF(x), TRF(bx) and TRF-2026.

``read_tournament`` accepts any edition (and any mix of their records), CR,
LF or CRLF line ends, UTF-8 or Latin-1, and returns a checked
:class:`~mipair.model.Tournament`. ``write_tournament`` writes one edition:

* ``trf16``  FIDE C.04 Annex 2 only: what it cannot say is lost (see :func:`lost_in`);
* ``trfx``   TRF16 + the JaVaFo (XXR XXC XXA XXP XXS) and bbpPairings (BB*) records;
* ``trf26``  TRF-2026 (142 152 162 192 250 260), plus XXC rank / XXS where 2026 has no record.

A team file (one with ``310`` or ``013`` records) also gets its team section
(:mod:`mipair.formats.trf_teams`, checked by :mod:`mipair.formats.trf_team_checks`);
TRF16 and TRF(x) write its teams as ``013`` and name what else they lose.

Every malformed input raises :class:`~mipair.errors.InputError` naming the
file, the line and the field. A file without any point-system record whose
points fields only fit another point system gets that one (JaVaFo's rule,
see :mod:`mipair.formats.trf_infer`).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from mipair.errors import FileAccessError, InputError
from mipair.formats import trf_checks, trf_double, trf_team_checks
from mipair.formats.text import decode, load, split_lines
from mipair.formats.trf_infer import infer_point_system
from mipair.formats.trf_player import Where, field_at, parse_player
from mipair.formats.trf_records import EXTENSION_CODES, TRF26_CODES, RecordReader
from mipair.formats.trf_teams import TeamRecords, is_team_file
from mipair.formats.trf_write import EDITIONS, LAST_ROUND, lost_in, write_tournament
from mipair.matches import GAMES, TYPE_CODES, is_double_swiss
from mipair.model import Acceleration, Cell, ForbiddenPairs, Player, Tournament
from mipair.rounds import rounds_played

__all__ = [
    "EDITIONS",
    "check_encodable",
    "detect_edition",
    "lost_in",
    "parse_text",
    "read_tournament",
    "write_tournament",
]


def _looks_like_text(s: str) -> bool:
    """A str argument is TRF text (not a path) when it has a line end or starts with a record."""
    if "\n" in s or "\r" in s:
        return True
    return s.startswith(("001 ", "012 ", "XXR ", "142 ")) and not os.path.exists(s)


def read_tournament(
    path_or_text: str | os.PathLike[str] | bytes,
    source: str | None = None,
    *,
    double_swiss: bool | None = None,
) -> Tournament:
    """Read a tournament from a file path, TRF text or raw bytes.

    ``double_swiss``: read two TRF rounds a match (C.04.5); None: when the file's
    tournament type (192) names the Double-Swiss system.
    """
    if isinstance(path_or_text, bytes):
        return parse_text(decode(path_or_text), source or "<bytes>", double_swiss=double_swiss)
    if isinstance(path_or_text, os.PathLike) or not _looks_like_text(path_or_text):
        path = Path(path_or_text)
        if isinstance(path_or_text, str) and not path_or_text.strip():
            raise FileAccessError("no file name given", file="<empty>")
        return parse_text(load(path), source or str(path), double_swiss=double_swiss)
    return parse_text(path_or_text, source or "<text>", double_swiss=double_swiss)


def parse_text(
    text: str, source: str = "<text>", *, double_swiss: bool | None = None
) -> Tournament:
    """Parse TRF text (any edition) into a checked Tournament (see :func:`read_tournament`)."""
    lines = split_lines(text)
    team = TeamRecords(has_310=any(x[:3] == "310" for x in lines)) if is_team_file(lines) else None
    records = RecordReader(team=team)
    players: dict[int, Player] = {}
    results: dict[int, list[Cell | None]] = {}
    comments: list[str] = []
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip()
        if line.startswith("###"):
            comments.append(line)
            continue
        if not line.strip():
            continue
        where = Where(source, number)
        code = line[:3]
        if len(line) < 3 or not code.isalnum():
            raise where.error(
                f"{line[:10]!r} does not start with a record code (001, 012, XXR, ...)",
                "record code (1-3)",
            )
        if code == "001":
            player, cells = parse_player(line, where)
            if player.id in players:
                raise where.error(
                    f"pairing id {player.id} appears twice (first on line "
                    f"{players[player.id].line})",
                    "player id (5-8)",
                )
            players[player.id] = player
            results[player.id] = list(cells)
        else:
            records.read(code.upper(), line, where)
    if not players:
        raise _not_a_tournament(text, source)
    system = records.system_192 or next(
        (txt.strip() for c, txt in records.headers if c == "092"), ""
    )
    matches = is_double_swiss(system) if double_swiss is None else double_swiss
    if matches and not system:
        system = TYPE_CODES[0]  # the caller's word makes the file say what it is
    teams = team.section(players) if team is not None else None
    provisional = Tournament(players=players, results={k: tuple(v) for k, v in results.items()})
    span = GAMES if matches else 1
    trf_checks.apply_byes(results, records.byes, rounds_played(provisional) + 1, span)
    for row in results.values():
        while row and row[-1] is None:
            row.pop()
    accelerations = tuple(
        Acceleration(pid, rnd, pts)
        for (pid, rnd), (pts, _) in sorted(records.accelerations.items())
        if pts
    )
    t = Tournament(
        players=players,
        results={pid: tuple(c) for pid, c in results.items()},
        point_system=records.point_system(match_pab=matches),
        total_rounds=records.total_rounds,
        initial_colour=records.initial_colour,
        use_rank_ids=records.use_rank_ids,
        accelerations=accelerations,
        forbidden=tuple(
            _canonical_forbidden(fp, records.total_rounds) for fp, _ in records.forbidden
        ),
        system=system,
        teams=teams,
        headers=tuple(records.headers),
        comments=tuple(comments),
        source=source,
    )
    acc_where = {k: w for k, (_, w) in records.accelerations.items()}
    forbidden_where = [w for _, w in records.forbidden]

    def check(checked: Tournament) -> None:
        if matches:
            trf_double.check_all(checked, acc_where, forbidden_where, records.rounds_where)
        else:
            trf_checks.check_all(checked, acc_where, forbidden_where)

    try:
        check(t)
    except InputError:
        inferred = None if records.points or matches else infer_point_system(t)
        if inferred is None or inferred == t.point_system:
            raise
        t = replace(t, point_system=inferred)
        check(t)
    trf_team_checks.check_teams(t)
    return t


def _not_a_tournament(text: str, source: str) -> InputError:
    """The error for a text without any player: empty, or not a tournament file."""
    where = Where(source, 1)
    if not text.strip():
        return where.error(
            "the file is empty: a tournament lists its players in 001 records", "001"
        )
    return where.error("no player (001) record: this is not a tournament file (TRF)", "001")


def _canonical_forbidden(fp: ForbiddenPairs, total: int | None) -> ForbiddenPairs:
    """Round 1 and the last round as bounds mean "no bound" (XXP == 260 1..N).

    Without a number of rounds, 999 (the largest 3-digit round) is the last round.
    """
    first = None if fp.first is not None and fp.first <= 1 else fp.first
    last = None if fp.last is not None and fp.last >= (total or LAST_ROUND) else fp.last
    return ForbiddenPairs(fp.players, first, last)


def detect_edition(text: str) -> str:
    """The edition a text is written in: trf26, trfx or trf16 (by its record codes)."""
    codes = {line[:3].upper() for line in split_lines(text) if len(line) >= 3}
    if codes & {"142", "152", "162", "240", "250", "310", "352", "362", "320", "330", "300"}:
        return "trf26"  # records that replace an XX?/BB? extension, or TRF-2026's team records
    if codes & EXTENSION_CODES:
        return "trfx"  # (a TRF(x) file may still carry 192 or a ranged 260)
    return "trf26" if codes & TRF26_CODES else "trf16"


def check_encodable(text: str, source: str, encoding: str) -> None:
    """Raise a located InputError at the first written character ``encoding`` cannot hold
    (comment lines included: they are written back)."""
    for number, line in enumerate(split_lines(text), 1):
        try:
            line.encode(encoding)
        except UnicodeEncodeError as exc:
            char = line[exc.start]
            field = field_at(exc.start + 1) if line.startswith("001") else f"record {line[:3]}"
            raise Where(source, number).error(
                f"{char!r} (U+{ord(char):04X}, column {exc.start + 1}) cannot be written "
                f"in {encoding}",
                field,
            ) from None
