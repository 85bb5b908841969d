"""Crash safety: SIGKILL at random moments during 1,000 result entries and corrections.

A child process (forked from this one, so that a restart costs no imports)
runs ``mipair papp result`` / ``papp correct`` commands one after the other
and reports each command that has returned; this process kills it with
SIGKILL at a random moment, reads the event file back and checks that it holds
every change whose command had returned, and nothing else (the command under
way may or may not be in), then starts a new child from there. The commands
are absolute (a score, a correction), so the one under way can be run again.

CI runs 400 commands and 200 kills (some 40 s on a busy machine: every
command fsyncs the event file and its folder). The full run, 1,000 commands and
1,000 kills: ``MIPAIR_PAPP_CRASH_FULL=1 pytest tests/test_papp_crash.py``
(``MIPAIR_PAPP_CRASH_OPERATIONS`` and ``MIPAIR_PAPP_CRASH_KILLS`` set each).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from pathlib import Path

import pytest
from forked_writer import acks_until, spawn

from mipair.desk.papp.entries import correct, record
from mipair.formats.papp.event import Event, Game, Round, Settings
from mipair.formats.papp.event_file import read_event, save_event
from mipair.formats.papp.players import PlayerRecord

FULL = bool(os.environ.get("MIPAIR_PAPP_CRASH_FULL"))
OPERATIONS = int(os.environ.get("MIPAIR_PAPP_CRASH_OPERATIONS", "1000" if FULL else "400"))
KILLS = int(os.environ.get("MIPAIR_PAPP_CRASH_KILLS", "1000" if FULL else "200"))
NO_OUTPUTS = "".join(
    f'fichier {kind} = "";\n'
    for kind in ("appariements", "resultats", "classement", "equipes", "tableau-croise")
)

Command = tuple[str, ...]


def starting_event(rng: random.Random, players: int = 16, rounds: int = 6) -> Event:
    """Rounds 1..rounds-1 played, the last one paired (random pairs: no pairing is redone)."""
    ids = list(range(1, players + 1))
    people = tuple(PlayerRecord(i, f"NAME{i:02d}", "First") for i in ids)
    made = []
    for number in range(1, rounds + 1):
        order = rng.sample(ids, len(ids))
        last = number == rounds
        games = tuple(
            Game(order[k], order[k + 1], None if last else rng.randint(0, 64))
            for k in range(0, len(order), 2)
        )
        made.append(Round(number, games))
    return Event(Settings(name="crash", rounds=rounds + 1), people, tuple(made))


def commands(event: Event, rng: random.Random) -> list[tuple[Command, Event]]:
    """``OPERATIONS`` commands and the event after each (computed in memory)."""
    out = []
    for _ in range(OPERATIONS):
        number = rng.randint(1, len(event.rounds))
        game = rng.choice(event.round(number).games)
        discs = rng.randint(0, 64)
        if rng.random() < 0.7:
            pid = rng.choice((game.black, game.white))
            event, _ = record(event, f"{pid} {discs}", number)
            command: Command = ("result", "--round", str(number), "EVENT", f"{pid} {discs}")
        else:
            black, white = (
                (game.white, game.black) if rng.random() < 0.3 else (game.black, game.white)
            )
            event, _ = correct(event, number, black, discs, white, 64 - discs)
            command = (
                "correct",
                "EVENT",
                str(number),
                str(black),
                str(discs),
                str(white),
                str(64 - discs),
            )
        out.append((command, event))
    return out


def child(event_file: Path, todo: list[Command], start: int, ack: int) -> None:
    """Run the commands from ``start`` on; write each index to ``ack`` once it returned."""
    from mipair.cli.group import cli
    from mipair.cli.guard import run_guarded

    with (
        open(os.devnull, "w") as sink,
        contextlib.redirect_stdout(sink),
        contextlib.redirect_stderr(sink),
    ):
        for index in range(start, len(todo)):
            args = ["papp", *(str(event_file) if a == "EVENT" else a for a in todo[index])]
            code = run_guarded(
                lambda a=args: cli.main(a, prog_name="mipair", standalone_mode=False)
            )
            if code != 0:
                os._exit(10 + code)
            os.write(ack, f"{index}\n".encode())
    os._exit(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
def test_no_returned_result_is_lost_under_sigkill(tmp_path: Path) -> None:
    rng = random.Random(26)
    event = starting_event(rng)
    event_file = tmp_path / "crash.papp"
    save_event(event_file, event)
    (tmp_path / "papp.cfg").write_text(NO_OUTPUTS + "XML false;\ndossier false;\n")
    plan = commands(event, rng)
    todo = [command for command, _ in plan]
    states = [event] + [after for _, after in plan]  # states[k]: after the first k commands
    done, kills, checked, pace = 0, 0, 0, 0.01  # pace: seconds per command, measured as we go
    strays = 0  # kills that left a writer's temporary file behind
    while done < len(todo):
        started = time.monotonic()
        pid, read = spawn(lambda ack, start=done: child(event_file, todo, start, ack))
        if kills < KILLS:
            per_kill = (len(todo) - done) / (KILLS - kills)  # commands per kill still to go
            got, closed = acks_until(read, started + rng.uniform(0, 2 * per_kill * pace))
            os.kill(pid, signal.SIGKILL)
            kills += 1
        else:
            got, closed = acks_until(read, None)
        _, status = os.waitpid(pid, 0)
        more, _ = acks_until(read, time.monotonic())  # acks written just before the kill
        os.close(read)
        got += more
        assert not (os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0), status
        if got:
            pace = 0.8 * pace + 0.2 * (time.monotonic() - started) / len(got)
        returned = max(got) + 1 if got else done
        strays += bool(list(tmp_path.glob(".*.tmp")))
        on_disk = read_event(event_file)
        # every returned command is in; the one under way may be, nothing else
        assert on_disk in (states[returned], states[min(returned + 1, len(todo))]), (
            f"kill {kills}: the event differs from the state after command {returned}"
        )
        done = returned
        checked += 1
    assert read_event(event_file) == states[-1]
    assert kills >= KILLS // 2  # the kill times follow the measured pace: most are used
    # issue 36: each command removes the temporary files of writers killed before it
    assert not list(tmp_path.glob(".*.tmp"))
    print(
        f"{len(todo)} commands, {kills} kills ({strays} left a temporary file), {checked} "
        "read-backs after a stop (kill or end): all good, no temporary file left"
    )
