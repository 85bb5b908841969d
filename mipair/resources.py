"""Locate the shipped data folders (`models/`, `formats/`).

In a wheel they live in ``mipair/_data/``; in a source checkout (editable
install) they are the top-level folders of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """Return the folder ``name`` ("models" or "formats") shipped with mipair."""
    for candidate in (_PKG / "_data" / name, _PKG.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"mipair data folder {name!r} is missing from the installation")


def model_file(*parts: str) -> Path:
    """Path of a pairing-system definition under ``models/``."""
    return data_dir("models").joinpath(*parts)
