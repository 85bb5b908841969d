"""OpenGotha tournament files written: as OpenGotha lays them out, atomically.

Attributes in alphabetical order, games by round and table, ``dataVersion="201"``
(so that OpenGotha 3.51 reads the file as its current format), every element
read but not understood written back unchanged.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from mipair.formats.go_players import parse_rank, rank_text
from mipair.formats.opengotha import DATA_VERSION, Node, OgPlayer, OgTournament


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
