"""The resident pairing process (see mipair/resident/server.py)."""
