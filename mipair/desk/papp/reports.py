"""PAPP's text reports (manual 2.6, 2.7, 6.3): pairings (with the results so far), the results
of a round, standings, team standings, the text crosstable, a player's card.

Each is a function of the event (and of ``relative``: ``affichage-pions
relatif`` shows a game's discs as the difference with the opponent's, manual
6.11; the tie-break stays on absolute discs). Discs are written as PAPP
writes them (:mod:`mipair.formats.papp.figures`).
"""

from __future__ import annotations

from mipair.formats.papp.event import Event, Game
from mipair.formats.papp.figures import format_discs, format_score
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


def score_text(event: Event, game: Game, relative: bool = False) -> str:
    """Black's side of the score (``33/31``, or ``+02`` relative), ``-`` before the result."""
    if game.black_discs is None:
        return "-"
    return format_score(game.black_discs, event.settings.total_discs, relative)


def bip_score(event: Event, relative: bool = False) -> str:
    """The score of a player against Bip, from the player's side."""
    settings = event.settings
    return format_score(settings.total_discs - settings.bip_discs, settings.total_discs, relative)


def pairings_text(
    event: Event, number: int, with_results: bool = True, relative: bool = False
) -> str:
    """Round ``number``'s tables, Black first (PAPP's V); the results entered so far, if asked."""
    rnd = event.round(number)
    black, white = event.settings.colours
    width = 32
    head = f"{'Table':>5}  {black:<{width}} "
    rows = [f"Round {number}: pairings", head + (f"{'Score':^7}  " if with_results else "") + white]
    for table, game in enumerate(rnd.games, 1):
        score = f"{score_text(event, game, relative):^7}  " if with_results else ""
        rows.append(
            f"{table:>5}  {label(event, game.black):<{width}} {score}{label(event, game.white)}"
        )
    if rnd.bip is not None:
        score = f"{'':^7}  " if with_results else ""
        rows.append(f"{'':>5}  {label(event, rnd.bip):<{width}} {score}Bip")
    left = [p for p in event.present(number) if p not in set(rnd.mentioned())]
    if left:
        rows.append("Not paired: " + ", ".join(label(event, p) for p in left))
    return "\n".join(rows) + "\n"


def coupon_line(event: Event, game: Game, relative: bool = False) -> str:
    """One coupon: Black, the score from Black's side, White."""
    return (
        f"{label(event, game.black)} {score_text(event, game, relative)} {label(event, game.white)}"
    )


def results_text(event: Event, number: int, relative: bool = False) -> str:
    """The coupons of round ``number`` (Black first), then who had Bip."""
    rnd = event.round(number)
    rows = [f"Round {number}: results"]
    rows += [coupon_line(event, g, relative) for g in rnd.games]
    if rnd.bip is not None:
        rows.append(f"{label(event, rnd.bip)} {bip_score(event, relative)} Bip")
    return "\n".join(rows) + "\n"


def standings_text(event: Event, after: int) -> str:
    """PAPP's L (manual 2.6): rank, points, [tie-break], '-' for a player out, name, number,
    country."""
    lines = standings(event, after)
    rank = ranks(lines)
    rows = [f"Standings after round {after} (points [{tiebreak_name(event)}])"]
    for ln in lines:
        mark = " " if ln.present else "-"
        who = event.player(ln.id)
        rows.append(
            f"{rank[ln.id]:>4}  {format_points(ln.points):>5} [{format_tiebreak(ln.tiebreak):>6}] "
            f"{mark}{who.full_name} {ln.id} {event.country_of(ln.id)}"
        )
    return "\n".join(rows) + "\n"


def teams_text(event: Event, after: int) -> str:
    """PAPP's T: points per country (manual 2.6; players with one nationality form a team)."""
    rows = [f"Team standings after round {after}"]
    for k, (country, pts) in enumerate(team_standings(event, after), 1):
        rows.append(f"{k:>4}  {format_points(pts):>5}  {country}")
    return "\n".join(rows) + "\n"


def crosstable_cell(event: Event, number: int, pid: int, line_of: dict[int, int]) -> str:
    """One round of the text crosstable: colour, + = - and the opponent's line."""
    rnd = event.round(number)
    if rnd.bip == pid:
        settings = event.settings
        won = game_points(settings.total_discs - settings.bip_discs, settings.bip_discs)
        return f" {'-=+'[won]}Bip"
    game = rnd.game_of(pid)
    if game is None or not game.played:
        return "  -  "
    own = game.discs_of(pid, event.settings.total_discs)
    sign = "-=+"[game_points(own, event.settings.total_discs - own)]
    colour = event.settings.colours[0 if game.black == pid else 1][:1]
    return f"{colour}{sign}{line_of[game.opponent(pid)]:<3}"


def crosstable_text(event: Event, after: int) -> str:
    """The text crosstable after round ``after`` (manual 2.7): one line per player, by rank.

    Columns: rank, number, name, one cell per round (colour, result, the
    opponent's line in the table), points, tie-break, discs, Buchholz, the
    colours played with their total (first colour counts -1, second +1) and
    the float of the last round (u up, d down). As the manual says, the
    tie-break takes into account every player who left, whatever the round.
    """
    lines = standings(event, after)
    rank = ranks(lines)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    state = round_state(event, after + 1)
    first, second = event.settings.colours
    rows = [f"*** {event.settings.name} ***", f"Crosstable after round {after}"]
    for ln in lines:
        cells = " ".join(crosstable_cell(event, r, ln.id, line_of) for r in range(1, after + 1))
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


def _card_score(own: int, total: int, relative: bool) -> str:
    """A game on the card: ``+ 40`` a win, ``= 32`` a draw, ``  24`` a loss; or ``+16`` relative."""
    if relative:
        return format_score(own, total, True)
    sign = "+= "[2 - game_points(own, total - own)]
    return f"{sign} {format_discs(own, total)}"


def player_card(event: Event, pid: int, relative: bool = False) -> str:
    """PAPP's F (manual 2.6): each round's colour, score (+ a win, = a draw) and opponent with
    his number; the totals; whether the player left; the player file's comment."""
    record = event.player(pid)
    settings = event.settings
    total = settings.total_discs
    colour_width, score_width = max(len(c) for c in settings.colours), len(str(total)) + 4
    done = event.completed
    rows = [f"{label(event, pid)} {event.country_of(pid)}, after round {done}:", ""]
    discs = points = 0
    for rnd in event.rounds:
        game = rnd.game_of(pid)
        if rnd.bip == pid:
            own = total - settings.bip_discs
            score = _card_score(own, total, relative)
            rows.append(f"{rnd.number:>3}. {'':<{colour_width}}  {score:<{score_width}}  Bip")
        elif game is None:
            rows.append(f"{rnd.number:>3}.")
            continue
        else:
            colour = settings.colours[0 if game.black == pid else 1]
            opponent = event.player(game.opponent(pid))
            own = game.discs_of(pid, total) if game.played else -1
            score = _card_score(own, total, relative) if game.played else "-"
            rows.append(
                f"{rnd.number:>3}. {colour:<{colour_width}}  {score:<{score_width}}  "
                f"{opponent.full_name} ({opponent.id})"
            )
        if own >= 0 and rnd.number <= done:
            discs += own
            points += game_points(own, total - own)
    shown = f"{2 * discs - done * total:+d}" if relative else str(discs)
    rows += ["", f"Total: {format_points(points)} points in {done} rounds, {shown} discs."]
    if pid in event.withdrawn:
        rows.append("Out of the tournament.")
    if record.comment:
        rows.append(f"--> {record.comment}")
    return "\n".join(rows) + "\n"
