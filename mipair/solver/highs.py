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


SPARE_INSTANCES = 8
"""How many cleared HiGHS instances are kept for the next models (a round builds about ten)."""
SPARE_COLUMNS_UP_TO = 2000
"""Only an instance whose model had at most this many columns is kept: clearing a model
keeps the arrays of its last solve (:func:`copy_of`), which the next model would carry
(a 1,000-player round 5 of the 2017 edition, its windows' models dropped sooner too: a
peak of 85 -> 80 MiB with no spare kept at all)."""
_spare: list = []


def maximiser(highspy: ModuleType):
    """A quiet, single-threaded HiGHS instance that maximises, and whose MIPs
    stop only at a proven optimum of an integer objective (no relative gap, an
    absolute gap below one unit): a spare one given back (:func:`give_back`), else
    a new one (making one costs about 0.17 ms, clearing one 0.01 ms)."""
    if _spare:
        return _spare.pop()
    return _new(highspy)


def _new(highspy: ModuleType):
    h = highspy.Highs()
    if hasattr(h, "disableCallbacks"):  # highspy 1.8 on registers its Python dispatcher on
        h.disableCallbacks()  # every instance: the cut rounds' LPs took 10-14% less time without
    _configure(h, highspy)
    return h


def copy_of(h, highspy: ModuleType):
    """A new instance holding ``h``'s model and, if it has one, its basis, set up as
    :func:`maximiser` sets one up, but holding none of ``h``'s solver data.

    HiGHS keeps the arrays of its last solve (the simplex's, the factor's, sized by
    the model's nonzeros) until the instance itself is destroyed: neither
    ``clearSolver`` nor ``clearModel`` gives them back. A 42,000-column matching LP
    holds about 25 MiB after its solve and 3 MiB before; the copy, 3 MiB, starts its
    next LP from the basis (a 42,000-column copy: 7 ms, and 18 ms to factor the basis
    again at its next solve)."""
    twin = _new(highspy)
    twin.passModel(h.getModel())
    basis = h.getBasis()
    if basis.valid:
        twin.setBasis(basis)
    return twin


def _configure(h, highspy: ModuleType) -> None:
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)


def give_back(h, highspy: ModuleType) -> None:
    """Keep ``h``, which nothing uses any more, for the next :func:`maximiser`: its model
    cleared and its options as a new instance's."""
    if len(_spare) >= SPARE_INSTANCES or h.getNumCol() > SPARE_COLUMNS_UP_TO:
        return
    h.clearModel()
    h.resetOptions()
    _configure(h, highspy)
    _spare.append(h)
