"""``mipair roundrobin FILE|--players N``: a round robin's whole schedule, and its drawing of lots.

A round robin is paired before round 1: the drawing of lots gives every
player his pairing number, the Berger table (C.05 Annex 1) every round
(``models/round-robin-2026.md``). This command prints the whole schedule at
once (text or ``--json``; ``--html PAGE`` also writes a printable page), and with ``--seed``
draws the lots of a file's players (plain, or ``--varma`` by federation,
Annex 2), reproducibly: the file is written back (or to ``-o``) with the
players renumbered, the draw recorded in its comment line, the tournament
type (192) and the number of rounds (142).
"""

from __future__ import annotations

import json

import click

from mipair.errors import InputError
from mipair.formats.text import load, newline_of, save
from mipair.formats.trf import parse_text, write_tournament
from mipair.model import Tournament
from mipair.systems.roundrobin.draw import drawn
from mipair.systems.roundrobin.lots import PLAIN, VARMA
from mipair.systems.roundrobin.schedule import FIDE_DOUBLE, SINGLE
from mipair.systems.roundrobin.schedule_view import schedule_text, schedule_view
from mipair.systems.roundrobin.settings import Cycles, settings
from mipair.systems.roundrobin.state import check_field, type_of
from mipair.systems.roundrobin.trf_type import round_robin_cycles

MAX_PLAYERS = 9999
"""The largest field a TRF file numbers."""


def chosen_cycles(double: bool, code: str | None, t: Tournament | None) -> Cycles:
    """The cycles asked for: ``--type``, ``--double``, else the file's type, else single."""
    if code is not None:
        cycles = round_robin_cycles(code)
        if cycles is None:
            known = ", ".join(settings().types)
            raise InputError(
                f"{code!r} is not a round robin's type ({known}, BERGER_ROUNDROBIN_G<n>)",
                field="--type",
            )
        return cycles
    if double:
        return FIDE_DOUBLE
    if t is None:
        return SINGLE
    return type_of(t)


@click.command("roundrobin")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("-n", "--players", type=int, help="The schedule of N numbered players (no file).")
@click.option("--double", is_flag=True, help="A double round robin (FIDE_DOUBLEROUNDROBIN).")
@click.option(
    "--type",
    "code",
    metavar="CODE",
    help="The tournament type (192): FIDE_ROUNDROBIN, FIDE_DOUBLEROUNDROBIN, "
    "BERGER_DOUBLEROUNDROBIN, BERGER_ROUNDROBIN_G<n>... (default: the file's, else single).",
)
@click.option(
    "--seed",
    metavar="SEED",
    help="Draw the lots of FILE's players with this seed (one word) and write the file.",
)
@click.option(
    "--varma",
    is_flag=True,
    help="The Varma draw by federation (C.05 Annex 2, 9-24 players); with --players N: its groups.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(),
    help="With --seed: write the drawn file here (default: FILE).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the schedule as JSON.")
@click.option(
    "--html",
    "html_file",
    type=click.Path(dir_okay=False),
    help="Also write the schedule as a printable page here.",
)
def roundrobin(
    file: str | None,
    players: int | None,
    double: bool,
    code: str | None,
    seed: str | None,
    varma: bool,
    output: str | None,
    as_json: bool,
    html_file: str | None,
) -> None:
    """Print a round robin's whole schedule (the Berger tables, C.05 Annex 1): of FILE's
    players by their pairing numbers, or of N numbered players (--players N). With --seed,
    first draw the lots of FILE's players (plain, or --varma by federation), reproducibly
    from the seed, and write the file (or -o OUT) as TRF-2026: players renumbered, the draw
    recorded in its "### mipair drawing of lots" line, the type (192) and the rounds (142)."""
    if (file is None) == (players is None):
        raise InputError("give a tournament FILE or --players N, not both", field="roundrobin")
    if double and code is not None:
        raise InputError("--double or --type, not both", field="--double")
    t = None
    if file is not None:
        text = load(file)
        t = parse_text(text, file)
        cycles, size = chosen_cycles(double, code, t), len(t.players)
        t = tournament(t, text, seed, varma, output, cycles)
    else:
        assert players is not None
        if seed is not None:
            raise InputError("--seed draws the lots of a FILE's players", field="--seed")
        if not 2 <= players <= MAX_PLAYERS:
            raise InputError(f"a round robin has 2 to {MAX_PLAYERS} players", field="--players")
        cycles, size = chosen_cycles(double, code, None), players
    try:
        view = schedule_view(size, cycles, t, varma=varma)
    except ValueError as exc:
        raise InputError(str(exc), field="--varma") from None
    if html_file:
        from mipair.desk.chess.pages import page

        save(html_file, page("schedule", view))
    if as_json:
        click.echo(json.dumps(view, indent=1, ensure_ascii=False))
    else:
        click.echo(schedule_text(view), nl=False)


def tournament(
    t: Tournament, text: str, seed: str | None, varma: bool, output: str | None, cycles: Cycles
) -> Tournament:
    """The file's tournament (``text`` as read) checked against the table of ``cycles``; with
    ``seed``, its lots drawn first and the file written (to ``output``, else in place)."""
    path = t.source or "<file>"
    if seed is None:
        if varma:
            raise InputError("--varma draws the lots: give --seed too", field="--varma")
        if output is not None:
            raise InputError("-o writes the file a draw makes: give --seed", field="-o")
        return check_field(t, cycles)
    t = drawn(t, seed, VARMA if varma else PLAIN, cycles)
    target = output or path
    save(target, write_tournament(t, "trf26", newline_of(text)))
    method = VARMA if varma else PLAIN
    click.echo(f"{target}: the lots drawn ({method}, seed {seed})", err=True)
    return t
