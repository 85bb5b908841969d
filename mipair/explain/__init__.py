"""Explanations for arbiters: why a round cannot be paired, and why this pairing.

The fact layer (:mod:`.facts`) is system-neutral; :mod:`.dutch` builds the
facts of a FIDE Dutch round. Heavy libraries (python-sat) load lazily.
"""
from mipair.explain.explanation import Explanation, Relaxation, explain_infeasible, explain_problem
from mipair.explain.facts import BYE, Fact, Matching, PairingProblem

__all__ = ["BYE", "Explanation", "Fact", "Matching", "PairingProblem", "Relaxation",
           "explain_infeasible", "explain_problem"]
