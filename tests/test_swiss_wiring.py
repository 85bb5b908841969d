"""What the FIDE Swiss systems share on the command line and in the registry (issue 37).

A TRF file tells its system by its 192 record (FIDE_DUBOV, FIDE_BURSTEIN, FIDE_LIM,
FIDE_DUTCH and their edition or Baku forms), the Dutch system being the default; the
drop-in forms take ``--dutch``, ``--dubov``, ``--burstein`` and ``--lim``; ``generate``
pairs a random tournament with any of them and writes its 192 record. The toy Swiss
system (``tests/toy_swiss``) stands for a system added by one registry line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_process import run_cli

from mipair.check.config import GeneratorConfig
from mipair.check.generate import generate
from mipair.cli import dropin
from mipair.formats.trf import read_tournament, write_tournament
from mipair.systems import registry

ROOT = Path(__file__).resolve().parents[1]
SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch):
    """The toy system registered, with a tournament type of its own."""
    monkeypatch.setitem(registry.SYSTEMS, "toy", "toy_swiss.procedure:ToySystem")
    monkeypatch.setitem(registry.TRF_TYPES, "FIDE_TOY", "toy")
    registry.get_system.cache_clear()
    yield registry.get_system("toy")
    registry.get_system.cache_clear()


def with_192(tmp_path: Path, code: str, newline: bytes = b"\n") -> str:
    """SMALL with a 192 record after its header lines (``code`` "": none)."""
    lines = SMALL.read_bytes().split(b"\n")
    if code:
        lines.insert(1, b"192 " + code.encode())
    path = tmp_path / f"t-{code or 'none'}.trfx"
    path.write_bytes(newline.join(lines))
    return str(path)


@pytest.mark.parametrize(
    "code, expected",
    [
        ("", "dutch"),
        ("FIDE_DUTCH_2017", "dutch"),
        ("FIDE_TOY", "toy"),
        ("FIDE_TOY_BAKU", "toy"),
        ("fide_toy", "toy"),
        ("FIDE_TOYS", "dutch"),  # another code, not a form of FIDE_TOY
        ("CUSTOM_SWISS", "dutch"),
    ],
)
def test_a_trf_file_tells_its_system_by_its_192_record(
    toy, tmp_path: Path, code: str, expected: str
) -> None:
    assert registry.system_for_file(with_192(tmp_path, code)) == expected
    assert registry.system_for_file(with_192(tmp_path, code, b"\r")) == expected


def test_a_192_code_of_a_system_not_registered_is_paired_by_the_dutch_system(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(registry.TRF_TYPES, "FIDE_NOWHERE", "nowhere")
    assert registry.system_for_file(with_192(tmp_path, "FIDE_NOWHERE")) == "dutch"


def test_the_system_of_a_file_by_its_ending_or_unreadable(tmp_path: Path) -> None:
    assert registry.system_for_file("event.XML") == "mcmahon"
    assert registry.system_for_file("event.papp") == "papp"
    assert registry.system_for_file(str(tmp_path / "missing.trf")) == "dutch"
    assert registry.system_for_file(str(tmp_path)) == "dutch"  # a folder (check DIR)


def test_every_fide_system_has_its_code_and_the_registered_ones_are_generated() -> None:
    assert {registry.trf_type(n) for n in ("dutch", "dubov", "burstein", "lim")} == {
        "FIDE_DUTCH",
        "FIDE_DUBOV",
        "FIDE_BURSTEIN",
        "FIDE_LIM",
    }
    assert registry.trf_type("mcmahon") == ""
    names = registry.trf_system_names()
    assert names[0] == "dutch" and set(names) <= set(registry.SYSTEMS)
    assert set(names) == {n for n in registry.TRF_TYPES.values() if n in registry.SYSTEMS}


def test_a_generated_tournament_says_which_system_paired_it(toy, tmp_path: Path) -> None:
    config = GeneratorConfig(players=9, rounds=4)
    t = generate(config, 5, toy)
    path = tmp_path / "toy.trf"
    path.write_text(write_tournament(t, "trf26"))
    assert "192 FIDE_TOY" in path.read_text()
    assert "Swiss-System (FIDE Toy)" in path.read_text()
    assert registry.system_for_file(str(path)) == "toy"
    again = read_tournament(path)
    assert again.system == "FIDE_TOY"
    assert toy.rounds_published(again) == [1, 2, 3, 4]


@pytest.mark.parametrize("flag", dropin.SYSTEMS)
def test_every_system_flag_pairs_or_says_it_is_not_in_this_build(flag: str, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = run_cli(flag, str(SMALL), "-p", str(out))
    name = flag.removeprefix("--")
    if name not in registry.SYSTEMS:
        assert proc.returncode == 3 and f"{flag} is not available" in proc.stderr
        assert not out.exists()
        return
    assert proc.returncode == 0, proc.stderr
    lines = out.read_text().split("\n")
    assert int(lines[0]) == len([ln for ln in lines[1:] if ln.strip()])


def test_rules_are_checked_against_the_flagged_system() -> None:
    assert dropin.parse(["--dutch", "x.trf", "-p", "--rules", "2012"]).rules == "2012"
    with pytest.raises(dropin.DropInUsage, match="with --burstein"):
        dropin.parse(["--rules", "2012", "--burstein", "x.trf", "-p"])
