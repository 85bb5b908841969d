"""What the solver layer raises when a question has no answer."""

from __future__ import annotations


class Infeasible(Exception):
    """No matching satisfies the hard constraints."""
