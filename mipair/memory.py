"""How much memory a pairing may plan for (engines refuse a round that cannot fit).

A FIDE round's peak is estimated before anything is built, from what the engine
will hold: the process itself (:func:`process_bytes`), the tables over the whole
field (:func:`field_bytes`), what the solvers hold (:func:`solver_bytes`) and the
model of the round's largest window, a bracket and the next scoregroup
(:func:`window_bytes`), and in an odd field the model of every pair that asks who
gets the bye (:func:`odd_field_bytes`). A first round is one scoregroup, so its one window is the
whole field; later rounds' windows are smaller. The constants are data,
``models/memory.toml``, fitted to measured peaks with the C allocator set as
:mod:`mipair.allocator` sets it (benchmarks/README.md, "The refusal estimate"). An
edition whose procedure holds less (the Dutch 2017 edition drops each window's model once its answer is read)
has a table of its own there, named ``<system>-<edition>``, over the defaults.
"""

from __future__ import annotations

import functools
import os

from mipair.errors import InputError, TooLargeError
from mipair.model_files import read_model
from mipair.resources import model_file

MIB = 2**20


@functools.cache
def constants(edition: str = "") -> dict[str, float]:
    """The estimate's constants (``models/memory.toml``): the defaults, with those of
    the table ``edition`` (``dutch-2017``; none: the defaults alone) over them."""
    data = read_model(model_file("memory.toml"))
    values = {key: float(value) for key, value in data.items() if not isinstance(value, dict)}
    values.update((key, float(value)) for key, value in data.get(edition, {}).items())
    return values


def available_memory() -> int | None:
    """Bytes a pairing may use: the system's available memory (Linux
    ``MemAvailable``), capped by the environment variable ``MIPAIR_MEMORY_MB``
    (MiB) when set; None when neither is known."""
    limits = []
    cap = os.environ.get("MIPAIR_MEMORY_MB")
    if cap:
        try:
            limits.append(int(float(cap) * MIB))
        except ValueError:
            raise InputError(f"MIPAIR_MEMORY_MB: not a number of megabytes: {cap!r}") from None
    try:
        with open("/proc/meminfo") as fh:
            limits += [
                int(line.split()[1]) * 1024 for line in fh if line.startswith("MemAvailable:")
            ]
    except (OSError, ValueError, IndexError):
        pass
    return min(limits) if limits else None


def all_pairs(n: int) -> int:
    """The pairs of ``n`` players."""
    return n * (n - 1) // 2


def process_bytes(edition: str = "") -> int:
    """The pairing process with its libraries loaded, before the field."""
    return int(constants(edition)["process_mib"] * MIB)


def field_bytes(n: int, edition: str = "") -> int:
    """What grows with the square of the ``n`` players to pair: the pair table,
    the candidate pairs, the completion oracle's matrices."""
    return int(constants(edition)["field_bytes_per_square"] * n * n)


def solver_bytes(n: int, edition: str = "") -> int:
    """What HiGHS and the SAT solver hold beyond the model's arrays, for ``n``
    players to pair (measured to grow as n to the power 1.5)."""
    return int(constants(edition)["solver_bytes_per_player_root"] * n**1.5)


def window_bytes(pairs: int, one_score: bool, edition: str = "") -> int:
    """The model of the round's largest window, of ``pairs`` pairs: its columns
    and the arrays over them; ``one_score``: the window of a field of one
    scoregroup, where every pair is worth the same (no MIP)."""
    key = "one_score_window_bytes_per_pair" if one_score else "window_bytes_per_pair"
    return int(constants(edition)[key] * pairs)


def odd_field_bytes(n: int, window_pairs: int | None, edition: str = "") -> int:
    """An odd field of several scoregroups: who gets the bye is asked of a model of
    every pair (the 2026 edition), which a field of one scoregroup's window is already."""
    if window_pairs is None or n % 2 == 0:
        return 0
    return int(constants(edition)["odd_field_bytes_per_pair"] * all_pairs(n))


def round_bytes(n: int, window_pairs: int | None = None, edition: str = "") -> int:
    """The resident memory a round of ``n`` players to pair reaches at its peak,
    its largest window having ``window_pairs`` pairs (None: a field of one
    scoregroup, whose one window is every pair), paired by ``edition`` (the
    name of its table in ``models/memory.toml``; none: the defaults)."""
    if window_pairs is None:
        window = window_bytes(all_pairs(n), True, edition)
    else:
        window = window_bytes(window_pairs, False, edition)
    odd = odd_field_bytes(n, window_pairs, edition)
    return (
        process_bytes(edition) + field_bytes(n, edition) + solver_bytes(n, edition) + window + odd
    )


def fits(n: int, available: int | None, window_pairs: int | None = None, edition: str = "") -> None:
    """Refuse (exit 4) a round of ``n`` players whose peak (:func:`round_bytes`,
    its largest window of ``window_pairs`` pairs, by ``edition``) would not fit in
    ``available`` bytes (None: unknown), rather than exhaust the machine."""
    refuse_beyond(
        round_bytes(n, window_pairs, edition),
        available,
        f"{n} players to pair",
        f"{all_pairs(n):,} candidate pairs",
    )


def refuse_beyond(
    need: int, available: int | None, what: str, detail: str, file: str | None = None
) -> None:
    """Refuse (exit 4) ``what`` when the ``need`` bytes it is estimated to take exceed
    ``available`` (None: unknown, never refused); ``detail`` says what the need is made of,
    ``file`` where the round comes from."""
    if available is not None and need > available:
        raise TooLargeError(
            f"{what} need about {need / MIB:,.0f} MiB of memory ({detail}); "
            f"{available / MIB:,.0f} MiB available",
            file=file,
        )
