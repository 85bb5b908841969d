"""``mipair explain`` (why a round cannot be paired) and ``mipair why`` (engine vs proposal)."""

from __future__ import annotations

import json

import click

from mipair.cli.options import rules_option, system_option
from mipair.errors import InputError
from mipair.formats.text import load, split_lines
from mipair.operations.files import open_tournament
from mipair.operations.judging import proposal
from mipair.systems.base import AnySystem


@click.command("explain")
@click.argument("file", type=click.Path())
@system_option()
@rules_option()
@click.option("--json", "as_json", is_flag=True, help="Print the explanation as JSON.")
@click.option(
    "--time-limit",
    type=float,
    default=3.0,
    show_default=True,
    help="Seconds to spend looking for the smallest reason (an irreducible one is always given).",
)
def explain(
    file: str, system: AnySystem | None, rules: str | None, as_json: bool, time_limit: float
) -> None:
    """Explain why the next round of FILE cannot be paired.

    Prints a minimal reason (the fewest facts that together make the round
    impossible), the least relaxation that makes the round pairable (among
    those of equal size, the one the pairing system itself would choose) and
    the pairing that results. Exit code 1
    when the round cannot be paired, 0 when it can.
    """
    opened = open_tournament(file, system, rules)
    e = opened.system.explain(opened.state, seconds=time_limit)
    if as_json:
        click.echo(json.dumps(e.to_json(), indent=2))
    else:
        click.echo(e.text(), nl=False)
    raise SystemExit(0 if e.has_pairing else 1)


def read_pairing_file(path: str) -> list[tuple[int, int]]:
    """The JaVaFo/bbpPairings output format: a count, then ``WHITE BLACK`` lines (``ID 0``: bye)."""
    lines = [(i, ln.split()) for i, ln in enumerate(split_lines(load(path)), 1) if ln.strip()]
    if not lines or len(lines[0][1]) != 1 or not lines[0][1][0].isdigit():
        raise InputError("the first line must be the number of pairs", file=path, line=1)
    count = int(lines[0][1][0])
    pairs = []
    for no, words in lines[1:]:
        if len(words) != 2 or not all(w.isdigit() for w in words):
            raise InputError("expected 'WHITE BLACK' (or 'ID 0' for the bye)", file=path, line=no)
        pairs.append((int(words[0]), int(words[1])))
    if len(pairs) != count:
        raise InputError(
            f"the first line announces {count} pairs, the file has {len(pairs)}", file=path, line=1
        )
    return pairs


@click.command("why")
@click.argument("file", type=click.Path())
@click.option(
    "--pair",
    "pairs",
    multiple=True,
    metavar="A-B",
    help="A board of the proposed pairing, White first (A-0: A gets the bye); players by "
    "pairing number or as the file names them (OpenGotha: the player's key). Repeat.",
)
@click.option(
    "--alternative",
    type=click.Path(),
    help="The proposed pairing in the JaVaFo/bbpPairings output format.",
)
@system_option()
@rules_option()
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
def why(
    file: str,
    pairs: tuple[str, ...],
    alternative: str | None,
    system: AnySystem | None,
    rules: str | None,
    as_json: bool,
) -> None:
    """Compare the engine's pairing of FILE's next round with a proposed one.

    Names every absolute rule the proposal breaks (and the players), else the
    first criterion, in the edition's order, on which the two differ. Exit
    code 0 when the proposal is legal, 1 when it breaks an absolute rule.
    """
    if bool(pairs) == bool(alternative):
        raise click.UsageError(
            "give the proposal either with --pair (repeatable) or with --alternative FILE"
        )
    opened = open_tournament(file, system, rules)
    pairing_system, state = opened.system, opened.state
    labels = pairing_system.labels(state)
    try:
        boards = read_pairing_file(alternative) if alternative else [labels.pair(p) for p in pairs]
    except InputError as exc:
        raise InputError(
            exc.message, file=exc.file or file, line=exc.line, field=exc.field
        ) from None
    proposed = proposal(
        pairing_system,
        state,
        boards,
        file,
        f"--alternative {alternative}" if alternative else "--pair",
    )
    result = pairing_system.compare(state, proposed)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
    else:
        click.echo(result.text(), nl=False)
    raise SystemExit(1 if result.violations else 0)
