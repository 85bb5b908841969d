"""The arbiter's desk: corrections, erasing, withdrawals and returns, pairs by hand, late players."""

from __future__ import annotations

import pytest

from mipair.desk.papp.registration import next_number
from mipair.formats.papp.event_file import read_event
from mipair.formats.papp.players import read_players
from mipair.systems.papp.scoring import standings
from tests.support.papp_day import new_event, play_round, results_of_round, run


@pytest.fixture(autouse=True)
def no_env_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAPP_CFG", raising=False)


def test_correcting_round_two_after_round_four(tmp_path) -> None:
    event = new_event(tmp_path, 10, rounds=7)
    for _ in range(4):
        play_round(event)
    before = read_event(event)
    game = before.round(2).games[0]
    fourth = before.round(4)
    # the players had the colours the other way round, and White won 50/14
    got = run("papp", "correct", event, "2", game.white, "50", game.black, "14")
    assert got.code == 0 and got.out.startswith("Round 2, correction")
    after = read_event(event)
    fixed = after.round(2).game_of(game.black)
    assert (fixed.black, fixed.white, fixed.black_discs) == (game.white, game.black, 50)
    assert after.round(4) == fourth  # the current pairing is left to the arbiter
    points = {ln.id: ln.points for ln in standings(after)}
    old = {ln.id: ln.points for ln in standings(before)}
    assert points[game.white] >= old[game.white]
    bad = run("papp", "correct", event, "2", game.white, "50", game.black, "15")
    assert bad.code == 3 and "64" in bad.err
    stranger = next(p for p in after.ids if p not in (game.black, game.white))
    bad = run("papp", "correct", event, "2", game.white, "32", stranger, "32")
    assert bad.code == 3 and "not paired" in bad.err
    assert read_event(event) == after


def test_erasing_a_coupon(tmp_path) -> None:
    event = new_event(tmp_path, 6, rounds=7)
    run("papp", "pair", event, "--save")
    coupon = results_of_round(event)[0]
    player = coupon.split()[0]
    run("papp", "result", event, coupon)
    got = run("papp", "result", event, f"{player}e")
    assert got.code == 0 and not read_event(event).round(1).game_of(int(player)).played


def test_withdrawal_and_return(tmp_path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    play_round(event)
    run("papp", "pair", event, "--save")
    paired = read_event(event).round(2)
    leaver = paired.games[0].black
    partner = paired.games[0].white
    got = run("papp", "withdraw", event, leaver)
    assert got.code == 0 and "withdrawn" in got.out
    now = read_event(event)
    assert now.round(2).game_of(leaver) is None and now.round(2).game_of(partner) is None
    assert leaver in now.withdrawn and leaver not in now.present(2)
    play_round(event)  # completes round 2 without him
    got = run("papp", "standings", event)
    assert any("-NAME" in ln and f" {leaver} " in ln for ln in got.out.splitlines())
    run("papp", "pair", event, "--save")
    assert read_event(event).round(3).game_of(leaver) is None
    run("papp", "clear-pairs", event)
    assert run("papp", "return", event, leaver).code == 0
    play_round(event)
    assert read_event(event).round(3).game_of(leaver) is not None
    assert run("papp", "withdraw", event, "*").code == 0
    assert read_event(event).present(4) == []
    assert run("papp", "return", event, "*").code == 0
    assert len(read_event(event).present(4)) == 8


def test_pairs_made_by_hand(tmp_path) -> None:
    event = new_event(tmp_path, 8, rounds=7)
    assert run("papp", "couple", event, "101", "108").code == 0
    assert run("papp", "couple", event, "102", "103").code == 0
    assert run("papp", "decouple", event, "103").code == 0
    assert [(g.black, g.white) for g in read_event(event).round(1).games] == [(101, 108)]
    got = run("papp", "pair", event, "--save")
    assert got.code == 0 and "by hand" in got.out
    first = read_event(event).round(1)
    assert first.game_of(101).white == 108 and len(first.games) == 4
    assert run("papp", "clear-pairs", event).code == 0
    assert not read_event(event).round(1).paired
    bad = run("papp", "couple", event, "101", "101")
    assert bad.code == 3


def test_registering_on_the_day(tmp_path) -> None:
    event = new_event(tmp_path, 6, rounds=5)
    config = tmp_path / "papp.cfg"
    run("papp", "config", "--write-default", config)
    text = config.read_text().replace(
        "% zone-insertion     = 9000-9500;",
        'zone-insertion "NL" = 700-702;\nzone-insertion = 9000-9500;',
    )
    text = text.replace('fichier joueurs = "joueurs";', 'fichier joueurs = "joueurs.txt";')
    config.write_text(text)
    found = run("papp", "search", event, "name0")
    listed = [ln for ln in found.out.splitlines() if "NAME0" in ln and "{" in ln]
    assert found.code == 0 and len(listed) == 6 and all(ln.startswith("*") for ln in listed)
    assert "completion: NAME0" in found.out
    play_round(event)
    got = run("papp", "register", event, "--new", "VAN DIJK, Anna", "--country", "NL")
    assert got.code == 0 and "(700)" in got.out and "Round 2" in got.out
    got = run("papp", "register", event, "--new", "ZOLA, Emile", "--country", "I")
    assert "(9000)" in got.out
    news = read_players(tmp_path / "nouveaux.txt")
    assert [(p.id, p.name, p.country) for p in news] == [
        (700, "VAN DIJK", "NL"),
        (9000, "ZOLA", "I"),
    ]
    assert "VAN DIJK" in run("papp", "search", event, "van").out
    loaded = read_event(event)
    assert 700 in loaded.round(1).absent and 700 in loaded.present(2)
    play_round(event)
    assert (
        read_event(event).round(2).game_of(700) is not None or read_event(event).round(2).bip == 700
    )


def test_insertion_zones() -> None:
    zones = [("F", 5, 6), (None, 10, 11), ("gb", 20, 20)]
    assert next_number({5}, "F", zones) == 6
    assert next_number({5, 6}, "f", zones) == 10
    assert next_number(set(), "GB", zones) == 20
    assert next_number({20, 10, 11}, "GB", zones) == 1
    assert next_number({1, 2, 4}, "NL", []) == 3


def test_deleting_a_player_who_never_played(tmp_path) -> None:
    event = new_event(tmp_path, 7, rounds=5)
    assert run("papp", "withdraw", "--delete", event, "107").code == 0
    assert 107 not in read_event(event).ids
    play_round(event)
    someone = read_event(event).round(1).games[0].black
    got = run("papp", "withdraw", event, "--delete", someone)
    assert got.code == 3 and "played already" in got.err and someone in read_event(event).ids


def test_registration_shows_the_comment_and_refuses_a_known_name(tmp_path) -> None:
    """Issue 36, items 5 and 7: the player file's comment is shown at registration (manual
    2.6); a new player with a known name is refused; a number registered with the name of
    a registered player is registered with a warning."""
    event = new_event(tmp_path, 6, rounds=5)
    players = tmp_path / "joueurs.txt"
    players.write_text(
        players.read_text().replace(
            "__eof__", "301 NAME02, Player {F} `cotisation 2024 a jour\n__eof__"
        )
    )
    assert run("papp", "withdraw", "--delete", event, "103").code == 0
    got = run("papp", "register", event, "301", "--players", players)
    assert got.code == 0 and "cotisation 2024 a jour" in got.out
    got = run("papp", "register", event, "103", "--players", players)
    assert got.code == 0 and "NAME02 Player (301) is registered already" in got.err
    got = run("papp", "register", event, "--new", "NAME01, Player", "--players", players)
    assert got.code == 3 and "known already as 102" in got.err
    assert not (tmp_path / "nouveaux.txt").exists()
    got = run("papp", "register", event, "--new", "NAME01, Player", "--force", "--players", players)
    assert got.code == 0 and "registered NAME01 Player" in got.out


def test_an_interrupted_new_registration_completes_when_run_again(tmp_path) -> None:
    """Issue 36, item 7: `register --new` writes 'nouveaux', then the event; run again after a
    crash between the two, it registers the player written to 'nouveaux' (no second number)."""
    event = new_event(tmp_path, 6, rounds=5)
    (tmp_path / "nouveaux.txt").write_text("9 LAZARD, Emma {F}\n__eof__\n")
    got = run("papp", "register", event, "--new", "LAZARD, Emma")
    assert got.code == 0 and "LAZARD Emma (9)" in got.out
    assert (tmp_path / "nouveaux.txt").read_text().count("LAZARD") == 1


def test_both_player_files_is_the_error_given(tmp_path) -> None:
    """Issue 36, item 7: with 'joueurs' and 'joueurs.txt' both present, search and register
    said 'not found' instead of the real cause (PAPP stops with this error)."""
    event = new_event(tmp_path, 6, rounds=5)
    (tmp_path / "joueurs").write_text((tmp_path / "joueurs.txt").read_text())
    for args in (("search", event, "name"), ("register", event, "101")):
        got = run("papp", *args)
        assert got.code == 5 and "both" in got.err and "joueurs.txt" in got.err, args


def test_show_and_card_to_a_file_and_by_name(tmp_path) -> None:
    """Issue 36, item 5: PAPP's Ctrl-V and Ctrl-F write to a file; players by name."""
    event = new_event(tmp_path, 6, rounds=5)
    play_round(event)
    shown, card = tmp_path / "v.txt", tmp_path / "f.txt"
    assert run("papp", "show", event, "-o", shown).code == 0
    assert shown.read_text().startswith("Round 1: pairings")
    assert run("papp", "card", event, "name03", "-o", card).code == 0
    assert card.read_text().startswith("NAME03 Player (104)")
    got = run("papp", "card", event, "name0")
    assert got.code == 3 and "could be" in got.err


def test_a_nationality_change_makes_a_team(tmp_path) -> None:
    """Issue 36, item 5: PAPP's 'N' (manual 2.7): team standings split USA and USA2."""
    event = new_event(tmp_path, 10, rounds=5)
    play_round(event)
    assert run("papp", "country", event, "101", "F2").code == 0
    assert read_event(event).country_of(101) == "F2"
    teams = run("papp", "standings", event, "--teams").out
    assert " F2" in teams and " F\n" in teams


def test_random_results_for_testing(tmp_path) -> None:
    """Issue 36, item 5: PAPP's '?': every game without a result gets one, from the ratings."""
    event = new_event(tmp_path, 10, rounds=5)
    run("papp", "pair", event)
    first = results_of_round(event)[0]
    assert run("papp", "result", event, first).code == 0
    got = run("papp", "result", event, "--random")
    assert got.code == 0 and "4 random results drawn" in got.out and "results complete" in got.out
    after = read_event(event).round(1)
    assert after.complete and after.games[0].black_discs == int(first.split()[1])


def test_completion_to_the_shared_start() -> None:
    """Issue 36, item 5: [Tab] completes 'willi' to 'WILLIAM' (manual 1.36, 2.1)."""
    from mipair.desk.papp.registration import completion
    from mipair.formats.papp.players import PlayerRecord

    records = [
        PlayerRecord(1, "WILLIAM", "Jacquart"),
        PlayerRecord(2, "WILLIAMS", "Anthony"),
        PlayerRecord(3, "WILLIAMSON", "Tim"),
        PlayerRecord(4, "LAZARD", "Emmanuel"),
    ]
    assert completion(records, "willi") == "WILLIAM"
    assert completion(records, "laz") == "LAZARD EMMANUEL"
    assert completion(records, "zz") == "zz"
