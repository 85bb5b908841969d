"""A whole Othello tournament day from one papp.cfg that changes PAPP's defaults, every file it
writes held against what PAPP's manuals (and PAPP 1.36 where they are silent) say.

Registration from the configuration's player file, 7 rounds, coupons by number and by name
(relative forms), random results, a late player, a withdrawal after the pairing of an odd round
(Bip given back), his return, a team split, a correction, an erased and re-entered coupon, the
rating file with a final, and the HTML crosstable from a PAPP-style template in a headless
browser (Debian's chromium; that test is skipped, with the reason, when it is missing)."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mipair.formats.papp.event import Event
from mipair.formats.papp.event_file import read_event
from mipair.systems.papp.scoring import format_points, standings
from tests.support.papp_day import COUNTRIES, results_of_round, run

CONFIG = """#! papp
pays = "NL";
score-bip = 30 / 64;                 % Bip scores 30: its opponent wins 34/30
couleurs = { "Rouge", "Vert" };
affichage-pions relatif;
sauvegarde differee;
dossier true;
XML true;
brightwell = 3;                      % before 1.30: per half-point, 6 per point
toutes-rondes = 1-4 joueurs;         % a Swiss, even with few players
fichier joueurs = "base";
fichier nouveaux = "arrivals.txt";
fichier appariements = "pair###.txt";
fichier resultats = "res###.txt";
fichier classement = "res###.txt";   % shared: results, then standings
fichier equipes = "teams";           % no ###: PAPP appends the round, padded
fichier tableau-croise = "web###.htm";
zone-insertion "NL" = 700-799;
penalites {
  Couleur: 1 fois = 10; 2+ fois = 400; de-suite = 5;
  Flottement: 1 demi-point = 20000; 2+ demi-points = 90000; minoration = 10; de-suite = 20;
  Repetition: memes-couleurs = INFINI; couleurs-opposees = INFINI; bip-bip = INFINI;
  Chauvinisme: ronde 1+ = 300;
  Elitisme: ronde 1+ = 100;
};
"""
TEMPLATE = """<html><head><title>PAPP_TOURNAMENT_NAME : round PAPP_RONDE</title></head><body>
<h1>PAPP_TOURNAMENT_NAME</h1>
$PAPP_CROSSTABLE
<!-- CELL-BEGIN -->
<span class="c" data-round="PAPP_RONDE" data-table="PAPP_TABLE">PAPP_COLOR|PAPP_OPP|PAPP_SCORE_RELATIF|PAPP_PTS|PAPP_TOTAL</span>
<!-- CELL-END -->
</body></html>
"""
NAMES = [
    "ALFA",
    "BRAVO",
    "CHARLIE",
    "DELTA",
    "ECHO",
    "FOXTROT",
    "GOLF",
    "HOTEL",
    "INDIA",
    "JULIETT",
    "KILO",
    "LIMA",
    "MIKE",
    "NOVEMBER",
    "OSCAR",
    "PAPA",
    "QUEBEC",
    "ROMEO",
    "SIERRA",
    "TANGO",
    "UNIFORM",
    "VICTOR",
]
LEAVER_ROUND, LATE_ROUND, RETURN_ROUND, TEAM, TEAM_ROUND = 3, 4, 5, "NL2", 4
NAME, FOLDER = "Open de test", "Open_de_test"


def published(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.iterdir()) if p.is_file()}


def base_file(folder: Path) -> None:
    """The player file 'base.txt' (the configuration says 'base': PAPP also opens NAME.txt)."""
    rows = [
        f"{101 + k} {name}, Player {{{COUNTRIES[k % len(COUNTRIES)]}}} %_<{1500 + 10 * k}>"
        for k, name in enumerate(NAMES)
    ]
    (folder / "base.txt").write_text("\n".join(rows) + "\n__eof__\n", encoding="utf-8")


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """Play the day once; what each test checks is kept in the returned facts."""
    root = tmp_path_factory.mktemp("day")
    base_file(root)
    (root / "papp.cfg").write_text(CONFIG)
    (root / "cell.tmpl").write_text(TEMPLATE)
    event_file = root / "open.papp"
    ids = [str(101 + k) for k in range(21)]  # 21 of the 22: an odd field, Bip every round
    got = run("papp", "new", event_file, "--rounds", 7, "--name", NAME, "--date", "11/05/2024",
              *(x for i in ids for x in ("--id", i)))  # fmt: skip
    assert got.code == 0, got.err
    folder = root / FOLDER
    facts: dict[str, object] = {"event_file": event_file, "folder": folder, "root": root}
    for number in range(1, 8):
        if number == LATE_ROUND:
            late = run("papp", "register", event_file, "--new", "VAN DIJK, Anna")
            assert late.code == 0 and "(700)" in late.out, late.err  # NL's insertion zone
        if number == RETURN_ROUND:
            assert run("papp", "return", event_file, facts["leaver"]).code == 0
        if number == TEAM_ROUND:
            assert run("papp", "country", event_file, "101", TEAM).code == 0
        paired = run("papp", "pair", event_file)
        assert paired.code == 0, paired.err
        if number == LEAVER_ROUND:  # a paired player leaves after the pairing was published
            event = read_event(event_file)
            leaver = event.round(number).games[0].black
            facts["leaver"], facts["bip_before"] = leaver, event.round(number).bip
            assert run("papp", "withdraw", event_file, leaver).code == 0
            again = run("papp", "pair", event_file)
            assert again.code == 0, again.err
            facts["repaired"] = again.out
        if number in (2, 6, 7):
            got = run("papp", "result", event_file, "--random")
        else:
            got = _coupons(event_file, number, facts)
        assert got.code == 0, got.err
        assert f"Round {number}: results complete." in got.out
        facts[f"published {number}"] = published(folder)
        if number == 4:
            game = read_event(event_file).round(2).games[1]
            fixed = run("papp", "correct", event_file, 2, game.white, 50, game.black, 14)
            assert fixed.code == 0 and "correction" in fixed.out, fixed.err
            facts["corrected"] = game
            facts["after correction"] = published(folder)
    elo = run("papp", "elo", event_file, "--country", "NL", "--sender", "Arbiter",
              "--game", f"{ids[0]} 40 {ids[1]} 24")  # fmt: skip
    assert elo.code == 0, elo.err
    facts["event"] = read_event(event_file)
    facts["final"] = published(folder)
    return facts


def _coupons(event_file: Path, number: int, facts: dict[str, object]) -> object:
    """Round ``number``'s coupons typed the ways PAPP accepts: number and discs, relative,
    the start of a name; in round 5 one coupon erased and typed twice."""
    event = read_event(event_file)
    games = event.round(number).games
    coupons = results_of_round(event_file)
    first = games[0]
    who = event.player(first.black).name[:3]  # the start of a name: unique among the players
    coupons[0] = f"{who.lower()} +6"  # Black wins by six: 35/29
    if number == 5:
        run("papp", "result", event_file, coupons[1])
        assert run("papp", "result", event_file, f"-{coupons[1].split()[0]}").code == 0
        again = run("papp", "result", event_file, coupons[1], coupons[1])
        facts["again"] = again.err
    return run("papp", "result", event_file, *coupons)


def test_the_event_takes_the_configuration(day) -> None:
    settings = day["event"].settings
    assert (settings.country, settings.total_discs, settings.bip_discs) == ("NL", 64, 30)
    assert settings.colours == ("Rouge", "Vert") and settings.brightwell == 6
    assert settings.round_robin == (1, 4) and settings.date == "11/05/2024"
    event = day["event"]
    assert event.completed == 7 and 700 in event.ids
    assert (day["root"] / "arrivals.txt").read_text().startswith("700 VAN DIJK, Anna {NL}")


def test_files_are_named_and_placed_as_the_configuration_says(day) -> None:
    names = set(day["final"])
    for number in range(1, 8):
        tag = f"{number:_>3}"
        assert {f"pair{tag}.txt", f"res{tag}.txt", f"teams{tag}", f"web{tag}.htm"} <= names
        assert f"stand{tag}.xml" in names
    assert "rounds.xml" in names and "20240511_Open_de_test.ELO" in names
    assert not (day["root"] / "stand__1.txt").exists()  # PAPP's default names are not used
    assert not list(day["root"].rglob(".*.tmp"))


def test_pairings_results_and_standings_files(day) -> None:
    final, event = day["final"], day["event"]
    for number in range(1, 8):
        tag = f"{number:_>3}"
        pairing = final[f"pair{tag}.txt"]
        assert pairing.startswith(f"Round {number}: pairings\nTable  Rouge")
        assert "Score" not in pairing and not re.search(r"[+=-]\d\d ", pairing)
        shared = final[f"res{tag}.txt"]
        results, _, table = shared.partition("\n\n\n\n")  # PAPP appends after 3 blank lines
        assert results.startswith(f"Round {number}: results") and table.startswith("Standings")
        rnd = event.round(number)
        for game in rnd.games:  # relative display: Black's difference, two digits
            line = next(ln for ln in results.splitlines() if f"({game.white})" in ln)
            assert f"({game.black})" in line and re.search(r"\) [+=-]\d\d \S", line)
        assert rnd.bip is None or f"({rnd.bip}) +04 Bip" in results  # 34/30, shown relative
        assert "[Brightwell]" in table.splitlines()[0]


def test_published_files_are_kept_as_published(day) -> None:
    """Round 2's files do not change when a player leaves in round 3, a team splits in round
    4, or a round-2 result is corrected after round 4 (PAPP then publishes again only the latest
    standings); the withdrawn player shows as out only from round 3 on."""
    early, final = day["published 2"], day["final"]
    for name in ("pair__2.txt", "res__2.txt", "teams__2", "web__2.htm", "stand__2.xml"):
        assert final[name] == early[name], name
    leaver = day["leaver"]
    assert "] -" not in _line_of(final["res__2.txt"], leaver)  # '-': out of the tournament
    assert "] -" in _line_of(final["res__3.txt"], leaver)
    assert TEAM not in final["teams__3"] and TEAM in final["teams__4"]
    before, after = day["published 4"], day["after correction"]
    assert after["res__2.txt"] == before["res__2.txt"]  # the corrected round: as published
    assert after["res__4.txt"] != before["res__4.txt"]  # the latest standings: again
    stand = ET.fromstring(after["stand__4.xml"])
    now = {ln.id: format_points(ln.points) for ln in standings(day["event"], 4)}
    assert {int(p.findtext("Id")): p.findtext("Points") for p in stand.iter("Player")} == now


def _line_of(standings_file: str, pid: int) -> str:
    return next(ln for ln in standings_file.splitlines() if f" {pid} " in ln)


def test_a_withdrawal_after_an_odd_round_was_paired(day) -> None:
    """Issue 36, item 6: the leaver's opponent and Bip's player are paired together."""
    event, leaver = day["event"], day["leaver"]
    third = event.round(LEAVER_ROUND)
    assert leaver in third.absent and third.bip is None
    assert third.game_of(day["bip_before"]) is not None
    assert "no longer has Bip" in day["repaired"]
    assert leaver in event.round(4).absent and leaver not in event.round(RETURN_ROUND).absent


def test_coupons_by_name_and_again(day) -> None:
    event = day["event"]
    first = event.round(1).games[0]
    assert first.black_discs == 35  # "namekk +6"
    assert "entered already" in day["again"]


def test_xml_files(day) -> None:
    final, event = day["final"], day["event"]
    rounds = ET.fromstring(final["rounds.xml"])
    assert rounds.findtext("Name") == NAME
    numbers = [r.findtext("Number") for r in rounds.iter("Round")]
    assert numbers == [str(n) for n in range(1, 8)]
    for r in rounds.iter("Round"):
        played = event.round(int(r.findtext("Number")))
        assert len(r.find("Pairs").findall("Pair")) == len(played.games)
        alone = [int(p.findtext("Id")) for p in r.find("NotPairedPlayers")]
        assert alone == ([played.bip] if played.bip is not None else [])
    third = ET.fromstring(final["stand__3.xml"])
    left = [
        int(p.findtext("Id"))
        for p in third.iter("Player")
        if p.find("HasLeftTournament") is not None
    ]
    assert left == [day["leaver"]]
    second = ET.fromstring(final["stand__2.xml"])
    assert not [p for p in second.iter("Player") if p.find("HasLeftTournament") is not None]


def test_rating_file_with_a_final(day) -> None:
    text, event = day["final"]["20240511_Open_de_test.ELO"], day["event"]
    assert text.startswith(f"%%Tournament: {NAME}\n%%Country: NL\n%%Date: 11/05/2024\n")
    assert "%%Sender: Arbiter" in text
    assert re.search(r"%_% \+   700, VAN DIJK, Anna, NL, ", text)  # a new player: '+'
    for number in range(1, 8):
        assert f"\n%Round: {number}\n" in text
    assert text.count(" B\n") == sum(len(r.games) for r in event.rounds) + 1
    assert text.endswith("%%Added results\n   101 (40)>(24)    102 B\n")


def test_team_standings(day) -> None:
    got = run("papp", "standings", day["event_file"], "--teams")
    assert got.code == 0 and TEAM in got.out and "NL" in got.out


class Cells(HTMLParser):
    """The cells of the crosstable as the browser serialised them, row by row."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if tag == "tr":
            self.rows.append([])
        if tag == "td" and classes == "crosstable_cell":
            self.inside = True
            self.rows[-1].append("")

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.rows[-1][-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self.inside = False


def test_html_crosstable_in_a_headless_browser(day, tmp_path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    page = day["folder"] / "web__7.htm"
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path}"]
    dom = subprocess.run(
        [*flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120
    ).stdout
    assert f"<title>{NAME} : round 7</title>" in dom and "PAPP_" not in dom
    parser = Cells()
    parser.feed(dom)
    rows = [r for r in parser.rows if r]
    event: Event = day["event"]
    lines = standings(event, 7)
    assert len(rows) == len(lines) == len(event.players)
    line_of = {ln.id: k for k, ln in enumerate(lines, 1)}
    for ln, cells in zip(lines, rows):
        assert len(cells) == 7
        for number, text in enumerate(cells, 1):
            colour, opponent, score, points, total = (x.strip() for x in text.split("|"))
            rnd = event.round(number)
            game = rnd.game_of(ln.id)
            if rnd.bip == ln.id:
                assert (colour, opponent, score, points) == ("-", "-", "BIP", "1")
            elif game is None:
                assert (colour, score, points) == ("-", "---", "0")
            else:
                assert colour == ("R" if game.black == ln.id else "V")
                assert opponent == str(line_of[game.opponent(ln.id)])
                own = game.discs_of(ln.id, 64)
                assert score == ("=0" if own == 32 else f"{own - (64 - own):+d}")
