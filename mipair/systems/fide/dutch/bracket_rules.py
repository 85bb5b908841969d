"""What every edition of the Dutch system gives: :class:`BracketRules`.

An edition is its model file plus one procedure object (named there as
``procedure = "module:Class"``). The object carries everything the engine
and the evaluation of ``why``/``check`` both need, so that neither has an
edition branch of its own:

* :meth:`~DutchProcedure.brackets` and :meth:`~DutchProcedure.allocate`: the
  engine's bracket procedure and colour allocation;
* :meth:`~DutchProcedure.bracket_context`: what the criteria of a bracket's
  pairs read besides the two players (the same call in the engine, with
  vertices, and in the evaluation, with player ids);
* :meth:`~DutchProcedure.keeps_apart`: whether the players moved down into a
  bracket may meet one another (2017's window, 2012's heterogeneous bracket);
* :meth:`~DutchProcedure.opening`: what the round settles before its first
  bracket (2026: the PAB score, C5);
* :meth:`~DutchProcedure.players_below`: who the look-ahead of a bracket must
  keep pairable besides the following bracket (2012: C12 under C13).

Each edition says the first four (the last two have defaults); a subclass that lacks one cannot be loaded as an edition
(:func:`mipair.systems.fide.edition.procedure_class`). The engine and the
evaluation read these rules only; :class:`~mipair.systems.fide.dutch.procedures.DutchProcedure`
adds the pairing and the evaluator that run them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from mipair.reports import CriterionValue
    from mipair.systems.fide.colours import Preference
    from mipair.systems.fide.dutch.criteria import PairContext
    from mipair.systems.fide.field import RoundField
    from mipair.systems.fide.state import PlayerState, Snapshot


class RoundView(NamedTuple):
    """The round-wide figures a bracket's criteria read (keyed by player id)."""

    prefs: dict[int, Preference]
    eligible: dict[int, bool] = {}  # noqa: RUF012 - read only
    odd_round: bool = False
    bye_score: int = 0
    """S*, the lowest score a PAB recipient can have (2026 C5)."""
    unplayed_rank: dict[int, int] = {}  # noqa: RUF012 - read only
    """Games played -> the rank C9 gives a PAB candidate (2026)."""


class BracketView(NamedTuple):
    """A bracket as the criteria of its pairs see it: vertices in the engine, player
    ids in the evaluation; the procedure reads only memberships and figures."""

    members: Collection[int]
    next_group: Collection[int]
    mdps: Collection[int] = ()
    apart: bool = False
    """The MDPs of the bracket never meet one another (:meth:`DutchProcedure.keeps_apart`)."""
    lowest: int = 0
    """The residents' pairing score (the lowest of the bracket)."""
    window_min: int = 0
    """The lowest pairing score of the bracket and the next scoregroup."""
    last_window: bool = False
    """The window holds every player still to pair (2017: the last bracket, or PPB + CLB)."""
    next_is_last: bool = False
    """The next scoregroup is the round's last one."""
    single: bool = False
    """C9 applies to the bracket's pairs (2026)."""
    previous_single: bool = False
    """C9 for a pair of two MDPs: the bracket above's (2026)."""


class Opening(NamedTuple):
    """What the round settles before its first bracket: the values ``why`` shows first
    and the round-wide figures the brackets read."""

    values: tuple[CriterionValue, ...] = ()
    bye_score: int = 0
    unplayed_rank: dict[int, int] = {}  # noqa: RUF012 - read only


class BracketRules(ABC):
    """One edition's bracket rules (see the module docstring)."""

    @abstractmethod
    def brackets(self, field: RoundField) -> dict[int, int]:
        """Pair the round bracket by bracket: vertex -> vertex (the PAB recipient: itself)."""

    @abstractmethod
    def allocate(self, snapshot: Snapshot, a: PlayerState, b: PlayerState) -> tuple[int, int]:
        """The colours of the pair a-b: (White's id, Black's id)."""

    @abstractmethod
    def bracket_context(self, round_view: RoundView, bracket: BracketView) -> PairContext:
        """What every pair of ``bracket`` shares in the criteria's context."""

    @abstractmethod
    def keeps_apart(self, bracket: Sequence[int], n_mdp: int) -> bool:
        """Do the first ``n_mdp`` players of ``bracket`` (its MDPs) never meet one another?"""

    def opening(self, snapshot: Snapshot, players: Sequence[int], bye: int | None) -> Opening:
        """What the round settles before its brackets, for a pairing whose PAB is ``bye``
        (2026: C5; the editions before: nothing)."""
        return Opening()

    def players_below(self, snapshot: Snapshot, score: int) -> list[PlayerState]:
        """Who a bracket's look-ahead keeps pairable besides the following bracket:
        the players to pair scored below ``score`` (2012: C12 under C13; else none)."""
        return []

    def pair_context(
        self, base: PairContext, bracket: BracketView, higher: int, lower: int
    ) -> PairContext | None:
        """The context of the pair higher-lower of ``bracket`` (None: the pair is kept apart)."""
        if bracket.apart and higher in bracket.mdps and lower in bracket.mdps:
            return None
        context = object.__new__(type(base))  # a shallow copy, made for every kind of pair:
        context.__dict__.update(base.__dict__)  # copy.copy and dataclasses.replace cost more
        context.in_bracket = lower in bracket.members
        context.in_next = lower in bracket.next_group
        context.h_in_bracket = higher in bracket.members
        return context

    def single_bye_floater(
        self, opening: Opening, bracket_score: int, paired_inside: bool, odd: bool
    ) -> bool:
        """Does C9 apply to a bracket of the evaluation (2026; other editions: never)?"""
        return False
