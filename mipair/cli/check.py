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

import click

from mipair.cli.options import jobs_option, progress_option, system_option
from mipair.cli.tables import table_options, table_target
from mipair.errors import EXIT_BAD_INPUT, FileAccessError, InputError
from mipair.systems.dutch.edition import available_editions

EXIT_DIFFERS = 6
EXIT_ILLEGAL = 7
RULES = click.Choice(available_editions())
SUFFIXES = (".trf", ".trfx", ".trf26", ".txt")
OTHER_SUFFIXES = (".xml",)  # the files of the other systems (McMahon: OpenGotha XML)


def _files(paths: tuple[str, ...], suffixes: tuple[str, ...] = SUFFIXES) -> list[str]:
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
    files: list[str],
    rules: str,
    jobs: int,
    progress: bool | None,
    with_checklist: bool = False,
    cluster: str | None = None,
):
    """Check every round of every file; returns (TournamentCheck list, check-list rounds)."""
    from mipair.check.parallel import RoundTask, check_task, run
    from mipair.check.replay import TournamentCheck
    from mipair.errors import MipairError
    from mipair.formats.trf import read_tournament
    from mipair.snapshot import rounds_to_check

    checks: list[TournamentCheck] = []
    tasks: list[RoundTask] = []
    owner: list[TournamentCheck] = []
    for f in files:
        tc = TournamentCheck(f, rules)
        checks.append(tc)
        try:
            t = read_tournament(f)
        except MipairError as exc:
            if len(files) == 1:
                raise
            tc.error = exc.located()
            continue
        for r in rounds_to_check(t):
            tasks.append(RoundTask(f, r, rules, with_checklist))
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
            lists.append((rc.round, rules, table))
    return checks, lists


def check_with_system(files: list[str], system: str, rules: str | None):
    """Every published round of every file re-paired by another system (through the
    pairing-system interface, in this process): the TournamentCheck list."""
    from mipair.check.replay import TournamentCheck, check_published
    from mipair.errors import MipairError
    from mipair.systems.registry import get_system

    pairing_system = get_system(system)
    edition = pairing_system.edition(rules)
    checks: list[TournamentCheck] = []
    for f in files:
        tc = TournamentCheck(f, edition or system)
        checks.append(tc)
        try:
            published = list(pairing_system.published(f, edition))
        except MipairError as exc:
            if len(files) == 1:
                raise
            tc.error = exc.located()
            continue
        tc.rounds = [check_published(pairing_system, r.pairing, r.state) for r in published]
    return checks


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
    help="Edition of the rules (FIDE Dutch: " + ", ".join(available_editions()) + "; "
    "McMahon: the OpenGotha behaviour, 3.52 or 3.51); default: the system's first.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the verdicts as JSON.")
@click.option(
    "-l",
    "--list",
    "checklist",
    type=click.Path(),
    help="Write the check list of every round here (JSON if the name ends in .json); "
    "one file only.",
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
    system: str,
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
    or the first criterion it loses on, with both values and which way is better. Criteria
    are compared bracket by bracket in the edition's order, by the functions the engine
    optimises. Exit 0 when all rounds agree, 6 when some differ, 7 when a published
    round breaks an absolute rule. With --system mcmahon (OpenGotha XML files) a
    difference is told by total weight and the weight term that decides it.
    """
    from mipair.check.checklist import write_checklist
    from mipair.check.report import tournament_text

    table = table_target(table_format, output)
    if system == "dutch":
        files = _files(paths)
        if checklist and len(files) != 1:
            raise InputError("-l/--list needs exactly one tournament file", field="-l")
        if rules is not None and rules not in available_editions():
            raise click.BadParameter(f"{rules!r} is not one of {', '.join(available_editions())}")
        checks, lists = check_files(
            files, rules or "2026", _jobs(jobs), progress, bool(checklist), cluster
        )
    else:
        if checklist or cluster:
            raise InputError(
                "-l/--list and --cluster are for the FIDE Dutch system", field="--system"
            )
        checks, lists = check_with_system(_files(paths, OTHER_SUFFIXES), system, rules), []
    if checklist:
        write_checklist(checklist, lists)
    if table:
        from mipair.results.check_report import write_report

        write_report(checks, table[1], table[0])
    if as_json:
        click.echo(json.dumps({"files": [tc.to_json() for tc in checks]}, indent=1))
    else:
        for tc in checks:
            click.echo(tournament_text(tc), nl=False)
    raise SystemExit(exit_code(checks))


def dropin_check(input: str, rules: str = "2026", checklist: str | None = None) -> int:
    """``mipair --dutch FILE -c [-l LIST]``: JaVaFo/bbpPairings layout, exit 0."""
    from mipair.check.checklist import write_checklist
    from mipair.check.report import dropin_text

    checks, lists = check_files([input], rules, 1, False, bool(checklist))
    if checklist:
        write_checklist(checklist, lists)
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
    "--rules",
    type=RULES,
    default="2026",
    show_default=True,
    help="Edition of the FIDE Dutch rules used to pair each round.",
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
    rules: str,
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
        note = write_generated(GenerateTask(cfg, first, rules, out, edition, checklist))
        click.echo(f"{out}: seed {first}, {time.perf_counter() - start:.1f} s")
        if note:
            click.echo(f"mipair: note: {note}", err=True)
        return
    tasks = [
        GenerateTask(cfg, first + k, rules, output_name(output, first + k, True), edition)
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
    model: str | None = None,
    config: str | None = None,
    output: str | None = None,
    seed: str | None = None,
    rules: str = "2026",
    checklist: str | None = None,
) -> int:
    """``mipair --dutch (MODEL -g | -g [CONFIG]) -o OUT [-s SEED] [-l LIST]``."""
    from mipair.check.parallel import GenerateTask, write_generated

    assert output is not None
    cfg = load_config(config, model)
    note = write_generated(GenerateTask(cfg, parse_seed(seed), rules, output, "trf26", checklist))
    if note:
        print(f"mipair: note: {note}", file=sys.stderr)
    return 0
