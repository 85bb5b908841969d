"""``mipair check``, ``mipair generate`` and the drop-in ``-c`` / ``-g`` forms.

Exit codes of ``mipair check`` (besides 3 bad input, 5 file access):

* 0  every round of every file agrees with mipair (pairs and colours);
* 6  some round differs, and every published round is legal;
* 7  some published round breaks an absolute rule (C1 rematch, C2 bye
     eligibility, C3 colour clash, a forbidden pair, players left out or twice).

The drop-in ``mipair --dutch FILE -c`` prints JaVaFo's and bbpPairings'
layout and, like them, exits 0 once the file could be checked.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from mipair.cli.options import jobs_option, progress_option, system_option
from mipair.cli.tables import table_options, table_target
from mipair.errors import EXIT_BAD_INPUT, FileAccessError, InputError
from mipair.systems.registry import trf_system_names

if TYPE_CHECKING:
    from mipair.systems.base import PairingSystem

EXIT_DIFFERS = 6
EXIT_ILLEGAL = 7
GENERATED_SYSTEMS = trf_system_names()
"""The systems ``generate`` can pair a random tournament with (the FIDE systems of TRF
files: Dutch, Dubov, Burstein, Lim, those registered), the default first."""


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


def _show_progress(flag: bool | None, tasks: int) -> bool:
    return flag if flag is not None else (tasks > 1 and sys.stderr.isatty())


def check_files(
    system: PairingSystem,
    files: list[str],
    rules: str | None,
    jobs: int,
    progress: bool | None,
    with_checklist: bool = False,
    cluster: str | None = None,
):
    """Check every round of every file with ``system``, in this process, on ``jobs``
    processes or on a Dask cluster; returns (TournamentCheck list, check-list rounds)."""
    from mipair.check.parallel import RoundTask, check_task, run
    from mipair.check.replay import TournamentCheck
    from mipair.errors import MipairError

    shown = rules or system.title
    checks: list[TournamentCheck] = []
    tasks: list[RoundTask] = []
    owner: list[TournamentCheck] = []
    for f in files:
        tc = TournamentCheck(f, shown)
        checks.append(tc)
        try:
            rounds = system.rounds_published(system.document(f))
        except MipairError as exc:
            if len(files) == 1:
                raise
            tc.error = exc.located()
            continue
        for r in rounds:
            tasks.append(RoundTask(system.name, f, r, rules, with_checklist))
            owner.append(tc)
    show = _show_progress(progress, len(tasks))
    if cluster:  # the Dask cluster at this address (mipair/check/cluster.py)
        from mipair.check.cluster import run_on_cluster

        results = run_on_cluster(tasks, cluster, show)
    else:
        results = run(check_task, tasks, jobs, "checking rounds", show)
    lists = []
    for tc, (rc, table) in zip(owner, results):
        tc.rounds.append(rc)
        if table is not None:
            lists.append((rc.round, rc.edition or shown, table))
    return [tc.named() for tc in checks], lists


def exit_code(checks) -> int:
    """The documented exit code of ``mipair check`` (see the module docstring)."""
    if any(tc.error for tc in checks):
        return EXIT_BAD_INPUT
    rounds = [rc for tc in checks for rc in tc.rounds]
    if any(rc.violations for rc in rounds):
        return EXIT_ILLEGAL
    return EXIT_DIFFERS if any(not rc.agrees for rc in rounds) else 0


def _jobs(jobs: int | None) -> int:
    from mipair.check.parallel import default_jobs

    return jobs if jobs and jobs > 0 else default_jobs()


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@system_option()
@click.option(
    "--rules",
    default=None,
    metavar="EDITION",
    help="Edition of the rules (FIDE Dutch: 2026, 2017, 2012; McMahon: the OpenGotha "
    "behaviour, 3.52 or 3.51); default: the system's first.",
)
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
    system: str | None,
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
    from mipair.check.report import tournament_text
    from mipair.systems.registry import resolve

    table = table_target(table_format, output)
    pairing_system = resolve(system, paths[0])
    files = _files(paths, pairing_system.file_suffixes)
    if checklist and len(files) != 1:
        raise InputError("-l/--list needs exactly one tournament file", field="-l")
    edition = pairing_system.edition(rules)
    checks, lists = check_files(
        pairing_system, files, edition, _jobs(jobs), progress, bool(checklist), cluster
    )
    if checklist:
        pairing_system.write_check_lists(checklist, lists)
    if table:
        from mipair.results.check_report import write_report

        write_report(checks, table[1], table[0])
    if as_json:
        click.echo(json.dumps({"files": [tc.to_json() for tc in checks]}, indent=1))
    else:
        for tc in checks:
            click.echo(tournament_text(tc), nl=False)
    raise SystemExit(exit_code(checks))


def dropin_check(
    system_name: str, input: str, rules: str | None = None, checklist: str | None = None
) -> int:
    """``mipair --dutch FILE -c [-l LIST]``: JaVaFo/bbpPairings layout, exit 0."""
    from mipair.check.report import dropin_text
    from mipair.systems.registry import get_system

    system = get_system(system_name)
    edition = system.edition(rules)
    checks, lists = check_files(system, [input], edition, 1, False, bool(checklist))
    if checklist:
        system.write_check_lists(checklist, lists)
    click.echo(dropin_text(Path(input).name, checks[0].rounds), nl=False)
    return 0


# -- generate ---------------------------------------------------------------


def load_config(config: str | None, model: str | None):
    """The generator configuration from a config file, a model TRF, or the defaults."""
    from mipair.check.config import GeneratorConfig, from_model, parse_config
    from mipair.formats.text import load
    from mipair.formats.trf import read_tournament

    if config and model:
        raise InputError("give a configuration file or a model tournament, not both")
    if model:
        return from_model(read_tournament(model))
    if config:
        return parse_config(load(config), config)
    return GeneratorConfig()


def parse_seed(seed: str | int | None) -> int:
    from mipair.check.generate import SEED_MAX, new_seed

    if seed is None:
        return new_seed()
    try:
        value = int(seed)
    except ValueError:
        raise InputError(f"the seed must be a whole number, not {seed!r}", field="-s") from None
    if not 0 <= value <= SEED_MAX:
        raise InputError(f"the seed must be between 0 and {SEED_MAX}", field="-s")
    return value


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
    help="Edition of the system's rules (FIDE Dutch: 2026, 2017, 2012; the others: 2026; "
    "default: the newest).",
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
    import time

    from mipair.check.parallel import GenerateTask, generate_task, run, write_generated

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
    results = run(generate_task, tasks, _jobs(jobs), "generating", _show_progress(progress, count))
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


def dropin_generate(
    system: str,
    model: str | None = None,
    config: str | None = None,
    output: str | None = None,
    seed: str | None = None,
    rules: str | None = None,
    checklist: str | None = None,
) -> int:
    """``mipair --dutch (MODEL -g | -g [CONFIG]) -o OUT [-s SEED] [-l LIST]``."""
    from mipair.check.parallel import GenerateTask, write_generated

    assert output is not None
    cfg = load_config(config, model)
    task = GenerateTask(system, cfg, parse_seed(seed), rules, output, "trf26", checklist)
    note = write_generated(task)
    if note:
        print(f"mipair: note: {note}", file=sys.stderr)
    return 0
