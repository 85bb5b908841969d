"""The FIDE Swiss Team Pairing System (C.04.6, 2026) behind the common interface.

``models/team-2026.toml`` holds its criteria and settings, ``models/team-2026.md`` its
specification; :mod:`.system` is the registered class.
"""
