"""FIDE round robins (C.05): the Berger schedule, the drawing of lots, Varma, withdrawals.

Specified in ``models/round-robin-2026.md``; the data (tournament types, Varma
groups, the withdrawal share, the default tie-breaks) are
``models/round-robin-2026.toml``. Pure functions of the field: no pairing is
searched, the schedule is fixed before round 1 by the pairing numbers.

- :mod:`.berger`: the Berger table for any even size (Annex 1);
- :mod:`.schedule`: the tournament's rounds over its cycles, byes and colours;
- :mod:`.lots`: the seeded drawing of lots and the line that records it;
- :mod:`.varma`: the restricted drawing of lots by the Varma groups (Annex 2);
- :mod:`.withdrawal`: unplayed games and whether a withdrawn player's results count;
- :mod:`.trf_type`: the TRF-2026 tournament types (record 192) of round robins;
- :mod:`.settings`: the model file, checked when it loads.
"""
