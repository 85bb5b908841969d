"""The ``mipair`` command: click subcommands plus the JaVaFo/bbpPairings forms.

``main()`` is the console-script entry point. A drop-in command line
(``mipair --dutch IN -p OUT``, as tournament managers call it once per round)
is handled without importing click: a whole process per round, its start-up
time counts. The click group lives in :mod:`mipair.cli.group`.
"""

from __future__ import annotations

import gc
import sys

from mipair.cli import dropin
from mipair.cli.guard import run_guarded

DROPIN_GC = (20_000, 20, 10)  # a one-round process: the cyclic collector's first generation
# at 20,000 objects instead of 700 (a 50-player round ran it 66 times, about 7% of its CPU
# time, for a few hundred objects freed); memory is still reclaimed by reference counts


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: ``mipair ...``."""
    args = sys.argv[1:] if argv is None else list(argv)
    if dropin.is_dropin(args):
        gc.set_threshold(*DROPIN_GC)
        code = run_guarded(lambda: dropin.run(args))
    else:
        from mipair.cli.group import cli

        code = run_guarded(lambda: cli.main(args, prog_name="mipair", standalone_mode=False))
    raise SystemExit(code)


if __name__ == "__main__":
    main()
