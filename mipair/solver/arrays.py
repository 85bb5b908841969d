"""The names of the numpy arrays the solver layer passes around, for its signatures."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.integer[Any]]  # column, edge or node numbers (int32 or int64)
Bools = NDArray[np.bool_]  # a mask
Floats = NDArray[np.float64]  # LP values, duals, costs
