"""Issue 36, item 2: one configuration, resolved the same way for every command.

``--config FILE``, else ``$PAPP_CFG``, else ``papp.cfg`` beside the event; ``new`` takes its
settings from it; every command takes ``--config``; the files go where it says; PAPP's default
is written atomically, and only by a command that writes anyway."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mipair.formats.papp.event_file import read_event
from tests.support.papp_day import new_event, player_file, results_of_round, run

FULL = """pays = "GB"; score-bip = 30 / 64; couleurs = { "Rouge", "Vert" };
toutes-rondes = 1-10 joueurs; brightwell = 2; dossier false;
fichier appariements = "full-pairs###.txt"; fichier resultats = "full-res###.txt";
fichier classement = ""; fichier equipes = ""; fichier tableau-croise = "";
"""
COMMANDS = (
    "new", "search", "register", "pair", "couple", "decouple", "clear-pairs", "result",
    "correct", "withdraw", "return", "country", "standings", "show", "card", "crosstable",
    "elo", "outputs",
)  # fmt: skip


@pytest.fixture(autouse=True)
def no_env_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPP_CFG", raising=False)


@pytest.mark.parametrize("how", ["option", "environment", "beside"])
def test_new_takes_its_settings_from_the_configuration(tmp_path: Path, how, monkeypatch) -> None:
    players = player_file(tmp_path, 6)
    config = tmp_path / ("papp.cfg" if how == "beside" else "full.cfg")
    config.write_text(FULL)
    option = ("--config", config) if how == "option" else ()
    if how == "environment":
        monkeypatch.setenv("PAPP_CFG", str(config))
    event = tmp_path / "open.papp"
    assert run("papp", "new", event, "--players", players, *option).code == 0
    settings = read_event(event).settings
    assert (settings.country, settings.bip_discs, settings.colours) == ("GB", 30, ("Rouge", "Vert"))
    assert settings.round_robin == (1, 10) and settings.brightwell == 4  # 2 per half-point


def test_every_command_takes_config() -> None:
    for command in COMMANDS:
        got = run("papp", command, "--help")
        assert got.code == 0 and "--config" in got.out, command


def test_results_and_outputs_follow_the_given_configuration(tmp_path: Path) -> None:
    """`result EVENT "121 60" --config full.cfg` took the option as coupons; after `pair --config
    full.cfg`, `result` wrote a default papp.cfg and the files went where the default says."""
    event = new_event(tmp_path, 8, rounds=7)
    (tmp_path / "papp.cfg").unlink()  # written by `new`, which had no configuration
    full = tmp_path / "full.cfg"
    full.write_text(FULL)
    assert run("papp", "pair", event, "--config", full).code == 0
    coupons = results_of_round(event)
    got = run("papp", "result", event, *coupons, "--config", full)
    assert got.code == 0, got.err
    assert not (tmp_path / "papp.cfg").exists()
    assert (tmp_path / "full-pairs__1.txt").exists() and (tmp_path / "full-res__1.txt").exists()
    assert not (tmp_path / "round__1.txt").exists() and not (tmp_path / "stand__1.txt").exists()
    for command in (("withdraw", event, "101"), ("return", event, "101"), ("clear-pairs", event)):
        assert run("papp", *command, "--config", full).code == 0, command
    assert not (tmp_path / "papp.cfg").exists()


def test_warnings_are_said_once(tmp_path: Path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    loud = tmp_path / "loud.cfg"
    loud.write_text("score-bip = 40 / 64;\npenalites { Couleur: 1+ fois = 20000000; };\n")
    got = run("papp", "pair", event, "--config", loud)
    assert got.code == 0
    assert got.err.count("Bip would win") == 1 and got.err.count("capped") == 1


def test_pair_no_save_writes_nothing(tmp_path: Path, monkeypatch) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    (tmp_path / "papp.cfg").unlink(missing_ok=True)
    monkeypatch.chdir(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    got = run("papp", "pair", event.name, "--no-save")
    assert got.code == 0 and "Round 1" in got.out
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    for command in ("standings", "show", "crosstable"):
        assert run("papp", command, event.name).code == 0
    assert run("papp", "crosstable", event.name, "--html").code in (0, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_the_default_configuration_is_written_atomically(tmp_path: Path) -> None:
    """A default papp.cfg that cannot be written whole is not written at all (exit 5)."""
    event = new_event(tmp_path, 8, rounds=7)
    (tmp_path / "papp.cfg").unlink(missing_ok=True)
    blocker = tmp_path / f".papp.cfg.{os.getpid()}.tmp"
    blocker.mkdir()  # the temporary file cannot be created
    got = run("papp", "pair", event)
    assert got.code == 5 and not (tmp_path / "papp.cfg").exists()
    assert read_event(event).rounds == ()  # nothing was saved either
    blocker.rmdir()
    got = run("papp", "pair", event)
    assert got.code == 0 and "default configuration written" in got.err
    assert (tmp_path / "papp.cfg").read_text().startswith("#! papp")
