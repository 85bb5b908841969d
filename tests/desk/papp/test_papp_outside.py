"""Nothing a PAPP event or configuration says writes (or deletes) outside the event's folder,
and no round is paired past the planned ones without ``--extra-round``: each probe through
the installed ``mipair`` command, in a folder ``event/`` whose parent is watched."""

from __future__ import annotations

from pathlib import Path

import pytest

from mipair.formats.papp.event_file import read_event
from tests.support.installed_command import mipair, refused
from tests.support.papp_day import player_file


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A 6-player, 3-round event named "Open" in ``tmp_path/event/``, with papp.cfg."""
    folder = tmp_path / "event"
    folder.mkdir()
    players = player_file(folder, 6)
    path = folder / "open.papp"
    made = mipair("papp", "new", path, "--players", players, "--rounds", 3, "--name", "Open")
    assert made.returncode == 0, made.stderr
    assert (folder / "papp.cfg").exists()
    return path


def renamed(event: Path, name: str) -> None:
    text = event.read_text(encoding="utf-8")
    assert 'name "Open"' in text
    event.write_text(text.replace('name "Open"', f'name "{name}"'), encoding="utf-8")


def outside(event: Path) -> list[str]:
    """What is in the event folder's parent besides the event folder."""
    return sorted(p.name for p in event.parent.parent.iterdir() if p != event.parent)


def configured(event: Path, kind: str, name: str) -> int:
    """papp.cfg with ``fichier KIND = "NAME";`` appended; the line it is on."""
    config = event.parent / "papp.cfg"
    lines = config.read_text(encoding="utf-8").splitlines()
    config.write_text("\n".join([*lines, f'fichier {kind} = "{name}";']) + "\n", "utf-8")
    return len(lines) + 1


@pytest.mark.parametrize("name", ["..", ".", "tab\there", "x" * 256])
def test_a_new_event_named_so_is_refused(tmp_path: Path, name: str) -> None:
    path = tmp_path / "event" / "cup.papp"
    path.parent.mkdir()
    players = player_file(path.parent, 4)
    message = refused(mipair("papp", "new", path, "--players", players, "--name", name))
    assert message.startswith(f"{path}: --name: "), message
    assert not path.exists() and outside(path) == []


def test_an_event_named_dot_dot_writes_and_deletes_nothing_in_the_parent(event: Path) -> None:
    """The event's name is its folder: '..' would be the parent (round__1.txt written there,
    and a withdrawal deleting there). Refused at the name's line; a file of the same name in
    the parent is left alone."""
    decoy = event.parent.parent / "round__1.txt"
    decoy.write_text("the arbiter's own file\n", encoding="utf-8")
    renamed(event, "..")
    before = event.read_bytes()
    for command in (("pair",), ("withdraw", "101"), ("outputs",)):
        message = refused(mipair("papp", command[0], event, *command[1:]))
        assert message.startswith(f"{event}:2: name: '..' cannot name"), message
    assert event.read_bytes() == before
    assert decoy.read_text(encoding="utf-8") == "the arbiter's own file\n"
    assert outside(event) == ["round__1.txt"]


@pytest.mark.parametrize("name", ["a/b", "Open: day 1?"])
def test_a_name_with_path_characters_stays_one_folder_inside(event: Path, name: str) -> None:
    renamed(event, name)
    paired = mipair("papp", "pair", event)
    assert paired.returncode == 0, paired.stderr
    written = [p for p in event.parent.rglob("round__1.txt")]
    assert len(written) == 1 and written[0].parent.parent == event.parent
    assert outside(event) == []


@pytest.mark.parametrize(
    ("kind", "name"),
    [
        ("appariements", "../round###.txt"),
        ("resultats", "sub/../../stand###.txt"),
        ("classement", "/tmp/mipair-outside-test/stand###.txt"),
        ("nouveaux", "../nouveaux"),
        ("tableau-croise", "cross\x1b###.html"),
        ("equipes", "x" * 300),
    ],
)
def test_a_fichier_name_outside_the_folder_is_refused(event: Path, kind: str, name: str) -> None:
    line = configured(event, kind, name)
    before = event.read_bytes()
    message = refused(mipair("papp", "pair", event))
    assert message.startswith(f"{event.parent / 'papp.cfg'}:{line}: fichier {kind}: "), message
    assert event.read_bytes() == before
    assert outside(event) == [] and not Path("/tmp/mipair-outside-test").exists()


def test_a_folder_the_arbiter_allows_may_be_written(event: Path, tmp_path: Path) -> None:
    """MIPAIR_PAPP_FOLDERS names the folders a fichier name may also lead to."""
    web = tmp_path / "web"
    configured(event, "appariements", f"{web}/round###.txt")
    assert mipair("papp", "pair", event).returncode == 3
    paired = mipair("papp", "pair", event, MIPAIR_PAPP_FOLDERS=str(web))
    assert paired.returncode == 0, paired.stderr
    assert (web / "round__1.txt").read_text(encoding="utf-8").startswith("Round 1")
    assert "published: " + str(web / "round__1.txt") in paired.stdout


def test_pairing_past_the_planned_rounds_needs_extra_round(event: Path) -> None:
    """A 3-round event: round 4 is refused (exit 3, one line, nothing saved) by ``pair``,
    by a pair made by hand and by ``solve``; ``pair --extra-round`` pairs it and the event plans 4 rounds."""
    for _ in range(3):
        assert mipair("papp", "pair", event).returncode == 0
        assert mipair("papp", "result", event, "--random").returncode == 0
    before = event.read_bytes()
    message = refused(mipair("papp", "pair", event))
    assert message == (
        f"{event}: rounds: round 4: the event has 3 rounds (papp pair --extra-round pairs one more)"
    )
    assert refused(mipair("papp", "couple", event, "101", "102")) == message
    assert refused(mipair("solve", "--system", "papp", event)) == message
    assert event.read_bytes() == before
    paired = mipair("papp", "pair", event, "--extra-round")
    assert paired.returncode == 0, paired.stderr
    after = read_event(event)
    assert after.settings.rounds == 4 and after.round(4).paired
    assert (event.parent / "Open" / "round__4.txt").exists()
