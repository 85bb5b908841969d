"""HiGHS, imported on first use with the settings a short-lived process wants."""
from __future__ import annotations

import os
from types import ModuleType


def load() -> ModuleType:
    """The ``highspy`` module (imported lazily: a CLI call is a whole process).

    highspy imports numpy, whose OpenBLAS starts one thread per core as it
    loads; mipair does no linear algebra through numpy, and a single thread
    takes about 70 ms off every pairing call. A value the user set is kept.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import highspy

    return highspy
