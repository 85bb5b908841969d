"""The desk's API for the tests: a real ``mipair serve`` on a database of its own, accounts made
by the installed ``mipair account add``, and a director who signs in and changes tournaments
as a page or a program does (the session cookie and its CSRF token, or a bearer token).

``desk_server(folder)`` starts the server on SQLite in ``folder`` (or on the database URL
given: ``store_databases.fresh_database`` makes a PostgreSQL one), with the accounts of
:data:`ACCOUNTS`. A :class:`Director` keeps the revision it last read and names it in every
change, as the API asks.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.support.service_server import Server, running_server

SCRIPT = Path(sys.executable).parent / "mipair"
PASSWORD = "correct horse battery"
ACCOUNTS = ("anna", "bruno")
"""Two directors: anna owns the tournaments, bruno is another director."""


def store_environment(folder: Path, database: str | None) -> dict[str, str]:
    """The store's variables for a server or command: SQLite in ``folder``, or ``database``."""
    env = {"MIPAIR_DATA": str(folder)}
    if database:
        env["MIPAIR_DATABASE_URL"] = database
    return env


def add_account(environment: Mapping[str, str], name: str, password: str = PASSWORD) -> None:
    """``mipair account add NAME --password-stdin``, by the installed command."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MIPAIR_")}
    done = subprocess.run(
        [str(SCRIPT), "account", "add", name, "--password-stdin"],
        input=password + "\n",
        capture_output=True,
        text=True,
        env={**env, **environment},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


@contextmanager
def desk_server(
    folder: Path,
    database: str | None = None,
    accounts: tuple[str, ...] = ACCOUNTS,
    **settings: object,
) -> Iterator[Server]:
    """``mipair serve`` on its own database, with ``accounts`` made first."""
    environment = store_environment(folder, database)
    for name in accounts:
        add_account(environment, name)
    settings = {"workers": 1, "large_workers": 0, **settings}
    with running_server(environment, **settings) as server:
        yield server


class Director:
    """A director signed in to the desk (the cookie and its CSRF token, or a bearer token)."""

    def __init__(self, server: Server, name: str, bearer: bool = False) -> None:
        self.client = server.client()
        self.name = name
        self.headers: dict[str, str] = {}
        self.revision = 0
        credentials = {"name": name, "password": PASSWORD}
        if bearer:
            answer = self.client.post("/v1/desk/tokens", json=credentials)
            assert answer.status_code == 200, answer.text
            self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        else:
            answer = self.client.post("/v1/desk/sign-in", json=credentials)
            assert answer.status_code == 200, answer.text
            self.headers = {"X-CSRF-Token": answer.json()["csrf_token"]}

    def close(self) -> None:
        self.client.close()

    def ask(self, method: str, path: str, **options: Any) -> httpx.Response:
        headers = {**self.headers, **options.pop("headers", {})}
        return self.client.request(method, path, headers=headers, **options)

    def get(self, path: str, **params: Any) -> Any:
        """A read (200 wanted); the revision it read is kept."""
        answer = self.ask("GET", path, params=params)
        assert answer.status_code == 200, (path, answer.text)
        body = answer.json()
        if isinstance(body, dict) and isinstance(body.get("revision"), int):
            self.revision = body["revision"]
        return body

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.ask("POST", path, json=body)

    def change(self, path: str, body: dict[str, Any] | None = None) -> Any:
        """A change based on the revision last read (200 wanted); the revision after it kept."""
        answer = self.post(path, {"revision": self.revision, **(body or {})})
        assert answer.status_code == 200, (path, answer.text)
        self.revision = answer.json()["revision"]
        return answer.json()

    def create(self, game: str, settings: dict[str, Any]) -> int:
        """A new tournament; its id (the director then stands at its revision 1)."""
        answer = self.post("/v1/desk/tournaments", {"game": game, "settings": settings})
        assert answer.status_code == 201, answer.text
        self.revision = answer.json()["revision"]
        return int(answer.json()["tournament"]["id"])

    def upload(self, files: Mapping[str, bytes]) -> httpx.Response:
        parts = [
            ("files", (name, data, "application/octet-stream")) for name, data in files.items()
        ]
        return self.ask("POST", "/v1/desk/tournaments/import", files=parts)

    def import_files(self, files: Mapping[str, bytes]) -> int:
        """An imported tournament; its id."""
        answer = self.upload(files)
        assert answer.status_code == 201, answer.text
        self.revision = answer.json()["revision"]
        return int(answer.json()["tournament"]["id"])

    def download(self, tournament: int, format: str) -> bytes:
        answer = self.ask("GET", f"/v1/desk/tournaments/{tournament}/files/{format}")
        assert answer.status_code == 200, answer.text
        return answer.content


def chess_file(players: int, seed: int = 1) -> bytes:
    """A chess tournament's TRF-2026 file with ``players`` registered (ratings drawn from
    ``seed``) and round 1 paired, as the chess desk writes it."""
    import random

    from mipair.desk.chess.registration import Entry, register
    from mipair.desk.chess.rounds import pair_next
    from mipair.desk.chess.settings import Settings, new_event
    from mipair.desk.chess.trf_file import event_text

    rng = random.Random(seed)
    event = new_event(Settings(name="Open", rounds=9, tiebreaks="BH/C1,BH,SB"))
    for k in range(players):
        entry = Entry(
            f"Player{k:04d}, Test", rating=rng.randrange(1400, 2600), fide_id=str(10000 + k)
        )
        event, _ = register(event, entry)
    event, _ = pair_next(event, "2026-06-01")
    return event_text(event).encode("utf-8")


def filled(path: str, tournament: int) -> str:
    """A route's path with its parameters: the tournament, round 3, player 1, a format, an
    account to share with."""
    values = {
        "tournament_id": str(tournament),
        "round_number": "3",
        "player": "1",
        "format": "trf26",
        "account": "carla",
    }
    return re.sub(r"\{(\w+)\}", lambda m: values[m[1]], path)
