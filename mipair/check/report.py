"""Checker reports: mipair's own text, and the JaVaFo/bbpPairings ``-c`` layout."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import zip_longest

from mipair.check.replay import COLOURS, PAIRS, UNPAIRABLE, RoundCheck, TournamentCheck
from mipair.pairing import Board, RoundPairing

VERDICT = {
    COLOURS: "same pairs, other colours",
    PAIRS: "pairs differ",
    UNPAIRABLE: "mipair finds no legal pairing",
}


def _board(b: Board | None, names: Mapping[int, str]) -> str:
    if b is None:
        return ""
    white, black = names.get(b.white, str(b.white)), names.get(b.black, str(b.black))
    return f"{white:>4} - {black:<4}"


def _boards(p: RoundPairing | None) -> list[Board]:
    if p is None:
        return []
    return list(p.boards) + ([Board(p.bye, 0)] if p.bye is not None else [])


def side_by_side(
    engine: RoundPairing | None, published: RoundPairing, names: Mapping[int, str] | None = None
) -> list[str]:
    """Both pairings board by board, players as ``names`` gives them (default: ids);
    '*' marks a board the other pairing does not have."""
    names = names or {}
    mine, theirs = _boards(engine), _boards(published)
    set_mine = {(b.white, b.black) for b in mine}
    set_theirs = {(b.white, b.black) for b in theirs}
    width = max([12] + [len(_board(b, names)) for b in mine + theirs])
    lines = [f"    {'Bd':>3}  {'mipair':<{width + 1}}  {'published':<{width + 1}}"]
    for k, (a, b) in enumerate(zip_longest(mine, theirs), 1):
        ma = "*" if a is not None and (a.white, a.black) not in set_theirs else " "
        mb = "*" if b is not None and (b.white, b.black) not in set_mine else " "
        left, right = _board(a, names), _board(b, names)
        lines.append(f"    {k:>3}  {left:<{width}}{ma}  {right:<{width}}{mb}".rstrip())
    return lines


def round_text(rc: RoundCheck) -> list[str]:
    """A differing round: verdict, why, then both pairings."""
    out = [f"Round {rc.round}: {VERDICT.get(rc.verdict, rc.verdict)}", "  " + rc.summary()]
    out += side_by_side(rc.engine, rc.published, rc.names)
    return out


def tournament_text(tc: TournamentCheck) -> str:
    """``mipair check``'s text for one file."""
    if tc.error:
        return f"{tc.file}: {tc.error}\n"
    bad = tc.differing
    rules = tc.rules if any(rc.edition is None for rc in tc.rounds) else f"{tc.rules} rules"
    head = f"{tc.file} ({rules}): {len(tc.rounds)} rounds checked, " + (
        "all agree with mipair"
        if not bad
        else f"{len(bad)} differ{'s' if len(bad) == 1 else ''} ("
        + ", ".join(str(r.round) for r in bad)
        + ")"
    )
    lines = [head]
    for rc in bad:
        lines += [""] + round_text(rc)
    return "\n".join(lines) + "\n"


def dropin_text(name: str, checks: list[RoundCheck]) -> str:
    """The ``-c`` layout of JaVaFo and bbpPairings: one line per round, the differing
    pairs of a round side by side (checker first), byes as ``ID - 0``."""
    out: list[str] = []
    for rc in checks:
        out.append(f"{name}: Round #{rc.round}")
        if rc.verdict == UNPAIRABLE:
            out += [f"No valid pairing exists for round {rc.round}.", ""]
            continue
        if rc.agrees:
            continue
        mine = [b for b in _boards(rc.engine) if b not in set(_boards(rc.published))]
        theirs = [b for b in _boards(rc.published) if b not in set(_boards(rc.engine))]
        out.append("  Checker pairings" + " " * 8 + "Tournament pairings ")
        for a, b in zip_longest(mine, theirs):
            left = f"{a.white:>3} - {a.black:>3}" if a is not None else " " * 9
            right = f"{b.white:>3} - {b.black:>3}" if b is not None else ""
            out.append(f"    {left}{' ' * 16}{right}".rstrip())
        out.append("")
    return "\n".join(out) + "\n"
