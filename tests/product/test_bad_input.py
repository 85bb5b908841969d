"""Issue 23, wrong answers 8-10: empty files, text that is not a tournament, directories,
characters an output encoding cannot hold, players that do not exist, huge numbers and
unknown records. Each runs the real ``mipair`` entry point in-process."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mipair.cli.main import main
from tests.support.paths import ROOT

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<field>[^:]+): (?P<what>.+)$")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``mipair ARGS``."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def located(err: str, file: Path | str) -> re.Match[str]:
    """The one stderr line, located in ``file``."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    match = LOCATED.match(lines[0])
    assert match is not None and match["file"] == str(file), lines[0]
    return match


NOT_TOURNAMENTS = {
    "empty": "",
    "blank lines": "\n\n   \n",
    "prose": "hello world\nthis is not a tournament\n",
    "headers only": "012 A tournament\nXXR 5\n",
}
COMMANDS = {
    "info": ("info",),
    "check": ("check",),
    "convert": ("convert",),
    "solve": ("solve",),
    "drop-in": ("--dutch",),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", sorted(NOT_TOURNAMENTS))
def test_not_a_tournament_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str, command: str
) -> None:
    path = tmp_path / "in.trf"
    path.write_text(NOT_TOURNAMENTS[kind], encoding="utf-8")
    extra = ("-p", str(tmp_path / "out.txt")) if command == "drop-in" else ()
    code, out, err = run(capsys, *COMMANDS[command], str(path), *extra)
    assert code == 3, err
    assert out == ""
    match = located(err, path)
    assert match["line"] == "1" and match["field"] == "001"
    assert not (tmp_path / "out.txt").exists()


def test_check_of_an_empty_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "check", str(tmp_path))
    assert code == 3 and out == ""
    assert (
        err.strip()
        == f"{tmp_path}: directory: no tournament file (.trf, .trfx, .trf26, .txt) in it"
    )


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "{dir}"),
        ("info", "{dir}"),
        ("convert", "{dir}"),
        ("explain", "{dir}"),
        ("why", "{dir}", "--pair", "1-2"),
        ("--dutch", "{dir}", "-p", "{dir}/out"),
        ("--dutch", "{dir}", "-c"),
        ("convert", str(SMALL), "-o", "{dir}"),
        ("solve", str(SMALL), "-o", "{dir}"),
    ],
)
def test_a_directory_is_a_file_error_everywhere(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...]
) -> None:
    code, out, err = run(capsys, *(a.replace("{dir}", str(tmp_path)) for a in args))
    assert code == 5, err
    assert err.strip() in (
        f"{tmp_path}: cannot read the file: Is a directory",
        f"{tmp_path}: cannot write the file: Is a directory",
    )


def with_name(tmp_path: Path, line: int, name: str) -> Path:
    """small.trfx with the name field (15-47) of ``line`` replaced."""
    lines = SMALL.read_text(encoding="utf-8").split("\n")
    lines[line - 1] = lines[line - 1][:14] + name.ljust(33) + lines[line - 1][47:]
    path = tmp_path / "names.trfx"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("to_file", [True, False])
def test_convert_names_the_character_latin1_cannot_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, to_file: bool
) -> None:
    path = with_name(tmp_path, 9, "Wałęsa, Lech")
    target = tmp_path / "out.trf"
    output = ("-o", str(target)) if to_file else ()
    code, out, err = run(
        capsys, "convert", str(path), "--to", "trf16", "--encoding", "latin-1", *output
    )
    assert code == 3 and out == ""
    match = located(err, path)
    assert (match["line"], match["field"]) == ("9", "name (15-47)")
    assert "'ł' (U+0142, column 17) cannot be written in latin-1" in match["what"]
    assert list(tmp_path.iterdir()) == [path]  # nothing written, no temporary file left


def test_convert_to_latin1_keeps_what_it_can_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = with_name(tmp_path, 9, "Øvergård, Åse")
    code, _, err = run(
        capsys, "convert", str(path), "--encoding", "latin-1", "-o", str(tmp_path / "o")
    )
    assert code == 0, err
    assert "Øvergård, Åse".encode("latin-1") in (tmp_path / "o").read_bytes()


def test_why_names_a_player_who_does_not_exist(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "why", str(SMALL), "--pair", "1-99")
    assert code == 3 and out == ""
    assert err.strip() == f"{SMALL}: --pair: there is no player 99 in the tournament"


def test_why_still_calls_an_absent_player_absent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A player who exists but is not paired this round is a breach of the proposal, not bad input."""
    text = SMALL.read_text(encoding="utf-8") + "XXZ 9\n"
    path = tmp_path / "absent.trfx"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "why", str(path), "--pair", "1-9")
    assert code == 1
    assert "player 9 is not to be paired this round" in out


@pytest.mark.parametrize(
    "record, field",
    [
        ("XXR 99999999999999999999", "XXR"),
        ("142 1000", "142"),
        ("XXZ 99999999999999999999999999", "XXZ"),
        ("XXS WW=99999999999", "XXS"),
        ("XXP 1 " + "9" * 5000, "XXP"),
    ],
)
def test_huge_numbers_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: str, field: str
) -> None:
    path = tmp_path / "huge.trfx"
    path.write_text(SMALL.read_text(encoding="utf-8") + record + "\n", encoding="utf-8")
    code, _, err = run(capsys, "info", str(path))
    assert code == 3, err
    match = located(err, path)
    assert match["field"] == field
    assert int(match["line"]) == len(SMALL.read_text(encoding="utf-8").splitlines()) + 1


@pytest.mark.parametrize(
    "record", ["HELLO WORLD", "hello  world", "NED", "ABCDEFG", "802   3 GEO     19.0"]
)
def test_unknown_records_come_out_verbatim(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: str
) -> None:
    path = tmp_path / "unknown.trfx"
    path.write_text(record + "\n" + SMALL.read_text(encoding="utf-8"), encoding="utf-8")
    for edition in ("trf16", "trfx", "trf26"):
        code, out, err = run(capsys, "convert", str(path), "--to", edition)
        assert code == 0, err
        assert out.splitlines()[0] == record


PAPP = ROOT / "scenarios" / "papp"


@pytest.mark.parametrize(
    "text, field",
    [
        ("score-bip = 24 / 9" + "0" * 5000 + ";\n", "integer"),
        ("score-bip = 24 / 6\u00b2;\n", "character"),
        ("score-bip = 24 / 64 64;\n", "score-bip"),
    ],
)
def test_papp_configuration_faults_are_located(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, field: str
) -> None:
    config = tmp_path / "papp.cfg"
    config.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "papp", "pair", str(PAPP / "sample.papp"), "--config", str(config))
    assert code == 3, err
    match = located(err, config)
    assert (match["line"], match["field"]) == ("1", field)


@pytest.mark.parametrize(
    "edit, line, field",
    [
        (lambda ls: ls[:14] + ['player 1 "X" "Y"'] + ls[14:], 15, "player"),
        (lambda ls: [ln.replace("seed 11", "seed " + "9" * 5000) for ln in ls], 10, "seed"),
        (lambda ls: [ln.replace("score-bip 24", "score-bip 99") for ln in ls], 7, "score-bip"),
        (lambda ls: [ln.replace("game 3 32/32 4", "game 3 32/32 9") for ln in ls], 20, "round"),
        (lambda ls: [ln.replace("1-4", "1-" + "9" * 5000) for ln in ls], 12, "round-robin"),
        (lambda ls: [ln.replace("32/32 4", "32/32 " + "4" * 5000) for ln in ls], 22, "game"),
    ],
)
def test_papp_event_faults_are_located(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, edit, line: int, field: str
) -> None:
    event = tmp_path / "event.papp"
    lines = (PAPP / "sample.papp").read_text(encoding="utf-8").split("\n")
    event.write_text("\n".join(edit(lines)), encoding="utf-8")
    code, _, err = run(capsys, "papp", "standings", str(event))
    assert code == 3, err
    match = located(err, event)
    assert (match["line"], match["field"]) == (str(line), field)
