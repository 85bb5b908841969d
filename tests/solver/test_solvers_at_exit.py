"""No SAT solver outlives the work that made it to the end of the process: one still alive when
Python tears its modules down is deleted after pysat's module is gone, and pysat prints
"Exception ignored in: <function Minicard.__del__ ...> TypeError: 'NoneType' object is not
callable" on stderr (exit 0, but noise for the user).

A program that calls ``mipair.cli.main.main`` itself (as the module docstring offers) runs
``why`` on a Team Swiss file, ``solve`` on a Lim file and ``explain`` on a round that cannot
be paired, then exits; an exit hook it registered first (so it runs after mipair's own, and
before the modules are torn down) counts the Minicard solvers made in the process that are
still alive and not deleted: none may be. The same commands through the installed script
leave stderr empty.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tests.support.installed_command import mipair
from tests.support.paths import ROOT

SCENARIOS = ROOT / "scenarios"
COMMANDS = [
    ["why", SCENARIOS / "team" / "c6-following.trf", "--pair", "1-4", "--pair", "5-3"],
    ["why", SCENARIOS / "team" / "upfloater-smaller-tpn.trf", "--pair", "1-2"],
    ["solve", SCENARIOS / "lim" / "round4-crack-lower.trfx"],
    ["why", SCENARIOS / "lim" / "round4-crack-lower.trfx", "--pair", "1-2"],
    ["explain", SCENARIOS / "infeasible" / "rr4-exhausted.trfx"],
]

PROGRAM = textwrap.dedent(
    """
    import atexit, contextlib, io, sys, weakref

    import pysat.solvers

    made = []
    start = pysat.solvers.Minicard.__init__

    def recorded(solver, *args, **kwargs):
        start(solver, *args, **kwargs)
        made.append(weakref.ref(solver))

    pysat.solvers.Minicard.__init__ = recorded

    def count():
        alive = [s() for s in made if s() is not None and s().minicard is not None]
        print(f"{len(made)} made, {len(alive)} alive at exit")

    atexit.register(count)

    from mipair.cli.main import main

    for line in sys.stdin.read().splitlines():
        with contextlib.redirect_stdout(io.StringIO()):
            main(line.split("\\t"))
    """
)


def test_no_solver_is_left_to_the_interpreter_exit() -> None:
    lines = "\n".join("\t".join(map(str, command)) for command in COMMANDS)
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        input=lines,
        capture_output=True,
        text=True,
        env=dict(os.environ, MIPAIR_RESIDENT="0"),
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    made, alive = (int(word) for word in done.stdout.split()[::2][:2])
    assert made > 0  # the commands did ask SAT
    assert alive == 0, done.stdout
    assert done.stderr == ""


def test_the_installed_commands_leave_stderr_clean() -> None:
    for command in COMMANDS:
        done = mipair(*command)
        assert done.returncode in (0, 1), (command, done.stderr)
        assert done.stderr == "", (command, done.stderr)
