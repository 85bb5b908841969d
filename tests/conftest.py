"""Settings for the whole test suite.

Drop-in calls in tests run in-process: ``MIPAIR_RESIDENT=0`` keeps them from
starting or using a resident pairing process (tests/test_resident.py asks for
one explicitly, in a runtime folder of its own).
"""

from __future__ import annotations

import os

os.environ["MIPAIR_RESIDENT"] = "0"
