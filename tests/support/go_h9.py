"""Test helper: an EGF results file (.h9) rebuilt as an OpenGotha tournament.

Only what the standings need: players (name, rank, country, club), each round's
game (opponent line, colour, handicap, result) and absences (``0=``/``0-``)."""

from __future__ import annotations

import re

from mipair.formats.opengotha import Node, OgBye, OgGame, OgPlayer, OgTournament, parse_rank

ENTRY = re.compile(r"^(\d+)([+\-=?])(?:/([wb])(\d*))?!?$")


def read_h9(path: str, general: dict[str, str]) -> tuple[OgTournament, list[list[str]]]:
    """The tournament of an .h9 file and each line's score columns (as written)."""
    with open(path, encoding="iso-8859-15") as fh:
        text = fh.read()
    rows = [ln.split(";")[0].split() for ln in text.splitlines() if ln.split(";")[0].strip()]
    players, columns, rounds_of = [], [], []
    for words in rows:
        rank_at = next(i for i, w in enumerate(words) if i > 1 and re.fullmatch(r"\d+[kKdDpP]", w))
        entries = [w for w in words[rank_at + 3 :] if ENTRY.match(w)]
        scores = words[rank_at + 3 : len(words) - len(entries)]
        name = words[1].replace("_", " ")
        first = " ".join(words[2:rank_at]).replace("_", " ")
        rounds = len(entries)
        flags = "".join("0" if e in ("0=", "0-") else "1" for e in entries) + "1" * (20 - rounds)
        attrs = {"name": name, "firstName": first, "rank": words[rank_at]}
        players.append(
            OgPlayer(
                name,
                first,
                parse_rank(words[rank_at]),
                0,
                words[rank_at + 1],
                words[rank_at + 2],
                0,
                flags,
                "FIN",
                "",
                attrs,
            )
        )
        columns.append(scores)
        rounds_of.append(entries)
    games, byes, seen = [], [], set()
    for i, entries in enumerate(rounds_of):
        for k, entry in enumerate(entries, 1):
            m = ENTRY.match(entry)
            assert m
            opp = int(m.group(1)) - 1
            if opp < 0:
                if m.group(2) == "+":
                    byes.append(OgBye(k, players[i].key))
                continue
            if (k, min(i, opp)) in seen:
                continue
            seen.add((k, min(i, opp)))
            white, black = (i, opp) if m.group(3) == "w" else (opp, i)
            win = m.group(2)
            result = {"=": "RESULT_EQUAL", "?": "RESULT_UNKNOWN"}.get(win)
            if result is None:
                result = "RESULT_WHITEWINS" if (win == "+") == (white == i) else "RESULT_BLACKWINS"
            games.append(
                OgGame(k, 0, players[white].key, players[black].key, int(m.group(4) or 0), result)
            )
    params = Node("TournamentParameterSet", {}, [Node("GeneralParameterSet", general)])
    return OgTournament({}, players, games, byes, [params], path), columns
