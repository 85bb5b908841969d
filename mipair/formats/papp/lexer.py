"""The lexical conventions shared by PAPP's configuration and player files.

* blanks, tabs and line ends separate tokens;
* ``%`` or ``#`` starts a comment running to the end of the line, except that
  ``%_`` is transparent (read as one blank) -- inside a string neither starts a comment;
* ``__eof__`` ends the file: everything after it is ignored;
* strings are enclosed in double quotes and may not span lines;
* keywords are letters and dashes (not starting with a dash), case-insensitive;
* integers go from 0 to 2**31 - 1, also written ``INFINI``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mipair.errors import InputError

INT_MAX = 2**31 - 1
DIGITS = frozenset("0123456789")  # str.isdigit() also takes digits int() cannot read ('²')
PUNCTUATION = set("=;{}:,/+-[]()<>")


@dataclass(frozen=True)
class Token:
    """One token: kind is ``int``, ``str``, ``kw`` or the punctuation character itself."""

    kind: str
    value: object
    line: int
    text: str

    def show(self) -> str:
        """How an error message names this token."""
        if self.kind == "end":
            return "the end of the file"
        if self.kind == "str":
            return f'the string "{self.value}"'
        return f"'{self.text}'"


def strip_comments(line: str) -> str:
    """One line with comments removed and ``%_`` made a blank (strings are left alone)."""
    out: list[str] = []
    i, n, in_string = 0, len(line), False
    while i < n:
        ch = line[i]
        if in_string:
            in_string = ch != '"'
        elif ch == '"':
            in_string = True
        elif ch == "%" and line.startswith("%_", i):
            out.append(" ")
            i += 2
            continue
        elif ch in "%#":
            break
        out.append(ch)
        i += 1
    return "".join(out)


def logical_lines(text: str) -> Iterable[tuple[int, str]]:
    """(line number, text without comments) up to ``__eof__``."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for no, raw in enumerate(lines, 1):
        clean = strip_comments(raw)
        cut = _eof_position(clean)
        if cut is not None:
            yield no, clean[:cut]
            return
        yield no, clean


def _eof_position(line: str) -> int | None:
    """Where ``__eof__`` starts on a comment-free line (outside strings), if it does."""
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif not in_string and line.startswith("__eof__", i):
            return i
    return None


def tokenize(text: str, source: str | None, keywords: frozenset[str]) -> list[Token]:
    """Split a configuration text into tokens; unknown words and characters are errors."""
    tokens: list[Token] = []
    last_line = 1
    for no, line in logical_lines(text):
        last_line = no
        i, n = 0, len(line)
        while i < n:
            ch = line[i]
            if ch.isspace():
                i += 1
            elif ch == '"':
                end = line.find('"', i + 1)
                if end < 0:
                    raise InputError(
                        "string not closed on its line", file=source, line=no, field="string"
                    )
                tokens.append(Token("str", line[i + 1 : end], no, line[i : end + 1]))
                i = end + 1
            elif ch in DIGITS:
                j = i
                while j < n and line[j] in DIGITS:
                    j += 1
                value = int(line[i:j]) if j - i <= len(str(INT_MAX)) else INT_MAX + 1
                if value > INT_MAX:
                    raise InputError(
                        f"integer {line[i:j][:20]} is larger than {INT_MAX}",
                        file=source,
                        line=no,
                        field="integer",
                    )
                tokens.append(Token("int", value, no, line[i:j]))
                i = j
            elif ch.isascii() and ch.isalpha():
                j = i
                while j < n and line[j].isascii() and (line[j].isalpha() or line[j] == "-"):
                    j += 1
                word = line[i:j].lower()
                if word == "infini":
                    tokens.append(Token("int", INT_MAX, no, line[i:j]))
                elif word in keywords:
                    tokens.append(Token("kw", word, no, line[i:j]))
                else:
                    raise InputError(
                        f"unknown keyword '{line[i:j]}'", file=source, line=no, field="keyword"
                    )
                i = j
            elif ch in PUNCTUATION:
                tokens.append(Token(ch, ch, no, ch))
                i += 1
            else:
                raise InputError(
                    f"unexpected character {ch!r}", file=source, line=no, field="character"
                )
    tokens.append(Token("end", None, last_line, ""))
    return tokens
