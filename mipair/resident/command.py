"""``mipair resident start|status|stop``: the user's resident pairing processes.

A resident runs only when its user asks for it: ``mipair resident start`` (or
``MIPAIR_RESIDENT=1``, which lets a drop-in call that finds none start one).
Failures are one line and the documented codes: 5 when there is no private
runtime folder, 2 when the resident could not be started or did not listen.
"""

from __future__ import annotations

import os
import signal
import time

import click

from mipair.errors import FileAccessError, MipairError
from mipair.resident import client, place

START_WAIT = 120.0  # seconds ``start`` waits for the new resident to listen


def residents(folder: str) -> list[tuple[str, int | None]]:
    """Every key with a lock file in ``folder``, with its running resident's pid (None:
    none runs; the files are left from an ended one)."""
    found = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".lock"):
            continue
        key = name.removesuffix(".lock")
        pid = None
        if client.resident_running(folder, key):
            try:
                with open(place.lock_path(folder, key)) as handle:
                    pid = int(handle.read().split()[0])
            except (OSError, ValueError, IndexError):
                pid = None
        found.append((key, pid))
    return found


def _folder() -> str:
    folder = place.runtime_folder()
    if folder is None:
        raise FileAccessError(
            "not a private folder of this user: no resident can run",
            file=place.runtime_path(),
        )
    return folder


@click.group()
def resident() -> None:
    """The resident pairing process behind drop-in calls: started only by `mipair resident
    start` (or MIPAIR_RESIDENT=1: by a drop-in call that finds none); MIPAIR_RESIDENT=0:
    never used."""


@resident.command()
def status() -> None:
    """List this user's residents (the one of this installation marked *)."""
    folder = _folder()
    current = place.code_key(folder)
    listed = residents(folder)
    click.echo(f"folder {folder}; this installation's key {current}")
    if not client.enabled():
        click.echo(f"{client.SWITCH}={os.environ.get(client.SWITCH)}: drop-in calls run in-process")
    for key, pid in listed:
        mark = "*" if key == current else " "
        listening = os.path.exists(place.socket_path(folder, key))
        state = f"running, pid {pid}" if pid else "not running"
        click.echo(f"{mark} {key}  {state}{', listening' if pid and listening else ''}")
    if not any(pid for _, pid in listed):
        click.echo("no resident running")


@resident.command()
@click.option("--wait/--no-wait", default=True, help="Wait until it listens (default).")
def start(wait: bool) -> None:
    """Start this installation's resident; drop-in calls use it until it has been idle for
    MIPAIR_RESIDENT_IDLE seconds (600) or is stopped."""
    folder = _folder()
    key = place.code_key(folder)
    if client.resident_running(folder, key):
        click.echo(f"resident {key} is already running")
        return
    pid = client.start_resident((folder, key))
    if pid is None:
        raise MipairError("the resident could not be started", file="mipair resident start")
    deadline = time.monotonic() + START_WAIT
    ended = False
    while wait and not os.path.exists(place.socket_path(folder, key)):
        ended = ended or os.waitpid(pid, os.WNOHANG)[0] == pid
        if ended and not client.resident_running(folder, key):  # (another start may have won)
            raise MipairError("the resident ended while starting", file="mipair resident start")
        if time.monotonic() > deadline:
            raise MipairError(
                f"the resident is not listening after {START_WAIT:.0f} s",
                file="mipair resident start",
            )
        time.sleep(0.1)
    click.echo(f"resident {key} started" + ("" if ended else f", pid {pid}"))


@resident.command()
def stop() -> None:
    """Stop every resident of this user (calls under way are finished first)."""
    folder = _folder()
    stopped = 0
    for key, pid in residents(folder):
        if pid is None:
            continue
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            continue
        stopped += 1
        click.echo(f"stopped resident {key} (pid {pid})")
    if not stopped:
        click.echo("no resident running")
