"""The fuzz campaign's hostile mutations do what they say, every kind of file is drawn, and a
command that writes outside its case's folder is caught."""

from __future__ import annotations

import random
import re
import tempfile
from collections import Counter
from pathlib import Path

from tests.support import fuzz_hostile, fuzzing

CLUB = fuzzing.ROOT / "scenarios" / "mcmahon" / "club.xml"
SAMPLE = fuzzing.PAPP / "sample.papp"
SMALL = fuzzing.ROOT / "scenarios" / "dutch" / "small.trfx"


def test_deep_xml_nests_an_element_past_the_readers_limit() -> None:
    for seed in range(10):
        text = fuzz_hostile.deep_xml(CLUB.read_bytes(), random.Random(seed))
        deepest = max(line.count(b"<X>") for line in text.split(b"\n"))
        assert deepest > 32


def test_entity_tricks_declare_entities_or_an_external_dtd() -> None:
    seen = set()
    for seed in range(40):
        text = fuzz_hostile.entity_tricks(CLUB.read_bytes(), random.Random(seed))
        assert text.startswith(b"<?xml") and b"<!DOCTYPE Tournament" in text
        seen.add(re.search(rb"<!ENTITY %? ?(\w+)|SYSTEM \"http", text)[0])
    assert len(seen) == len(fuzz_hostile.ENTITY_TRICKS)


def test_huge_field_adds_hundreds_of_players_of_each_kind() -> None:
    records = {
        CLUB: rb"<Player ",
        SAMPLE: rb"player \d+",
        fuzzing.PAPP / "joueurs.txt": rb"\d+ ",
        SMALL: rb"001 ",
    }
    for path, record in records.items():
        before = len(re.findall(rb"^\s*" + record, path.read_bytes(), re.M))
        after = fuzz_hostile.huge_field(path.read_bytes(), random.Random(1))
        assert len(re.findall(rb"^\s*" + record, after, re.M)) >= before + 60, path
    trf = fuzz_hostile.huge_field(SMALL.read_bytes(), random.Random(2))
    ids = [int(line[4:8]) for line in trf.split(b"\n") if line.startswith(b"001 ")]
    assert sorted(ids) == list(range(1, len(ids) + 1))  # pairing ids without a gap


def test_hostile_names_reach_names_and_fichier_lines() -> None:
    config = fuzzing.DEFAULT_CFG.read_bytes()
    fichier = 0
    for seed in range(30):
        text = fuzz_hostile.hostile_name(config, random.Random(seed))
        assert text != config
        fichier += any(
            name in line
            for line in text.split(b"\n")
            if line.startswith(b"fichier")
            for name in fuzz_hostile.HOSTILE_NAMES
        )
    assert fichier >= 5
    event = fuzz_hostile.hostile_name(SAMPLE.read_bytes(), random.Random(3))
    assert any(name in event for name in fuzz_hostile.HOSTILE_NAMES)


def test_every_kind_of_file_is_drawn() -> None:
    bases = fuzzing.project_bases()
    kinds = Counter(fuzzing.make_case(4, k, bases).kind for k in range(400))
    assert set(kinds) == set(fuzzing.COMMANDS) and min(kinds.values()) >= 20


def test_a_file_written_beside_the_case_is_caught() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        stray = Path(tmp) / "stray.trfx"
        command = ("convert", "{in}", "--to", "trfx", "-o", str(stray))
        case = fuzzing.Case("test", "small", "trf", (), SMALL.read_bytes(), command)
        verdict, outcome = fuzzing.run_case(case, Path(tmp), 60)
        assert verdict == "escaped" and str(stray) in outcome.stderr
        inside = ("convert", "{in}", "--to", "trfx", "-o", "{out}")
        again = fuzzing.Case("test", "small", "trf", (), SMALL.read_bytes(), inside)
        assert fuzzing.run_case(again, Path(tmp) / "again", 60)[0] == "ok"
