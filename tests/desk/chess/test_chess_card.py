"""``mipair chess card``: a player's rounds (a team's matches) by the installed command.

The card is read from the file the desk wrote: each completed round is the player's line
in ``chess crosstable`` (a Double-Swiss match: its two games, colours reversed), the round
being played is its board in ``chess pairing``; the points are the standings'. A team's
card lists its matches and players, and a player's number names his team. An unknown
player is refused with one located line (exit 3).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.card_events import double, individual, team
from tests.support.chess_desk import ok, ok_json, refused


def crosstable_line(file: Path, pid: int) -> dict[str, Any]:
    rows = ok_json("chess", "crosstable", file)["standings"]
    return next(r for r in rows if r["id"] == pid)


def test_an_individual_card_is_the_crosstable_line_and_the_board(tmp_path: Path) -> None:
    file = individual(tmp_path)
    playing = ok_json("chess", "pairing", file)
    for pid in range(1, 8):
        card = ok_json("chess", "card", file, pid)
        line = crosstable_line(file, pid)
        assert card["player"]["id"] == str(pid) and card["rank"] == line["rank"]
        assert card["points"] == f"{line['points']:g}"
        first = card["rounds"][0]
        cell = line["rounds"][0]
        assert first["round"] == 1 and first["result"] == cell["result"]
        assert first["colour"] == cell["colour"]
        opponent = first["opponent"]
        assert (None if opponent is None else int(opponent["id"])) == cell["opponent"]
        board = [b for b in playing["boards"] if pid in (b["white"]["id"], b["black"]["id"])]
        if board:
            white, black = board[0]["white"]["id"], board[0]["black"]["id"]
            second = card["rounds"][1]
            assert second["round"] == 2 and second["colour"] == ("w" if pid == white else "b")
            assert second["opponent"]["id"] == str(white + black - pid)
        text = ok("chess", "card", file, pid)
        assert text.splitlines()[0].startswith(f"{card['player']['name']} ({pid}): ")
        assert len(text.splitlines()) == 2 + len(card["rounds"])
    name = ok_json("chess", "card", file, 3)["player"]["name"]
    assert ok_json("chess", "card", file, name.split(",")[0]) == ok_json("chess", "card", file, 3)


def test_a_double_swiss_card_shows_both_games_of_each_match(tmp_path: Path) -> None:
    file = double(tmp_path)
    for pid in range(1, 6):
        card = ok_json("chess", "card", file, pid)
        cells = crosstable_line(file, pid)["rounds"]
        assert [g["round"] for g in card["rounds"][:2]] == [1, 1]
        assert [g["result"] for g in card["rounds"][:2]] == [c["result"] for c in cells]
        one, two = card["rounds"][:2]
        if one["opponent"] is not None:
            assert one["opponent"] == two["opponent"]
            assert {one["colour"], two["colour"]} == {"w", "b"}  # colours reversed in game 2
        assert all(g["round"] == 2 for g in card["rounds"][2:])


def test_a_team_card_lists_its_matches_and_players(tmp_path: Path) -> None:
    file = team(tmp_path)
    card = ok_json("chess", "card", file, "Brest")
    assert card["player"] == {"id": "T2", "name": "Brest"}
    assert [p["name"] for p in card["players"]] == ["Brest Player1, X", "Brest Player2, X"]
    assert [r["round"] for r in card["rounds"]] == [1, 2]
    standings = ok_json("chess", "standings", file)["standings"]
    row = next(r for r in standings if r["name"] == "Brest")
    assert card["rank"] == row["rank"] and card["points"] == f"{row['match_points']:g}"
    member = card["players"][0]["id"]
    assert ok_json("chess", "card", file, member) == card  # a player names his team
    text = ok("chess", "card", file, "Brest")
    assert text.startswith("Brest (T2): ") and "Players: Brest Player1, X" in text


def test_an_unknown_player_or_team_is_refused(tmp_path: Path) -> None:
    file = individual(tmp_path)
    before = file.read_bytes()
    line = refused(3, "chess", "card", file, "99")
    assert line.startswith(f"{file}: player: ") and "99" in line
    assert "player" in refused(3, "chess", "card", file, "Zyx")
    assert "Zyx" in refused(3, "chess", "card", team(tmp_path), "Zyx")
    assert file.read_bytes() == before
    refused(5, "chess", "card", tmp_path / "missing.trf", "1")
