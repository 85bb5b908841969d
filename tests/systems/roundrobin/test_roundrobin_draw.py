"""The drawing of lots through the installed ``mipair roundrobin``: reproducible, recorded, kept.

The expected numbers are computed here from the specification (``models/round-robin-2026.md``
section 4: each entrant's lot the SHA-256 of the seed, the step and his key, smallest
first), the Varma groups read from the model file, not from mipair's modules.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from mipair.formats.trf import read_tournament, write_tournament
from mipair.model import Tournament
from tests.support.installed_command import mipair, refused
from tests.support.paths import ROOT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ENTRIES = ROOT / "scenarios" / "round-robin" / "entries.trf"
MODEL = tomllib.loads((ROOT / "models" / "round-robin-2026.toml").read_text(encoding="utf-8"))


def by_name(t: Tournament) -> dict[str, int]:
    return {p.name: pid for pid, p in t.players.items()}


def spec_draw(t: Tournament, seed: str) -> dict[str, int]:
    """Section 4, L1-L3: numbers in the order of the lots of the step ``number``."""

    def lot(key: str) -> bytes:
        return hashlib.sha256("\x1f".join((seed, "number", key)).encode()).digest()

    keys = {p.name: (p.fide_id or p.name) for p in t.players.values()}
    order = sorted(keys, key=lambda name: (lot(keys[name]), keys[name]))
    return {name: number for number, name in enumerate(order, 1)}


def reversed_entries(t: Tournament) -> Tournament:
    """The same players typed in the other order."""
    n = len(t.players)
    players = {
        n + 1 - pid: p.__class__(**{**p.__dict__, "id": n + 1 - pid})
        for pid, p in t.players.items()
    }
    return Tournament(
        **{
            **t.__dict__,
            "players": dict(sorted(players.items())),
            "results": {k: () for k in players},
        }
    )


def test_the_draw_is_the_specifications_and_is_written_to_the_file(tmp_path: Path) -> None:
    drawn = tmp_path / "drawn.trf"
    done = mipair("roundrobin", ENTRIES, "--seed", "2026-03-01", "-o", drawn)
    assert done.returncode == 0, done.stderr
    t = read_tournament(drawn)
    assert by_name(t) == spec_draw(read_tournament(ENTRIES), "2026-03-01")
    assert t.comments == ("### mipair drawing of lots: method=plain seed=2026-03-01",)
    assert (t.system, t.total_rounds) == ("FIDE_ROUNDROBIN", 9)
    again = tmp_path / "again.trf"
    assert mipair("roundrobin", ENTRIES, "--seed", "2026-03-01", "-o", again).returncode == 0
    assert again.read_bytes() == drawn.read_bytes()
    other = tmp_path / "other-order.trf"
    other.write_text(write_tournament(reversed_entries(read_tournament(ENTRIES)), "trf26"))
    assert mipair("roundrobin", other, "--seed", "2026-03-01").returncode == 0  # in place
    assert by_name(read_tournament(other)) == by_name(t)
    assert ENTRIES.read_text().count("### mipair") == 0  # -o left the entries as they were


def test_the_recorded_draw_is_kept_and_checked(tmp_path: Path) -> None:
    drawn, converted = tmp_path / "drawn.trf", tmp_path / "converted.trfx"
    assert mipair("roundrobin", ENTRIES, "--seed", "7", "--double", "-o", drawn).returncode == 0
    assert mipair("convert", drawn, "--to", "trfx", "-o", converted).returncode == 0
    assert read_tournament(converted).comments == read_tournament(drawn).comments
    info = json.loads(mipair("info", converted, "--json").stdout)
    assert info["drawing_of_lots"] == "plain, seed 7 (the numbers are the draw's)"
    assert info["total_rounds"] == 18 and "FIDE_DOUBLEROUNDROBIN" in info["round_robin"]
    lines = drawn.read_text().splitlines()
    ones = [k for k, line in enumerate(lines) if line.startswith("001")]
    first, second = lines[ones[0]], lines[ones[1]]
    lines[ones[0]], lines[ones[1]] = (
        second[:4] + first[4:8] + second[8:],
        first[:4] + second[4:8] + first[8:],
    )
    drawn.write_text("\n".join(lines) + "\n")
    info = json.loads(mipair("info", drawn, "--json").stdout)
    assert "NOT the draw's" in info["drawing_of_lots"]


def test_varma_keeps_a_federation_in_one_group(tmp_path: Path) -> None:
    drawn = tmp_path / "varma.trf"
    done = mipair("roundrobin", ENTRIES, "--seed", "x", "--varma", "-o", drawn, "--json")
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    groups = MODEL["varma"]["10"]
    assert view["varma"] == groups
    t = read_tournament(drawn)
    norway = {pid for pid, p in t.players.items() if p.federation == "NOR"}
    assert len(norway) == 3 and any(norway <= set(numbers) for numbers in groups.values())
    assert t.comments == ("### mipair drawing of lots: method=varma seed=x",)
    shown = json.loads(mipair("roundrobin", "--players", 9, "--varma", "--json").stdout)
    assert shown["varma"] == {k: [n for n in v if n != 10] for k, v in groups.items()}


def test_what_cannot_be_drawn_is_refused_in_one_line(tmp_path: Path) -> None:
    club = ROOT / "scenarios" / "round-robin" / "club.trf"
    copy = tmp_path / "club.trf"
    copy.write_bytes(club.read_bytes())
    assert "lots are drawn before round 1" in refused(mipair("roundrobin", copy, "--seed", "1"))
    assert copy.read_bytes() == club.read_bytes()
    assert "Annex 2" in refused(mipair("roundrobin", "--players", 30, "--varma"))
    assert "one word" in refused(
        mipair("roundrobin", ENTRIES, "--seed", "two words", "-o", tmp_path / "x")
    )
    assert "--players" in refused(mipair("roundrobin", "--players", 1))
    assert "not both" in refused(mipair("roundrobin", ENTRIES, "--players", 4))
    assert "give --seed" in refused(mipair("roundrobin", ENTRIES, "--varma"))
    assert "round robin's type" in refused(
        mipair("roundrobin", "--players", 4, "--type", "FIDE_DUTCH")
    )
    page = tmp_path / "schedule.html"
    assert mipair("roundrobin", "--players", 4, "--html", page).returncode == 0
    assert page.read_text().count("<h3>Round ") == 3
