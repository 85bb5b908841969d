"""McMahon behind the common interface (:class:`~mipair.systems.base.PairingSystem`).

State: a :class:`~mipair.systems.mcmahon.state.McMahonState` read from an
OpenGotha XML file. Pairing ids are the players' positions in the file's
player list, from 1. Editions are the two OpenGotha behaviours, ``3.52``
and ``3.51`` (reference 5.6); without one, the behaviour of the OpenGotha
version that saved the file.

``evaluate`` gives the total weight OpenGotha maximises, then each weight term
summed over the boards (all "higher is better"). ``problem`` gives the
absolute rules as facts: a game already played (OpenGotha only weighs it, by
5·10^14; it becomes a fact so that ``explain`` can say why every pairing of a
round needs one) and the forbidden pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mipair.explain.compare import Comparison, Difference
from mipair.explain.facts import BYE, Fact, PairingProblem, pair
from mipair.formats.opengotha import OgTournament, parse_opengotha, read_opengotha
from mipair.pairing import Board, RoundPairing
from mipair.reports import HIGHER, CriterionValue, PublishedRound
from mipair.systems.base import Card, PairingSystem
from mipair.systems.mcmahon.field import Entrant, Field
from mipair.systems.mcmahon.pairing import field_of, in_list_order, pair_state
from mipair.systems.mcmahon.params import model
from mipair.systems.mcmahon.scores import PAIRED, Scores
from mipair.systems.mcmahon.state import McMahonState, published_state
from mipair.systems.mcmahon.state import state_of as next_round_state
from mipair.systems.mcmahon.summary import opengotha_summary
from mipair.systems.mcmahon.weights import components, declared_terms, signed_handicap
from mipair.systems.records import PlayerLabels, Summary, UnsupportedError

TOTAL = "total"


def _field(state: McMahonState, pairing: RoundPairing) -> Field:
    """The field of ``pairing``'s round, its bye out."""
    return field_of(state, pairing.bye - 1 if pairing.bye is not None else None)


def _index(state: McMahonState, player_id: int) -> int:
    index = player_id - 1
    if index not in state.players:
        raise UnsupportedError(f"player {player_id} is not to be paired in round {state.round}")
    return index


RULE_NAMES = {"complete": "pairing", "bye": "bye"}
AVOIDED = {"duplicate": "rematches"}
"""OpenGotha weighs a rematch (its duplicate-game weight) rather than barring it: a round
that only rematches can pair is paired with as few as possible."""
"""OpenGotha names no rule for "everyone present is paired" and "a bye only in an odd
field": they are the pairing's own structure."""


class McMahonSystem(PairingSystem[OgTournament, McMahonState]):
    """McMahon for Go, OpenGotha's weight function solved exactly."""

    title = "McMahon (Go, OpenGotha)"
    colour_rule = "OpenGotha's colours (4.2: handicap, colour balance, the coin)"

    def editions(self) -> tuple[str, ...]:
        return tuple(model()["editions"])

    def edition(self, requested: str | None) -> str | None:
        """The edition named (checked), or None: each file is then paired with the OpenGotha
        behaviour of the version that saved it (:func:`~mipair.systems.mcmahon.params.detect_edition`)."""
        return super().edition(requested) if requested else None

    def state_of(self, document: OgTournament, edition: str | None = None) -> McMahonState:
        return next_round_state(document, self.edition(edition))

    def edition_of(self, state: McMahonState) -> str | None:
        """The OpenGotha behaviour the round is paired by (the file's version, or --og)."""
        return state.params.edition

    def round_of(self, state: McMahonState) -> int:
        return state.round

    def pair(self, state: McMahonState) -> RoundPairing:
        rnd = pair_state(state)
        boards = tuple(Board(g.white + 1, g.black + 1) for g in rnd.games)
        return RoundPairing(rnd.round, boards, rnd.bye + 1 if rnd.bye is not None else None)

    def evaluate(self, state: McMahonState, pairing: RoundPairing) -> Sequence[CriterionValue]:
        """The total weight, then each weight term over the boards (model order)."""
        bye = _index(state, pairing.bye) if pairing.bye is not None else None
        fld = field_of(state, bye)
        where = {e.index: e for e in fld.entrants}
        sums = {term_id: 0 for term_id, _, _ in declared_terms()}
        for b in pairing.boards:
            a, c = in_list_order(fld, where[_index(state, b.white)], where[_index(state, b.black)])
            for term_id, value in components(fld, a, c).items():
                sums[term_id] += value
        total = len(pairing.boards) + sum(sums.values())
        out = [
            CriterionValue(
                TOTAL, "total weight of the pairing (OpenGotha maximises it)", total, HIGHER
            )
        ]
        out += [CriterionValue(tid, text, sums[tid], HIGHER) for tid, text, _ in declared_terms()]
        return out

    def problem(self, state: McMahonState) -> PairingProblem:
        """The round's players; earlier games and forbidden pairs as facts."""
        scores = Scores(state.tournament, state.params, state.round - 1)
        present = set(state.players)
        facts: list[Fact] = []
        seen: set[frozenset[int]] = set()
        for i in state.players:
            for k, o in enumerate(scores.outcome[i], 1):
                if o.status != PAIRED or o.opponent not in present:
                    continue
                both = frozenset((i + 1, o.opponent + 1))
                if both in seen:
                    continue
                seen.add(both)
                a, b = sorted(both)
                facts.append(
                    Fact(
                        "duplicate",
                        (a, b),
                        f"{state.key(a - 1)} and {state.key(b - 1)} met in round {k}",
                        f"let {state.key(a - 1)} and {state.key(b - 1)} meet again",
                        frozenset({pair(a, b)}),
                        f"round {k}",
                    )
                )
        for both in sorted(state.forbidden, key=sorted):
            a, b = sorted(i + 1 for i in both)
            if a - 1 in present and b - 1 in present:
                facts.append(
                    Fact(
                        "forbidden",
                        (a, b),
                        f"{state.key(a - 1)} and {state.key(b - 1)} must not meet",
                        f"let {state.key(a - 1)} and {state.key(b - 1)} meet",
                        frozenset({pair(a, b)}),
                    )
                )
        players = tuple(i + 1 for i in state.players)
        names = self.labels(state).names
        if state.bye is not None:  # a bye already recorded: nobody else may have it
            given = state.bye + 1
            facts.append(
                Fact(
                    "recorded bye",
                    (given,),
                    f"the bye of round {state.round} is recorded for {state.key(state.bye)}",
                    "give the bye to another player",
                    frozenset(pair(p, BYE) for p in players if p != given),
                )
            )
        return PairingProblem(
            round=state.round,
            players=players,
            facts=tuple(facts),
            names={p: names[p] for p in players},
            rules=RULE_NAMES,
            avoided=AVOIDED,
        )

    def labels(self, state: McMahonState) -> PlayerLabels:
        """Players by their OpenGotha key (surname and first name, upper case)."""
        return PlayerLabels({i + 1: p.key for i, p in enumerate(state.tournament.players)})

    def summary(self, path: str) -> Summary:
        return opengotha_summary(read_opengotha(path), None, self.title)

    def document(self, path: str, text: str | bytes | None = None) -> OgTournament:
        if text is None:
            return read_opengotha(path)
        return parse_opengotha(text if isinstance(text, bytes) else text.encode(), path)

    def rounds_published(self, document: OgTournament) -> list[int]:
        return sorted({g.round for g in document.games})

    def published_round(
        self, document: OgTournament, rnd: int, edition: str | None = None
    ) -> PublishedRound[McMahonState]:
        state = published_state(document, rnd, self.edition(edition))
        index = {p.key: i + 1 for i, p in enumerate(document.players)}
        games = sorted((g for g in document.games if g.round == rnd), key=lambda g: g.table)
        boards = tuple(Board(index[g.white], index[g.black]) for g in games)
        bye = state.bye + 1 if state.bye is not None else None
        return PublishedRound(state, RoundPairing(rnd, boards, bye))

    def describe(self, state: McMahonState, pairing: RoundPairing) -> str:
        """Table, White, Black, handicap, as Go players read a pairing."""
        bye = pairing.bye - 1 if pairing.bye is not None else None
        fld = field_of(state, bye)
        where = {e.index: e for e in fld.entrants}

        def line(table: int, white: Entrant, black: Entrant) -> str:
            stones = abs(signed_handicap(fld, white, black))
            names = [f"{e.player.full_name} ({e.player.rank_label})" for e in (white, black)]
            return f"{table:5}  {names[0]} - {names[1]}  h{stones}"

        head = [f"Round {pairing.round} ({len(pairing.boards)} tables)", "Table  White - Black"]
        games = [
            line(table, where[b.white - 1], where[b.black - 1])
            for table, b in enumerate(pairing.boards, 1)
        ]
        tail = [f"  bye: {state.tournament.players[bye].full_name}"] if bye is not None else []
        return "\n".join(head + games + tail) + "\n"

    def player_cards(self, state: McMahonState, pairing: RoundPairing) -> dict[int, Card]:
        """Go players by their id (index + 1): name, rank, rating and McMahon score before
        the round."""
        cards: dict[int, Card] = {
            index + 1: {
                "name": player.full_name,
                "rank": player.rank_label,
                "rating": player.rating,
            }
            for index, player in enumerate(state.tournament.players)
        }
        for entrant in _field(state, pairing).entrants:
            cards[entrant.index + 1]["score"] = f"{entrant.mms2 / 2:g}"
        return cards

    def board_extras(self, state: McMahonState, pairing: RoundPairing) -> list[dict[str, int]]:
        """The handicap (stones) of each board, as OpenGotha gives it."""
        field = _field(state, pairing)
        where = {e.index: e for e in field.entrants}
        return [
            {"handicap": abs(signed_handicap(field, where[b.white - 1], where[b.black - 1]))}
            for b in pairing.boards
        ]

    def compare_with(
        self, state: McMahonState, engine: RoundPairing | None, proposal: RoundPairing
    ) -> Comparison:
        """As the base comparison; a difference in total weight names the term that decides it."""
        result = super().compare_with(state, engine, proposal)
        diff = result.difference
        if engine is None or diff is None or diff.criterion != TOTAL:
            return result
        mine, theirs = self.evaluate(state, engine)[1:], self.evaluate(state, proposal)[1:]
        sign = 1 if diff.better == "engine" else -1
        gaps = [(sign * (int(m.number) - int(t.number)), m, t) for m, t in zip(mine, theirs)]
        gap, term, other = max(gaps, key=lambda g: g[0])
        decided = Difference(term.id, term.text, term.value, other.value, diff.better, diff.where)
        note = (
            f"Total weight: engine {diff.engine}, proposal {diff.proposed}; "
            f"the largest gap is in '{term.id}' ({gap:+d} for the {diff.better})."
        )
        return replace(result, difference=decided, note=note)
