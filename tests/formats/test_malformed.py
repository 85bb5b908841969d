"""Malformed tournament files: each ends with exit 3 and one ``FILE:LINE: ...`` line.

Every defect is a small edit of a valid shipped scenario. The parser is
checked in-process for all of them, and the real ``mipair`` CLI in a
subprocess for every defect too (one process each), so the located message,
the exit code and the absence of a traceback are those a user sees.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mipair.errors import InputError
from mipair.formats.trf import parse_text
from tests.support.cli_process import run_cli
from tests.support.defects import BASES, DEFECTS, defect_text


def test_at_least_forty_distinct_defects() -> None:
    assert len(DEFECTS) >= 40
    texts = {defect_text(n) for n in DEFECTS}
    assert len(texts) == len(DEFECTS)  # every edit really changes the file differently


def test_bases_are_valid() -> None:
    for path in BASES.values():
        parse_text(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("name", sorted(DEFECTS))
def test_parser_locates_defect(name: str) -> None:
    _, _, line, words = DEFECTS[name]
    with pytest.raises(InputError) as info:
        parse_text(defect_text(name), "bad.trf")
    err = info.value
    assert err.exit_code == 3
    assert (err.file, err.line) == ("bad.trf", line), err.located()
    assert words.lower() in err.located().lower(), err.located()


@pytest.mark.parametrize("name", sorted(DEFECTS))
def test_cli_reports_defect(name: str, tmp_path: Path) -> None:
    _, _, line, words = DEFECTS[name]
    path = tmp_path / "bad.trf"
    path.write_text(defect_text(name), encoding="utf-8")
    use_info = sorted(DEFECTS).index(name) % 2 == 0
    command = ("info", str(path)) if use_info else ("convert", str(path), "--to", "trfx")
    proc = run_cli(*command)
    assert proc.returncode == 3, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert re.match(rf"^{re.escape(str(path))}:{line}: ", lines[0]), lines[0]
    assert words.lower() in lines[0].lower()
    assert proc.stdout == ""


def test_unreadable_file_exits_5(tmp_path: Path) -> None:
    proc = run_cli("info", str(tmp_path / "absent.trf"))
    assert proc.returncode == 5
    assert proc.stderr.strip().startswith(str(tmp_path / "absent.trf") + ": cannot read")


def test_drop_in_pairing_reports_bad_input_too(tmp_path: Path) -> None:
    """The bbpPairings form fails the same way when the engine is installed (or exit 2 if not)."""
    path = tmp_path / "bad.trf"
    path.write_text(defect_text("both players won"), encoding="utf-8")
    proc = run_cli("--dutch", str(path), "-p", str(tmp_path / "out.txt"))
    assert proc.returncode in (2, 3) and "Traceback" not in proc.stderr
