"""``mipair mcmahon ...``: McMahon (Go) on an OpenGotha XML file.

* ``mcmahon pair EVENT.xml [--og 3.51|3.52] [--forbid KEY,KEY] [--objective entropy]
  [-o OUT.xml | --save] [--json] [--html PAGE]`` pairs the first round without games (the
  players marked as participating; the bye chosen as OpenGotha chooses it), shown as
  table, White, Black, handicap; ``-o``/``--save`` writes the file with the new round in it;
* ``mcmahon pairing EVENT.xml [--round R] [--json] [--html PAGE]``: a round as it stands;
* ``mcmahon standings EVENT.xml [--after R] [--h9 FILE] [--html PAGE] [--json]``;
* ``mcmahon handicaps EVENT.xml [--round R] [--json]``: each game's handicap,
  as recorded and as the rules give it;
* the director's day (``new``, ``register``, ``absent``, ``present``, ``confirm``,
  ``result``, ``unpair``): :mod:`mipair.cli.mcmahon_desk`.

Players are named by their OpenGotha key (surname + first name, spaces
removed, upper-cased), the string OpenGotha writes in its games.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import click

from mipair.errors import InputError
from mipair.systems.mcmahon.params import model

OBJECTIVES = list(model()["entropy"]["objectives"])

og_option = click.option(
    "--og",
    "edition",
    type=click.Choice(list(model()["editions"])),
    default=None,
    help="OpenGotha behaviour to reproduce (reference 5.6); default: the one of the "
    "OpenGotha version that saved the file.",
)


@click.group(name="mcmahon")
def mcmahon() -> None:
    """McMahon for Go, as OpenGotha pairs it, on OpenGotha XML files."""


@mcmahon.command("pair")
@click.argument("event", type=click.Path(dir_okay=False))
@og_option
@click.option("--forbid", multiple=True, metavar="KEY,KEY", help="Never pair these two (repeat).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write the file with the new round here.",
)
@click.option("--save", is_flag=True, help="Write the new round into EVENT itself.")
@click.option(
    "--objective",
    type=click.Choice(OBJECTIVES),
    default=OBJECTIVES[0],
    show_default=True,
    help="entropy: trade OpenGotha's weight for games whose results are hardest to "
    "predict, within the limits of models/mcmahon.toml [entropy] (the thesis, 2.4.5).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the round as JSON.")
@click.option(
    "--html", "html_file", type=click.Path(dir_okay=False), help="Also write a printable HTML page."
)
def pair(
    event: str,
    edition: str | None,
    forbid: tuple[str, ...],
    output: str | None,
    save: bool,
    objective: str,
    as_json: bool,
    html_file: str | None,
) -> None:
    """Pair the first round of EVENT that has no games yet (the players marked as playing it;
    the bye, if any, chosen as OpenGotha chooses it). With --save the round is written into
    EVENT (under its lock) before anything is printed."""
    from mipair.desk.mcmahon.event import forbidden_pairs, pair_next
    from mipair.desk.mcmahon.store import about, changing, locked
    from mipair.formats.opengotha import read_opengotha
    from mipair.formats.opengotha_write import write_opengotha

    pairs = forbidden_pairs(forbid)
    if save:
        with changing(event) as tournament:
            rnd = pair_next(tournament, edition, objective, pairs)
    else:
        tournament = read_opengotha(event)
        with about(event):
            rnd = pair_next(tournament, edition, objective, pairs)
        if output:
            with locked(output):
                write_opengotha(output, tournament)
    show_round(tournament, rnd.round, as_json, html_file)


def show_round(tournament, round_number: int, as_json: bool, html_file: str | None) -> None:
    """Print a round's pairing (text or JSON); write its HTML page first when asked."""
    from mipair.desk.mcmahon.pages import pairing_page
    from mipair.desk.mcmahon.views import pairing_text, pairing_view
    from mipair.formats.text import save

    view = pairing_view(tournament, round_number)
    if html_file:
        save(html_file, pairing_page(view))
    echo_view(view, as_json, pairing_text)


def echo_view(view: Mapping[str, object], as_json: bool, as_text) -> None:
    """Print a view as JSON or as its text."""
    click.echo(
        json.dumps(view, indent=2, ensure_ascii=False) if as_json else as_text(view), nl=as_json
    )


@mcmahon.command("pairing")
@click.argument("event", type=click.Path(dir_okay=False))
@click.option("--round", "round_number", type=int, help="This round (default: the last paired).")
@click.option("--json", "as_json", is_flag=True, help="Print the round as JSON.")
@click.option(
    "--html", "html_file", type=click.Path(dir_okay=False), help="Also write a printable HTML page."
)
def pairing_command(
    event: str, round_number: int | None, as_json: bool, html_file: str | None
) -> None:
    """A round's pairing as it stands: table, White, Black, handicap, result; bye and absents."""
    from mipair.formats.opengotha import read_opengotha

    tournament = read_opengotha(event)
    show_round(
        tournament,
        _last_round(tournament) if round_number is None else round_number,
        as_json,
        html_file,
    )


def _last_round(tournament) -> int:
    return max((g.round for g in tournament.games), default=0)


@mcmahon.command("standings")
@click.argument("event", type=click.Path(dir_okay=False))
@og_option
@click.option("--after", type=int, help="After this round (default: the last round with games).")
@click.option(
    "--h9", "h9_file", type=click.Path(dir_okay=False), help="Also write the EGF results file."
)
@click.option(
    "--html", "html_file", type=click.Path(dir_okay=False), help="Also write a printable HTML page."
)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON.")
def standings_command(
    event: str,
    edition: str | None,
    after: int | None,
    h9_file: str | None,
    html_file: str | None,
    as_json: bool,
) -> None:
    """Standings: place, player, each round, the placement criteria, as OpenGotha shows them.
    The EGF results file (--h9) is OpenGotha's export: after the tournament's last round
    unless --after says otherwise."""
    from mipair.desk.mcmahon.pages import standings_page
    from mipair.desk.mcmahon.views import standings_text, standings_view
    from mipair.formats.h9 import write_h9
    from mipair.formats.opengotha import read_opengotha
    from mipair.formats.text import save
    from mipair.systems.mcmahon.params import params_of
    from mipair.systems.mcmahon.standings import h9_text

    tournament = read_opengotha(event)
    view = standings_view(tournament, _last_round(tournament) if after is None else after, edition)
    if h9_file:
        write_h9(h9_file, h9_text(tournament, params_of(tournament, edition), after))
    if html_file:
        save(html_file, standings_page(view))
    echo_view(view, as_json, standings_text)


@mcmahon.command("handicaps")
@click.argument("event", type=click.Path(dir_okay=False))
@og_option
@click.option(
    "--round", "round_number", type=int, help="This round (default: the last with games)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the handicaps as JSON.")
def handicaps(event: str, edition: str | None, round_number: int | None, as_json: bool) -> None:
    """Each game's handicap as recorded and as the rules give it (section 4)."""
    from mipair.formats.opengotha import read_opengotha
    from mipair.systems.mcmahon.field import build_field
    from mipair.systems.mcmahon.params import params_of
    from mipair.systems.mcmahon.weights import signed_handicap

    tournament = read_opengotha(event)
    params = params_of(tournament, edition)
    r = _last_round(tournament) if round_number is None else round_number
    index = {p.key: i for i, p in enumerate(tournament.players)}
    games = [g for g in tournament.games if g.round == r]
    if not games:
        raise InputError(f"round {r} has no games", file=event, field="round")
    fld = build_field(
        tournament, params, r, [index[k] for g in games for k in (g.white, g.black)], None
    )
    where = {e.player.key: e for e in fld.entrants}
    rows = []
    for g in games:
        rule = signed_handicap(fld, where[g.white], where[g.black])
        rows.append(
            {
                "table": g.table,
                "white": g.white,
                "black": g.black,
                "handicap": g.handicap,
                "rule": abs(rule),
                "rule_white": g.white if rule >= 0 else g.black,
            }
        )
    if as_json:
        click.echo(json.dumps({"round": r, "games": rows}, indent=2, ensure_ascii=False))
        return
    click.echo(f"Round {r}: handicaps as recorded and by the rules")
    for row in rows:
        same_colour = row["rule"] == 0 or row["white"] == row["rule_white"]
        mark = "" if row["handicap"] == row["rule"] and same_colour else "  <- differs"
        click.echo(
            f"{row['table']:5}  {row['white']:28} {row['black']:28} "
            f"{row['handicap']:3} (rule {row['rule']}){mark}"
        )


@click.command("evaluate")
@click.argument("event", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the evaluation as JSON.")
def evaluate_command(event: str, as_json: bool) -> None:
    """The pairing quality of a finished Go tournament (OpenGotha XML): the total error of
    the thesis "Enhancing Go tournament pairings in Europe" (Vuorinen 2010, eq. 7.1), the
    typical gap of relative strength RS between a player and his opponents, in grades.
    Smaller is better: games between equally strong players.

    \b
    The reading taken: e = sqrt( sum over players and rounds of (RS(player) - RS(opponent))^2
    / (2kN) ), N players, k rounds, the 1/(2kN) under the root (as printed, outside it, the
    figure falls with the size the thesis says it removes), RS gaps in grades (100 GoR
    points). RS (the thesis's appendix B is not in its text): in GoR points, from each
    player's rating in the file; each pass moves every player's RS by 20 points x (results -
    expected results), the expectations by the thesis's GoR winning expectancy (eq. 2.1,
    epsilon 0, 100 points a handicap stone), plus one virtual jigo a pass against one's own
    starting rating (so that a player who won every game has a balance); passes stop when no
    RS moves by more than 0.01 point. Games by default, unknown, both-win and both-lose do not
    move RS but count as pairings; N counts players with a game, k rounds with a game.
    Constants: models/mcmahon.toml [evaluate].
    """
    from mipair.formats.opengotha import read_opengotha
    from mipair.systems.mcmahon.evaluate import evaluate

    tournament = read_opengotha(event)
    result = evaluate(tournament)
    players = tournament.players
    rows = [
        {
            "key": players[i].key,
            "name": players[i].full_name,
            "rank": players[i].rank_label,
            "rating": players[i].rating,
            "rs": round(rs, 2),
        }
        for i, rs in sorted(result.strengths.items(), key=lambda item: -item[1])
    ]
    if as_json:
        shown = {
            "players": result.players,
            "rounds": result.rounds,
            "games": result.games,
            "total_error": result.total_error,
            "passes": result.passes,
            "converged": result.converged,
            "strengths": rows,
        }
        click.echo(json.dumps(shown, indent=2, ensure_ascii=False))
        return
    click.echo(
        f"Total error {result.total_error:.4f}  ({result.players} players, {result.rounds} "
        f"rounds, {result.games} games; relative strengths "
        + (f"balanced after {result.passes} passes)" if result.converged else "NOT balanced)")
    )
    click.echo(f"{'RS':>8}  {'Name':30} {'Rk':>4} {'Rating':>6}")
    for row in rows:
        click.echo(f"{row['rs']:8.1f}  {row['name']:30} {row['rank']:>4} {row['rating']:6}")


mcmahon.add_command(evaluate_command)


def _add_desk_commands() -> None:
    from mipair.cli.mcmahon_desk import COMMANDS

    for command in COMMANDS:
        mcmahon.add_command(command)


_add_desk_commands()
