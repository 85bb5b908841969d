"""Two directors post 20 results of one round at once, each based on the revision they read:
every result is kept or refused as stale (409, with the current revision), none is lost in
silence; once the refused ones are posted again on the revision they were told, all 20 are
in. On SQLite, and on PostgreSQL when ``MIPAIR_TEST_POSTGRES_URL`` names a server."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed")

from tests.support.desk_client import Director, chess_file, desk_server
from tests.support.store_databases import KINDS, fresh_database

RESULTS = ["1-0", "0-1", "1/2"]
SHOWN = {"1-0": "1-0", "0-1": "0-1", "1/2": "½-½"}


@pytest.mark.parametrize("kind", KINDS)
def test_twenty_results_at_once_are_each_kept_or_refused(kind: str, tmp_path: Path) -> None:
    with fresh_database(kind, tmp_path) as url, desk_server(tmp_path, url) as server:
        anna, bruno = Director(server, "anna"), Director(server, "bruno")
        tournament = anna.import_files({"open.trf": chess_file(40)})
        base = f"/v1/desk/tournaments/{tournament}"
        anna.post(f"{base}/shares", {"account": "bruno"})
        read = anna.get(base)["revision"]
        assert bruno.get(base)["revision"] == read
        wanted = {board: RESULTS[board % 3] for board in range(1, 21)}
        answers: dict[int, tuple[int, dict]] = {}
        start = threading.Barrier(20)

        def post(board: int) -> None:
            director = anna if board % 2 else bruno
            body = {"revision": read, "results": [{"board": board, "result": wanted[board]}]}
            start.wait()
            answer = director.post(f"{base}/rounds/1/results", body)
            answers[board] = (answer.status_code, answer.json())

        threads = [threading.Thread(target=post, args=(board,)) for board in wanted]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        kept = {b for b, (status, _) in answers.items() if status == 200}
        stale = {b for b, (status, body) in answers.items() if status == 409}
        assert kept | stale == set(wanted) and len(kept) >= 1, answers
        for board in stale:
            error = answers[board][1]["error"]
            assert error["code"] == "stale_revision" and error["revision"] > read
        boards = anna.get(f"{base}/rounds/1")["pairing"]["boards"]
        entered = {b["board"] for b in boards if b["result"]}
        assert entered == kept  # what was confirmed is there, and nothing else
        for board in sorted(stale):  # posted again, on the revision the refusal named
            director = anna if board % 2 else bruno
            director.revision = director.get(base)["revision"]
            director.change(
                f"{base}/rounds/1/results", {"results": [{"board": board, "result": wanted[board]}]}
            )
        boards = anna.get(f"{base}/rounds/1")["pairing"]["boards"]
        assert {b["board"]: b["result"] for b in boards} == {
            board: SHOWN[result] for board, result in wanted.items()
        }
        authors = [r["author"] for r in anna.get(f"{base}/revisions")["revisions"]]
        assert authors.count("bruno") == 10 and len(authors) == 21  # the import and 20 results
        anna.close()
        bruno.close()
