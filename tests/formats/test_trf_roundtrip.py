"""Every edition written by mipair reads back to the same tournament model.

* the shipped scenarios through every edition, line end and encoding;
* the whole conformance corpus (../shared) TRF -> trfx -> trf26 -> TRF;
* the exact cuts the conformance tool hands an engine, whose snapshot must
  equal the snapshot of the complete tournament (sampled).
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

import pytest

from mipair.errors import InputError
from mipair.formats.text import load, save
from mipair.formats.trf import detect_edition, lost_in, read_tournament, write_tournament
from mipair.rounds import next_round
from mipair.systems.fide.dutch.system import dutch_snapshot as snapshot
from tests.support.paths import ROOT

SCENARIOS = sorted((ROOT / "scenarios" / "dutch").glob("*.trf*"))
SHARED = ROOT.parent / "shared"
CORPUS = sorted((SHARED / "conformance").glob("*/*.trf")) if SHARED.is_dir() else []
needs_shared = pytest.mark.skipif(
    not CORPUS,
    reason=f"{SHARED}/conformance is absent (the shared corpus is not part of the repository)",
)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_chain(path: Path) -> None:
    t = read_tournament(path)
    a = read_tournament(write_tournament(t, "trfx"), "a")
    b = read_tournament(write_tournament(a, "trf26"), "b")
    c = read_tournament(write_tournament(b, detect_edition(load(path)), "\r"), "c")
    assert t == a == b == c


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"], ids=["cr", "lf", "crlf"])
def test_scenario_line_ends_and_encodings(path: Path, newline: str, tmp_path: Path) -> None:
    t = read_tournament(path)
    text = write_tournament(t, "trf26", newline)
    assert text.count(newline) == len(text.splitlines())
    for encoding in ("utf-8", "latin-1"):
        out = tmp_path / f"out-{encoding}.trf"
        try:
            save(out, text, encoding)
        except Exception:
            assert encoding == "latin-1"  # names outside Latin-1 cannot be written in it
            continue
        assert read_tournament(out) == t


def test_trf16_keeps_what_it_can_and_says_what_it_drops() -> None:
    t = read_tournament(ROOT / "scenarios" / "dutch" / "small.trfx")
    lost = lost_in(t, "trf16")
    assert lost == ["the number of rounds (5)", "the initial colour"]
    back = read_tournament(write_tournament(t, "trf16"))
    assert back == replace(t, total_rounds=None, initial_colour=None)
    text = write_tournament(t, "trf16")
    assert not any(line[:3] in ("XXR", "XXC", "142", "152") for line in text.splitlines())


@pytest.mark.parametrize("name", ["small-310.trfx", "accelerated.trf"])
def test_trf16_point_system_is_inferred_from_the_points(name: str) -> None:
    t = read_tournament(ROOT / "scenarios" / "dutch" / name)
    assert any(item.startswith("the point system") for item in lost_in(t, "trf16"))
    plain = replace(
        t,
        accelerations=(),
        total_rounds=None,
        initial_colour=None,
        forbidden=(),
        system=next((x.strip() for c, x in t.headers if c == "092"), ""),
    )
    back = read_tournament(write_tournament(plain, "trf16"))
    assert back == plain
    assert (back.point_system.win, back.point_system.draw) == (30, 10)


def test_inference_does_not_hide_a_wrong_points_field() -> None:
    text = (ROOT / "scenarios" / "dutch" / "small-310.trfx").read_text()
    lines = [line for line in text.splitlines() if not line.startswith("BB")]
    lines = [
        line[:80] + " 6.0" + line[84:] if line.startswith("001    1") else line for line in lines
    ]
    with pytest.raises(InputError) as info:
        read_tournament("\n".join(lines), "typo")
    assert "points" in info.value.located()


def test_trf26_uses_2026_records() -> None:
    t = read_tournament(ROOT / "scenarios" / "dutch" / "small-310.trfx")
    text = write_tournament(t, "trf26")
    codes = [line[:3] for line in text.splitlines()]
    assert "142" in codes and "152" in codes and "162" in codes
    assert not {"BBW", "XXR", "XXC"} & set(codes)
    assert "162  W 3.0    D 1.0    P 1.0" in text.splitlines()
    trfx = write_tournament(t, "trfx")
    assert {"XXR 5", "XXC white1", "BBW  3.0", "BBD  1.0", "BBU  1.0"} <= set(trfx.splitlines())


def test_accelerations_and_bans_move_between_xxa_and_250() -> None:
    t = read_tournament(ROOT / "scenarios" / "dutch" / "accelerated.trf")
    trfx = write_tournament(t, "trfx").splitlines()
    assert "XXA    1  3.0  3.0  1.0" in trfx and "XXP 2 3" in trfx
    assert "260 001 003    6    7    8" in trfx  # a round range needs 260
    trf26 = write_tournament(t, "trf26").splitlines()
    assert "250       3.0 001 002 0001 0005" in trf26
    assert "260 001 007    2    3" in trf26


def test_unknown_edition_is_refused() -> None:
    t = read_tournament(ROOT / "scenarios" / "dutch" / "small.trfx")
    with pytest.raises(ValueError):
        write_tournament(t, "trf99")


@needs_shared
def test_whole_corpus_chain() -> None:
    assert len(CORPUS) > 500
    for path in CORPUS:
        t = read_tournament(path)
        a = read_tournament(write_tournament(t, "trfx"), f"{path}:trfx")
        b = read_tournament(write_tournament(a, "trf26"), f"{path}:trf26")
        c = read_tournament(write_tournament(b, detect_edition(load(path)), "\r"), f"{path}:back")
        assert t == a == b == c, path
        # TRF16 has no point-system record: a 3-1-0 system is read back from the points
        # (a value no result uses, e.g. the draw in a drawless event, cannot be recovered)
        d = read_tournament(write_tournament(t, "trf16"), f"{path}:trf16")
        assert replace(d, point_system=t.point_system) == t, path
        assert d.point_system.win == t.point_system.win, path


def _conformance_tool():
    spec = importlib.util.spec_from_file_location(
        "conformance_tool", SHARED / "tools" / "conformance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_shared
def test_conformance_cuts_give_the_same_state() -> None:
    """The text the conformance tool feeds an engine reads to the state of the full file."""
    tool = _conformance_tool()
    for path in CORPUS[::9]:
        full = read_tournament(path)
        header, players, n = tool.parse(str(path))
        first = tool.initial_colour(players, n)
        for r in range(n):
            cut = read_tournament(tool.cut(header, players, n, r, first), f"{path}@{r + 1}")
            assert next_round(cut) == r + 1
            a, b = snapshot(cut, r + 1), snapshot(full, r + 1)
            assert a.players == b.players, (path, r + 1)
            if r:
                assert a.initial_colour == b.initial_colour, (path, r + 1)


@needs_shared
def test_corpus_scores_are_checked() -> None:
    text = load(CORPUS[0])
    lines = text.replace("\r", "\n").split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[i] = lines[i][:80] + "99.0" + lines[i][84:]
    with pytest.raises(InputError) as info:
        read_tournament("\n".join(lines), "corpus")
    assert info.value.line == i + 1 and "points" in info.value.located()


@pytest.mark.parametrize(
    "sample, scenario, edition",
    [
        ("small.trf16", "small.trfx", "trf16"),
        ("small.trfx", "small.trfx", "trfx"),
        ("small.trf26", "small.trfx", "trf26"),
        ("small-310.trfbx", "small-310.trfx", "trfx"),
        ("accelerated.trfx", "accelerated.trf", "trfx"),
    ],
)
def test_shipped_samples_match_the_scenarios(sample: str, scenario: str, edition: str) -> None:
    """formats/samples/ are `mipair convert` of the scenarios, byte for byte."""
    t = read_tournament(ROOT / "scenarios" / "dutch" / scenario)
    text = (ROOT / "formats" / "samples" / sample).read_text(encoding="utf-8")
    assert text == write_tournament(t, edition)
    assert detect_edition(text) == edition
