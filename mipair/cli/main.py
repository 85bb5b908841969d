"""The ``mipair`` command: click subcommands plus the JaVaFo/bbpPairings forms.

``main()`` is the console-script entry point. A drop-in command line
(``mipair --dutch IN -p OUT``, as tournament managers call it once per round)
is handled without importing click: a whole process per round, its start-up
time counts. The click group lives in :mod:`mipair.cli.group`.
"""

from __future__ import annotations

import sys

from mipair.cli import dropin
from mipair.cli.guard import run_guarded


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: ``mipair ...``."""
    args = sys.argv[1:] if argv is None else list(argv)
    if dropin.is_dropin(args):
        code = run_guarded(lambda: dropin.run(args))
    else:
        from mipair.cli.group import cli

        code = run_guarded(lambda: cli.main(args, prog_name="mipair", standalone_mode=False))
    raise SystemExit(code)


if __name__ == "__main__":
    main()
