"""PAPP's published files as PAPP 1.36 writes them: numbered names, the tournament folder,
the HTML crosstable from a PAPP template, the XML files, the rating (ELO) file, the card."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from mipair.desk.papp.crosstable_html import crosstable_html, fill_cell, split_template
from mipair.desk.papp.outputs import folder_name, publish
from mipair.desk.papp.reports import player_card
from mipair.errors import InputError
from mipair.formats.papp.config import numbered_name
from mipair.formats.papp.config_file import default_config, parse_config
from mipair.formats.papp.elo_file import ExtraGame, Heading, RatedLine, rating_file
from mipair.formats.papp.event_file import read_event
from mipair.formats.papp.figures import format_score, format_tiebreak
from mipair.formats.papp.xml_files import rounds_xml, standings_xml
from mipair.systems.papp.scoring import standings
from tests.support.paths import ROOT

SAMPLE = ROOT / "scenarios" / "papp" / "sample.papp"


def test_numbered_names_as_papp_pads_them() -> None:
    assert numbered_name("result###.txt", 1) == "result__1.txt"
    assert numbered_name("r###", 12) == "r_12"
    assert numbered_name("r###", 123) == "r123"
    assert numbered_name("equipes", 3) == "equipes__3"  # PAPP pads an appended number too


def test_numbers_as_papp_writes_them() -> None:
    assert format_score(8, 64) == "08/56" and format_score(33, 65) == "33/32"
    assert format_score(40, 64, relative=True) == "+16"
    assert format_score(24, 64, relative=True) == "-16"
    assert format_score(32, 64, relative=True) == "=00"
    assert [format_tiebreak(Fraction(x)) for x in ("134", "83.25", "83.26", "83.5")] == [
        "134", "83.2", "83.3", "83.5",
    ]  # fmt: skip


def configured(text: str):
    return parse_config(text, base=default_config())


def test_folder_shared_names_and_empty_names(tmp_path: Path) -> None:
    event = read_event(SAMPLE)
    event_file = tmp_path / "sample.papp"
    cfg = configured(
        'fichier appariements = "all###.txt"; fichier resultats = "all###.txt";'
        'fichier classement = ""; fichier equipes = "teams"; fichier tableau-croise = "";'
        "dossier false; XML true;"
    )
    publish(None, event, cfg, event_file)
    names = sorted(p.name for p in tmp_path.iterdir() if p.name != "sample.papp")
    assert names == [
        "all__1.txt", "all__2.txt", "all__3.txt", "rounds.xml",
        "stand__1.xml", "stand__2.xml", "stand__3.xml", "teams__1", "teams__2", "teams__3",
    ]  # fmt: skip
    shared = (tmp_path / "all__2.txt").read_text()
    assert shared.index("Round 2: pairings") < shared.index("Round 2: results")
    single = tmp_path / "single"
    single.mkdir()
    publish(
        None,
        event,
        configured('dossier false; fichier tableau-croise = "cross.htm";'),
        single / "s.papp",
    )
    assert [p.name for p in single.glob("cross*")] == ["cross.htm"]  # PAPP numbers only ###
    assert "r. 3" in (single / "cross.htm").read_text()
    folder = tmp_path / "in"
    folder.mkdir()
    publish(None, event, configured("dossier true;"), folder / "sample.papp")
    assert [p.name for p in folder.iterdir() if p.is_dir()] == ["Sample_Othello_open"]
    assert folder_name("Open #3: Paris/Nord") == "Open_-3-_Paris-Nord"  # PAPP's rule


def test_cell_keywords() -> None:
    values = dict.fromkeys(("OPP_NAME", "MY_NAME", "BLACK_NAME", "WHITE_NAME"), "")
    values |= {
        "SCORE_RELATIF": "+40", "OPP_SCORE": "12", "MY_SCORE": "52", "COUPON": "A<B 52/12 C",
        "SCORE": "52/12", "COLOR": " N ", "TOTAL": "3    ", "RONDE": "02", "TABLE": "7",
        "RANG": "1", "PTS": " 1 ", "OPP": "4  ",
    }  # fmt: skip
    values["OPP_NAME"] = "SHAMAN David"
    cell = "PAPP_OPP_NAME[3]|PAPP_OPP_NAME|PAPP_OPP|PAPP_SCORE_RELATIF|PAPP_SCORE|PAPP_COUPON"
    assert fill_cell(cell, values) == "SHA|SHAMAN David|4  |+40|52/12|A&lt;B 52/12 C"
    page, cell = split_template(
        "a\n$PAPP_CROSSTABLE\n<!-- CELL-BEGIN -->\n<b>X</b>\n<!-- CELL-END -->\nz\n"
    )
    assert "".join(page) == "a\n$PAPP_CROSSTABLE\nz\n" and cell == "<b>X</b>\n"
    with pytest.raises(InputError, match="CELL-BEGIN"):
        split_template("$PAPP_CROSSTABLE")


def test_a_papp_template_is_filled_as_papp_fills_it() -> None:
    """PAPP's cell is the inside of its own <td class="crosstable_cell">; the crosstable's line
    is replaced whole; PAPP_TOURNAMENT_NAME and PAPP_RONDE work outside the cell."""
    event = read_event(SAMPLE)
    template = (
        "<html><head><title>PAPP_TOURNAMENT_NAME : #PAPP_RONDE</title></head><body>\n"
        "<p>before</p> $PAPP_CROSSTABLE <p>dropped with its line</p>\n"
        "<!-- CELL-BEGIN -->\n"
        "PAPP_RONDE:PAPP_COLOR:PAPP_OPP:PAPP_MY_NAME[4]:PAPP_PTS:PAPP_TOTAL:PAPP_SCORE:PAPP_RANG\n"
        "<!-- CELL-END -->\n"
        "</body></html>\n"
    )
    page = crosstable_html(event, 3, template)
    assert page.startswith("<html><head><title>Sample Othello open : #3</title>")
    assert "dropped" not in page and "CELL-BEGIN" not in page and "PAPP_" not in page
    assert page.count('<td class="crosstable_cell">') == 5 * 3
    cells = re.findall(r'<td class="crosstable_cell">\n(.*)\n\n</td>', page)
    assert len(cells) == 15
    # DUPONT (line 1) beat SMITH 40/24 with Black in round 1; SMITH is line 3 of the table
    lines = [ln.id for ln in standings(event, 3)]
    smith_line = lines.index(2) + 1
    assert cells[0] == f"01: N :{smith_line}  :DUPO: 1 :1    :40/24:1"
    # MARTIN had Bip in round 2: PAPP's Bip cell
    martin = lines.index(3)
    assert cells[3 * martin + 1] == f"-: - :-  :MART: 1 :1.5  :BIP:{_place(event, 3, 2)}"
    assert '<td class="crosstable_name">DUPONT Jean</td>' in page
    assert '<td class="crosstable_points">3</td><td class="crosstable_tiebreak">[134]</td>' in page
    assert '<td class="crosstable_title">r. 3</td>' in page


def _place(event, pid: int, after: int) -> int:
    return [ln.id for ln in standings(event, after)].index(pid) + 1


def test_xml_files_as_papp_writes_them() -> None:
    event = read_event(SAMPLE)
    text = rounds_xml(event, "mipair test")
    assert text.startswith("<?xml version='1.0' encoding='UTF-8'?>\n<!DOCTYPE Tournament [")
    root = ET.fromstring(text)
    assert root.tag == "Tournament" and root.findtext("Name") == "Sample Othello open"
    rounds = root.find("Rounds").findall("Round")
    assert [r.findtext("Number") for r in rounds] == ["1", "2", "3"]
    pair = rounds[0].find("Pairs").find("Pair")
    black, white = pair.find("BlackPlayer"), pair.find("WhitePlayer")
    assert (pair.findtext("Table"), black.findtext("Name"), black.findtext("Id")) == (
        "1", "DUPONT Jean", "1",
    )  # fmt: skip
    assert (black.findtext("Score"), white.findtext("Id"), white.findtext("Score")) == (
        "40", "2", "24",
    )  # fmt: skip
    alone = rounds[0].find("NotPairedPlayers").findall("NotPairedPlayer")
    assert [p.findtext("Id") for p in alone] == ["5"]  # Bip's player
    stand = ET.fromstring(standings_xml(event, 3, standings(event, 3), "mipair test"))
    players = stand.find("Standing").find("Players").findall("Player")
    top = players[0]
    assert [top.findtext(k) for k in ("Place", "Points", "TieBreak", "Name", "Id", "Country")] == [
        "1", "3", "134", "DUPONT Jean", "1", "F",
    ]  # fmt: skip
    points = [p.findtext("Points") for p in players]
    places = [p.findtext("Place") for p in players]
    for k in range(1, len(players)):  # a place is shared by equal points only
        assert (places[k] == places[k - 1]) == (points[k] == points[k - 1])


def test_rating_file_as_papp_writes_it() -> None:
    event = read_event(SAMPLE)
    lines = [RatedLine(ln.id, ln.points, ln.discs) for ln in standings(event)]
    heading = Heading("Sample Othello open", "F", "11/05/2024", "J. Arbitre", "mipair test")
    text = rating_file(event, heading, lines, {5}, [ExtraGame(1, 40, 3, 24)])
    assert text.startswith(
        "%%Tournament: Sample Othello open\n%%Country: F\n%%Date: 11/05/2024\n"
        "%%Sender: J. Arbitre\n\n%%Creator: mipair test\n%%CreationDate: "
    )
    assert "%_%       1, DUPONT, Jean, F,  3, 107, 1850" in text
    assert "%_% +     5, BERNARD, Luc, F,  1, 96, 1500" in text
    assert "%_%       3, MARTIN, Paul, F,  1.5, 103, 0" in text
    assert "\n%Round: 1\n\n     1 (40)>(24)      2 B\n     3 (32)=(32)      4 B\n" in text
    assert text.endswith("\n\n\n%%Added results\n     1 (40)>(24)      3 B\n")
    assert "Bip" not in text and "     5 " not in text.split("%Round: 1")[1].split("%Round")[0]


def test_card() -> None:
    event = read_event(SAMPLE)
    card = player_card(event, 1)
    assert "  1. Noir   + 40    SMITH John (2)\n" in card
    assert "Total: 3 points in 3 rounds, 107 discs." in card
    assert card.rstrip().endswith("--> club de Paris")
    relative = player_card(event, 1, relative=True)
    assert "  1. Noir   +16     SMITH John (2)\n" in relative
    assert "Total: 3 points in 3 rounds, +22 discs." in relative
