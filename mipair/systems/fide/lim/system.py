"""The FIDE Lim System (C.04.4.3) behind the common interface.

Every edition with a model file ``models/lim-<edition>.toml`` (2026); its
procedure object is :class:`mipair.systems.fide.lim.procedure.LimProcedure`,
which also states the system's own absolute rules (2.1's compatibility).
"""

from mipair.systems.fide.system import FideSystem


class LimSystem(FideSystem):
    """FIDE Lim System, C.04.4.3."""

    title = "FIDE Lim system"
