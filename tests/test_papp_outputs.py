"""Round-by-round file names, the tournament folder, cell.tpl keywords, XML shape."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mipair.desk.papp.crosstable_html import crosstable_html, fill_cell, split_template
from mipair.desk.papp.outputs import planned_files, round_file_name
from mipair.desk.papp.reports import player_card
from mipair.errors import InputError
from mipair.formats.papp.config_file import default_config, parse_config
from mipair.formats.papp.elo_file import rating_file
from mipair.formats.papp.event_file import read_event
from mipair.formats.papp.xml_files import rounds_xml, standings_xml
from mipair.systems.papp.scoring import ranks, standings, tiebreak_name

SAMPLE = Path(__file__).resolve().parents[1] / "scenarios" / "papp" / "sample.papp"


def test_round_file_names() -> None:
    assert round_file_name("result###.txt", 1) == "result__1.txt"
    assert round_file_name("r###", 12) == "r_12"
    assert round_file_name("r###", 123) == "r123"
    assert round_file_name("equipes", 3) == "equipes3"


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
    files = planned_files(event, cfg, event_file)
    names = sorted(p.name for p in files)
    assert names == [
        "all__1.txt", "all__2.txt", "all__3.txt", "rounds.xml",
        "stand__1.xml", "stand__2.xml", "stand__3.xml", "teams1", "teams2", "teams3",
    ]  # fmt: skip
    assert all(p.parent == tmp_path for p in files)
    shared = files[tmp_path / "all__2.txt"]
    assert shared.index("Round 2: pairings") < shared.index("Round 2: results")
    in_folder = planned_files(event, configured("dossier true;"), event_file)
    assert {p.parent.name for p in in_folder} == {"Sample_Othello_open"}


def test_cell_keywords() -> None:
    values = {k: "" for k in ("OPP_NAME", "MY_NAME", "BLACK_NAME", "WHITE_NAME")}
    values |= {
        "SCORE_RELATIF": "+40", "OPP_SCORE": "12", "MY_SCORE": "52", "COUPON": "A<B 52/12 C",
        "SCORE": "52/12", "COLOR": "Noir", "TOTAL": "3", "RONDE": "2", "TABLE": "7",
        "RANG": "1", "PTS": "1", "OPP": "4",
    }  # fmt: skip
    values["OPP_NAME"] = "SHAMAN David"
    cell = "PAPP_OPP_NAME[3]|PAPP_OPP_NAME|PAPP_OPP|PAPP_SCORE_RELATIF|PAPP_SCORE|PAPP_COUPON"
    assert fill_cell(cell, values) == "SHA|SHAMAN David|4|+40|52/12|A&lt;B 52/12 C"
    page, cell = split_template(
        "a\n$PAPP_CROSSTABLE\n<!-- CELL-BEGIN -->\n<td>X</td>\n<!-- CELL-END -->\nz\n"
    )
    assert page == "a\n$PAPP_CROSSTABLE\nz\n" and cell == "<td>X</td>\n"
    with pytest.raises(InputError, match="CELL-BEGIN"):
        split_template("$PAPP_CROSSTABLE")


def test_a_template_of_ones_own(tmp_path: Path) -> None:
    event = read_event(SAMPLE)
    template = (
        "<html><body><p>before</p>$PAPP_CROSSTABLE<p>after</p>\n<!-- CELL-BEGIN -->\n"
        '<td class="c">PAPP_RONDE:PAPP_MY_NAME[4]:PAPP_PTS:PAPP_RANG</td>\n<!-- CELL-END -->\n'
        "</body></html>\n"
    )
    page = crosstable_html(event, 3, template)
    assert page.startswith("<html><body><p>before</p><table") and page.endswith("</body></html>\n")
    assert "CELL-BEGIN" not in page and '<td class="c">1:DUPO:1:' in page
    assert page.count('<td class="c">') == 5 * 3


def test_xml_and_rating_file_and_card() -> None:
    event = read_event(SAMPLE)
    rounds = ET.fromstring(rounds_xml(event))
    assert [r.get("number") for r in rounds.findall("round")] == ["1", "2", "3"]
    first = rounds.find("round").find("game")
    assert (first.get("black"), first.get("black-discs"), first.get("white-discs")) == (
        "1",
        "40",
        "24",
    )
    lines = standings(event, 3)
    stand = ET.fromstring(standings_xml(event, 3, lines, ranks(lines), tiebreak_name(event)))
    top = stand.find("player")
    assert (top.get("id"), top.get("points"), top.get("tiebreak")) == ("1", "3", "134")
    assert "(1 40 2 24);" in rating_file(event)
    card = player_card(event, 1)
    assert "+40/24  SMITH John (2) <1720>" in card and card.rstrip().endswith("club de Paris")
