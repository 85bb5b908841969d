"""The names of the numpy arrays the solver layer passes around, for its signatures.

Only the type checker needs their element types: at run time they are plain
``numpy.ndarray`` (``numpy.typing`` is not imported by a short pairing call).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Ints = NDArray[np.integer[Any]]  # column, edge or node numbers (int32 or int64)
    Bools = NDArray[np.bool_]  # a mask
    Floats = NDArray[np.float64]  # LP values, duals, costs
else:
    Ints = Bools = Floats = np.ndarray
