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


def maximiser(highspy: ModuleType):
    """A fresh, quiet, single-threaded HiGHS instance that maximises, and
    whose MIPs stop only at a proven optimum of an integer objective (no
    relative gap, an absolute gap below one unit)."""
    h = highspy.Highs()
    if hasattr(h, "disableCallbacks"):  # highspy 1.8 on registers its Python dispatcher on
        h.disableCallbacks()  # every instance: the cut rounds' LPs took 10-14% less time without
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    return h
