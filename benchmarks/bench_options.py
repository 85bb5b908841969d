"""The options every benchmark of a generated Swiss tournament takes, and what they ask of
mipair's generator (``bench_dutch.py``, ``bench_swiss.py`` through it, ``bench_double.py``)."""

from __future__ import annotations

import argparse


def add_generator_options(ap: argparse.ArgumentParser, rounds_word: str = "round") -> None:
    """``--seed``, ``--forfeit-rate``, ``--bye-rate``, ``--save`` and ``--json``
    (``rounds_word``: what a saved file is, e.g. 'match round')."""
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--forfeit-rate", type=float, default=0.0, help="one game in N forfeited (0: none)"
    )
    ap.add_argument(
        "--bye-rate",
        type=float,
        default=0.0,
        help="one player in N takes a half-point bye, one in 2N retires (0: none)",
    )
    ap.add_argument("--save", help=f"write each {rounds_word}'s input file (TRF) into this folder")
    ap.add_argument("--json", help="also write the results here")


def generator_rates(args: argparse.Namespace) -> dict[str, float]:
    """The generator's rates the options ask (one in N, 0: none): forfeits, half-point
    byes, and twice as rare retirements."""
    return {
        "forfeit_rate": args.forfeit_rate,
        "half_point_bye_rate": args.bye_rate,
        "retired_rate": 2 * args.bye_rate,
    }
