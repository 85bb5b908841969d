"""The ``mipair`` command: click subcommands plus the JaVaFo/bbpPairings forms.

``main()`` is the console-script entry point. A drop-in command line
(``mipair --dutch IN -p OUT``, as tournament managers call it once per round)
is a whole process per round, so its start-up time counts:

- it is first offered to the user's resident pairing process
  (:mod:`mipair.resident`), which has the engine imported already; this
  module imports nothing heavy before that;
- without one it runs in-process, without importing click, and then starts a
  resident in the background for the next call (``MIPAIR_RESIDENT=0``: never).

The click group lives in :mod:`mipair.cli.group`.
"""

from __future__ import annotations

import gc
import os
import sys

from mipair.cli import forms

TYPE_CHECKING = False  # typing itself is too slow to load in a drop-in call's start
if TYPE_CHECKING:
    from typing import NoReturn

DROPIN_GC = (20_000, 20, 10)  # a one-round process: the cyclic collector's first generation
# at 20,000 objects instead of 700 (a 50-player round ran it 66 times, about 7% of its CPU
# time, for a few hundred objects freed); memory is still reclaimed by reference counts


def run_dropin(args: list[str]) -> int:
    """Run a drop-in command line in this process; its exit code (also the resident's
    children run calls through here)."""
    from mipair.cli import dropin
    from mipair.cli.guard import run_guarded

    gc.set_threshold(*DROPIN_GC)
    return run_guarded(lambda: dropin.run(args))


def end_now(code: int) -> NoReturn:
    """End this process at once with the resident's exit code. Nothing of it is left to
    finish (the resident's child wrote the call's output through this process's own
    descriptors), and Python's finalisation would add about 2 ms to every call here."""
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 - contextlib is one more import in every call's start
            stream.flush()
        except (OSError, ValueError):  # closed, or a full device: the child reported it
            pass
    os._exit(code)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: ``mipair ...``."""
    args = sys.argv[1:] if argv is None else list(argv)
    if forms.is_dropin(args):
        where = None
        if forms.does_work(args):
            from mipair.resident import client

            where = client.locate()
            if where is not None:
                code = client.run_in_resident(args, where)
                if code is not None:
                    end_now(code)
        code = run_dropin(args)
        if where is not None:
            client.start_resident(where)
    else:
        from mipair.cli.group import cli
        from mipair.cli.guard import run_guarded

        code = run_guarded(lambda: cli.main(args, prog_name="mipair", standalone_mode=False))
    raise SystemExit(code)


if __name__ == "__main__":
    main()
