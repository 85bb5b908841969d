"""The FIDE Swiss systems (Handbook C.04), one subpackage each (``dutch/``, ...).

What they share is here: the state of a TRF tournament before a round as the
basic rules (C.04.1) define it (:mod:`~mipair.systems.fide.state`), an edition
as its criteria data plus one procedure object (:mod:`~mipair.systems.fide.edition`,
:mod:`~mipair.systems.fide.procedure`) and the system class every FIDE system
is an instance of (:mod:`~mipair.systems.fide.system`). A new Swiss system is
its criteria data (``models/<system>-<edition>.toml``), its procedure module and
one line in :data:`mipair.systems.registry.SYSTEMS`.
"""
