"""4.2's steering solve on a large remainder's core (partners.STEER_CORE_FROM):
any answer of that smaller model is one of the whole model, and the partner
questions confirm every partner, so the pairings are those of the full model."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("seed", [3, 11])
def test_dutch_rounds_are_the_same_with_the_steering_core(seed: int, monkeypatch) -> None:
    """Generated tournaments, each round paired with steer's model cut to its
    core for every remainder (threshold at zero; in models this small the core
    is empty, so it holds the walk's pairs and the current answer's alone) and
    with the whole remainder."""
    from mipair.check.config import GeneratorConfig
    from mipair.systems.fide.dutch import bracket, partners
    from mipair.systems.fide.system import pair_snapshot as pair_round
    from tests.support.dutch_tools import generate

    cut = partners.PartnerQuestions.steering_model
    used = []

    def counted(self, inner, walk):
        used.append(len(walk))
        return cut(self, inner, walk)

    monkeypatch.setattr(partners.PartnerQuestions, "steering_model", counted)
    monkeypatch.setattr(bracket, "RELAX_FROM", 3)
    compared = []

    def both(snap):
        pairings = []
        for threshold in (0, 10**12):  # the core for every remainder, then for none
            monkeypatch.setattr(partners, "STEER_CORE_FROM", threshold)
            pairings.append(pair_round(snap))
        assert pairings[0] == pairings[1], f"round {snap.round}"
        compared.append(snap.round)
        return pairings[1]

    generate(GeneratorConfig(players=60, rounds=5), seed, pair=both)
    assert len(compared) == 5
    assert used, "no remainder was steered"
