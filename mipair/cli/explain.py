"""``mipair explain`` (why a round cannot be paired) and ``mipair why`` (engine vs proposal)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from mipair.cli.options import rules_option, system_option
from mipair.errors import InputError

if TYPE_CHECKING:
    from mipair.pairing import RoundPairing
    from mipair.systems.base import PairingSystem


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
    file: str, system: str | None, rules: str | None, as_json: bool, time_limit: float
) -> None:
    """Explain why the next round of FILE cannot be paired.

    Prints a minimal reason (the fewest facts that together make the round
    impossible), the least relaxation that makes the round pairable (among
    those of equal size, the one the pairing system itself would choose) and
    the pairing that results. Exit code 1
    when the round cannot be paired, 0 when it can.
    """
    from mipair.systems.registry import resolve

    pairing_system = resolve(system, file)
    e = pairing_system.explain(pairing_system.read(file, rules), seconds=time_limit)
    if as_json:
        click.echo(json.dumps(e.to_json(), indent=2))
    else:
        click.echo(e.text(), nl=False)
    raise SystemExit(0 if e.pairable else 1)


def read_pairing_file(path: str) -> list[tuple[int, int]]:
    """The JaVaFo/bbpPairings output format: a count, then ``WHITE BLACK`` lines (``ID 0``: bye)."""
    from mipair.formats.text import load, split_lines

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


def check_players(
    pairs: list[tuple[int, int]], entrants: frozenset[int], file: str, field: str
) -> None:
    """Every player a proposal names must be in the tournament (a Black 0 is the bye)."""
    for white, black in pairs:
        for pid in (white, black) if black else (white,):
            if pid not in entrants:
                raise InputError(
                    f"there is no player {pid} in the tournament", file=file, field=field
                )


def to_round_pairing(rnd: int, pairs: list[tuple[int, int]]) -> RoundPairing:
    """Pairs (``(id, 0)`` for the bye) as a RoundPairing; two byes are an input error."""
    from mipair.pairing import Board, RoundPairing

    byes = [a for a, b in pairs if b == 0]
    if len(byes) > 1:
        raise InputError(f"more than one bye proposed: {', '.join(map(str, byes))}")
    boards = tuple(Board(a, b) for a, b in pairs if b != 0)
    return RoundPairing(rnd, boards, byes[0] if byes else None)


def proposal(
    pairing_system: PairingSystem,
    state: object,
    pairs: list[tuple[int, int]],
    file: str = "<tournament>",
    field: str = "pair",
) -> RoundPairing:
    """The proposed round; in an odd field the one player the pairs leave out has the bye.

    A player the tournament does not have is bad input, named with ``file`` and ``field``.
    """
    check_players(pairs, pairing_system.entrants(state), file, field)
    players = pairing_system.problem(state).players
    proposed = to_round_pairing(pairing_system.round_of(state), pairs)
    left = set(players) - {p for b in proposed.boards for p in (b.white, b.black)}
    if proposed.bye is None and len(players) % 2 == 1 and len(left) == 1:
        proposed = replace(proposed, bye=left.pop())  # the one player left has the bye
    return proposed


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
    system: str | None,
    rules: str | None,
    as_json: bool,
) -> None:
    """Compare the engine's pairing of FILE's next round with a proposed one.

    Names every absolute rule the proposal breaks (and the players), else the
    first criterion, in the edition's order, on which the two differ. Exit
    code 0 when the proposal is legal, 1 when it breaks an absolute rule.
    """
    from mipair.systems.registry import resolve

    if bool(pairs) == bool(alternative):
        raise click.UsageError(
            "give the proposal either with --pair (repeatable) or with --alternative FILE"
        )
    pairing_system = resolve(system, file)
    state = pairing_system.read(file, rules)
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
