"""``mipair papp ...``: PAPP (Othello penalty pairing) on a native event file.

* ``papp new EVENT --players FILE [--id N ...] | --trf FILE`` starts an event;
* ``papp pair EVENT [--config papp.cfg] [--save]`` pairs the next round (Black first);
* ``papp result EVENT ENTRY...`` records results (``145 40``, ``145+4``, ``145=``, ``145-6``);
* ``papp standings EVENT [--after R] [--teams]`` prints points and tie-breaks;
* ``papp config [FILE]`` writes PAPP's default configuration.

The configuration is ``--config``, else ``$PAPP_CFG``, else ``papp.cfg`` next to
the event; when that file does not exist PAPP's defaults are written there
(and used), as PAPP does.
"""

from __future__ import annotations

import os
from decimal import Decimal, InvalidOperation
from pathlib import Path

import click

from mipair.errors import FileAccessError, InputError


def _load_config(option: str | None, event_path: str):
    """The configuration to use (see the module docstring); warnings go to stderr."""
    from mipair.systems.papp.config import default_config, default_config_path
    from mipair.systems.papp.config_parser import read_config

    path = Path(option or os.environ.get("PAPP_CFG") or Path(event_path).parent / "papp.cfg")
    if not path.exists():
        try:
            path.write_text(default_config_path().read_text(encoding="utf-8"), encoding="utf-8")
            click.echo(
                f"mipair: {path} not found: PAPP's default configuration written there", err=True
            )
        except OSError as exc:
            click.echo(
                f"mipair: {path} not found and not writable ({exc.strerror}): "
                "using PAPP's defaults",
                err=True,
            )
        return default_config()
    cfg = read_config(path)
    for w in cfg.warnings:
        click.echo(w.located(), err=True)
    return cfg


def _name(event, pid: int | None) -> str:
    if pid is None:
        return "Bip"
    p = event.player(pid)
    return f"{p.full_name} ({pid})"


@click.group(name="papp")
def papp() -> None:
    """PAPP: Othello pairing by penalties (French federation's system)."""


@papp.command("new")
@click.argument("event_file", metavar="EVENT")
@click.option("--players", "players_file", help="JECH/PAPP player file (NAME or NAME.txt).")
@click.option("--id", "ids", type=int, multiple=True, help="Register this player (repeatable).")
@click.option("--trf", "trf_file", help="Start from a TRF tournament instead.")
@click.option("--config", "config_file", help="PAPP configuration (Bip score, colours, country).")
@click.option("--name", default="", help="Tournament name.")
@click.option("--date", default="", help="Tournament date.")
@click.option("--rounds", type=int, help="Number of rounds (decides the round robin).")
@click.option("--brightwell", help="Brightwell coefficient per point (0: discs only).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for draws by lot.")
@click.option("--force", is_flag=True, help="Overwrite an existing event file.")
def new(
    event_file: str,
    players_file: str | None,
    ids: tuple[int, ...],
    trf_file: str | None,
    config_file: str | None,
    name: str,
    date: str,
    rounds: int | None,
    brightwell: str | None,
    seed: int,
    force: bool,
) -> None:
    """Create EVENT from a player file or a TRF file."""
    from mipair.systems.papp.config import default_config
    from mipair.systems.papp.config_parser import read_config
    from mipair.systems.papp.event_io import save_event
    from mipair.systems.papp.importers import from_players, from_trf, settings_from_config
    from mipair.systems.papp.players import read_players

    if Path(event_file).exists() and not force:
        raise FileAccessError("the event file exists already (use --force)", file=event_file)
    if (players_file is None) == (trf_file is None):
        raise InputError("give exactly one of --players and --trf")
    beta = None
    if brightwell is not None:
        try:
            beta = Decimal(brightwell)
        except InvalidOperation:
            raise InputError(f"--brightwell: not a number: {brightwell!r}") from None
        if not beta.is_finite() or beta < 0:
            raise InputError("--brightwell must be a number >= 0")
    cfg = read_config(config_file) if config_file else default_config()
    settings = settings_from_config(
        cfg, name=name, date=date, rounds=rounds, brightwell=beta, seed=seed
    )
    if trf_file is not None:
        from mipair.formats.trf import read_tournament

        event, notes = from_trf(read_tournament(trf_file), settings)
        for note in notes:
            click.echo(f"mipair: {note}", err=True)
    else:
        records = read_players(players_file, cfg.country)
        missing = sorted(set(ids) - {record.id for record in records})
        if missing:
            raise InputError(
                f"no player {', '.join(map(str, missing))} in the player file",
                file=players_file,
                field="--id",
            )
        event = from_players(records, settings, ids)
    save_event(event_file, event)
    click.echo(f"{event_file}: {len(event.players)} players, {len(event.rounds)} rounds")


@papp.command("pair")
@click.argument("event_file", metavar="EVENT")
@click.option("--config", "config_file", help="PAPP configuration file (default: see help).")
@click.option("--save", is_flag=True, help="Write the pairing into EVENT.")
@click.option("--details", is_flag=True, help="Show each pair's penalty terms.")
def pair(event_file: str, config_file: str | None, save: bool, details: bool) -> None:
    """Pair the next round of EVENT (the first named player has Black)."""
    from mipair.systems.papp.event_io import read_event, save_event
    from mipair.systems.papp.pairing import pair_round
    from mipair.systems.papp.penalties import components, round_state
    from mipair.systems.papp.scoring import format_points

    event = read_event(event_file)
    cfg = _load_config(config_file, event_file)
    result = pair_round(event, cfg.penalties)
    st = round_state(event, result.round)
    black, white = event.settings.colours
    how = {
        "optimisation": f"optimisation, total penalty {result.total}",
        "round-robin": "round robin",
        "existing": "pairing already complete",
    }[result.method]
    click.echo(f"Round {result.round} ({how})")
    click.echo(f"{'Table':>5}  {black:<34} {white:<34} Penalty")
    for t, b in enumerate(result.boards, 1):
        left = f"{_name(event, b.black)} [{format_points(st.players[b.black].score)}]"
        right = f"{_name(event, b.white)} [{format_points(st.players[b.white].score)}]"
        pen = "manual" if b.how == "manual" else "" if b.penalty is None else str(b.penalty)
        click.echo(f"{t:>5}  {left:<34} {right:<34} {pen}")
        if details and b.how == "optimisation":
            terms = components(cfg.penalties, st, b.black, b.white)
            click.echo(
                " " * 7
                + ", ".join(f"{k} {v}" for k, v in terms.items())
                + f"; colours: {b.colours}"
            )
    if result.bip is not None:
        extra = "" if result.bip_penalty is None else f" {result.bip_penalty}"
        click.echo(f"{'':>5}  {_name(event, result.bip) + ' - Bip':<69}{extra}")
    if save and result.method != "existing":
        save_event(event_file, result.apply(event))
        click.echo(f"(saved in {event_file})")


@papp.command("result")
@click.argument("event_file", metavar="EVENT")
@click.argument("entries", nargs=-1, required=True)
def result(event_file: str, entries: tuple[str, ...]) -> None:
    """Record results: '145 40' (discs), '145+4', '145=', '145-6' (difference)."""
    from mipair.systems.papp.event_io import read_event, save_event
    from mipair.systems.papp.scoring import enter_result

    event = read_event(event_file)
    total = event.settings.total_discs
    for entry in entries:
        try:
            before = {g.black: g.black_discs for g in event.round(event.round_to_pair).games}
            event, game = enter_result(event, entry)
            if before.get(game.black) not in (None, game.black_discs):
                click.echo(
                    f"mipair: warning: {entry!r} replaces the score "
                    f"{before[game.black]}/{total - before[game.black]}",
                    err=True,
                )
        except InputError as exc:
            raise InputError(exc.message, file=event_file, field=f"result {entry!r}") from None
        click.echo(
            f"{_name(event, game.black)} {game.black_discs}/{total - game.black_discs} "
            f"{_name(event, game.white)}"
        )
    save_event(event_file, event)


@papp.command("standings")
@click.argument("event_file", metavar="EVENT")
@click.option("--after", type=int, help="Standings after this round (default: the last complete).")
@click.option("--teams", is_flag=True, help="Team standings (players of one country).")
def standings_cmd(event_file: str, after: int | None, teams: bool) -> None:
    """Print the standings: points, tie-break (Brightwell), discs."""
    from mipair.systems.papp.event_io import read_event
    from mipair.systems.papp.scoring import (
        format_points,
        format_tiebreak,
        standings,
        team_standings,
    )

    event = read_event(event_file)
    rnd = event.completed if after is None else after
    if teams:
        click.echo(f"Team standings after round {rnd}")
        for k, (country, pts) in enumerate(team_standings(event, after), 1):
            click.echo(f"{k:>4}  {format_points(pts):>5}  {country}")
        return
    s = event.settings
    tb = "Buchholz" if s.discless else "Discs" if s.brightwell == 0 else "Brightwell"
    click.echo(f"Standings after round {rnd}")
    click.echo(f"{'Rank':>4}  {'Pts':>5}  {tb:>10}  {'Discs':>6}  Player")
    prev, rank = None, 0
    for k, ln in enumerate(standings(event, after), 1):
        if (ln.points, ln.tiebreak) != prev:
            rank, prev = k, (ln.points, ln.tiebreak)
        mark = " " if ln.present else "-"
        country = event.country_of(ln.id)
        click.echo(
            f"{rank:>4}  {format_points(ln.points):>5}  {format_tiebreak(ln.tiebreak):>10}"
            f"  {ln.discs:>6} {mark}{_name(event, ln.id)} {country}".rstrip()
        )


@papp.command("config")
@click.argument("output", required=False)
def config_cmd(output: str | None) -> None:
    """Write PAPP's default configuration to OUTPUT (default: standard output)."""
    from mipair.systems.papp.config import default_config_path

    text = default_config_path().read_text(encoding="utf-8")
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise FileAccessError(f"cannot write: {exc.strerror}", file=output) from None
