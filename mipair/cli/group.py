"""The ``mipair`` click group: subcommands registered by name, imported only when used.

One of the two doors that load code on first use (the other is the registry,
:mod:`mipair.systems.registry`): a CLI call is a whole process, and each
subcommand's module brings its own libraries (polars, rich, networkx, the
service's), so only the one called is imported. The drop-in forms
(``--dutch IN -p``) never import click at all (:mod:`mipair.cli.main`).
"""

from __future__ import annotations

from importlib import import_module

import click

from mipair import SYSTEMS_NAMED, __version__
from mipair.operations.forms import usage

# name -> (module, attribute, one-line help shown without importing)
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "convert": ("mipair.cli.convert", "convert", "Convert a TRF file between editions."),
    "info": ("mipair.cli.info", "info", "Summarise a tournament file."),
    "solve": ("mipair.cli.solve", "solve", "Pair the next round of a tournament."),
    "check": ("mipair.cli.check", "check", "Check a tournament's pairings round by round."),
    "generate": ("mipair.cli.check", "generate", "Generate a random tournament."),
    "explain": ("mipair.cli.explain", "explain", "Explain why a round cannot be paired."),
    "why": ("mipair.cli.explain", "why", "Compare the engine's pairing with a proposed one."),
    "papp": ("mipair.cli.papp", "papp", "Pair with PAPP (Othello penalty pairing)."),
    "chess": ("mipair.cli.chess", "chess", "Run a chess tournament day on a TRF-2026 file."),
    "standings": ("mipair.cli.standings", "standings", "Rank a tournament by FIDE tie-breaks."),
    "roundrobin": (
        "mipair.cli.roundrobin",
        "roundrobin",
        "A round robin's schedule and drawing of lots (C.05).",
    ),
    "bulk": ("mipair.cli.bulk", "bulk", "Import many tournament files into tables."),
    "mcmahon": ("mipair.cli.mcmahon", "mcmahon", "McMahon for Go on OpenGotha XML files."),
    "evaluate": ("mipair.cli.mcmahon", "evaluate_command", "Pairing quality of a Go tournament."),
    "serve": ("mipair.cli.serve", "serve", "Serve pairings over HTTP (mipair[service])."),
    "account": ("mipair.cli.store", "account", "Directors' accounts for the desk (mipair[store])."),
    "store": ("mipair.cli.store", "store", "The desk's database: store upgrade (mipair[store])."),
    "resident": (
        "mipair.resident.command",
        "resident",
        "The resident pairing process behind drop-in calls.",
    ),
}


EXIT_CODES = """Exit codes (docs/chess-arbiter.md, "Exit codes"):
  0 done; 1 no valid pairing; 2 unexpected error (or a worker process ended abruptly);
  3 bad input or an invalid command line; 4 too large; 5 a file or stream that cannot be
  read or written; 6, 7 check: a round differs, an absolute rule is broken;
  130 interrupted (Ctrl-C); 128+N the resident's process pairing the call killed by signal N.
  A reader that stops reading (| head) changes no code."""


class LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        if name not in LAZY_COMMANDS:
            return None
        module, attr, _ = LAZY_COMMANDS[name]
        command: click.Command = getattr(import_module(module), attr)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, LAZY_COMMANDS[name][2]) for name in sorted(LAZY_COMMANDS)]
        rows += [(n, c.get_short_help_str()) for n, c in sorted(self.commands.items())]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(
    cls=LazyGroup,
    help=f"mipair: tournament pairing as mathematical programs for {SYSTEMS_NAMED}.",
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=f"\b\n{usage()}\n\n\b\n{EXIT_CODES}",
)
@click.version_option(__version__, "--version", "-V", prog_name="mipair")
def cli() -> None:
    """The ``mipair`` command (its help names the systems: :data:`mipair.SYSTEMS_NAMED`)."""
