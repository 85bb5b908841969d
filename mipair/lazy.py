"""Objects named as ``module:name`` strings, imported on first use.

Tables that name code this way (the pairing systems, each edition's
procedure, the criterion tables) let a one-round process load only the code
its round needs.
"""

from __future__ import annotations

import importlib
from typing import Any


def named(reference: str) -> Any:
    """The object ``reference`` (``"package.module:name"``) names, its module imported."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)
