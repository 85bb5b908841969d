"""The FIDE Burstein System (C.04.4.2) behind the common interface (models/burstein-2026.md)."""

from mipair.systems.fide.system import FideSystem


class BursteinSystem(FideSystem):
    title = "FIDE Burstein system"
