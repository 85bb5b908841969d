"""Durability: a writer killed with SIGKILL at random moments loses no save it confirmed.

A child process (forked from this one, so that a restart costs no imports)
opens the store and saves revision after revision, each adding one line to
the tournament's document, and reports each save once ``save`` has returned.
This process kills it with SIGKILL at a random moment, opens the database
again and checks that every reported revision is there with its exact
document, that the tournament's current revision is one of its own revisions
(the save under way may or may not be in, whole), then starts a new child
from there. On SQLite (WAL, ``synchronous=FULL``) and on a PostgreSQL server
(the killed client's transaction is rolled back by the server).

CI runs 40 kills on each database; ``MIPAIR_STORE_CRASH_KILLS`` sets another number.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time

import pytest

from mipair.store.access import Director
from mipair.store.accounts import add_account
from mipair.store.documents import Document
from mipair.store.migrate import open_store
from mipair.store.revisions import document, save
from mipair.store.schema import Game
from mipair.store.tournaments import create_tournament
from tests.support.kill_harness import acks_until, fork_writer
from tests.support.store_databases import LIGHT_HASHER

KILLS = int(os.environ.get("MIPAIR_STORE_CRASH_KILLS", "40"))
NAME = "tournament.trf"


def expected(number: int) -> Document:
    """Revision ``number``'s document: the header and one line per save before it."""
    body = "".join(f"result {k}\n" for k in range(1, number))
    return Document.single(NAME, f"012 Crash open\n{body}".encode())


def child(url: str, director: Director, tournament_id: int, ack: int) -> None:
    """Save revisions from the current one on; write each number to ``ack`` once saved."""
    with open(os.devnull, "w") as sink, contextlib.redirect_stderr(sink):
        store = open_store(url, hasher=LIGHT_HASHER)
        head, _ = document(store, director, tournament_id)
        number = head.number
        while True:
            save(store, director, tournament_id, number, expected(number + 1), f"result {number}")
            number += 1
            os.write(ack, f"{number}\n".encode())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
def test_no_confirmed_save_is_lost_under_sigkill(store_url: str) -> None:
    rng = random.Random(58)
    store = open_store(store_url, hasher=LIGHT_HASHER)
    director = add_account(store, "anna", "anna-password")
    info, _ = create_tournament(store, director, Game.CHESS, "Crash", expected(1), "created")
    store.close()
    confirmed = start = 1  # start: the revision the next writer starts from
    for _ in range(KILLS):
        pid, read = fork_writer(lambda ack: child(store_url, director, info.id, ack))
        acks, _ = acks_until(read, time.monotonic() + rng.uniform(0.05, 0.4))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        acks += acks_until(read, None)[0]
        os.close(read)
        assert os.WIFSIGNALED(status), f"the writer ended by itself (status {status})"
        confirmed = max([confirmed, *acks])
        last = max([start, *acks])  # the writer's last confirmed revision (or where it began)
        store = open_store(store_url, migrate=False, hasher=LIGHT_HASHER)
        head, doc = document(store, director, info.id)
        store.close()
        assert last <= head.number <= last + 1  # and the save under way, whole or not at all
        assert doc == expected(head.number)
        start = head.number
    assert confirmed > KILLS  # the writers got saves done between the kills
    store = open_store(store_url, migrate=False, hasher=LIGHT_HASHER)
    for number in range(1, confirmed + 1):
        assert document(store, director, info.id, number)[1] == expected(number)
    store.close()
