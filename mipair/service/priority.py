"""The CPU priority of a lane's worker processes, set once in each when it is warm.

``normal``: as the server. ``nice``: nice 10, a tenth of a normal process's
share of a core it contends for. ``idle``: nice 10 and Linux's ``SCHED_IDLE``
policy, which runs the process only on CPU time no normal process wants, so a
small request's solve takes the core back from a large one at once (where the
policy is missing, ``nice``). The large lane's default is ``idle``. A worker
lowers its priority only after its warm-up (:func:`mipair.service.jobs.warm_up`):
under ``idle`` from the start, a host kept busy by anything else (other
work in the same container or cgroup, a test run) starved even the warm-up,
and ``/health`` did not say ok for over a minute. Measured in the 50-client
burst beside two 3,000-player requests: under ``nice`` the large worker took
about 18% of a core from the small lane, under ``idle`` about 2%.
"""

from __future__ import annotations

import os

PRIORITIES = ("normal", "nice", "idle")
"""The priorities a lane's workers may run at, highest first."""
NICENESS = 10
"""The nice value of the ``nice`` and ``idle`` priorities."""


def lower_priority(priority: str) -> None:
    """Lower this process's CPU priority to ``priority`` (one of :data:`PRIORITIES`); the
    threads it starts later inherit it."""
    if priority == "normal":
        return
    os.nice(NICENESS)
    if priority == "idle" and hasattr(os, "SCHED_IDLE"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
