"""The convention of the documents' code blocks (``tests/support/documented_commands.py``): what is a
command, its expected exit code, and every block that does not say whether it is run."""

from __future__ import annotations

from pathlib import Path

from tests.support.documented_commands import commands, problems

GUIDE = """# A guide

```shell
mipair solve scenarios/dutch/small.trfx
#   what it does, on a line of its own
mipair check scenarios/dutch/small.trfx   # exit 6: rounds 2 and 3 differ
curl --data-binary @scenarios/dutch/small.trfx \\
  'http://127.0.0.1:8000/v1/pair?system=dutch'   # a comment, no code
mipair papp elo open.papp --sender "J. #1"
```

```text
mipair solve FILE [--json]
    a description, indented
```
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "guide.md"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_commands_their_lines_and_exit_codes(tmp_path: Path):
    document = write(tmp_path, GUIDE)
    found = [(c.line, c.code, c.exit_code) for c in commands(document)]
    assert found == [
        (4, "mipair solve scenarios/dutch/small.trfx", 0),
        (6, "mipair check scenarios/dutch/small.trfx", 6),
        (
            7,
            "curl --data-binary @scenarios/dutch/small.trfx "
            "'http://127.0.0.1:8000/v1/pair?system=dutch'",
            0,
        ),
        (9, 'mipair papp elo open.papp --sender "J. #1"', 0),
    ]
    assert problems(document) == []


def test_a_block_that_does_not_say_whether_it_is_run_is_refused(tmp_path: Path):
    document = write(tmp_path, "Text.\n\n    mipair info x.trf\n\n```bash\nmipair info y\n```\n")
    found = problems(document)
    assert [line.split(": ")[0] for line in found] == [f"{document}:3", f"{document}:5"]
    assert "an indented block" in found[0] and "a fence marked 'bash'" in found[1]


def test_a_form_is_not_an_example_and_an_example_is_not_a_form(tmp_path: Path):
    document = write(
        tmp_path,
        "```shell\nmipair solve scenarios/dutch/small.trfx [--json]\n```\n\n"
        "```text\nmipair info scenarios/dutch/small.trfx\nmipair info FILE\n```\n",
    )
    found = problems(document)
    assert len(found) == 2
    assert found[0].startswith(f"{document}:2: a form with optional parts in a shell block")
    assert found[1].startswith(f"{document}:6: an example in a text block")
