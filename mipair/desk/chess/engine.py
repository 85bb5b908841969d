"""The chess desk's one door to the pairing systems.

Everything the desk asks of a FIDE system goes through here: which systems
pair TRF files and their editions, the TRF-2026 type code (record 192) of
each, the next round's pairing (exactly what ``mipair solve`` computes from
the same file), the absolute rules a standing pairing breaks after a
correction, and the board order of a round paired by another program. The
desk never names a system: it takes the registry's systems of TRF files
(:func:`mipair.systems.registry.trf_systems`, their 192 codes) and the file's
192 code. It pairs a tournament held in memory, so the operations layer's
file operations (:mod:`mipair.operations`) are not its way in.
"""

from __future__ import annotations

from mipair.errors import InputError, NoPairingError, TooLargeError
from mipair.model import Tournament
from mipair.pairing import Board, RoundPairing
from mipair.systems.base import AnySystem
from mipair.systems.registered import Registered
from mipair.systems.registry import get_system, trf_systems

BAKU = "BAKU"
"""The ETT26 suffix of a 192 code that asks for the Baku acceleration (C.04.7)."""


def _desk_lines() -> tuple[Registered, ...]:
    """The systems of TRF files whose rounds the desk keeps: individual players, one game a
    round or a match of several (:func:`games_per_round`), and teams (a team's matches:
    :mod:`mipair.desk.chess.team_event`)."""
    return tuple(trf_systems())


def plays_teams(system: str) -> bool:
    """Whether ``system`` pairs teams (its rounds are matches of boards)."""
    return _system(system).plays_teams


def systems() -> tuple[str, ...]:
    """The systems a chess desk can run (:func:`_desk_lines`), the default first."""
    return tuple(line.name for line in _desk_lines())


def games_per_round(system: str) -> int:
    """The games (TRF rounds) one round of ``system`` fills: 1, or a match's games (a
    Double-Swiss match: 2, written as two TRF rounds with the colours reversed)."""
    return _system(system).games_per_round


def default_system() -> str:
    return systems()[0]


def editions(system: str) -> tuple[str, ...]:
    """The editions of ``system``, the default (newest) first."""
    return _system(system).editions()


def title(system: str) -> str:
    return _system(system).title


def type_code(system: str, edition: str, baku: bool) -> str:
    """The 192 code of a tournament: the system's ETT26 code, the edition after it when it
    is not the default one (``FIDE_DUTCH_2017``), ``_BAKU`` for the Baku acceleration."""
    code = _system(system).registered.trf_codes[0]
    if edition != editions(system)[0]:
        code += f"_{edition}"
    return code + (f"_{BAKU}" if baku else "")


def read_type(code: str) -> tuple[str, str, bool]:
    """(system, edition, Baku) of a 192 code; a file without one is paired by the default
    system in its default edition; a code of a system mipair does not pair is refused."""
    if not code.strip():
        return default_system(), editions(default_system())[0], False
    line = next((line for line in _desk_lines() if line.names_code(code)), None)
    if line is None:
        raise InputError(
            f"tournament type {code.strip()!r}: mipair's chess desk pairs "
            f"{', '.join(line.trf_codes[0] for line in _desk_lines())} (record 192)",
            field="192",
        )
    upper = code.strip().upper()
    own = next(c for c in line.trf_codes if upper == c or upper.startswith(c + "_"))
    words = upper[len(own) :].split("_")
    known = editions(line.name)
    edition = next((w for w in words if w in known), known[0])
    return line.name, edition, BAKU in words


def pair_round(t: Tournament, rnd: int, system: str, edition: str) -> RoundPairing:
    """Round ``rnd`` of ``t`` as ``system`` pairs it, boards in publication order (the same
    computation as ``mipair solve`` on the file). NoPairingError says why there is none."""
    pairing_system = _system(system)
    state = pairing_system.state_before(t, rnd, edition)
    try:
        return pairing_system.pair(state)
    except NoPairingError as exc:
        raise NoPairingError(_reason(pairing_system, state, exc)) from None
    except TooLargeError as exc:
        raise TooLargeError(str(exc)) from None


def broken_rules(t: Tournament, pairing: RoundPairing, system: str, edition: str) -> list[str]:
    """The absolute rules ``pairing`` breaks in ``t`` as it stands now (each in one line)."""
    pairing_system = _system(system)
    state = pairing_system.state_before(t, pairing.round, edition)
    return [v.text for v in pairing_system.violations(state, pairing)]


def draw_lots(t: Tournament, system: str, seed: str, by_federation: bool) -> Tournament:
    """``t`` with its players numbered by the system's drawing of lots from ``seed`` (a round
    robin's, C.05); a system whose numbers are not drawn refuses (exit 3)."""
    return _system(system).draw_lots(t, seed, by_federation)


def published_order(t: Tournament, rnd: int, system: str, edition: str) -> tuple[Board, ...]:
    """The boards of a played round of ``t`` in the order the system publishes them (for a
    round the file carries without its board numbers: paired by another program)."""
    from mipair.rounds import cut_before, published_pairing

    pairing_system = _system(system)
    if pairing_system.games_per_round > 1:  # its rounds are matches: it reads their columns
        return pairing_system.published_round(t, rnd, edition).pairing.boards
    state = pairing_system.state_before(cut_before(t, rnd), rnd, edition)
    return pairing_system.order_boards(state, published_pairing(t, rnd)).boards


def _system(name: str) -> AnySystem:
    return get_system(name)


def _reason(pairing_system: AnySystem, state: object, exc: Exception) -> str:
    """One line saying why the round has no pairing (the explanation's short form)."""
    try:
        return pairing_system.explain(state, seconds=2.0, use_engine=False).short()
    except Exception:
        return str(exc)
