"""One pairing system as the registry lists it (:data:`mipair.systems.registry.SYSTEMS`).

What mipair must know of a system before its code is loaded; the system
itself carries its line (:attr:`mipair.systems.base.PairingSystem.registered`).
Standard library only, no ``typing``: the drop-in forms read the registry
before anything else.
"""

from __future__ import annotations


class Registered:
    """One pairing system as the registry lists it (see the module docstring)."""

    __slots__ = ("dropin", "endings", "name", "reference", "trf_codes")

    def __init__(
        self,
        name: str,
        reference: str,
        *,
        trf_codes: tuple[str, ...] = (),
        endings: tuple[str, ...] = (),
        dropin: bool = False,
    ) -> None:
        self.name = name
        """The system's name, as ``--system NAME`` and the service's ``system=`` give it."""
        self.reference = reference
        """Its :class:`~mipair.systems.base.PairingSystem` class, as ``module:Class``."""
        self.trf_codes = trf_codes
        """The TRF-2026 tournament types (record 192, FIDE's ETT26 codes) of its files: a
        code names it itself or followed by ``_`` and more (``FIDE_DUTCH_2017``,
        ``FIDE_BURSTEIN_BAKU``); the first is the one written."""
        self.endings = endings
        """The file endings (lower case) that name it: its files are not TRF files."""
        self.dropin = dropin
        """Do the JaVaFo/bbpPairings command lines take it (``mipair --NAME IN -p``)?"""

    @property
    def flag(self) -> str:
        """The drop-in flag: ``--NAME``."""
        return f"--{self.name}"

    def names_code(self, code: str) -> bool:
        """Does the 192 code ``code`` name this system?"""
        code = code.strip().upper()
        return any(code == own or code.startswith(own + "_") for own in self.trf_codes)

    def __repr__(self) -> str:
        return f"Registered({self.name!r}, {self.reference!r})"
