"""The FIDE Dubov System (C.04.4.1) behind the common interface.

Every edition with a model file ``models/dubov-<edition>.toml`` (2026); its
procedure object is :class:`mipair.systems.fide.dubov.procedure.DubovProcedure`,
which also states the system's own absolute rules (C3, the colour rules).
"""

from mipair.systems.fide.system import FideSystem


class DubovSystem(FideSystem):
    """FIDE Dubov System, C.04.4.1."""

    title = "FIDE Dubov system"
