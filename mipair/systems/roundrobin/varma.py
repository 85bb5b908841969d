"""The restricted drawing of lots by the Varma tables (C.05 Annex 2).

Annex 2 shares a field's pairing numbers out into four groups, A-D, so that
players of one group meet before the last rounds; players of one federation
draw their numbers from one group. Point 2 orders the federations
("contingents"), point 3 has each contingent choose an envelope holding at
least as many numbers as it has players and each of them draw a number from
it, point 4 repeats this until everyone has a number. The groups are data
(``[varma]`` of ``models/round-robin-2026.toml``), for 9-24 players only.
What the text leaves open is read in ``models/round-robin-2026.md`` section 5
(readings V1-V5); every choice by lot is a lot of :mod:`.lots`.
"""

from __future__ import annotations

from mipair.systems.roundrobin.berger import bye_number, table_size
from mipair.systems.roundrobin.lots import Entrant, check_keys, drawn_first
from mipair.systems.roundrobin.settings import settings

Groups = dict[str, tuple[int, ...]]


def varma_groups(players: int) -> Groups:
    """The groups of a field of ``players`` (point 5): the table of its even size, less
    the bye's number in an odd field (reading V1)."""
    table = settings().varma.get(table_size(players))
    if table is None:
        sizes = sorted(settings().varma)
        raise ValueError(
            f"the Varma tables (C.05 Annex 2) serve {sizes[0] - 1} to {sizes[-1]} players, "
            f"not {players}"
        )
    bye = bye_number(players)
    return {letter: tuple(n for n in numbers if n != bye) for letter, numbers in table.items()}


def federation_of(entrant: Entrant) -> str:
    """The FIDE code that puts an entrant in a contingent ("" for none)."""
    return entrant.federation.strip().upper()


def contingent_label(entrant: Entrant) -> str:
    """The name a contingent's lots go by: its federation; an entrant without one is a
    contingent alone (reading V2), named by its key."""
    return federation_of(entrant) or entrant.key


def contingents(entrants: list[Entrant]) -> list[list[Entrant]]:
    """The contingents in the order they draw (point 2): most players first, then by the
    federation's FIDE code (entrants without a federation after those of one player, by
    name), the players of one contingent in the alphabetical order of their names."""
    by_label: dict[tuple[str, str], list[Entrant]] = {}
    for entrant in entrants:
        federation = federation_of(entrant)
        by_label.setdefault((federation, "" if federation else entrant.key), []).append(entrant)
    groups = [sorted(members, key=lambda e: (e.name, e.key)) for members in by_label.values()]

    def precedence(members: list[Entrant]) -> tuple[int, bool, str, str]:
        federation = federation_of(members[0])
        return (-len(members), not federation, federation, members[0].name)

    return sorted(groups, key=precedence)


def chosen_envelope(seed: str, label: str, part: int, needed: int, left: Groups) -> str:
    """The envelope a contingent (or what is left of it) chooses (point 3): by lot among
    those still holding at least ``needed`` numbers; when none does, among those holding
    the most (reading V3)."""
    fitting = [letter for letter, numbers in left.items() if len(numbers) >= needed]
    if not fitting:
        most = max(len(numbers) for numbers in left.values())
        fitting = [letter for letter, numbers in left.items() if len(numbers) == most]
    return drawn_first(seed, ("envelope", label, str(part)), fitting)


def drawn_number(seed: str, entrant: Entrant, numbers: tuple[int, ...]) -> int:
    """The number an entrant draws from the envelope (point 3), by lot."""
    return int(drawn_first(seed, ("number", entrant.key), [str(n) for n in numbers]))


def varma_numbers(entrants: list[Entrant], seed: str) -> dict[str, int]:
    """Each entrant's pairing number by the restricted drawing of lots (points 1-4)."""
    check_keys(entrants)
    left = varma_groups(len(entrants))
    numbers: dict[str, int] = {}
    for contingent in contingents(entrants):
        label = contingent_label(contingent[0])
        waiting, part = list(contingent), 0
        while waiting:
            letter = chosen_envelope(seed, label, part, len(waiting), left)
            taking, waiting = waiting[: len(left[letter])], waiting[len(left[letter]) :]
            for entrant in taking:
                number = drawn_number(seed, entrant, left[letter])
                numbers[entrant.key] = number
                left[letter] = tuple(n for n in left[letter] if n != number)
            part += 1
    return numbers
