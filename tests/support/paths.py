"""Where the tests find the project and what lies beside it, whatever their folder's depth.

A test names these instead of counting its own parents (``Path(__file__).parents[n]``), so a
test file moves between folders unchanged (tests/README.md).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The clone: mipair/, scenarios/, models/, docs/, tests/."""

SHARED = ROOT.parent / "shared"
"""The reference documents, seeds and corpora beside the clone (read at run time; tests skip
when they are absent)."""

DATA = ROOT / "tests" / "support" / "data"
"""Files the tests read that belong to no scenario: printed tables, a large service field."""
