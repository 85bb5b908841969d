"""Checking published pairings, check lists and random tournaments.

* :mod:`mipair.check.replay` re-pairs every round of a tournament from the
  rounds before it and compares the result with what was published;
* :mod:`mipair.check.checklist` the per-player check list (text and JSON);
* :mod:`mipair.check.generate` random tournaments, every round paired by mipair;
* :mod:`mipair.check.parallel` many files or rounds on all cores with a progress bar.
"""
