"""A player's or a team's card as text: the card the desk's API answers
(:meth:`mipair.desk.chess.game.ChessDesk.card`), a line a game (a Double-Swiss
match: its two games under one round; a team: its matches, then its players)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _named(person: Mapping[str, Any] | None) -> str:
    """``Name (id)``; ``-`` for a round without an opponent (a bye, an absence)."""
    return "-" if person is None else f"{person['name']} ({person['id']})"


def card_text(card: Mapping[str, Any]) -> str:
    """The card: who, rank and points, then round, colour, opponent and result."""
    rank = f"rank {card['rank']}, " if card["rank"] else ""
    lines = [f"{_named(card['player'])}: {rank}{card['points']} points"]
    if card["rounds"]:
        width = max(len(_named(r["opponent"])) for r in card["rounds"])
        lines.append(f"{'Rd':>3} {'Col':3} {'Opponent':<{width}} Result")
        for r in card["rounds"]:
            colour = r["colour"] or ""
            lines.append(
                f"{r['round']:>3} {colour:3} {_named(r['opponent']):<{width}} {r['shown']}"
            )
    if card.get("players"):
        lines.append("Players: " + ", ".join(_named(p) for p in card["players"]))
    return "\n".join(line.rstrip() for line in lines) + "\n"
