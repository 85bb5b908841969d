"""Write spring-open.trf: a chess desk's file in the middle of its day, and
spring-open-round2.trf: the same day cut before round 3 was paired.

Twelve players (registered in any order, numbered by the initial order), a
half-point bye asked for round 2 and an absence for round 3, rounds 1 and 2
complete (a forfeit in round 2), round 3 paired with two results entered. The
same commands on the command line (``mipair chess new``, ``register``, ``bye``,
``absent``, ``pair --save --date``, ``result``) write the same bytes; the
README's chess day reads it, the desk's API tests import the cut file. Run
``python scenarios/chess/build.py``; tests/desk/chess/test_chess_systems.py checks the files are
what this writes.
"""

from __future__ import annotations

from pathlib import Path

from mipair.desk.chess.attendance import BYES, set_byes
from mipair.desk.chess.document import ChessEvent
from mipair.desk.chess.registration import Entry, register
from mipair.desk.chess.rounds import enter_results, pair_next
from mipair.desk.chess.settings import Settings, new_event
from mipair.desk.chess.trf_file import event_text

HERE = Path(__file__).resolve().parent
PLAYERS = [
    Entry("Moreau, Claire", 2215, "FRA", "WFM", "20612345", "w", "1998/03/14"),
    Entry("Berger, Jonas", 2340, "GER", "FM", "4699999", "m", "1995/07/02"),
    Entry("Novak, Petra", 1980, "CZE", "", "325000", "w", "2004"),
    Entry("Rossi, Marco", 2105, "ITA", "CM", "2850000", "m", "1989/11/30"),
    Entry("Dumas, Paul", 1845, "FRA", "", "36000001", "m", "2008/01/20"),
    Entry("Jansen, Eva", 2010, "NED", "", "1020000", "w", "1992/05/05"),
    Entry("Silva, Tiago", 1720, "POR", "", "", "m", ""),
    Entry("Kowalski, Adam", 2450, "POL", "IM", "1100000", "m", "1987/09/09"),
    Entry("Olsen, Ida", 1650, "DEN", "", "1400000", "w", "2010/12/01"),
    Entry("Lopez, Ana", 1905, "ESP", "", "2200000", "w", "2001/02/28"),
    Entry("Weber, Lukas", 0, "SUI", "", "", "m", "2012"),
    Entry("Fischer, Tom", 2105, "GER", "", "4600000", "m", "1990/06/15"),
]
RESULTS = {1: ["1-0", "1/2", "0-1", "1-0", "1/2", "1-0"], 2: ["0-1", "1-0", "+-", "1/2", "1-0"]}
PLAYING = ["1/2", "1-0"]
"""Round -> the results of its boards in order; round 3: the first two boards only."""


def spring_open(paired: int = 3) -> ChessEvent:
    """The day with rounds 1 to ``paired`` paired (the last one with two results only)."""
    event = new_event(
        Settings(
            name="Spring Open",
            rounds=5,
            place="Lyon",
            federation="FRA",
            begin="2026-04-11",
            end="2026-04-12",
            arbiter="Jeanne Arbitre",
            time_control="90'+30\"",
            tiebreaks="BH/C1,BH,SB,DE",
        )
    )
    for entry in PLAYERS:
        event, _ = register(event, entry)
    event = set_byes(event, [event.player("Novak")], [2], BYES["half"])
    event = set_byes(event, [event.player("Olsen")], [3], BYES["zero"])
    for rnd, date in ((1, "2026-04-11"), (2, "2026-04-11"), (3, "2026-04-12"))[:paired]:
        event, _ = pair_next(event, date)
        typed = RESULTS.get(rnd, PLAYING)
        event, _ = enter_results(event, rnd, [(str(b), r) for b, r in enumerate(typed, 1)])
    return event


if __name__ == "__main__":
    (HERE / "spring-open.trf").write_bytes(event_text(spring_open()).encode("utf-8"))
    (HERE / "spring-open-round2.trf").write_bytes(event_text(spring_open(2)).encode("utf-8"))
