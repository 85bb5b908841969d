"""The JaVaFo / bbpPairings command lines, so mipair can replace either engine.

Accepted forms (``[-r]`` prints the version first; SYSTEM is ``--dutch``,
``--dubov``, ``--burstein`` or ``--lim``, the FIDE system of that name; ``--rules
EDITION`` pairs with another edition of its rules, e.g. ``--rules 2017`` for the
Dutch rules before 2026; by default the newest)::

    mipair [-r]
    mipair [-r] SYSTEM IN -p [OUT] [-l [LIST]]         pair the next round
    mipair [-r] SYSTEM IN -c [-l [LIST]]               check every round of IN
    mipair [-r] SYSTEM (MODEL -g | -g [CONFIG]) -o TRF [-s SEED] [-l [LIST]]
    mipair IN -p OUT [-l LIST] [-w] [-q N]             JaVaFo order (--dutch implied)

The pairing work itself lives in the engine's modules, imported on demand:
``mipair.cli.pairfile.dropin_pair(input, output, rules, checklist)``,
``mipair.cli.check.dropin_check(input=, rules=, checklist=)`` and
``mipair.cli.check.dropin_generate(model=, config=, output=, seed=, rules=, checklist=)``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

from mipair import __version__
from mipair.cli.forms import MODES, SYSTEMS
from mipair.cli.forms import is_dropin as is_dropin  # where callers have always found it
from mipair.cli.streams import say
from mipair.errors import EXIT_BAD_INPUT, EXIT_UNEXPECTED


class DropInUsage(Exception):
    """A malformed JaVaFo/bbpPairings command line (exit 3, like bbpPairings)."""


@dataclass
class DropIn:
    """A parsed JaVaFo/bbpPairings command line."""

    mode: str | None = None  # "-p", "-c", "-g" or None (just -r)
    system: str = "--dutch"
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
        elif a in SYSTEMS:
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
    if d.rules is not None:
        from mipair.systems.fide.edition import available_editions

        editions = available_editions(d.system.removeprefix("--"))
        if d.rules not in editions:
            raise DropInUsage(
                f"--rules takes {' or '.join(editions) or 'no edition'} with {d.system}"
            )
    if list_flag and d.checklist is None:
        base = d.input if d.mode != "-g" or d.output is None else d.output
        d.checklist = str(Path(base or "mipair").with_suffix(".list"))
    return d


USAGE = """Drop-in command lines of JaVaFo and bbpPairings:
  mipair [-r]
  mipair [-r] [--rules EDITION] SYSTEM INPUT -p [OUTPUT] [-l [CHECKLIST]]
  mipair [-r] [--rules EDITION] SYSTEM INPUT -c [-l [CHECKLIST]]
  mipair [-r] [--rules EDITION] SYSTEM (MODEL -g | -g [CONFIG]) -o TRF [-s SEED] [-l [CHECKLIST]]
  mipair INPUT -p OUTPUT [-l CHECKLIST] [-w] [-q N]      (JaVaFo's order, --dutch)
  SYSTEM: --dutch, --dubov, --burstein or --lim (the FIDE Swiss systems)"""
"""The forms, shown by ``mipair --help``; a malformed one is a single line and exit 3."""


class FeatureMissing(Exception):
    """A drop-in form whose implementing module has not landed in this build."""


def _feature(module: str, name: str):
    """Import ``module.name`` or explain that the feature has not landed yet."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if (exc.name and module.startswith(exc.name)) or exc.name == module:
            raise FeatureMissing(f"{module} is not available yet in this build") from None
        raise
    fn = getattr(mod, name, None)
    if fn is None:
        raise FeatureMissing(f"{module}.{name} is not available yet in this build")
    return fn


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
    from mipair.systems.registry import SYSTEMS as REGISTERED

    if system not in REGISTERED:
        say(f"mipair: {d.system} is not available in this build")
        return EXIT_BAD_INPUT
    try:
        if d.mode == "-p":
            result = _feature("mipair.cli.pairfile", "dropin_pair")(
                system, d.input, d.output, d.rules, d.checklist
            )
        elif d.mode == "-c":
            result = _feature("mipair.cli.check", "dropin_check")(
                system, input=d.input, rules=d.rules, checklist=d.checklist
            )
        else:
            result = _feature("mipair.cli.check", "dropin_generate")(
                system,
                model=d.input,
                config=d.config,
                output=d.output,
                seed=d.seed,
                rules=d.rules,
                checklist=d.checklist,
            )
    except FeatureMissing as exc:
        say(f"mipair: {exc}")
        return EXIT_UNEXPECTED
    return result if isinstance(result, int) else 0
