"""Two directors save at once: every save is kept or refused as stale, and none is lost.

Twenty threads, half signed in as one director through one store (a replica
of the service) and half as the other through another, read the tournament,
wait for each other at a barrier, then all save a change based on what they
read. Exactly one of the twenty can be kept; the others are refused as stale
and, like a page that reloads, read again and retry until kept. At the end
every change is in the document once, and each revision is the one before it
plus exactly one change, by its author: nothing was overwritten. On SQLite and
on a PostgreSQL server.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from mipair.store.access import Director
from mipair.store.accounts import add_account
from mipair.store.database import Store
from mipair.store.documents import Document
from mipair.store.errors import StaleRevision
from mipair.store.migrate import open_store
from mipair.store.revisions import document, history, save
from mipair.store.schema import Game
from mipair.store.tournaments import create_tournament, share
from tests.support.store_databases import LIGHT_HASHER

WORKERS = 20
NAME = "tournament.trf"


def with_line(current: Document, line: str) -> Document:
    return Document.single(NAME, current.file(NAME) + f"{line}\n".encode())


def lines_of(doc: Document) -> list[str]:
    return doc.file(NAME).decode().splitlines()[1:]


def run_together(tasks: list[Callable[[], None]]) -> None:
    threads = [threading.Thread(target=task) for task in tasks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)


def test_twenty_simultaneous_saves_by_two_directors_lose_nothing(store_url: str) -> None:
    replicas = [open_store(store_url, hasher=LIGHT_HASHER) for _ in range(2)]
    anna = add_account(replicas[0], "anna", "anna-password")
    bob = add_account(replicas[0], "bob", "bob-password")
    info, _ = create_tournament(
        replicas[0], anna, Game.CHESS, "Open", Document.single(NAME, b"012 Open\n"), "created"
    )
    share(replicas[0], anna, info.id, "bob")
    barrier = threading.Barrier(WORKERS)
    first: dict[int, str] = {}
    tries: dict[int, int] = {}
    errors: list[BaseException] = []

    def worker(index: int) -> Callable[[], None]:
        director: Director = (anna, bob)[index % 2]
        store: Store = replicas[index % 2]

        def run() -> None:
            try:
                seen, doc = document(store, director, info.id)
                barrier.wait(timeout=60)
                for attempt in range(1, 10 * WORKERS):
                    try:
                        save(
                            store,
                            director,
                            info.id,
                            seen.number,
                            with_line(doc, f"{index}"),
                            f"result {index}",
                        )
                    except StaleRevision as stale:
                        first.setdefault(index, "stale")
                        assert stale.current > seen.number
                        seen, doc = document(store, director, info.id)
                        continue
                    first.setdefault(index, "kept")
                    tries[index] = attempt
                    return
                raise AssertionError(f"worker {index} never saved")
            except BaseException as exc:  # reported by the test below
                errors.append(exc)

        return run

    run_together([worker(i) for i in range(WORKERS)])
    assert errors == []
    assert sorted(first) == list(range(WORKERS))
    assert sorted(first.values()).count("kept") == 1  # all based on revision 1: one kept
    assert sorted(tries) == list(range(WORKERS))

    final_info, final = document(replicas[1], bob, info.id)
    assert final_info.number == 1 + WORKERS
    assert sorted(lines_of(final), key=int) == [str(i) for i in range(WORKERS)]
    trail = history(replicas[0], anna, info.id)
    assert [r.number for r in trail] == list(range(WORKERS + 1, 0, -1))
    for revision in trail[:-1]:
        before = lines_of(document(replicas[0], anna, info.id, revision.number - 1)[1])
        after = lines_of(document(replicas[0], anna, info.id, revision.number)[1])
        assert after[:-1] == before
        index = int(after[-1])
        assert revision.what == f"result {index}"
        assert revision.author == ("anna", "bob")[index % 2]
    for replica in replicas:
        replica.close()
