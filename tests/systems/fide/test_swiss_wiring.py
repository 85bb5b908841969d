"""What the FIDE Swiss systems share on the command line and in the registry (issue 37).

A TRF file tells its system by its 192 record (FIDE_DUBOV, FIDE_BURSTEIN, FIDE_LIM,
FIDE_DUTCH and their edition or Baku forms), the Dutch system being the default; the
drop-in forms take ``--dutch``, ``--dubov``, ``--burstein`` and ``--lim``; ``generate``
pairs a random tournament with any of them and writes its 192 record. The toy Swiss
system (``tests/support/toy_swiss``) stands for a system added by one registry line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.check.config import GeneratorConfig
from mipair.check.generate import generate
from mipair.formats.trf import read_tournament, write_tournament
from mipair.operations import dropin, forms
from mipair.operations.files import open_document, system_of
from mipair.systems import registry
from mipair.systems.registered import Registered
from tests.support.cli_process import run_cli
from tests.support.paths import ROOT

SMALL = ROOT / "scenarios" / "dutch" / "small.trfx"
TOY = Registered(
    "toy", "tests.support.toy_swiss.procedure:ToySystem", trf_codes=("FIDE_TOY",), dropin=True
)
"""The toy system's one registry line."""


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch):
    """The toy system registered, with a tournament type of its own."""
    monkeypatch.setattr(registry, "SYSTEMS", (*registry.SYSTEMS, TOY))
    return registry.get_system("toy")


def system_for_file(path: str) -> str:
    """The name of the system a file is for, as the commands find it."""
    return open_document(path)[0].name


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
    assert system_for_file(with_192(tmp_path, code)) == expected
    assert system_for_file(with_192(tmp_path, code, b"\r")) == expected


def test_the_system_of_a_file_by_its_ending(tmp_path: Path) -> None:
    assert registry.for_ending("event.XML") is registry.get_system("mcmahon")
    assert registry.for_ending("event.papp") is registry.get_system("papp")
    assert registry.for_ending("event.trf") is None
    assert registry.for_trf_code(None) is registry.get_system("dutch")
    assert system_of(str(tmp_path / "missing.trf"))[0].name == "dutch"
    assert system_of(str(tmp_path))[0].name == "dutch"  # a folder (check DIR)


def test_every_fide_system_has_its_code_and_the_registered_ones_are_generated() -> None:
    codes = {
        registry.get_system(n).registered.trf_codes for n in ("dutch", "dubov", "burstein", "lim")
    }
    assert codes == {("FIDE_DUTCH",), ("FIDE_DUBOV",), ("FIDE_BURSTEIN",), ("FIDE_LIM",)}
    assert registry.get_system("mcmahon").registered.trf_codes == ()
    names = [line.name for line in registry.trf_systems()]
    assert names[0] == "dutch" and set(names) == {
        "dutch",
        "dubov",
        "burstein",
        "lim",
        "double-swiss",
        "round-robin",
        "team",
    }


def test_the_dropin_flags_and_their_usage_come_from_the_registry(toy) -> None:
    flags = (
        "--dutch",
        "--dubov",
        "--burstein",
        "--lim",
        "--double-swiss",
        "--round-robin",
        "--team",
        "--toy",
    )
    assert forms.system_flags() == flags
    assert forms.usage().endswith(f"SYSTEM: {', '.join(flags[:-1])} or --toy")
    assert dropin.parse(["--toy", "x.trf", "-p"]).system == "--toy"
    assert not forms.is_dropin(["--papp", "x.papp", "-p"])


def test_a_generated_tournament_says_which_system_paired_it(toy, tmp_path: Path) -> None:
    config = GeneratorConfig(players=9, rounds=4)
    t = generate(config, 5, toy)
    path = tmp_path / "toy.trf"
    path.write_text(write_tournament(t, "trf26"))
    assert "192 FIDE_TOY" in path.read_text()
    assert "Swiss-System (FIDE Toy)" in path.read_text()
    assert system_for_file(str(path)) == "toy"
    again = read_tournament(path)
    assert again.system == "FIDE_TOY"
    assert toy.rounds_published(again) == [1, 2, 3, 4]


FLAGGED = {
    "--round-robin": SMALL.parents[1] / "round-robin" / "club.trf",
    "--double-swiss": SMALL.parents[1] / "double-swiss" / "round2-upfloater.trf",
    "--team": SMALL.parents[1] / "team" / "c6-following.trf",
}
"""A file each flag pairs (the Swiss systems' default: a Dutch tournament of 9 players in 5
rounds, which no round robin plays and no Double-Swiss file holds: two TRF rounds a match)."""


@pytest.mark.parametrize("flag", forms.system_flags())
def test_every_system_flag_pairs(flag: str, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = run_cli(flag, str(FLAGGED.get(flag, SMALL)), "-p", str(out))
    assert proc.returncode == 0, proc.stderr
    lines = out.read_text().split("\n")
    assert int(lines[0]) == len([ln for ln in lines[1:] if ln.strip()])


def test_rules_are_checked_against_the_flagged_system() -> None:
    assert dropin.parse(["--dutch", "x.trf", "-p", "--rules", "2012"]).rules == "2012"
    with pytest.raises(dropin.DropInUsage, match="with --burstein"):
        dropin.parse(["--rules", "2012", "--burstein", "x.trf", "-p"])
