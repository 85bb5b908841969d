"""PAPP's text reports (manual 2.6, 2.7, 6.3): pairings with results so far, the results of a
round, standings, team standings, the text crosstable, a player's card.

Each is a function of the event alone, so the files written after a correction
of an earlier round always agree with the event.
"""

from __future__ import annotations

from mipair.formats.papp.event import Event, Game
from mipair.systems.papp.penalties import round_state
from mipair.systems.papp.scoring import (
    format_points,
    format_tiebreak,
    game_points,
    ranks,
    standings,
    team_standings,
    tiebreak_name,
)


def label(event: Event, pid: int | None) -> str:
    """``NAME First (id)``; Bip for None."""
    if pid is None:
        return "Bip"
    return f"{event.player(pid).full_name} ({pid})"


def score_text(event: Event, game: Game) -> str:
    """``33/31`` (Black's discs first), or ``-`` before the result."""
    if game.black_discs is None:
        return "-"
    return f"{game.black_discs}/{event.settings.total_discs - game.black_discs}"


def pairings_text(event: Event, number: int) -> str:
    """Round ``number``'s tables, Black first, with the results entered so far (PAPP's V)."""
    rnd = event.round(number)
    black, white = event.settings.colours
    rows = [f"Round {number}: pairings", f"{'Table':>5}  {black:<32} {'Score':^7}  {white}"]
    for table, game in enumerate(rnd.games, 1):
        rows.append(
            f"{table:>5}  {label(event, game.black):<32} {score_text(event, game):^7}  "
            f"{label(event, game.white)}"
        )
    if rnd.bip is not None:
        rows.append(f"{'':>5}  {label(event, rnd.bip):<32} {'':^7}  Bip")
    left = [p for p in event.present(number) if p not in set(rnd.mentioned())]
    if left:
        rows.append("Not paired: " + ", ".join(label(event, p) for p in left))
    return "\n".join(rows) + "\n"


def results_text(event: Event, number: int) -> str:
    """The coupons of round ``number`` (Black first)."""
    settings = event.settings
    rnd = event.round(number)
    rows = [f"Round {number}: results"]
    rows += [
        f"{label(event, g.black)} {score_text(event, g)} {label(event, g.white)}" for g in rnd.games
    ]
    if rnd.bip is not None:
        rows.append(
            f"{label(event, rnd.bip)} {settings.total_discs - settings.bip_discs}/{settings.bip_discs} Bip"
        )
    return "\n".join(rows) + "\n"


def standings_text(event: Event, after: int) -> str:
    """PAPP's L: rank, points, tie-break, discs, '-' for a player out, name, number, country."""
    lines = standings(event, after)
    rank = ranks(lines)
    rows = [
        f"Standings after round {after}",
        f"{'Rank':>4}  {'Pts':>5}  {tiebreak_name(event):>10}  {'Discs':>6}  Player",
    ]
    for ln in lines:
        mark = " " if ln.present else "-"
        rows.append(
            f"{rank[ln.id]:>4}  {format_points(ln.points):>5}  {format_tiebreak(ln.tiebreak):>10}"
            f"  {ln.discs:>6} {mark}{label(event, ln.id)} {event.country_of(ln.id)}".rstrip()
        )
    return "\n".join(rows) + "\n"


def teams_text(event: Event, after: int) -> str:
    """PAPP's T: points per country."""
    rows = [f"Team standings after round {after}"]
    for k, (country, pts) in enumerate(team_standings(event, after), 1):
        rows.append(f"{k:>4}  {format_points(pts):>5}  {country}")
    return "\n".join(rows) + "\n"


def _cell(event: Event, number: int, pid: int, line_of: dict[int, int]) -> str:
    """One round of the text crosstable: colour letter, + = - and the opponent's line."""
    rnd = event.round(number)
    if rnd.bip == pid:
        settings = event.settings
        return f" {'+=-'[2 - game_points(settings.total_discs - settings.bip_discs, settings.bip_discs)]}Bip"
    game = rnd.game_of(pid)
    if game is None or not game.played:
        return "  -  "
    own = game.discs_of(pid, event.settings.total_discs)
    sign = "+=-"[2 - game_points(own, event.settings.total_discs - own)]
    colour = event.settings.colours[0 if game.black == pid else 1][:1]
    return f"{colour}{sign}{line_of[game.opponent(pid)]:<3}"


def crosstable_text(event: Event, after: int) -> str:
    """The text crosstable after round ``after`` (manual 2.7): one line per player, by rank.

    Columns: rank, number, name, one cell per round (colour, result, the
    opponent's line in the table), points, tie-break, discs, Buchholz, the colours played with their
    total (first colour counts -1, second +1) and the float of the last round
    (u up, d down).
    """
    lines = standings(event, after)
    rank = ranks(lines)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    state = round_state(event, after + 1)
    first, second = event.settings.colours
    rows = [f"Crosstable after round {after}"]
    for ln in lines:
        cells = " ".join(_cell(event, r, ln.id, line_of) for r in range(1, after + 1))
        history = state.players[ln.id]
        played = [c for c in history.colours if c is not None]
        colours = "".join(first[:1] if c == "B" else second[:1] for c in played)
        balance = sum(-1 if c == "B" else 1 for c in played)
        drift = {1: "d", -1: "u"}.get(history.last_float, "")
        rows.append(
            f"{rank[ln.id]:>3} {ln.id:>6} {event.player(ln.id).full_name[:24]:<24} {cells} "
            f"{format_points(ln.points):>5} {format_tiebreak(ln.tiebreak):>8} {ln.discs:>5} "
            f"{format_points(ln.buchholz):>5} {colours} {balance:+d} {drift}".rstrip()
        )
    return "\n".join(rows) + "\n"


def player_card(event: Event, pid: int) -> str:
    """PAPP's F: round, colour, score (+ a win, = a draw), opponent and his rating; comment."""
    record = event.player(pid)
    settings = event.settings
    rows = [f"{label(event, pid)} {event.country_of(pid)}"]
    for rnd in event.rounds:
        if rnd.bip == pid:
            own = settings.total_discs - settings.bip_discs
            sign = "+=-"[2 - game_points(own, settings.bip_discs)].replace("-", "")
            rows.append(f"{rnd.number:>3}  {'':<6} {sign}{own}/{settings.bip_discs}  Bip")
            continue
        game = rnd.game_of(pid)
        if game is None:
            rows.append(f"{rnd.number:>3}  absent")
            continue
        colour = settings.colours[0 if game.black == pid else 1]
        opponent = event.player(game.opponent(pid))
        rating = "" if opponent.rating is None else f" <{opponent.rating}>"
        if game.played:
            own = game.discs_of(pid, settings.total_discs)
            sign = "+=-"[2 - game_points(own, settings.total_discs - own)].replace("-", "")
            score = f"{sign}{own}/{settings.total_discs - own}"
        else:
            score = "-"
        rows.append(
            f"{rnd.number:>3}  {colour:<6} {score:<7} {opponent.full_name} ({opponent.id}){rating}"
        )
    if record.comment:
        rows.append(record.comment)
    return "\n".join(rows) + "\n"
