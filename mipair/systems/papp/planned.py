"""The rounds an event plans (its ``rounds`` setting): a round past them is paired only
when asked for (the reading of the PAPP manuals in formats/papp.md)."""

from __future__ import annotations

from dataclasses import replace

from mipair.errors import InputError
from mipair.formats.papp.event import Event


def within_rounds(event: Event, extra: bool = False) -> Event:
    """The event whose open round may be paired: refused (exit 3) past its planned
    rounds (``rounds R``), unless ``extra``, which makes it plan one more round. An
    event without ``rounds`` has no limit."""
    planned, number = event.settings.rounds, event.round_to_pair
    if planned is None or number <= planned:
        return event
    if not extra:
        raise InputError(
            f"round {number}: the event has {planned} rounds "
            "(papp pair --extra-round pairs one more)",
            file=event.source,
            field="rounds",
        )
    return replace(event, settings=replace(event.settings, rounds=number))
