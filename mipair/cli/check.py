"""``mipair check`` and ``mipair generate`` (the drop-in ``-c`` / ``-g`` forms are
:mod:`mipair.operations.dropin`'s).

Exit codes of ``mipair check`` (besides 3 bad input, 5 file access):

* 0  every round of every file agrees with mipair (pairs and colours);
* 6  some round differs, and every published round is legal;
* 7  some published round breaks an absolute rule (C1 rematch, C2 bye
     eligibility, C3 colour clash, a forbidden pair, players left out or twice).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from mipair.check.config import load_config
from mipair.check.generate import parse_seed
from mipair.check.parallel import GenerateTask, default_jobs, generate_task, run, write_generated
from mipair.check.replay import TournamentCheck
from mipair.check.report import tournament_text
from mipair.cli.options import jobs_option, progress_option, rules_option, system_option
from mipair.cli.tables import table_options, table_target
from mipair.errors import EXIT_BAD_INPUT, FileAccessError, InputError
from mipair.operations.files import system_of
from mipair.operations.judging import check_files
from mipair.systems.base import AnySystem
from mipair.systems.registry import trf_systems

EXIT_DIFFERS = 6
EXIT_ILLEGAL = 7
GENERATED_SYSTEMS = tuple(line.name for line in trf_systems())
"""The systems ``generate`` can pair a random tournament with (those of TRF files), the
default first."""


def _files(paths: tuple[str, ...], suffixes: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(str(f) for f in path.iterdir() if f.suffix.lower() in suffixes)
            if not found:
                raise InputError(
                    f"no tournament file ({', '.join(suffixes)}) in it",
                    file=p,
                    field="directory",
                )
            out += found
        elif not path.exists():
            raise FileAccessError("no such file or directory", file=p)
        else:
            out.append(p)
    return out


def exit_code(checks: list[TournamentCheck]) -> int:
    """The documented exit code of ``mipair check`` (see the module docstring)."""
    if any(tc.error for tc in checks):
        return EXIT_BAD_INPUT
    rounds = [rc for tc in checks for rc in tc.rounds]
    if any(rc.violations for rc in rounds):
        return EXIT_ILLEGAL
    return EXIT_DIFFERS if any(not rc.agrees for rc in rounds) else 0


def _jobs(jobs: int | None) -> int:
    return jobs if jobs and jobs > 0 else default_jobs()


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@system_option()
@rules_option()
@click.option("--json", "as_json", is_flag=True, help="Print the verdicts as JSON.")
@click.option(
    "-l",
    "--list",
    "checklist",
    type=click.Path(),
    help="Write the check list of every round here (JSON if the name ends in .json); "
    "one file only; for the systems that keep one (FIDE).",
)
@jobs_option
@progress_option
@click.option(
    "--cluster",
    metavar="ADDRESS",
    default=None,
    help="Check on this Dask distributed cluster (tcp://HOST:PORT; needs mipair[cluster]).",
)
@table_options("the report, one row a round,")
def check(
    paths: tuple[str, ...],
    system: AnySystem | None,
    rules: str | None,
    as_json: bool,
    checklist: str | None,
    jobs: int | None,
    progress: bool | None,
    cluster: str | None = None,
    table_format: str | None = None,
    output: str | None = None,
) -> None:
    """Re-pair every round of each tournament file (or directory of files) from the rounds
    before it and report the rounds whose published pairing differs from mipair's.

    For each differing round: both pairings, and the absolute rule the published one breaks
    or the first criterion it loses on, with both values and which way is better, in the
    system's own terms (FIDE: criteria bracket by bracket in the edition's order; McMahon:
    total weight and the weight term that decides it; PAPP: the penalties). Exit 0 when
    all rounds agree, 6 when some differ, 7 when a published round breaks an absolute rule.
    The system is told by the files (.xml OpenGotha, .papp PAPP, else TRF) unless --system
    names it; a directory gives its files of that system.
    """
    table = table_target(table_format, output)
    pairing_system, documents = system_of(paths[0], system)
    files = _files(paths, pairing_system.file_suffixes)
    if checklist and len(files) != 1:
        raise InputError("-l/--list needs exactly one tournament file", field="-l")
    edition = pairing_system.edition(rules) if rules is not None else None  # else each file's
    checks, lists = check_files(
        pairing_system, files, edition, _jobs(jobs), progress, bool(checklist), cluster, documents
    )
    if checklist:
        pairing_system.write_check_lists(checklist, lists)
    if table:
        from mipair.results.check_report import write_report  # polars

        write_report(checks, table[1], table[0])
    if as_json:
        click.echo(json.dumps({"files": [tc.to_json() for tc in checks]}, indent=1))
    else:
        for tc in checks:
            click.echo(tournament_text(tc), nl=False)
    raise SystemExit(exit_code(checks))


# -- generate ---------------------------------------------------------------


def output_name(output: str, seed: int, many: bool) -> str:
    """OUT for one file; with --count, OUT's ``{seed}`` filled in (or ``-SEED`` added)."""
    if "{seed}" in output:
        return output.replace("{seed}", str(seed))
    if not many:
        return output
    p = Path(output)
    return str(p.with_name(f"{p.stem}-{seed}{p.suffix}"))


@click.command("generate")
@click.argument("config", required=False, type=click.Path())
@click.option(
    "-m",
    "--model",
    type=click.Path(),
    help="A real tournament (TRF) whose players and statistics to use.",
)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(),
    help="The TRF file to write ({seed} is replaced by the seed).",
)
@click.option("-s", "--seed", type=str, default=None, help="Random seed (default: a fresh one).")
@click.option(
    "--system",
    type=click.Choice(GENERATED_SYSTEMS),
    default=GENERATED_SYSTEMS[0],
    show_default=True,
    help="The FIDE system that pairs each round.",
)
@click.option(
    "--rules",
    default=None,
    metavar="EDITION",
    help="Edition of the system's rules (default: the newest).",
)
@click.option(
    "--to",
    "edition",
    type=click.Choice(["trf26", "trfx", "trf16"]),
    default="trf26",
    show_default=True,
    help="TRF edition to write.",
)
@click.option(
    "-l",
    "--list",
    "checklist",
    type=click.Path(),
    help="Write every round's check list here (JSON if the name ends in .json).",
)
@click.option(
    "-n",
    "--count",
    type=int,
    default=1,
    show_default=True,
    help="Generate this many files, seeds SEED, SEED+1, ...",
)
@jobs_option
@progress_option
def generate(
    config: str | None,
    model: str | None,
    output: str,
    seed: str | None,
    system: str,
    rules: str | None,
    edition: str,
    checklist: str | None,
    count: int,
    jobs: int | None,
    progress: bool | None,
) -> None:
    """Generate a random tournament, every round paired by mipair.

    CONFIG is a JaVaFo generator configuration (PlayersNumber, RoundsNumber,
    DrawPercentage, ForfeitRate, RetiredRate, HalfPointByeRate, HighestRating,
    LowestRating, PointsForWin, PointsForDraw, PointsForLoss, PointsForZPB,
    PointsForForfeitLoss, PointsForPAB). The seed is written into the file's 012 record.
    """
    if count < 1:
        raise InputError("--count must be at least 1", field="--count")
    if checklist and count > 1:
        raise InputError("-l/--list works with one generated file", field="-l")
    cfg = load_config(config, model)
    first = parse_seed(seed)
    if edition == "trf16":
        click.echo(
            "mipair: note: TRF16 cannot hold the number of rounds and the initial colour", err=True
        )
    if count == 1:
        start = time.perf_counter()
        out = output_name(output, first, False)
        note = write_generated(GenerateTask(system, cfg, first, rules, out, edition, checklist))
        click.echo(f"{out}: seed {first}, {time.perf_counter() - start:.1f} s")
        if note:
            click.echo(f"mipair: note: {note}", err=True)
        return
    tasks = [
        GenerateTask(system, cfg, first + k, rules, output_name(output, first + k, True), edition)
        for k in range(count)
    ]
    show = progress if progress is not None else sys.stderr.isatty()
    results = run(generate_task, tasks, _jobs(jobs), "generating", show)
    failed = [err for _, _, err, _ in results if err]
    for err in failed:
        click.echo(f"mipair: {err}", err=True)
    for _, _, _, note in results:
        if note:
            click.echo(f"mipair: note: {note}", err=True)
    click.echo(
        f"{count - len(failed)} of {count} tournaments generated "
        f"(seeds {first}..{first + count - 1})"
    )
    if failed:
        raise SystemExit(1)
