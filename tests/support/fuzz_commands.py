"""The fuzz campaign's entry points (tests/support/fuzzing.py): for each kind of file, the command
lines that read it, and the name its mutated copy gets.

``{in}``: the mutated file; ``{out}``: a file to write; ``{cfg}``, ``{event}``,
``{players}``: valid PAPP files beside it.
"""

from __future__ import annotations

COMMANDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "trf": (
        ("info", "{in}"),
        ("info", "{in}", "--json"),
        ("solve", "{in}"),
        ("solve", "{in}", "--rules", "2017", "--json"),
        ("--dutch", "{in}", "-p", "{out}"),
        ("--dutch", "{in}", "-p", "{out}", "-l"),
        ("--rules", "2017", "--dutch", "{in}", "-p", "{out}"),
        ("--dutch", "{in}", "-c"),
        ("check", "{in}", "-j", "1"),
        ("check", "{in}", "-j", "1", "--rules", "2017", "--json"),
        ("convert", "{in}", "--to", "trf16", "--encoding", "latin-1"),
        ("convert", "{in}", "--to", "trfx", "-o", "{out}"),
        ("convert", "{in}", "--to", "trf26", "--newline", "cr"),
        ("why", "{in}", "--pair", "1-2", "--pair", "3-4"),
        ("explain", "{in}", "--time-limit", "1"),
        ("papp", "new", "{out}", "--trf", "{in}"),
    ),
    "papp-event": (
        ("papp", "pair", "{in}", "--config", "{cfg}"),
        ("papp", "pair", "{in}", "--config", "{cfg}", "--save", "--details"),
        ("papp", "standings", "{in}"),
        ("papp", "standings", "{in}", "--teams"),
        ("papp", "result", "{in}", "1 40"),
        ("papp", "pair", "{in}", "--config", "{cfg}", "--extra-round"),
        ("papp", "couple", "{in}", "1", "2", "--config", "{cfg}"),
        ("papp", "withdraw", "{in}", "1", "--config", "{cfg}"),
        ("solve", "{in}", "--system", "papp"),
        ("why", "{in}", "--system", "papp", "--pair", "1-2"),
    ),
    "papp-players": (
        ("papp", "new", "{out}", "--players", "{in}"),
        ("papp", "new", "{out}", "--players", "{in}", "--id", "1", "--id", "2", "--id", "3"),
        ("papp", "new", "{out}", "--players", "{in}", "--name", ".."),
        ("papp", "new", "{out}", "--players", "{in}", "--name", "../x/\\y\x1b"),
    ),
    "papp-config": (
        ("papp", "pair", "{event}", "--config", "{in}"),
        ("papp", "new", "{out}", "--players", "{players}", "--config", "{in}"),
        ("papp", "result", "{event}", "--config", "{in}", "1 40"),
    ),
    "opengotha": (
        ("mcmahon", "pair", "{in}"),
        ("mcmahon", "pair", "{in}", "--json", "-o", "{out}"),
        ("mcmahon", "pair", "{in}", "--save", "--html", "{out}"),
        ("mcmahon", "standings", "{in}", "--h9", "{out}"),
        ("mcmahon", "standings", "{in}", "--html", "{out}", "--json"),
        ("mcmahon", "handicaps", "{in}", "--json"),
        ("mcmahon", "absent", "{in}", "AUBERTCLAIRE", "--round", "9"),
        ("mcmahon", "result", "{in}", "1", "1-0"),
        ("mcmahon", "result", "{in}", "--round", "9", "1", "1-0"),
        ("solve", "{in}", "--system", "mcmahon"),
        ("check", "{in}", "--system", "mcmahon", "-j", "1"),
        ("why", "{in}", "--system", "mcmahon", "--pair", "1-2"),
        ("evaluate", "{in}"),
        ("info", "{in}"),
    ),
}
SUFFIX = {
    "trf": ".trf",
    "papp-event": ".papp",
    "papp-players": ".txt",
    "papp-config": ".cfg",
    "opengotha": ".xml",
}
