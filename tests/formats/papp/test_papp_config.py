"""PAPP configuration language: lexical rules, every command, penalty sections, errors."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from mipair.errors import InputError
from mipair.formats.papp.config import MAX_PENALTY, default_config_path
from mipair.formats.papp.config_file import default_config, parse_config, read_config
from tests.support.paths import SHARED

SEEDS = SHARED / "seeds"
MANUALS = {"1.22": SEEDS / "000_31965077fe6f969a.txt", "1.36": SEEDS / "001_3f71f5d67dd85e9d.txt"}


def parse(text: str):
    return parse_config(text, source="t.cfg")


def test_defaults_are_papps() -> None:
    cfg = default_config()
    p = cfg.penalties
    assert (cfg.bip_discs, cfg.total_discs, cfg.colours) == (24, 64, ("Noir", "Blanc"))
    assert p.p_coul.values(7) == [0, 20, 105, 225, 530, 1075, 1075, 1075]
    assert p.p_flot[1] == 20000 and p.p_flot[24] == p.p_flot[99] == 2079081
    assert (p.p_repcl, p.p_flcum, p.min_fac) == (15, 25, 10)
    assert (p.p_mcol, p.p_clopp, p.p_bipbip, p.p_desuite) == (MAX_PENALTY, 5000000, MAX_PENALTY, 1)
    assert [p.p_chauv[r] for r in (1, 2, 30)] == [2, 0, 0]
    assert [p.p_elit[r] for r in (1, 3, 4, 5, 6, 9, 10, 40)] == [
        100,
        100,
        200,
        200,
        300,
        300,
        400,
        400,
    ]
    assert cfg.warnings == ()


def test_full_grammar() -> None:
    cfg = parse("""
        fichier joueurs = "joueurs"; fichier nouveaux = "nv.txt"; fichier inter = "w.txt";
        fichier appariements = "round###.txt"; fichier resultats = "res###.txt";
        FICHIER Classement = "stand###.txt"; fichier equipes = "team###.txt";
        fichier tableau-croise = "cross###.htm";
        pays = "NL"; score-bip = 35 / 100; sauvegarde differee; XML true; dossier false;
        impression automatique 3; affichage-pions relatif; couleurs = { "Rouge", "Vert" };
        zone-insertion "F" = 700- 900; zone-insertion = 5000-6000;
        brightwell = 3; toutes-rondes = 1-12 joueurs; ;
    """)
    assert cfg.file("resultats") == "res###.txt" and cfg.file("classement") == "stand###.txt"
    assert cfg.file("tableau-croise") == "cross###.htm" and cfg.file("equipes") == "team###.txt"
    assert (cfg.country, cfg.bip_discs, cfg.total_discs) == ("NL", 35, 100)
    assert (cfg.immediate_save, cfg.xml, cfg.folder, cfg.print_copies) == (False, True, False, 3)
    assert cfg.relative_display and cfg.colours == ("Rouge", "Vert")
    assert cfg.insertion_zones == (("F", 700, 900), (None, 5000, 6000))
    assert cfg.brightwell == Decimal(6) and cfg.round_robin == (1, 12)
    assert parse("impression automatique; impression manuelle;").print_copies == 0
    assert parse("impression automatique;").print_copies == 1
    assert parse("sauvegarde immediate; dossier true;").folder is True


def test_lexical_rules() -> None:
    cfg = parse(
        '#! papp\nPAYS = "a#b%c"; % comment ; pays = "x";\n'
        'score-bip%_=%_20; # another\nCouleurs = {"A",\n "B"};\n__eof__ pays = "lost";\n'
        "this is not read"
    )
    assert (cfg.country, cfg.bip_discs, cfg.colours) == ("a#b%c", 20, ("A", "B"))
    big = parse("penalites { Repetition: bip-bip = 2147483647; de-suite = infini; };")
    assert big.penalties.p_bipbip == big.penalties.p_desuite == MAX_PENALTY
    assert len(big.warnings) == 1 and big.warnings[0].line == 1  # INFINI is capped silently


def test_penalites_resets_and_steps() -> None:
    cfg = read_config_text(
        "penalites { Couleur: 2 fois = 500; 3+ fois = 5000; de-suite = 100; "
        "Chauvinisme: ronde 1+ = 100; ronde 11+ = 1000; "
        "Elitisme: ronde 1+ = 5; ronde 6+ = 25; ronde 11+ = 100; };"
    )
    p = cfg.penalties
    assert p.p_coul.values(5) == [0, 0, 500, 5000, 5000, 5000] and p.p_repcl == 100
    assert p.p_flot.values(3) == [0, 0, 0, 0] and p.p_clopp == p.p_mcol == 0 == p.min_fac
    assert [p.p_chauv[r] for r in (1, 10, 11, 50)] == [100, 100, 1000, 1000]
    assert [p.p_elit[r] for r in (1, 5, 6, 10, 11)] == [5, 5, 25, 25, 100]
    # a later exact statement overrides one index only; a later N+ overrides the tail
    q = parse_config(
        "penalites { Couleur: 1+ fois = 10; 3 fois = 30; 5+ fois = 50; 2 fois = 20; };", check=False
    )
    assert q.penalties.p_coul.values(7) == [0, 10, 20, 30, 10, 50, 50, 50]


def read_config_text(text: str, tmp: Path | None = None):
    """Through a file, on top of PAPP's defaults."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "papp.cfg"
        path.write_text(text, encoding="latin-1")
        return read_config(path)


def test_caps_and_warnings() -> None:
    cfg = parse(
        "penalites { Flottement: 1+ demi-point = 20000000; 0 demi-point = 5; "
        "Chauvinisme: ronde 0 = 4; }; score-bip = 40;"
    )
    assert cfg.penalties.p_flot[1] == MAX_PENALTY
    with pytest.raises(InputError, match="must not decrease"):  # index 2 stays 0 (as in PAPP)
        parse("penalites { Flottement: 1 demi-point = 100; };")
    messages = [(w.line, w.message) for w in cfg.warnings]
    assert [ln for ln, _ in messages] == [1, 1, 1, 1]
    assert "capped" in messages[0][1] and "ignored" in messages[1][1] and "win" in messages[3][1]


def test_file_name_and_line_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.cfg"
    path.write_text('pays = "F";\n\npenalites {\n  Couleur:\n    2 fois = 500\n};\n')
    with pytest.raises(InputError) as exc:
        read_config(path)
    assert exc.value.file == str(path) and exc.value.line == 6
    assert exc.value.located().startswith(f"{path}:6: ")


# (configuration, line of the error, words the message must contain)
MALFORMED = [
    ("pays = F;", 1, "unknown keyword 'F'"),
    ('pays "F";', 1, "expected '='"),
    ('pays = "F"', 1, "expected ';'"),
    ('pays = "F\n";', 1, "string not closed"),
    ("score-bip = 70/64;", 1, "cannot score 70"),
    ("score-bip = 20/0;", 1, "at least 1"),
    ("score-bip = 99999999999;", 1, "larger than 2147483647"),
    ("sauvegarde maybe;", 1, "unknown keyword"),
    ("sauvegarde joueurs;", 1, "expected 'immediate' or 'differee'"),
    ("XML yes;", 1, "unknown keyword"),
    ("dossier 1;", 1, "expected 'true' or 'false'"),
    ("impression automatique deux;", 1, "unknown keyword"),
    ("affichage-pions;", 1, "expected 'absolu' or 'relatif'"),
    ('couleurs = { "Rouge" "Vert" };', 1, "expected ','"),
    ('couleurs = { "Rouge", Vert };', 1, "unknown keyword"),
    ('\nzone-insertion "F" = 900-700;', 2, "first number exceeds"),
    ("zone-insertion = 900;", 1, "expected '-'"),
    ("toutes-rondes = 12-1 joueurs;", 1, "bad parameters"),
    ("toutes-rondes = 1-12;", 1, "expected 'joueurs'"),
    ('fichier config = "x";', 1, "unknown keyword"),
    ("fichier joueurs = joueurs;", 1, "a file name in double quotes"),
    ("brightwell 3;", 1, "expected '='"),
    ("penalites { Couleurs: 2 fois = 5; };", 1, "expected a section name"),
    ("penalites {\n Couleur:\n 2 demi-points = 5; };", 3, "expected 'fois'"),
    ("penalites {\n Flottement:\n memes-couleurs = 5; };", 3, "expected a 'flottement' penalty"),
    ("penalites { Repetition: 2 fois = 5; };", 1, "no numbered penalties"),
    ("penalites { Chauvinisme: ronde = 5; };", 1, "a round number"),
    ("penalites { Elitisme: ronde 2+ 5; };", 1, "expected '='"),
    ("penalites { Couleur: 2 fois = -5; };", 1, "expected a penalty"),
    ("penalites { Couleur:\n 1 fois = 50;\n 2 fois = 40; };", 3, "must not decrease"),
    (
        "penalites { Flottement:\n 1 demi-point = 100;\n 2+ demi-points = 50;\n};",
        3,
        "must not decrease",
    ),
    (
        "penalites { Flottement: 1+ demi-point = 100;\n minoration = 51; };",
        2,
        "minoration is too large",
    ),
    ("penalites { Couleur: 1 fois = 5;", 1, "expected"),
    ("penalites Couleur: 1 fois = 5; };", 1, "expected '{'"),
    ('pays = "F"; @', 1, "unexpected character '@'"),
    ("= 5;", 1, "expected a command"),
    ('joueurs = "x";', 1, "expected a command"),
]


@pytest.mark.parametrize("text,line,words", MALFORMED)
def test_malformed_configurations(text: str, line: int, words: str) -> None:
    with pytest.raises(InputError) as exc:
        parse(text)
    assert exc.value.file == "t.cfg" and exc.value.line == line, exc.value.located()
    assert words in exc.value.message, exc.value.message


def test_at_least_25_malformed() -> None:
    assert len(MALFORMED) >= 25


def test_default_file_round_trips_through_parser() -> None:
    text = default_config_path().read_text(encoding="utf-8")
    assert parse_config(text) == default_config()


# --- the manuals' own examples (read at run time from the seed documents) ---------------

_SECTION = re.compile(r"^\s*(Couleur|Flottement|Repetition|Chauvinisme|Elitisme)\s*:\s*$")
_ENTRY = re.compile(
    r"^\s*((\d+\+?\s*(fois|demi-points?))|de-suite|minoration|memes-couleurs|"
    r"couleurs-opposees|bip-bip|ronde\s+\d+\+?)\s*=\s*(\d+|INFINI)\s*;.*$",
    re.IGNORECASE,
)
_COMMAND = re.compile(
    r"^\s*((zone-insertion|Couleurs|Affichage-pions|toutes-rondes|dossier|"
    r"XML|score-bip|fichier|brightwell)\b[^\\<>$`]*;.*)$",
    re.IGNORECASE,
)
_INLINE = re.compile(
    r"`?((?:score-bip\s*=\s*\d+\s*/\s*\d+)|(?:fichier\s+resultats\s*=\s*\"\")|"
    r"(?:brightwell\s*=\s*\d+))`?"
)


def manual_examples(text: str) -> list[str]:
    """Configuration fragments quoted by a manual, each made a complete configuration."""
    lines = text.splitlines()
    found: list[str] = []
    i = 0
    while i < len(lines):
        m = _SECTION.match(lines[i])
        if m:
            body, i = [], i + 1
            while i < len(lines) and (
                not lines[i].strip() or lines[i].strip() == "```" or _ENTRY.match(lines[i])
            ):
                if _ENTRY.match(lines[i]):
                    body.append(lines[i])
                i += 1
            if body:
                found.append("penalites {\n" + m.group(1) + ":\n" + "\n".join(body) + "\n};")
            continue
        c = _COMMAND.match(lines[i])
        if c:
            found.append(c.group(1))
        for inline in _INLINE.findall(lines[i]):
            found.append(inline + ";")
        i += 1
    return found


@pytest.mark.parametrize("version", sorted(MANUALS))
def test_manual_examples_parse(version: str) -> None:
    path = MANUALS[version]
    if not path.exists():
        pytest.skip(f"the PAPP {version} manual is not available ({path})")
    examples = manual_examples(path.read_text(encoding="utf-8"))
    sections = [e for e in examples if e.startswith("penalites")]
    assert len(sections) >= 4 and len(examples) >= 8, examples
    for example in examples:
        parse_config(example, source=f"manual {version}")
    merged = parse_config("\n".join(e for e in examples if not e.startswith("penalites")))
    assert merged.insertion_zones and merged.total_discs == 100
