"""Large McMahon fields: OpenGotha's parts taken as its rule says, and a field too large for
the memory refused with exit 4 (through the installed command)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mipair.desk.mcmahon.event import Settings, new_tournament
from mipair.formats.opengotha import OgPlayer, OgTournament
from mipair.formats.opengotha_write import write_opengotha
from mipair.memory import MIB
from mipair.systems.mcmahon.chunks import parts
from mipair.systems.mcmahon.field import Entrant, Field
from mipair.systems.mcmahon.footprint import round_estimate
from mipair.systems.mcmahon.pairing import field_of
from mipair.systems.mcmahon.params import model
from mipair.systems.mcmahon.state import state_of
from tests.support.installed_command import mipair, refused


def field_tournament(size: int, kind: str = "mcmahon", seed: int = 3) -> OgTournament:
    """``size`` players, ranks 25k-6d around 7k (many McMahon groups), some in super groups."""
    draw = random.Random(seed)
    t = new_tournament(Settings(f"Large {size}", 5, kind, begin="2026-01-01"))
    for k in range(size):
        rank = max(-25, min(5, round(draw.gauss(-7, 6))))
        t.players.append(
            OgPlayer(
                f"Player{k:06d}",
                "Go",
                rank,
                (rank + 30) * 100 - 900 + draw.randrange(100),
                ["FR", "DE", "NL", "CZ"][k % 4],
                f"C{k // 6:05d}",
                1 if k % 97 == 0 else 0,
                "1" * 20,
                "FIN",
                "",
                {},
            )
        )
    return t


def parts_by_the_rule(fld: Field, smallest: int, largest: int) -> list[list[Entrant]]:
    """OpenGotha's rule read plainly (reference 6.1 item 4): while more than ``largest``
    players remain, scan them from the top score level down, in list order, until the part
    is even and at least ``smallest``, or ``largest``, or no more than ``smallest`` remain."""
    before = fld.round - 1
    remaining = list(fld.entrants)
    out = []
    while len(remaining) > largest:
        part: list[Entrant] = []
        for level in range(fld.params.group_max(fld.round), fld.params.group_min - 1, -1):
            full = False
            for e in list(remaining):
                if fld.scores.main_score(e.index, before) < level:
                    continue
                part.append(e)
                remaining.remove(e)
                if len(part) >= largest or len(remaining) <= smallest:
                    full = True
                    break
            if full or (len(part) >= smallest and len(part) % 2 == 0):
                break
        out.append(part)
    return out + [remaining]


@pytest.mark.parametrize("kind", ["mcmahon", "swiss"])
def test_parts_are_the_rules_parts(kind: str) -> None:
    """The same players in the same parts, in the same order, as the rule read plainly: a
    McMahon field cut at its score groups, a Swiss first round (one level) cut inside it."""
    fld = field_of(state_of(field_tournament(2_500, kind)))
    sizes = model()["parts"]
    expected = parts_by_the_rule(fld, int(sizes["smallest"]), int(sizes["largest"]))
    found = parts(fld)
    assert [[e.index for e in part] for part in found] == [
        [e.index for e in part] for part in expected
    ]
    assert len(found) >= 4 and max(len(part) for part in found) <= int(sizes["largest"])


def test_a_field_too_large_for_the_memory_is_refused_with_exit_4(tmp_path: Path) -> None:
    """``MIPAIR_MEMORY_MB`` below the round's estimate: exit 4 and one line naming the file,
    for the desk's command and for ``solve``; above it, the round is paired."""
    path = tmp_path / "large.xml"
    t = field_tournament(1_500)
    write_opengotha(str(path), t)
    need = round_estimate(state_of(t)) / MIB
    for command in (("mcmahon", "pair", path), ("solve", "--system", "mcmahon", path)):
        message = refused(mipair(*command, MIPAIR_MEMORY_MB=f"{need - 5:.0f}"), code=4)
        assert message.startswith(f"{path}: "), message
        assert "1,500 players to pair need about" in message
        assert "MiB available" in message
    paired = mipair("mcmahon", "pair", path, MIPAIR_MEMORY_MB=f"{need + 50:.0f}")
    assert paired.returncode == 0, paired.stderr
    assert paired.stdout.count("\n") >= 750


def test_the_estimate_grows_linearly_beyond_one_part() -> None:
    """Beyond OpenGotha's part size the estimate adds the same for each player: the field is
    never matched whole (its quadratic term is one part's)."""
    low, middle, high = (
        round_estimate(state_of(field_tournament(n))) for n in (1_000, 2_000, 3_000)
    )
    assert middle > low and abs((high - middle) - (middle - low)) <= 1
