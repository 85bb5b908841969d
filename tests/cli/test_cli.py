"""The ``mipair`` command line: convert, info, --help/--version, lazy commands, drop-in forms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mipair import __version__
from mipair.cli.group import LAZY_COMMANDS, cli
from mipair.formats.trf import read_tournament
from mipair.operations import dropin, forms
from tests.support.cli_process import run_cli
from tests.support.paths import ROOT

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"
ACCEL = ROOT / "scenarios" / "dutch" / "accelerated.trf"


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_version_and_help() -> None:
    proc = run_cli("--version")
    assert proc.returncode == 0 and __version__ in proc.stdout
    proc = run_cli("--help")
    assert proc.returncode == 0
    for name in LAZY_COMMANDS:
        assert name in proc.stdout
    assert "--dutch" in proc.stdout


@pytest.mark.parametrize("name", sorted(LAZY_COMMANDS))
def test_every_command_has_help(name: str) -> None:
    result = invoke(name, "--help")
    assert result.exit_code == 0
    assert result.output.startswith("Usage:")


def test_info_text_and_json() -> None:
    result = invoke("info", str(SMALL))
    assert result.exit_code == 0
    assert "players:        9" in result.output
    assert "rounds played:  3 of 5 (next: round 4)" in result.output
    assert "absent next:    4, 8" in result.output
    data = json.loads(invoke("info", str(ACCEL), "--json").output)
    assert data["players"] == 10 and data["rounds_played"] == 2 and data["total_rounds"] == 7
    assert data["point_system"].startswith("win 3.0, draw 1.0")
    assert data["forfeits"] == 1 and data["absent_next_round"] == [9, 10]
    assert data["accelerated_players"] == 5 and data["forbidden_pairs"] == 2


def test_convert_to_file_keeps_line_ends_and_model(tmp_path: Path) -> None:
    source = tmp_path / "in.trf"
    source.write_bytes(SMALL.read_bytes().replace(b"\n", b"\r"))
    out = tmp_path / "out.trf"
    result = invoke("convert", str(source), "--to", "trf26", "-o", str(out))
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert b"\n" not in data and data.count(b"\r") == len(data.split(b"\r")) - 1
    assert b"142 5\r152 W\r" in data
    assert read_tournament(out) == read_tournament(SMALL)


def test_convert_to_stdout_with_newline_choice() -> None:
    result = invoke("convert", str(SMALL), "--to", "trfx", "--newline", "crlf")
    assert result.exit_code == 0
    assert (
        result.stdout_bytes.startswith(b"012 Small Club Swiss") and b"\r\n" in result.stdout_bytes
    )
    assert b"\n" not in result.stdout_bytes.replace(b"\r\n", b"")


def test_convert_to_trf16_names_what_is_lost(tmp_path: Path) -> None:
    proc = run_cli("convert", str(SMALL), "--to", "trf16", "-o", str(tmp_path / "x.trf"))
    assert proc.returncode == 0
    assert "cannot hold the number of rounds (5)" in proc.stderr
    assert "cannot hold the initial colour" in proc.stderr


def test_convert_latin1_output(tmp_path: Path) -> None:
    out = tmp_path / "latin1.trf"
    src = ROOT / "scenarios" / "dutch" / "accelerated-latin1-crlf.trf"
    assert invoke("convert", str(src), "--encoding", "latin-1", "-o", str(out)).exit_code == 0
    assert "Øvergaard".encode("latin-1") in out.read_bytes()
    assert read_tournament(out) == read_tournament(src)


def test_convert_unwritable_target_exits_5(tmp_path: Path) -> None:
    proc = run_cli("convert", str(SMALL), "-o", str(tmp_path / "no" / "such" / "dir.trf"))
    assert proc.returncode == 5 and "cannot write" in proc.stderr


def test_bad_edition_is_a_usage_error() -> None:
    proc = run_cli("convert", str(SMALL), "--to", "trf99")
    assert proc.returncode == 3 and len(proc.stderr.splitlines()) == 1
    assert proc.stderr.startswith("mipair convert: Invalid value for '--to'")


# --- JaVaFo / bbpPairings argument forms -------------------------------------------


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--dutch", "in.trf", "-p", "out.txt"], dict(mode="-p", input="in.trf", output="out.txt")),
        (["--dutch", "in.trf", "-p"], dict(mode="-p", input="in.trf", output=None)),
        (["--dutch", "in.trf", "-p", "-l"], dict(mode="-p", checklist="in.list")),
        (
            ["--dutch", "in.trf", "-p", "o.txt", "-l", "c.txt"],
            dict(output="o.txt", checklist="c.txt"),
        ),
        (["--rules", "2017", "--dutch", "in.trf", "-p", "o"], dict(rules="2017", output="o")),
        (["-r", "--dutch", "in.trf", "-c"], dict(mode="-c", version=True, input="in.trf")),
        (
            ["--dutch", "-g", "cfg.txt", "-o", "t.trf", "-s", "7"],
            dict(mode="-g", config="cfg.txt", output="t.trf", seed="7"),
        ),
        (
            ["--dutch", "model.trf", "-g", "-o", "t.trf"],
            dict(mode="-g", input="model.trf", config=None),
        ),
        (
            ["in.trfx", "-p", "out.txt", "-w", "-q", "1000"],
            dict(mode="-p", input="in.trfx", output="out.txt"),
        ),
        (["-r"], dict(mode=None, version=True)),
        (["--burstein", "in.trf", "-p", "o"], dict(system="--burstein", output="o")),
        (["--dubov", "in.trf", "-c"], dict(system="--dubov", mode="-c")),
        (["--lim", "-g", "-o", "t.trf"], dict(system="--lim", mode="-g", output="t.trf")),
        (["--dutch", "--rules", "2012", "in.trf", "-p"], dict(rules="2012")),
    ],
)
def test_dropin_parse(args: list[str], expected: dict) -> None:
    assert forms.is_dropin(args)
    parsed = dropin.parse(args)
    for key, value in expected.items():
        assert getattr(parsed, key) == value, key


@pytest.mark.parametrize(
    "args",
    [
        ["--dutch"],
        ["--dutch", "in.trf"],
        ["--dutch", "-p"],
        ["--dutch", "in.trf", "-p", "-c"],
        ["--dutch", "-g"],
        ["--rules", "1999", "--dutch", "in.trf", "-p"],
        ["--rules", "2017", "--burstein", "in.trf", "-p"],
        ["--dutch", "in.trf", "-p", "--rules"],
        ["--dutch", "a", "b", "-p"],
        ["--dutch", "in.trf", "-p", "--frobnicate"],
    ],
)
def test_dropin_usage_errors(args: list[str]) -> None:
    with pytest.raises(dropin.DropInUsage):
        dropin.parse(args)


def test_subcommands_are_not_dropin() -> None:
    assert not forms.is_dropin(["info", "x.trf"])
    assert not forms.is_dropin(["convert", "x.trf", "-o", "y"])
    assert not forms.is_dropin([])


def test_dropin_command_lines_in_a_process(tmp_path: Path) -> None:
    proc = run_cli("-r")
    assert proc.returncode == 0 and proc.stdout.strip() == f"mipair {__version__}"
    proc = run_cli("--dutch", "in.trf")
    assert proc.returncode == 3
    assert proc.stderr == "mipair: one of -p, -c or -g is needed (see mipair --help)\n"
    out = tmp_path / "out.txt"
    proc = run_cli("--dutch", str(SMALL), "-p", str(out))
    assert proc.returncode == 0, proc.stderr
    lines = out.read_text().split("\n")
    assert int(lines[0]) == len([ln for ln in lines[1:] if ln.strip()])
