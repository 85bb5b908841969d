"""PAPP files: the native event file (round trip, errors), the JECH player file, TRF import, CLI."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mipair.cli.group import cli
from mipair.errors import FileAccessError, InputError
from mipair.formats.papp.event import Event, Game, Round, Settings, name_problem
from mipair.formats.papp.event_file import parse_event, read_event, write_event
from mipair.formats.papp.from_trf import from_trf
from mipair.formats.papp.players import PlayerRecord, parse_players, read_players
from mipair.formats.trf import read_tournament
from tests.support.paths import ROOT

SAMPLE = ROOT / "scenarios" / "papp" / "sample.papp"
JOUEURS = ROOT / "scenarios" / "papp" / "joueurs.txt"

text_ = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)


@st.composite
def events(draw) -> Event:
    n = draw(st.integers(2, 8))
    ids = draw(st.lists(st.integers(1, 999), min_size=n, max_size=n, unique=True))
    total = draw(st.integers(1, 100))
    players = tuple(
        PlayerRecord(
            i,
            draw(text_),
            draw(text_),
            draw(text_),
            draw(st.none() | st.integers(-5, 3000)),
            draw(text_),
        )
        for i in ids
    )
    s = Settings(
        draw(text_.filter(lambda name: name_problem(name) is None)),  # it names a folder
        draw(text_),
        draw(st.none() | st.integers(1, 20)),
        Decimal(draw(st.sampled_from(["0", "6", "2.5", "0.25"]))),
        total,
        draw(st.integers(0, total)),
        (draw(text_), draw(text_)),
        draw(text_),
        draw(st.integers(0, 10**6)),
        draw(st.none() | st.tuples(st.integers(1, 3), st.integers(3, 9))),
    )
    rounds = []
    for r in range(1, draw(st.integers(0, 4)) + 1):
        order = draw(st.permutations(ids))
        k = draw(st.integers(0, len(order) // 2))
        scored = r < 4 or draw(st.booleans())
        games = tuple(
            Game(order[2 * g], order[2 * g + 1], draw(st.integers(0, total)) if scored else None)
            for g in range(k)
        )
        rest = order[2 * k :]
        bip = rest[0] if rest and draw(st.booleans()) else None
        absent = frozenset(rest[1:] if bip is not None else rest)
        rnd = Round(r, games, bip, absent)
        rounds.append(rnd)
        if not rnd.complete:
            break
    return Event(s, players, tuple(rounds))


@settings(max_examples=150, deadline=None)
@given(events())
def test_event_round_trip(event: Event) -> None:
    text = write_event(event)
    back = parse_event(text)
    assert back == event
    assert write_event(back) == text


def test_sample_is_canonical_apart_from_comments() -> None:
    text = SAMPLE.read_text()
    event = read_event(SAMPLE)
    assert write_event(event) == "".join(
        ln for ln in text.splitlines(keepends=True) if not ln.startswith("#")
    ).replace("game 1 40/24 2\ngame 3 32/32 4\nbip 5\n", "game 1 40/24 2\ngame 3 32/32 4\nbip 5\n")


BAD_EVENTS = [
    ('name "x"\n', 1, "first record"),
    ("papp-event 2\n", 1, "unsupported"),
    ("papp-event 1\nrounds zero\n", 2, "expected an integer"),
    ("papp-event 1\nbrightwell -1\n", 2, ">= 0"),
    ('papp-event 1\ncolours "a"\n', 2, "the second colour"),
    ('papp-event 1\nplayer 1 "A"\n', 2, "first name"),
    ('papp-event 1\nplayer 1 "A" "b" elo 5\n', 2, "unknown player field"),
    ('papp-event 1\nplayer 1 "A" "b\nround 1\n', 2, "not closed"),
    (
        'papp-event 1\nplayer 1 "A" ""\nplayer 2 "B" ""\nround 1\ngame 1 40/20 2\n',
        5,
        "does not add up",
    ),
    ('papp-event 1\nplayer 1 "A" ""\nround 1\ngame 1 1\n', 4, "cannot play himself"),
    ('papp-event 1\nplayer 1 "A" ""\nround 1\ngame 1 3\n', 3, "unknown player 3"),
    (
        'papp-event 1\nplayer 1 "A" ""\nplayer 2 "B" ""\nround 1\ngame 1 2\nbip 1\n',
        4,
        "appears twice",
    ),
    ('papp-event 1\nplayer 1 "A" ""\nplayer 2 "B" ""\nround 2\ngame 1 2\n', 4, "where round 1"),
    (
        'papp-event 1\nplayer 1 "A" ""\nplayer 2 "B" ""\nround 1\ngame 1 2\nround 2\n',
        4,
        "not complete",
    ),
    ("papp-event 1\ngame 1 2\n", 2, "outside a round"),
    ('papp-event 1\nplayer 1 "A" ""\nseed 3\n', 3, "before the players"),
]


@pytest.mark.parametrize("text,line,words", BAD_EVENTS)
def test_bad_event_files(text: str, line: int, words: str) -> None:
    with pytest.raises(InputError) as exc:
        parse_event(text, source="e.papp")
    assert (exc.value.file, exc.value.line) == ("e.papp", line), exc.value.located()
    assert words in exc.value.message


def test_jech_player_file() -> None:
    players = read_players(ROOT / "scenarios" / "papp" / "joueurs")  # .txt fallback
    assert [p.id for p in players] == [1, 3, 5, 2, 4, 6]  # __eof__ stops at 7
    first = players[0]
    assert (first.name, first.firstname, first.country, first.rating, first.comment) == (
        "DUPONT",
        "Jean",
        "F",
        1850,
        "club de Paris",
    )
    assert (players[1].name, players[1].firstname, players[1].country) == ("MARTIN", "Paul", "F")
    assert (players[4].country, players[4].rating, players[4].comment) == ("GB", 1640, "member")
    assert (players[5].name, players[5].country) == ("VAN DEN BERG", "NL")
    manual = parse_players("92 FELDBORG, Karsten {DK} %_<2209> 'Vive les Danois !")[0]
    assert (manual.name, manual.firstname, manual.country, manual.rating, manual.comment) == (
        "FELDBORG",
        "Karsten",
        "DK",
        2209,
        "Vive les Danois !",
    )
    assert parse_players('pays = "B"\n7 LAZARD Emmanuel')[0].country == "B"
    for bad, words in (
        ("0 NOBODY", "strictly positive"),
        ("12", "expected a player"),
        ("5 A\n5 B", "already defined"),
        ("5 X {F", "badly formed"),
    ):
        with pytest.raises(InputError, match=words):
            parse_players(bad, source="j")


def test_player_file_fallback_errors(tmp_path: Path) -> None:
    with pytest.raises(FileAccessError, match="no player file"):
        read_players(tmp_path / "joueurs")
    (tmp_path / "joueurs").write_text("1 A b\n")
    (tmp_path / "joueurs.txt").write_text("1 A b\n")
    with pytest.raises(FileAccessError, match="both"):
        read_players(tmp_path / "joueurs")


def test_from_trf_is_a_discless_event() -> None:
    t = read_tournament(ROOT / "scenarios" / "dutch" / "small.trfx")
    event, _notes = from_trf(t)
    assert event.settings.total_discs == 2 and event.settings.colours == ("White", "Black")
    assert len(event.players) == len(t.players) and event.rounds
    pts = {
        ln.id: ln.points
        for ln in __import__("mipair.systems.papp.scoring", fromlist=["standings"]).standings(event)
    }
    for pid, cells in t.results.items():  # same points wherever no requested bye
        if all(c is None or c.opponent is not None or c.is_pab for c in cells):
            expected = sum(t.point_system.cell_points(c) for c in cells[: event.completed])
            assert pts[pid] * 5 == expected, pid
    assert parse_event(write_event(event)) == event


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_workflow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPP_CFG", raising=False)
    ev = tmp_path / "open.papp"
    res = invoke(
        "papp",
        "new",
        str(ev),
        "--players",
        str(JOUEURS),
        "--id",
        "1",
        "--id",
        "2",
        "--id",
        "3",
        "--id",
        "4",
        "--id",
        "5",
        "--rounds",
        "3",
        "--seed",
        "9",
    )
    assert res.exit_code == 0, res.output
    res = invoke("papp", "pair", str(ev), "--save")
    assert res.exit_code == 0 and "Round 1 (optimisation" in res.output and "Bip" in res.output
    assert (tmp_path / "papp.cfg").exists()  # defaults written for the user
    event = read_event(ev)
    entries = [f"{g.black} {30 + k}" for k, g in enumerate(event.round(1).games)]
    assert invoke("papp", "result", str(ev), *entries).exit_code == 0
    res = invoke("papp", "standings", str(ev))
    assert res.exit_code == 0 and "Standings after round 1" in res.output
    assert len([ln for ln in res.output.splitlines()[1:] if ln.strip()]) == 5
    res = invoke("papp", "pair", str(ev), "--details")
    assert res.exit_code == 0 and "Round 2" in res.output and "colour" in res.output


def test_cli_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cfg"
    bad.write_text("penalites { Couleur: 2 fois = 5 };\n")
    from mipair.cli.main import main

    assert main(["papp", "pair", str(SAMPLE), "--config", str(bad)]) == 3
    assert main(["papp", "standings", str(tmp_path / "missing.papp")]) == 5


def test_cli_config_and_trf(tmp_path: Path) -> None:
    out = tmp_path / "papp.cfg"
    assert invoke("papp", "config", str(out)).exit_code == 0
    from mipair.formats.papp.config_file import default_config, read_config

    assert read_config(out) == default_config()
    ev = tmp_path / "t.papp"
    res = invoke("papp", "new", str(ev), "--trf", str(ROOT / "scenarios" / "dutch" / "small.trfx"))
    assert res.exit_code == 0 and read_event(ev).settings.total_discs == 2
    assert "Buchholz" in invoke("papp", "standings", str(ev)).output


def test_info_on_an_event_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36, item 7 (and 33): `mipair info` reads a .papp file through the PAPP system:
    players, rounds played, the round to pair, the settings, who is out next round."""
    import json

    monkeypatch.delenv("PAPP_CFG", raising=False)
    event = tmp_path / "sample.papp"
    text = SAMPLE.read_text()
    event.write_text(text.replace("\nround 1\n", "\nwithdrawn 5\n\nround 1\n", 1))
    got = invoke("info", str(event), "--json")
    assert got.exit_code == 0, got.output
    info = json.loads(got.output)
    assert (info["pairing_system"], info["players"], info["rounds_played"]) == ("papp", 5, 3)
    assert (info["next_round"], info["total_rounds"], info["absent_next_round"]) == (4, 5, [5])
    assert (info["Bip scores"], info["country"], info["round robin"]) == ("24/64", "F", "1-4")
