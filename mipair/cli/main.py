"""The ``mipair`` command: click subcommands plus the JaVaFo/bbpPairings forms.

``main()`` runs one command line and returns its exit code (the ``mipair``
script and ``python -m mipair.cli.main`` exit with it; a program that calls
``main()`` itself gets it back and goes on). A drop-in command line
(``mipair --dutch IN -p OUT``, as tournament managers call it once per round)
is a whole process per round, so its start-up time counts:

- when the user runs a resident pairing process (``mipair resident start``,
  or ``MIPAIR_RESIDENT=1``; :mod:`mipair.resident`), the call is handed to it:
  it has the engine imported already; this module imports nothing heavy before
  that;
- otherwise it runs in-process, without importing click, and leaves nothing
  running behind it.

The click group lives in :mod:`mipair.cli.group`.
"""

from __future__ import annotations

import os
import sys

from mipair.operations import forms
from mipair.operations.streams import reopen_closed

TYPE_CHECKING = False  # typing itself is too slow to load in a drop-in call's start
if TYPE_CHECKING:
    from typing import NoReturn


def the_command_itself(argv: list[str] | None) -> bool:
    """Is this process the ``mipair`` command itself, reading its own arguments: the
    installed script (a file named ``mipair``) or ``python -m mipair.cli.main``? Then
    nothing of a caller runs after :func:`main`."""
    if argv is not None:
        return False
    command = sys.modules.get("__main__")
    spec = getattr(command, "__spec__", None)
    if spec is not None:
        return bool(spec.name == "mipair.cli.main")
    return os.path.basename(getattr(command, "__file__", None) or "") == "mipair"


def end_now(code: int) -> NoReturn:
    """End the command at once with ``code`` once the resident has run its call: nothing
    of it is left to finish (the resident's child wrote through this process's own
    descriptors), and Python's finalisation would add about 2.5 ms of CPU to the call
    (benchmarks/README.md)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            try:  # noqa: SIM105 - contextlib is one more import in every call's start
                stream.flush()
            except (OSError, ValueError):
                pass
    os._exit(code)


def dropin_call(args: list[str], fast_exit: bool = False) -> int:
    """A drop-in command line: through the user's resident when one runs (and the call's
    streams are the process's own, which a resident's child can take on), else here;
    ``fast_exit``: a call the resident ran ends this process (:func:`end_now`)."""
    where = None
    if forms.does_work(args):
        from mipair.resident import client

        where = client.locate()
        if where is not None:
            code = client.run_in_resident(args, where)
            if code is not None:
                if fast_exit:
                    end_now(code)
                return code
    from mipair.operations.dropin import run_dropin  # the engine: after the resident's chance

    code = run_dropin(args)
    if where is not None and client.starts_resident():
        client.start_resident(where)
    return code


def main(argv: list[str] | None = None) -> int:
    """Run ``mipair ARGV`` (default: this process's arguments); its exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    reopen_closed()
    if forms.is_dropin(args):
        return dropin_call(args, the_command_itself(argv))
    from mipair.cli.group import cli  # the command group's door: click and each command
    from mipair.operations.outcome import run_guarded

    return run_guarded(lambda: cli.main(args, prog_name="mipair", standalone_mode=False))


if __name__ == "__main__":
    sys.exit(main())
