"""The check list of every FIDE Swiss system: each player's pairing data for a round,
next to the pairing (JaVaFo's and bbpPairings' ``-l``).

One row per player counted for the round, ordered as the pairing sees them
(pairing score, then pairing number). Every figure is the state *before* the
round (what the pairing used) and the last column what the pairing gave:

* ``Pts``   pairing score (score plus any acceleration);
* ``CD``    colour difference, whites minus blacks over played games;
* ``Pref``  colour preference: ``W``/``B`` absolute, ``w``/``b`` strong,
  ``(w)``/``(b)`` mild, ``-`` none (C.04.3 (2026) 1.7; Dubov 1.6.4: a mild
  preference for Black before a first game, as the edition's model file says);
* ``Colours`` colour of each past round, ``W``/``B`` played, ``-`` unplayed;
* ``F1``/``F2`` float of the last and the penultimate round: ``D`` down,
  ``U`` up, blank none;
* ``Bye``   ``Y`` when the player may receive the pairing-allocated bye;
* ``Opponents`` opponents of played games, in round order;
* ``Now``   this round: ``W 12`` (White against 12), ``B 3``, ``bye`` or
  ``absent``.

Preferences, floats and bye eligibility come from the functions the criteria
and absolute rules read (``preference``, the floats of the state,
``pab_eligible``), so the list shows what the pairing used. Text for people,
:func:`checklist_json` for programs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from mipair.model import Colour, points_to_str
from mipair.pairing import RoundPairing
from mipair.systems.fide.colours import preference
from mipair.systems.fide.rules import pab_eligible
from mipair.systems.fide.state import PlayerState, Snapshot

KIND = {0: "none", 1: "mild", 2: "strong", 3: "absolute"}
FLOAT = {"down": "D", "up": "U", None: ""}


@dataclass(frozen=True)
class Row:
    """One player's line of the check list."""

    id: int
    name: str
    rating: int
    score: str  # pairing score as points, e.g. "2.5"
    colour_difference: int
    preference: str  # "white", "black" or "" (none)
    preference_kind: str  # absolute / strong / mild / none
    colours: str  # e.g. "WB-W"
    float_last: str  # "D", "U" or ""
    float_previous: str
    bye_eligible: bool
    opponents: tuple[int, ...]
    now: str  # "W 12", "B 3", "bye", "absent", "" (not paired)

    @property
    def pref_symbol(self) -> str:
        if not self.preference:
            return "-"
        letter = self.preference[0].upper()
        if self.preference_kind == "absolute":
            return letter
        if self.preference_kind == "strong":
            return letter.lower()
        return f"({letter.lower()})"


def float_back(p: PlayerState, back: int) -> str | None:
    """p's float ``back`` rounds before the current one (1: the previous round)."""
    return p.floats[-back] if len(p.floats) >= back else None


def _now(pid: int, pairing: RoundPairing | None, absent: bool) -> str:
    if absent:
        return "absent"
    if pairing is None:
        return ""
    if pairing.bye == pid:
        return "bye"
    for b in pairing.boards:
        if b.white == pid:
            return f"W {b.black}"
        if b.black == pid:
            return f"B {b.white}"
    return ""


def rows(snap: Snapshot, pairing: RoundPairing | None = None) -> list[Row]:
    """The check list of ``snap``'s round (``pairing`` fills the last column)."""
    t = snap.tournament
    counted = [st for st in snap.players.values() if st.tpn > 0]
    counted.sort(key=lambda st: (-st.pairing_score, st.tpn))
    newcomer = snap.edition.settings.newcomer
    out = []
    for st in counted:
        pref = preference(st, newcomer)
        opponents = []
        for k in range(1, snap.round):
            cell = t.cell(st.id, k)
            if cell is not None and cell.is_played and cell.opponent is not None:
                opponents.append(cell.opponent)
        player = t.players[st.id]
        out.append(
            Row(
                id=st.id,
                name=player.name,
                rating=st.rating,
                score=points_to_str(st.pairing_score),
                colour_difference=st.colour_difference,
                preference={Colour.WHITE: "white", Colour.BLACK: "black", None: ""}[pref.colour],
                preference_kind=KIND[int(pref.strength)],
                colours="".join("-" if c is None else c.value.upper() for c in st.colours),
                float_last=FLOAT[float_back(st, 1)],
                float_previous=FLOAT[float_back(st, 2)],
                bye_eligible=pab_eligible(st),
                opponents=tuple(opponents),
                now=_now(st.id, pairing, st.absent),
            )
        )
    return out


def checklist_text(snap: Snapshot, pairing: RoundPairing | None = None, title: str = "") -> str:
    """The check list as an aligned table with a title line."""
    return format_rows(
        rows(snap, pairing), title or f"Check list, round {snap.round} ({snap.rules} rules)"
    )


def format_rows(table: Sequence[Row], title: str) -> str:
    """Rows as an aligned table under ``title``, with the legend below."""
    lines = [
        title,
        "",
        f"{'ID':>5} {'Name':<20} {'Rtg':>4} {'Pts':>5} {'CD':>3} {'Pref':<4} "
        f"{'Colours':<10} {'F1':<2} {'F2':<2} {'Bye':<3} {'Now':<8} Opponents",
    ]
    for r in table:
        lines.append(
            f"{r.id:>5} {r.name[:20]:<20} {r.rating:>4} {r.score:>5} {r.colour_difference:>+3} "
            f"{r.pref_symbol:<4} {r.colours or '':<10} {r.float_last:<2} {r.float_previous:<2} "
            f"{'Y' if r.bye_eligible else 'N':<3} {r.now:<8} "
            + " ".join(str(o) for o in r.opponents)
        )
    lines += [
        "",
        "Pref: W/B absolute, w/b strong, (w)/(b) mild, - none.  F1/F2: float of the "
        "last/penultimate round (D down, U up).  Bye: may get the PAB.",
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def rows_json(rnd: int, rules: str, table: Sequence[Row]) -> dict[str, object]:
    """One round's check list as a JSON-ready dict."""
    players = []
    for r in table:
        d = asdict(r)
        d["opponents"] = list(r.opponents)
        players.append(d)
    return {"round": rnd, "rules": rules, "players": players}


def checklist_json(snap: Snapshot, pairing: RoundPairing | None = None) -> dict[str, object]:
    """The check list as a JSON-ready dict."""
    return rows_json(snap.round, snap.rules, rows(snap, pairing))


@dataclass(frozen=True)
class RoundCheckList:
    """One round's check list as a check list file holds it
    (:class:`~mipair.systems.records.CheckList`): text sections headed ``Round #N`` as JaVaFo
    and bbpPairings write them, or one entry of a JSON document's ``rounds``."""

    round: int
    rules: str
    rows: tuple[Row, ...]

    def text(self) -> str:
        title = f"Check list, round {self.round} ({self.rules} rules)"
        return f"Round #{self.round}\n" + format_rows(self.rows, title)

    def to_json(self) -> dict[str, object]:
        return rows_json(self.round, self.rules, self.rows)


def check_list(snap: Snapshot, pairing: RoundPairing | None = None) -> RoundCheckList:
    """The check list of ``snap``'s round (``pairing`` fills the last column)."""
    return RoundCheckList(snap.round, snap.rules, tuple(rows(snap, pairing)))
