"""A scripted 7-round, 24-player Othello event: every output file, and the HTML crosstable in a
headless browser (Debian's ``chromium``; skipped, with the reason, when it is not installed)."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from papp_day import play_round, player_file, run

from mipair.formats.papp.event import Event
from mipair.formats.papp.event_file import read_event
from mipair.systems.papp.scoring import format_points, points_before, standings

FICHIERS = {
    "appariements": "round###.txt",
    "resultats": "stand###.txt",  # shared with classement: one file per round
    "classement": "stand###.txt",
    "equipes": "equipes",  # no ###: the round number is appended
    "tableau-croise": "cross###.htm",
    "elo": "open.elo",
}
WITHDRAWN, LATE = 105, 125


def configuration(folder: Path) -> Path:
    """PAPP's defaults with every fichier line of the test, XML true, dossier true."""
    path = folder / "papp.cfg"
    assert run("papp", "config", "--write-default", path).code == 0
    kept = [ln for ln in path.read_text().splitlines() if not ln.startswith("fichier ")]
    lines = [f'fichier {kind} = "{name}";' for kind, name in FICHIERS.items()]
    lines.append('fichier joueurs = "joueurs.txt";')
    text = "\n".join(kept).replace("XML false;", "XML true;") + "\n" + "\n".join(lines) + "\n"
    path.write_text(text)
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Event, dict[str, object]]:
    """Play the whole event once for the tests of this module."""
    folder = tmp_path_factory.mktemp("open")
    player_file(folder, 25)
    configuration(folder)
    event_file = folder / "open.papp"
    ids = [str(101 + k) for k in range(24)]
    new = run(
        "papp",
        "new",
        event_file,
        "--players",
        folder / "joueurs.txt",
        "--rounds",
        "7",
        "--name",
        "Open de test",
        "--seed",
        "4",
        *(part for i in ids for part in ("--id", i)),
    )
    assert new.code == 0, new.err
    facts: dict[str, object] = {}
    for number in range(1, 8):
        if number == 3:
            assert run("papp", "withdraw", event_file, WITHDRAWN).code == 0
            got = run("papp", "register", event_file, LATE)
            assert got.code == 0 and f"({LATE})" in got.out
        if number == 5:
            assert run("papp", "return", event_file, WITHDRAWN).code == 0
            game = read_event(event_file).round(2).games[0]
            got = run("papp", "correct", event_file, "2", game.black, "13", game.white, "51")
            assert got.code == 0 and "correction" in got.out
            facts["corrected"] = game
        play_round(event_file)
    assert run("papp", "elo", event_file).code == 0
    return event_file, read_event(event_file), facts


def test_every_output_file_is_written(played) -> None:
    event_file, event, _ = played
    folder = event_file.parent / "Open_de_test"
    assert event.completed == 7 and len(event.ids) == 25
    for number in range(1, 8):
        tag = f"{number:_>3}"
        pairing = (folder / f"round{tag}.txt").read_text()
        assert pairing.startswith(f"Round {number}: pairings")
        shared = (folder / f"stand{tag}.txt").read_text()
        assert f"Round {number}: results" in shared and f"Standings after round {number}" in shared
        assert shared.index("results") < shared.index("Standings")
        assert (folder / f"equipes{number}").read_text().startswith("Team standings")
        assert (folder / f"cross{tag}.htm").read_text().count('class="papp-cell') == 25 * number
        stand = ET.parse(folder / f"stand{tag}.xml").getroot()
        assert stand.get("round") == str(number) and len(stand.findall("player")) == 25
    assert (event_file.parent / "cell.tpl").exists()
    rounds = ET.parse(folder / "rounds.xml").getroot()
    assert [r.get("complete") for r in rounds.findall("round")] == ["true"] * 7
    elo = (event_file.parent / "open.elo").read_text()
    assert elo.count(");") == sum(len(r.games) for r in event.rounds)


def test_withdrawal_return_and_late_player(played) -> None:
    _, event, _ = played
    for number in (3, 4):
        assert WITHDRAWN in event.round(number).absent
    for number in (5, 6, 7):
        assert WITHDRAWN not in event.round(number).absent
    assert LATE in event.round(1).absent and LATE in event.round(2).absent
    assert all(LATE in event.round(n).mentioned() for n in range(3, 8))
    assert LATE not in event.round(3).absent


def test_the_correction_reaches_every_file(played) -> None:
    event_file, event, facts = played
    game = facts["corrected"]
    fixed = event.round(2).game_of(game.black)
    assert (fixed.black, fixed.white, fixed.black_discs) == (game.black, game.white, 13)
    folder = event_file.parent / "Open_de_test"
    name = event.player(game.black).full_name
    assert f"{name} ({game.black}) 13/51" in (folder / "stand__2.txt").read_text()
    xml_game = next(
        g
        for r in ET.parse(folder / "rounds.xml").getroot().findall("round")
        if r.get("number") == "2"
        for g in r.findall("game")
        if g.get("black") == str(game.black)
    )
    assert xml_game.get("black-discs") == "13"
    after = {ln.id: ln.points for ln in standings(event, 7)}
    stand7 = ET.parse(folder / "stand__7.xml").getroot()
    assert {int(p.get("id")): p.get("points") for p in stand7.findall("player")} == {
        pid: format_points(points) for pid, points in after.items()
    }


class Cells(HTMLParser):
    """The crosstable's cells as the browser serialised them: (player, round) -> text, attrs."""

    def __init__(self) -> None:
        super().__init__()
        self.player: int | None = None
        self.cell: dict[str, str] | None = None
        self.cells: dict[tuple[int, int], tuple[str, dict[str, str]]] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "tr" and "data-player" in found:
            self.player = int(found["data-player"])
        if tag == "td" and "papp-cell" in found.get("class", ""):
            self.cell, self.text = found, []

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self.cell is not None and self.player is not None:
            key = (self.player, int(self.cell["data-round"]))
            self.cells[key] = (" ".join("".join(self.text).split()), self.cell)
            self.cell = None


def test_html_crosstable_in_a_headless_browser(played, tmp_path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    event_file, event, _ = played
    page = event_file.parent / "Open_de_test" / "cross__7.htm"
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path}"]
    dom = subprocess.run(
        [*flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120
    ).stdout
    shot = tmp_path / "page.png"
    subprocess.run(
        [*flags, f"--screenshot={shot}", "--window-size=1400,900", page.as_uri()],
        capture_output=True,
        timeout=120,
    )
    assert shot.stat().st_size > 10_000  # the page was laid out and painted
    parser = Cells()
    parser.feed(dom)
    assert len(parser.cells) == 25 * 7
    lines = standings(event, 7)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    total = event.settings.total_discs
    for (pid, number), (text, attrs) in parser.cells.items():
        rnd = event.round(number)
        running = format_points(points_before(event, number + 1)[pid])
        assert text.endswith(f"/ {running}"), (pid, number, text)
        game = rnd.game_of(pid)
        if game is None and rnd.bip != pid:
            assert "papp-absent" in attrs["class"]
            continue
        if game is None:
            assert text.startswith("Bip") and attrs["title"].endswith(" Bip")
            continue
        own = game.discs_of(pid, total)
        opponent = game.opponent(pid)
        colour = event.settings.colours[0 if game.black == pid else 1]
        assert f"papp-{colour}" in attrs["class"]
        assert text.startswith(f"{line_of[opponent]} {event.player(opponent).full_name[:8]}")
        assert f"{own}/{total - own}" in text
        black, white = event.player(game.black), event.player(game.white)
        coupon = (
            f"{black.full_name} {game.black_discs}/{total - game.black_discs} {white.full_name}"
        )
        assert attrs["title"] == coupon
        assert attrs["data-table"] == str(rnd.games.index(game) + 1)
