"""A chess tournament day at the arbiter's desk, on one TRF-2026 file.

* ``document``: the tournament as one value (completed rounds, the round being played);
* ``trf_file``: that value read from and written to its TRF-2026 file;
* ``store``: one change at a time under the file's lock, saved atomically;
* ``settings``: a new tournament (system, edition, points, tie-breaks, Baku);
* ``registration``, ``acceleration``, ``attendance``: players, their order and
  virtual points, byes, absences, withdrawals, prohibited pairings;
* ``rounds``, ``rounds_dates``: pairing, results, corrections, taking a round back;
* ``standings``, ``pairing_view``, ``pages``: what is printed and posted;
* ``engine``: the one door to the pairing systems;
* ``team_*``: a Team Swiss (C.04.6) on the same file: ``team_event`` (its records),
  ``team_settings``, ``team_registration`` (teams, their players, their byes),
  ``team_matches`` (matches laid on boards, results by ``MATCH.BOARD``),
  ``team_standings``, ``team_views`` and ``team_game`` (the desk interface's views).

``mipair chess`` (:mod:`mipair.cli.chess`) is the command line over this.
"""
