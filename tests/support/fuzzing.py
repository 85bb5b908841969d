"""The fuzz campaign of issue 23: mutated inputs fed to every ``mipair`` entry point.

A *case* is a base file (a project scenario, a sample, a small file of the
reference corpus, a PAPP event, player file or configuration, an OpenGotha
file), a few mutations of its bytes (truncation, byte flips, shifted columns,
duplicated and missing lines, huge numbers, wrong encodings, binary data, text
that is not a tournament; and the hostile ones of :mod:`fuzz_hostile`: deep
XML, entity tricks, huge fields, hostile names) and one command line that reads it. :func:`make_case`
builds case ``index`` of a campaign ``seed`` deterministically, so any
finding can be replayed; :func:`run_case` runs it through the real entry
point (:func:`mipair.cli.main.main`) in this process, or in a child process,
and :func:`verdict` sorts the outcome:

* ``ok``          exit 0, 1 (no pairing), 6 or 7 (check: differs, illegal);
* ``rejected``    exit 3, 4 or 5 with one line ``FILE:LINE: field: what`` on stderr;
* ``rejected/file`` the same with ``FILE: field: what``: a fault of the whole file or
                  of a command-line argument (``--pair 1-99``), which has no line;
                  ``FILE: what`` for a file that cannot be read or written (exit 5);
* ``traceback``   a Python traceback on stderr;
* ``exit 2``      an unexpected error;
* ``unlocated``   any other rejection (not one line, no file, no field);
* ``timeout``     the input took longer than the time limit (reported, never hidden);
* ``escaped``     a file was written outside the case's folder (whatever the exit code).

Used by ``tests/product/test_fuzz.py`` (a few hundred cases in CI) and ``scripts/fuzz``.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.support import fuzz_hostile
from tests.support.fuzz_commands import COMMANDS, SUFFIX
from tests.support.paths import ROOT

CORPUS = ROOT.parent / "shared" / "conformance"
PAPP = ROOT / "scenarios" / "papp"
DEFAULT_CFG = ROOT / "models" / "papp" / "default.cfg"
CORPUS_MAX_BYTES = 4000  # small corpus files only: every input is paired in well under a second
GO = ROOT.parent / "shared" / "data" / "go"
GO_MAX_BYTES = 35_000  # OpenGotha files of at most 200 players

OK_CODES = {0, 1, 6, 7}
REJECTION_CODES = {3, 4, 5}
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<field>[^:]+?): (?P<what>\S.*)$")
WHOLE_FILE = re.compile(r"^(?P<file>.+?): (?P<field>[^:]+?): (?P<what>\S.*)$")
UNREADABLE = re.compile(r"^(?P<file>.+?): (?P<what>cannot (read|write) .*)$")

# --- base files ------------------------------------------------------------------------


def project_bases() -> dict[str, tuple[str, Path]]:
    """name -> (kind, path): the project's own scenarios and samples (always there)."""
    bases: dict[str, tuple[str, Path]] = {}
    for folder in ("scenarios/dutch", "scenarios/infeasible", "formats/samples"):
        for path in sorted((ROOT / folder).iterdir()):
            if path.suffix.lower().startswith(".trf"):
                bases[f"{folder}/{path.name}"] = ("trf", path)
    for path in sorted((ROOT / "scenarios" / "mcmahon").glob("*.xml")):
        bases[f"scenarios/mcmahon/{path.name}"] = ("opengotha", path)
    bases["scenarios/papp/sample.papp"] = ("papp-event", PAPP / "sample.papp")
    bases["scenarios/papp/joueurs.txt"] = ("papp-players", PAPP / "joueurs.txt")
    bases["models/papp/default.cfg"] = ("papp-config", DEFAULT_CFG)
    return bases


def corpus_bases(max_bytes: int = CORPUS_MAX_BYTES) -> dict[str, tuple[str, Path]]:
    """name -> (kind, path): the small files of ../shared/conformance (none when absent)."""
    bases: dict[str, tuple[str, Path]] = {}
    for edition in ("dutch-2026", "dutch-2017"):
        folder = CORPUS / edition
        if folder.is_dir():
            for path in sorted(folder.glob("*.trf")):
                if path.stat().st_size <= max_bytes:
                    bases[f"{edition}/{path.name}"] = ("trf", path)
    if GO.is_dir():
        for path in sorted(GO.glob("*.xml")):
            if path.stat().st_size <= GO_MAX_BYTES:
                bases[f"go/{path.name}"] = ("opengotha", path)
    return bases


# --- mutations ---------------------------------------------------------------------------

Mutation = Callable[[bytes, random.Random], bytes]
NOT_TOURNAMENTS = (
    b"",
    b"\n\n  \r\n",
    b"hello world\nthis is not a tournament\n",
    b'{"players": [1, 2, 3], "rounds": 5}\n',
    b"id,name,rating\n1,Carlsen,2830\n2,Caruana,2800\n",
    b"<html><body>001 not a player</body></html>\n",
    b"HELLO WORLD\n",
    b"#!/bin/sh\necho 001\n",
)


def _lines(data: bytes) -> list[bytes]:
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")


def truncate(data: bytes, rng: random.Random) -> bytes:
    """Cut the file at a random byte."""
    return data[: rng.randrange(len(data) + 1)]


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    """Replace one to five bytes by random ones."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 5)):
        if out:
            out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def flip_digit(data: bytes, rng: random.Random) -> bytes:
    """Change one digit into another (ids, points, ratings, rounds: a plausible typo)."""
    spots = [i for i, b in enumerate(data) if 48 <= b <= 57]
    if not spots:
        return data
    out = bytearray(data)
    out[rng.choice(spots)] = rng.randint(48, 57)
    return bytes(out)


def flip_char(data: bytes, rng: random.Random) -> bytes:
    """Replace one character of a line by a printable one (result codes, colours, blanks)."""
    out = bytearray(data)
    if out:
        out[rng.randrange(len(out))] = rng.choice(b' -+=01wbWBLDHFUZ.,:%"`<>{}#')
    return bytes(out)


def shift_columns(data: bytes, rng: random.Random) -> bytes:
    """Insert or delete blanks at a random column of a random line."""
    lines = _lines(data)
    k = rng.randrange(len(lines))
    col = rng.randrange(len(lines[k]) + 1)
    if rng.random() < 0.5:
        lines[k] = lines[k][:col] + b" " * rng.randint(1, 3) + lines[k][col:]
    else:
        lines[k] = lines[k][:col] + lines[k][col + rng.randint(1, 3) :]
    return b"\n".join(lines)


def duplicate_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    k = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[k])
    return b"\n".join(lines)


def drop_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def huge_number(data: bytes, rng: random.Random) -> bytes:
    """Replace a run of digits by a huge (or very long) number, or a negative one."""
    runs = [m.span() for m in re.finditer(rb"\d+", data)]
    if not runs:
        return data
    start, end = rng.choice(runs)
    big = rng.choice([b"99999999999999999999", b"9" * 5000, b"4294967297", b"-1", b"1e308"])
    return data[:start] + big + data[end:]


def wrong_encoding(data: bytes, rng: random.Random) -> bytes:
    """UTF-16, invalid UTF-8, characters outside Latin-1, NULs, a BOM in the middle."""
    choice = rng.randrange(5)
    if choice == 0:
        return data.decode("latin-1").encode(rng.choice(["utf-16", "utf-16-le", "utf-32"]))
    pos = rng.randrange(len(data) + 1)
    insert = [b"\xff\xfe\x80", "łŁ€漢字".encode(), b"\x00", b"\xef\xbb\xbf", b"\xc3"][choice]
    return data[:pos] + insert + data[pos:]


def binary(data: bytes, rng: random.Random) -> bytes:
    """Random bytes, or the file compressed (a binary that starts with a text-like header)."""
    if rng.random() < 0.5:
        import zlib

        return zlib.compress(data)
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 2000)))


def not_a_tournament(data: bytes, rng: random.Random) -> bytes:
    return rng.choice(NOT_TOURNAMENTS)


def line_ends(data: bytes, rng: random.Random) -> bytes:
    """Mixed CR, LF and CRLF line ends, and a last line with or without an end."""
    lines = _lines(data)
    out = b"".join(line + rng.choice([b"\r", b"\n", b"\r\n"]) for line in lines)
    return out if rng.random() < 0.5 else out.rstrip(b"\r\n")


MUTATIONS: dict[str, Mutation] = {
    "truncate": truncate,
    "flip_bytes": flip_bytes,
    "flip_digit": flip_digit,
    "flip_char": flip_char,
    "shift_columns": shift_columns,
    "duplicate_line": duplicate_line,
    "drop_line": drop_line,
    "swap_lines": swap_lines,
    "huge_number": huge_number,
    "wrong_encoding": wrong_encoding,
    "binary": binary,
    "not_a_tournament": not_a_tournament,
    "line_ends": line_ends,
    **fuzz_hostile.MUTATIONS,
}
# mutations that replace the whole file are applied alone
WHOLE = {"binary", "not_a_tournament"}


@dataclass
class Case:
    """One input and one command line (see the module docstring)."""

    label: str  # "SEED:INDEX"
    base: str
    kind: str
    mutations: tuple[str, ...]
    data: bytes
    command: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.label} {self.base} [{'+'.join(self.mutations)}] {' '.join(self.command)}"


def mutate(data: bytes, names: tuple[str, ...], rng: random.Random) -> bytes:
    for name in names:
        data = MUTATIONS[name](data, rng)
    return data


def pick_mutations(rng: random.Random) -> tuple[str, ...]:
    """One whole-file mutation, or one to three local ones."""
    draw = rng.random()
    if draw < 0.08:
        return (rng.choice(sorted(WHOLE)),)
    if draw < 0.15:
        return ()  # the base file itself: the paths a valid file takes
    local = sorted(set(MUTATIONS) - WHOLE)
    return tuple(rng.choice(local) for _ in range(rng.choice([1, 1, 1, 2, 2, 3])))


def base_bytes(name: str, path: Path) -> bytes:
    """A base file's bytes; corpus files get the number of rounds (as the conformance tool
    adds it), so that the next round can be paired."""
    data = path.read_bytes()
    return b"XXR 20\r" + data if name.startswith("dutch-") else data


KIND_WEIGHTS = {"trf": 5, "opengotha": 2, "papp-event": 1, "papp-players": 1, "papp-config": 1}
"""How often each kind of file is drawn (then a base file of that kind): the reference
corpus's hundreds of TRF files would otherwise leave the other formats a few cases in
a hundred."""


def make_case(seed: int, index: int, bases: dict[str, tuple[str, Path]]) -> Case:
    """Case ``index`` of campaign ``seed`` (deterministic)."""
    rng = random.Random(f"{seed}:{index}")
    kinds = sorted({kind for kind, _ in bases.values()})
    drawn = rng.choices(kinds, [KIND_WEIGHTS.get(kind, 1) for kind in kinds])[0]
    base = rng.choice(sorted(name for name, (kind, _) in bases.items() if kind == drawn))
    kind, path = bases[base]
    names = pick_mutations(rng)
    data = mutate(base_bytes(base, path), names, rng)
    command = rng.choice(COMMANDS[kind])
    return Case(f"{seed}:{index}", base, kind, names, data, command)


def materialise(case: Case, folder: Path) -> tuple[list[str], Path]:
    """Write the case's files under ``folder``; the argv and the mutated file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"in{SUFFIX[case.kind]}"
    target.write_bytes(case.data)
    names = {
        "{in}": str(target),
        "{out}": str(folder / "out.txt"),
        "{cfg}": str(folder / "papp.cfg"),
        "{event}": str(folder / "event.papp"),
        "{players}": str(folder / "players.txt"),
    }
    (folder / "papp.cfg").write_bytes(DEFAULT_CFG.read_bytes())
    (folder / "event.papp").write_bytes((PAPP / "sample.papp").read_bytes())
    (folder / "players.txt").write_bytes((PAPP / "joueurs.txt").read_bytes())
    with contextlib.suppress(FileNotFoundError):
        (folder / "out.txt").unlink()
    argv = [names.get(a, a) for a in case.command]
    return argv, target


# --- running and judging --------------------------------------------------------------------


class TimeLimit(BaseException):
    """Raised by the alarm in-process (a BaseException, so no handler of mipair catches it)."""


@dataclass
class Outcome:
    code: int | None  # None: time limit reached
    stdout: str
    stderr: str
    files: list[str] = field(default_factory=list)  # the paths a message may name


def _alarm(signum: int, frame: object) -> None:
    raise TimeLimit


def run_in_process(argv: list[str], seconds: float) -> Outcome:
    """``mipair ARGV`` through the real entry point, stdout and stderr captured."""
    from mipair.cli.main import main

    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="replace")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="replace")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    code: int | None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            except TimeLimit:
                code = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return Outcome(code, _text(out), _text(err))


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", errors="replace")


def run_subprocess(argv: list[str], seconds: float) -> Outcome:
    """``python -m mipair.cli.main ARGV`` in a child process."""
    env = {k: v for k, v in os.environ.items() if k != "MIPAIR_DEBUG"}
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "mipair.cli.main", *argv],
            capture_output=True,
            timeout=seconds,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return Outcome(None, "", "")
    text = proc.stdout.decode("utf-8", errors="replace"), proc.stderr.decode("utf-8", "replace")
    return Outcome(proc.returncode, *text)


def verdict(outcome: Outcome, files: list[str]) -> str:
    """``ok``, ``rejected``, ``rejected/file``, ``timeout``, ``traceback``, ``exit 2`` or
    ``unlocated``."""
    if outcome.code is None:
        return "timeout"
    if "Traceback (most recent call last)" in outcome.stderr:
        return "traceback"
    if outcome.code == 2:
        return "exit 2"
    if outcome.code in OK_CODES:
        return "ok"
    if outcome.code in REJECTION_CODES:
        return location(outcome.stderr, files, outcome.code)
    return "unlocated"


def location(stderr: str, files: list[str], code: int) -> str:
    """``rejected`` for one line ``FILE:LINE: field: what`` naming one of ``files``,
    ``rejected/file`` for ``FILE: field: what`` (or ``FILE: cannot read ...``, exit 5),
    else ``unlocated``."""
    lines = stderr.splitlines()
    if len(lines) != 1:
        return "unlocated"
    match = LOCATED.match(lines[0])
    if match is not None and match["file"] in files:
        return "rejected"
    match = WHOLE_FILE.match(lines[0]) or (UNREADABLE.match(lines[0]) if code == 5 else None)
    return "rejected/file" if match is not None and match["file"] in files else "unlocated"


def run_case(
    case: Case, folder: Path, seconds: float, subprocess_mode: bool = False
) -> tuple[str, Outcome]:
    """The verdict and outcome of one case, its files written in ``folder/case`` (``folder``
    holding nothing else: a file written beside it is ``escaped``)."""
    inside = folder / fuzz_hostile.CASE
    before = set(folder.iterdir()) if folder.is_dir() else set()
    argv, target = materialise(case, inside)
    runner = run_subprocess if subprocess_mode else run_in_process
    outcome = runner(argv, seconds)
    outside = fuzz_hostile.escaped(folder, before)
    if outside:
        outcome.stderr += f"\nwritten outside {inside}: {', '.join(outside)}"
        return "escaped", outcome
    files = [str(target)] + [str(inside / name) for name in ("out.txt", "papp.cfg")]
    files += [str(inside / "event.papp"), str(inside / "players.txt")]
    return verdict(outcome, files), outcome
