"""The JaVaFo / bbpPairings command lines, so mipair can replace either engine.

Accepted forms (``[-r]`` prints the version first; SYSTEM is the flag of a
system the registry marks as a drop-in one, ``--dutch`` and the other FIDE
Swiss systems; ``--rules EDITION`` pairs with another edition of its rules,
e.g. ``--rules 2017`` for the Dutch rules before 2026; by default the newest)::

    mipair [-r]
    mipair [-r] SYSTEM IN -p [OUT] [-l [LIST]]         pair the next round
    mipair [-r] SYSTEM IN -c [-l [LIST]]               check every round of IN
    mipair [-r] SYSTEM (MODEL -g | -g [CONFIG]) -o TRF [-s SEED] [-l [LIST]]
    mipair IN -p OUT [-l LIST] [-w] [-q N]             JaVaFo order (the default system)

The ``mipair`` command runs these in its own process (:mod:`mipair.cli.main`),
the resident pairing process in its children (:mod:`mipair.resident`), both
through :func:`run_dropin`. A ``-p`` call loads neither the checker nor the
generator: ``-c`` and ``-g`` import them when they run.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from pathlib import Path

from mipair import __version__
from mipair.errors import EXIT_BAD_INPUT
from mipair.formats.destination import Outputs
from mipair.operations.forms import MODES, system_flags
from mipair.operations.outcome import run_guarded
from mipair.operations.pairing import dropin_text, pair_file
from mipair.operations.streams import say
from mipair.systems.registry import get_system

DROPIN_GC = (20_000, 20, 10)  # a one-round process: the cyclic collector's first generation
# at 20,000 objects instead of 700 (a 50-player round ran it 66 times, about 7% of its CPU
# time, for a few hundred objects freed); memory is still reclaimed by reference counts


class DropInUsage(Exception):
    """A malformed JaVaFo/bbpPairings command line (exit 3, like bbpPairings)."""


@dataclass
class DropIn:
    """A parsed JaVaFo/bbpPairings command line."""

    mode: str | None = None  # "-p", "-c", "-g" or None (just -r)
    system: str = ""  # the system flag; "": the registry's first drop-in system
    input: str | None = None  # TRF to pair/check, or the model file of -g
    output: str | None = None  # -p OUT / -o TRF
    config: str | None = None  # -g CONFIG
    seed: str | None = None  # -s SEED
    checklist: str | None = None  # -l LIST (a default name when -l has no value)
    rules: str | None = None  # None: the system's newest edition
    version: bool = False


def _value(args: list[str], i: int) -> str | None:
    """The optional value after a flag (None if the next token is a flag or missing)."""
    if i + 1 < len(args) and not (args[i + 1].startswith("-") and len(args[i + 1]) > 1):
        return args[i + 1]
    return None


def parse(args: list[str]) -> DropIn:
    """Parse the forms above; raise DropInUsage when they are not respected."""
    d = DropIn()
    positional: list[str] = []
    list_flag = False
    i = 0
    while i < len(args):
        a = args[i]
        nxt = _value(args, i)
        if a == "-r":
            d.version = True
        elif a in system_flags():
            d.system = a
        elif a == "--rules":
            if nxt is None:
                raise DropInUsage("--rules needs an edition")
            d.rules, i = nxt, i + 1
        elif a in MODES:
            if d.mode is not None:
                raise DropInUsage(f"{d.mode} and {a} cannot be combined")
            d.mode = a
            if a == "-p" and nxt is not None and positional:
                d.output, i = nxt, i + 1
            elif a == "-g" and nxt is not None:
                d.config, i = nxt, i + 1
        elif a in ("-o", "-s", "-q"):
            if nxt is None:
                raise DropInUsage(f"{a} needs a value")
            if a == "-o":
                d.output = nxt
            elif a == "-s":
                d.seed = nxt
            i += 1
        elif a == "-l":
            list_flag = True
            if nxt is not None:
                d.checklist, i = nxt, i + 1
        elif a == "-w":
            pass  # JaVaFo's weighted-matching switch: mipair always solves exactly
        elif a.startswith("-") and len(a) > 1:
            raise DropInUsage(f"unknown option {a}")
        else:
            if positional or (d.mode is not None and d.mode != "-g"):
                raise DropInUsage(f"unexpected argument {a!r}")
            positional.append(a)
        i += 1
    if positional:
        d.input = positional[0]
    if d.mode in ("-p", "-c") and d.input is None:
        raise DropInUsage(f"{d.mode} needs an input file before it")
    if d.mode == "-g" and d.output is None:
        raise DropInUsage("-g needs -o TRF_FILE")
    if d.mode is None and not d.version:
        raise DropInUsage("one of -p, -c or -g is needed")
    if not d.system:
        d.system = system_flags()[0]
    if d.rules is not None:
        editions = get_system(d.system.removeprefix("--")).editions()
        if d.rules not in editions:
            raise DropInUsage(
                f"--rules takes {' or '.join(editions) or 'no edition'} with {d.system}"
            )
    if list_flag and d.checklist is None:
        base = d.input if d.mode != "-g" or d.output is None else d.output
        d.checklist = str(Path(base or "mipair").with_suffix(".list"))
    return d


def run_dropin(args: list[str]) -> int:
    """Run a drop-in command line in this process, its outcome guarded
    (:mod:`mipair.operations.outcome`); its exit code."""
    gc.set_threshold(*DROPIN_GC)
    return run_guarded(lambda: run(args))


def run(args: list[str]) -> int:
    """Run a drop-in command line; returns the exit code."""
    try:
        d = parse(args)
    except DropInUsage as exc:
        say(f"mipair: {exc} (see mipair --help)")
        return EXIT_BAD_INPUT
    if d.version:
        print(f"mipair {__version__}")
    if d.mode is None:
        return 0
    system = d.system.removeprefix("--")
    if d.mode == "-p":
        assert d.input is not None
        return dropin_pair(system, d.input, d.output, d.rules, d.checklist)
    if d.mode == "-c":
        assert d.input is not None
        return dropin_check(system, d.input, d.rules, d.checklist)
    assert d.output is not None
    return dropin_generate(system, d.input, d.config, d.output, d.seed, d.rules, d.checklist)


def dropin_pair(
    name: str, input: str, output: str | None, rules: str | None, checklist: str | None
) -> int:
    """``mipair --dutch IN -p [OUT]``: bbpPairings' output format and exit codes.

    With ``-l LIST`` the pairing and its check list are written all or none
    (:class:`mipair.formats.destination.Outputs`): OUT is prepared, the check
    list written, and OUT put in place only then, so a check list that cannot
    be written leaves OUT as it was. Not forced to disk: the pairing is
    recomputed from the input file, which mipair never changes."""
    paired = pair_file(input, get_system(name), rules)
    system, pairing = paired.system, paired.pairing
    outputs = Outputs(durable=False)
    outputs.add_text(output or "-", dropin_text(pairing))

    def write_check_list() -> None:
        system.write_check_lists(checklist or "", [system.check_list(paired.state, pairing)])

    outputs.write(before_commit=write_check_list if checklist else None)
    return 0


def dropin_check(name: str, input: str, rules: str | None, checklist: str | None) -> int:
    """``mipair --dutch FILE -c [-l LIST]``: JaVaFo/bbpPairings layout, exit 0."""
    from mipair.check.report import dropin_text as check_text  # not loaded by -p
    from mipair.operations.judging import check_files

    system = get_system(name)
    edition = system.edition(rules)
    checks, lists = check_files(system, [input], edition, with_checklist=bool(checklist))
    if checklist:
        system.write_check_lists(checklist, lists)
    print(check_text(Path(input).name, checks[0].rounds), end="")
    return 0


def dropin_generate(
    name: str,
    model: str | None,
    config: str | None,
    output: str,
    seed: str | None,
    rules: str | None,
    checklist: str | None,
) -> int:
    """``mipair --dutch (MODEL -g | -g [CONFIG]) -o OUT [-s SEED] [-l LIST]``."""
    from mipair.check.config import load_config  # the generator: not loaded by -p
    from mipair.check.generate import parse_seed
    from mipair.check.parallel import GenerateTask, write_generated

    cfg = load_config(config, model)
    task = GenerateTask(name, cfg, parse_seed(seed), rules, output, "trf26", checklist)
    note = write_generated(task)
    if note:
        say(f"mipair: note: {note}")
    return 0
