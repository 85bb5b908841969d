"""The commands the user documents show, read from their code blocks (tests' helper).

The convention every document of :data:`DOCUMENTS` follows, so that a document that drifts
from the program fails the tests (``tests/product/test_readme_commands.py`` runs them):

- A fenced block marked ``shell`` holds examples, run as written: each line is a command,
  from the project's folder, in order with the block's and the document's other commands
  (a line ending in ``\\`` continues on the next; ``#`` starts a comment, and a comment
  alone on its line says what the command above does). A command ends with exit 0, or with
  the code its own comment begins with: ``mipair check FILE   # exit 6: rounds differ``.
  Only shipped files are named: no placeholder (``FILE``, ``[--option]``, ``...``).
- A fenced block marked ``text`` is not run: syntax summaries, output, file contents. A line
  of it that starts like a command shows a placeholder (an upper-case word such as
  ``FILE``, ``[...]``, ``...`` or ``a|b``), else it is an example and belongs in a ``shell``
  block.
- No other code block: an indented block, or a fence of another kind, is refused, so every
  block has said which it is. Inline code in prose is a name or a form, never an example.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from markdown_it import MarkdownIt

from tests.support.paths import ROOT

DOCUMENTS = ("README.md", *sorted(f"docs/{guide.name}" for guide in (ROOT / "docs").glob("*.md")))
"""The markdown files, relative to the project, whose ``shell`` blocks the tests run: the
README and every guide under ``docs/``."""

KINDS = ("shell", "text")
"""The kinds of fenced block: examples run by the tests, and what is not run."""

COMMAND_START = re.compile(r"^(mipair|curl|docker|kubectl|python3?|pip|\.venv/|scripts/|deploy/)")
"""How a line that is a command begins (a ``text`` line that does must show a placeholder)."""

PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9_]*[A-Z]\b|\[|\.\.\.|\w\|\w")
"""A placeholder in a form: an upper-case word (FILE, DIR_OR_FILES), ``[...]``, ``...``,
``a|b``."""

OPTIONAL_PART = re.compile(r"\s\[|\.\.\.")
"""What no example may hold: an optional part ``[--option]`` or an ellipsis."""

EXPECTED_EXIT = re.compile(r"^#\s*exit (\d+)\b")
"""A command's comment giving its exit code."""


@dataclass(frozen=True)
class Command:
    """One command of a ``shell`` block."""

    document: str
    line: int
    text: str
    """As written, continuation lines and trailing comment included (what the shell runs)."""
    code: str
    """Without its comment, on one line: what the tests classify."""
    exit_code: int

    @property
    def where(self) -> str:
        return f"{self.document}:{self.line}"

    @property
    def words(self) -> list[str]:
        return shlex.split(self.code)


@dataclass(frozen=True)
class Block:
    """A fenced code block: its kind, the document's line of its first content line, its lines."""

    kind: str
    line: int
    lines: list[str]


def comment_start(line: str) -> int | None:
    """Where a shell comment starts in ``line`` (a ``#`` at the start of a word, outside
    quotes), or None."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return index
    return None


def read(document: str) -> tuple[list[Block], list[str]]:
    """The fenced blocks of ``document`` and every departure from the convention (one located
    line each)."""
    text = (ROOT / document).read_text(encoding="utf-8")
    blocks, problems = [], []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type not in ("fence", "code_block") or token.map is None:
            continue
        first = token.map[0] + 1  # the fence's line, 1-based
        kind = token.info.strip().split(" ")[0] if token.type == "fence" else ""
        if kind not in KINDS:
            what = f"a fence marked {kind!r}" if token.type == "fence" else "an indented block"
            problems.append(
                f"{document}:{first}: {what}: mark it ```shell (examples, run by the tests) "
                "or ```text (forms and output, not run)"
            )
            continue
        start = first + 1 if token.type == "fence" else first
        blocks.append(Block(kind, start, token.content.splitlines()))
    return blocks, problems


def block_commands(document: str, block: Block) -> tuple[list[Command], list[str]]:
    """The commands of a ``shell`` block, and its departures from the convention."""
    commands, problems = [], []
    pending: list[str] = []
    first = 0
    for offset, line in enumerate(block.lines):
        number = block.line + offset
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if not pending:
            first = number
        pending.append(line)
        if line.rstrip().endswith("\\"):
            continue
        command = make_command(document, first, pending)
        pending = []
        if OPTIONAL_PART.search(command.code):
            problems.append(
                f"{command.where}: a form with optional parts in a shell block: write an "
                "example on shipped files, or move the form to a text block"
            )
        commands.append(command)
    if pending:
        problems.append(f"{document}:{first}: the block ends in a continued line")
    return commands, problems


def make_command(document: str, line: int, lines: list[str]) -> Command:
    """One command from its physical lines (the last may hold its comment)."""
    last = lines[-1]
    cut = comment_start(last)
    comment = last[cut:] if cut is not None else ""
    code_lines = [part.rstrip().removesuffix("\\").strip() for part in lines[:-1]]
    code_lines.append((last[:cut] if cut is not None else last).strip())
    expected = EXPECTED_EXIT.match(comment)
    return Command(
        document,
        line,
        "\n".join(lines),
        " ".join(part for part in code_lines if part),
        int(expected.group(1)) if expected else 0,
    )


def form_problems(document: str, block: Block) -> list[str]:
    """A ``text`` block's lines that start like a command and show no placeholder (a line
    ending in ``\\`` read with the next)."""
    found, offset = [], 0
    while offset < len(block.lines):
        first = offset
        line = block.lines[offset]
        while line.rstrip().endswith("\\") and offset + 1 < len(block.lines):
            offset += 1
            line = line.rstrip()[:-1] + " " + block.lines[offset]
        offset += 1
        if COMMAND_START.match(line) and not PLACEHOLDER.search(line):
            found.append(
                f"{document}:{block.line + first}: an example in a text block (it names no "
                "placeholder): move it to a shell block, where the tests run it"
            )
    return found


def commands(document: str) -> list[Command]:
    """Every command of the ``shell`` blocks of ``document``, in order."""
    blocks, _ = read(document)
    found: list[Command] = []
    for block in blocks:
        if block.kind == "shell":
            found += block_commands(document, block)[0]
    return found


def problems(document: str) -> list[str]:
    """Every departure of ``document`` from the convention."""
    blocks, found = read(document)
    for block in blocks:
        if block.kind == "shell":
            found += block_commands(document, block)[1]
        else:
            found += form_problems(document, block)
    return found
