"""The desk API's request bodies, as schemas for validation and the OpenAPI document.

Every change names the ``revision`` it was based on (the one the client read:
every read answers it); a stale one is refused with 409 and the current
revision. What a game's operation takes (the settings of a new tournament, a
player's fields, the pairing's options) is the game's own, named as its
command line's options: ``GET /v1/desk/games`` lists them.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class SignIn(BaseModel):
    name: str = Field(description="The account's name (made by `mipair account add`).")
    password: str


class NewTournament(BaseModel):
    game: str = Field(description="chess, go or othello (GET /v1/desk/games).")
    settings: dict[str, Any] = Field(
        default_factory=dict,
        description="The game's `new` command's options, by name (GET /v1/desk/games: create).",
    )


class Based(BaseModel):
    revision: int = Field(description="The revision this change is based on (the one read).")


class Registration(Based):
    player: dict[str, Any] = Field(
        description="The game's `register` command's arguments, by name (GET /v1/desk/games)."
    )


class TeamRegistration(Based):
    team: dict[str, Any] = Field(
        description="A team of a team tournament: its `name` (`mipair chess team`)."
    )


class Attendance(Based):
    players: list[str] = Field(description="Players as the game's commands name them.")
    rounds: list[int] = Field(default_factory=list, description="Rounds not yet paired.")
    status: str = Field(description="One of the game's statuses (GET /v1/desk/games).")


class Withdrawal(Based):
    players: list[str]
    first: int | None = Field(None, description="The first round missed (default: the next).")


class Pairing(Based):
    options: dict[str, Any] = Field(
        default_factory=dict, description="The game's `pair` options (GET /v1/desk/games)."
    )


class Entry(BaseModel):
    board: int | str = Field(description="A board (as the game's `results` help says).")
    result: str


class Results(Based):
    results: list[Entry] = Field(min_length=1)


class Unpairing(Based):
    force: bool = Field(False, description="Also when results are entered (they are lost).")


class Restoring(Based):
    to: int = Field(description="The revision whose files are brought back.")


class Sharing(BaseModel):
    account: str = Field(description="The director (account name) to share with.")


class Proposal(BaseModel):
    pairs: list[str] = Field(
        min_length=1, description="Boards WHITE-BLACK as `mipair why --pair` takes them."
    )
