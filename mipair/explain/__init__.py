"""Explanations for arbiters: why a round cannot be paired, and why this pairing.

Nothing here knows a pairing system: the fact layer (:mod:`.facts`), minimal
reasons and least relaxations (:mod:`.mus`, SAT), the comparison of two
pairings (:mod:`.compare`). Each system builds its own facts
(e.g. :mod:`mipair.systems.fide.dutch.facts`). A drop-in round never loads this
package (the pairing systems import it when asked to compare or explain).
"""

from mipair.explain.explanation import Explanation, Relaxation, explain_problem
from mipair.explain.facts import BYE, Fact, Matching, PairingProblem

__all__ = [
    "BYE",
    "Explanation",
    "Fact",
    "Matching",
    "PairingProblem",
    "Relaxation",
    "explain_problem",
]
