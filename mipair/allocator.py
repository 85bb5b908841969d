"""The C allocator's setting for a round (glibc's malloc, which numpy and HiGHS use).

glibc serves a block of at least its *mmap threshold* on pages of its own, handed
back to the system when freed, and smaller blocks from its heap, where the holes that
freed blocks leave stay resident. By default the threshold starts at 128 KiB and rises
to the size of each larger block freed, up to 32 MiB: a round's many arrays of a few
MiB then come from the heap, and its peak grows with the holes. Below
``freed_blocks_returned_below_players`` players (``models/memory.toml``) the threshold
is held at ``freed_blocks_returned_from_bytes``, 2 MiB, which the memory estimate was
fitted with: a 3,000-player round peaked at about 390 MiB instead of 556 MiB, and the
peaks of a field's rounds came close enough together for one estimate to be within
1.5x of each. At 9,999 players it saved nothing and cost a quarter more CPU (the page
faults of blocks of a few MiB made anew each time), so larger rounds keep glibc's
rule, or, in a process that set the threshold for an earlier round, the values that
rule reaches (benchmarks/README.md, "The allocator's threshold").

In a round of at least ``freed_memory_given_back_from_players`` players, the pages of
the heap's freed blocks are handed back to the system after each of the solver's LPs and
each model set aside (:func:`give_back_freed`, glibc's ``malloc_trim``): HiGHS's solves
free many blocks in the heap's middle, which trimming from its top never reaches (a
1,000-player round 4 of the 2017 edition: a peak of 68.6 -> 64.1 MiB, some 0.4 ms a call).

Without glibc (musl's ``mallopt`` does nothing; macOS has none) nothing changes.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable

from mipair.memory import constants

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters (malloc.h)
GLIBC_LARGEST_THRESHOLD = 32 * 2**20  # the most glibc's own rule raises the threshold to
# (DEFAULT_MMAP_THRESHOLD_MAX on 64-bit), with the heap trimmed from twice that

_threshold: list[int] = []  # the threshold this process holds, once it set one (one value)
_giving_back = [False]  # whether the round being paired hands freed pages back


def settle(players: int) -> int | None:
    """Set the allocator for a round of ``players`` players to pair; the threshold
    now held (None: glibc's own rule, never changed in this process)."""
    _giving_back[0] = players >= constants()["freed_memory_given_back_from_players"]
    small = players < constants()["freed_blocks_returned_below_players"]
    if small:
        wanted = int(constants()["freed_blocks_returned_from_bytes"])
    elif _threshold:
        wanted = GLIBC_LARGEST_THRESHOLD
    else:
        return None
    if _threshold and _threshold[-1] == wanted:
        return wanted
    if not _mallopt(M_MMAP_THRESHOLD, wanted):
        return None
    if not small:
        _mallopt(M_TRIM_THRESHOLD, 2 * wanted)
    _threshold[:] = [wanted]  # replaced, not appended: a worker may switch every round
    return wanted


def give_back_freed() -> None:
    """In a large round (:func:`settle`), hand the pages of the heap's freed blocks
    back to the system (glibc's ``malloc_trim``; nothing where there is none)."""
    if _giving_back[0]:
        trim = _libc_function("malloc_trim")
        if trim is not None:
            trim(0)


def _mallopt(parameter: int, value: int) -> bool:
    """glibc's ``mallopt``; False where there is none or it refused."""
    mallopt = _libc_function("mallopt")
    return mallopt is not None and bool(mallopt(parameter, value))


@functools.cache
def _libc_function(name: str) -> Callable[..., int] | None:
    """The C library's ``mallopt`` or ``malloc_trim``, looked up once (None where
    there is none)."""
    try:
        function = getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None
    # mallopt(int parameter, int value); malloc_trim(size_t pad)
    function.argtypes = [ctypes.c_int, ctypes.c_int] if name == "mallopt" else [ctypes.c_size_t]
    function.restype = ctypes.c_int
    return function
