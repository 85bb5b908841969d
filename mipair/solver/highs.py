"""HiGHS, imported on first use with the settings a short-lived process wants."""

from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from highspy import Highs


def load() -> ModuleType:
    """The ``highspy`` module (imported lazily: a CLI call is a whole process).

    highspy imports numpy, whose OpenBLAS starts one thread per core as it
    loads; mipair does no linear algebra through numpy, and starting those
    threads is a noticeable part of a short pairing call. A value the user set
    is kept.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import highspy

    return highspy


SPARE_INSTANCES = 8
"""How many cleared HiGHS instances are kept for the next models (a round builds about ten)."""
SPARE_COLUMNS_UP_TO = 2000
"""Only an instance whose model had at most this many columns is kept: clearing a model
keeps the arrays of its last solve (:func:`copy_of`), which the next model would carry
and a large round's peak memory with it."""
_spare: list[Highs] = []


def maximiser(highspy: ModuleType) -> Highs:
    """A quiet, single-threaded HiGHS instance that maximises, and whose MIPs
    stop only at a proven optimum of an integer objective (no relative gap, an
    absolute gap below one unit): a spare one given back (:func:`give_back`), else
    a new one (clearing one costs far less than making one)."""
    if _spare:
        return _spare.pop()
    return _new(highspy)


def _new(highspy: ModuleType) -> Highs:
    """A new instance, set up by :func:`_configure`."""
    h: Highs = highspy.Highs()
    disable = getattr(h, "disableCallbacks", None)  # highspy 1.8 on registers its Python
    if disable is not None:  # dispatcher on every instance, which slows every LP: none is used
        disable()
    _configure(h, highspy)
    return h


def copy_of(h: Highs, highspy: ModuleType) -> Highs:
    """A new instance holding ``h``'s model and, if it has one, its basis, set up as
    :func:`maximiser` sets one up, but holding none of ``h``'s solver data.

    HiGHS keeps the arrays of its last solve (the simplex's, the factor's, sized by
    the model's nonzeros) until the instance itself is destroyed: neither
    ``clearSolver`` nor ``clearModel`` gives them back, and after a solve they are
    several times the model's own size. The copy holds the model alone and starts
    its next LP from the basis, at the cost of factoring it again."""
    twin = _new(highspy)
    twin.passModel(h.getModel())
    basis = h.getBasis()
    if basis.valid:
        twin.setBasis(basis)
    return twin


def _configure(h: Highs, highspy: ModuleType) -> None:
    """Quiet, one thread, an exact integer optimum, maximising."""
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)


def give_back(h: Highs, highspy: ModuleType) -> None:
    """Keep ``h``, which nothing uses any more, for the next :func:`maximiser`: its model
    cleared and its options as a new instance's."""
    if len(_spare) >= SPARE_INSTANCES or h.getNumCol() > SPARE_COLUMNS_UP_TO:
        return
    h.clearModel()
    h.resetOptions()
    _configure(h, highspy)
    _spare.append(h)
