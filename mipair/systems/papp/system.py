"""PAPP behind the common interface (:class:`~mipair.systems.base.PairingSystem`).

State: a :class:`PappState`, the event file with the configuration that
applies to it (``$PAPP_CFG``, else ``papp.cfg`` beside the event, else PAPP's
defaults; nothing is written). A board's ``white``/``black`` are the players'
colours; PAPP prints Black first (:meth:`PappSystem.describe`). Bip, the
odd player out, is the round's bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from mipair.errors import FileAccessError
from mipair.explain.facts import PairingProblem
from mipair.formats.papp.config import PappConfig
from mipair.formats.papp.config_file import default_config, locate_config, read_config
from mipair.formats.papp.event import Event, Round
from mipair.formats.papp.event_file import parse_event, read_event
from mipair.formats.text import decode
from mipair.pairing import Board, RoundPairing
from mipair.reports import LOWER, CriterionValue, PublishedRound, Standing
from mipair.systems.base import Card, PairingSystem
from mipair.systems.papp.pairing import pair_round
from mipair.systems.papp.penalties import components, round_state
from mipair.systems.papp.planned import within_rounds
from mipair.systems.papp.presentation import describe_pairing
from mipair.systems.papp.scoring import format_points, format_tiebreak
from mipair.systems.papp.scoring import standings as papp_standings
from mipair.systems.records import PlayerLabels, Summary

TOTAL = "total"
"""PAPP minimises one number: the sum of the penalties p_ij of the pairs (manual 4.2)."""


@dataclass(frozen=True)
class PappState:
    """An event before its next round, with the configuration that applies."""

    event: Event
    config: PappConfig

    @property
    def round(self) -> int:
        return self.event.round_to_pair


def config_for(event_path: str | None, option: str | None = None) -> PappConfig:
    """The configuration of an event: ``option``, ``$PAPP_CFG``, ``papp.cfg`` beside it, defaults.

    A path that was given (``option`` or ``$PAPP_CFG``) must exist: a mistyped
    name is an error, never PAPP's defaults in silence. ``event_path`` None: an
    event that is not on disk (the service's upload) has nothing beside it.
    Nothing is written.
    """
    path, given = locate_config(option, Path(event_path or ".").parent)
    if not given and event_path is None:
        return default_config()
    if given and not path.exists():
        raise FileAccessError("configuration file not found", file=str(path))
    return read_config(path) if path.exists() else default_config()


@dataclass(frozen=True)
class PappDocument:
    """An event file read once for ``check``, with the configuration that applies."""

    event: Event
    config: PappConfig


def pair_state(state: PappState) -> RoundPairing:
    """PAPP's pairing of the event's next round (what :meth:`PappSystem.pair` gives); a
    round past the event's planned ones is refused (:func:`.planned.within_rounds`)."""
    got = pair_round(within_rounds(state.event), state.config.penalties)
    boards = tuple(Board(white=b.white, black=b.black) for b in got.boards)
    return RoundPairing(got.round, boards, got.bip)


class PappSystem(PairingSystem[PappDocument, PappState]):
    """PAPP, the French Othello federation's penalty pairing."""

    title = "PAPP (Othello)"
    colour_rule = "PAPP's colours (the cheaper penalty, else the colour history, else lots)"

    def state_of(self, document: PappDocument, edition: str | None = None) -> PappState:
        self.edition(edition)
        return PappState(document.event, document.config)

    def round_of(self, state: PappState) -> int:
        return state.round

    def pair(self, state: PappState) -> RoundPairing:
        return pair_state(state)

    def evaluate(self, state: PappState, pairing: RoundPairing) -> Sequence[CriterionValue]:
        """The total penalty first (what PAPP minimises), then each kind of penalty's share."""
        st = round_state(state.event, pairing.round)
        pen = state.config.penalties
        parts: dict[str, int] = {}
        terms = [components(pen, st, b.black, b.white) for b in pairing.boards]
        if pairing.bye is not None:
            terms.append(components(pen, st, pairing.bye, None))
        for term in terms:
            for name, value in term.items():
                parts[name] = parts.get(name, 0) + value
        out = [
            CriterionValue(
                TOTAL, "total penalty of the pairing (sum of p_ij)", sum(parts.values()), LOWER
            )
        ]
        out += [
            CriterionValue(name, f"penalties for {name}", value, LOWER)
            for name, value in parts.items()
        ]
        return out

    def problem(self, state: PappState) -> PairingProblem:
        """PAPP has no absolute rule between players: every pair only costs a penalty."""
        return PairingProblem(
            round=state.round,
            players=tuple(state.event.present(state.round)),
            facts=(),
            names={p.id: f"{p.id} {p.full_name}" for p in state.event.players},
            rules={"complete": "pairing (every present player plays or has Bip)", "bye": "Bip"},
        )

    def labels(self, state: PappState) -> PlayerLabels:
        """Players by their PAPP number."""
        return PlayerLabels({p.id: str(p.id) for p in state.event.players})

    def summary(self, path: str) -> Summary:
        event = read_event(path)
        config = config_for(path)
        settings = event.settings
        upcoming = event.round_to_pair
        total = settings.rounds
        return Summary(
            path,
            self.name,
            self.title,
            len(event.players),
            event.completed,
            upcoming if total is None or upcoming <= total else None,
            total,
            {
                "name": settings.name,
                "date": settings.date,
                "colours": "/".join(settings.colours),
                "discs": settings.total_discs,
                "Bip scores": f"{settings.bip_discs}/{settings.total_discs}",
                "country": settings.country or "-",
                "Brightwell coefficient": str(settings.brightwell),
                "round robin": "-".join(map(str, settings.rr_range())),
                "penalties": config.source or "PAPP's defaults",
            },
            tuple(sorted(set(event.ids) - set(event.present(upcoming)))),
        )

    # -- published rounds (what ``check`` replays) ------------------------------------

    def document(self, path: str, text: str | bytes | None = None) -> PappDocument:
        """The event; given as bytes (an upload, not on disk), with no ``papp.cfg`` beside it."""
        if text is None:
            return PappDocument(read_event(path), config_for(path))
        event = parse_event(decode(text) if isinstance(text, bytes) else text, path)
        return PappDocument(event, config_for(None if isinstance(text, bytes) else path))

    def rounds_published(self, document: PappDocument) -> list[int]:
        return [r.number for r in document.event.rounds if r.paired]

    def published_round(
        self, document: PappDocument, rnd: int, edition: str | None = None
    ) -> PublishedRound[PappState]:
        """Round ``rnd`` as the event has it, paired from the rounds before it and the
        round's own absences."""
        event = document.event
        played = event.round(rnd)
        before = replace(
            event, rounds=event.rounds[: rnd - 1] + (Round(rnd, absent=played.absent),)
        )
        before = replace(before, withdrawn=frozenset())
        boards = tuple(Board(white=g.white, black=g.black) for g in played.games)
        pairing = RoundPairing(rnd, boards, played.bip)
        return PublishedRound(PappState(before, document.config), pairing)

    def entrants(self, state: PappState) -> frozenset[int]:
        return frozenset(p.id for p in state.event.players)

    def standings(self, state: PappState) -> list[Standing]:
        """PAPP's standings after the completed rounds: points, then its tie-break and discs."""
        event = state.event
        return [
            Standing(
                rank,
                line.id,
                event.player(line.id).full_name,
                format_points(line.points),
                (("tie-break", format_tiebreak(line.tiebreak)), ("discs", str(line.discs))),
            )
            for rank, line in enumerate(papp_standings(event), 1)
        ]

    def player_cards(self, state: PappState, pairing: RoundPairing) -> dict[int, Card]:
        """Each player's name and rating, as the event file has them."""
        return {p.id: {"name": p.full_name, "rating": p.rating} for p in state.event.players}

    def describe(self, state: PappState, pairing: RoundPairing) -> str:
        """PAPP's pairing table: Black first, scores, penalties (see :mod:`.presentation`)."""
        return describe_pairing(state.event, state.config.penalties, pairing)
