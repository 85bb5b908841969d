"""The arbiter's desk as a JSON API in ``mipair serve``: directors sign in, keep tournaments in
the store, change them through the desks' own functions; players read them by a public link.

* :mod:`~mipair.service.desk.storage`: the store, opened on first use, its calls run in
  threads (never in the event loop);
* :mod:`~mipair.service.desk.answers`: what the store and the desks refuse, in the
  service's one error shape (401, 403, 404, 409 with the current revision, 422 ...);
* :mod:`~mipair.service.desk.auth`: signing in (rate-limited by the store), the session
  cookie (HttpOnly, SameSite=Lax, Secure as configured), its CSRF token, bearer tokens;
* :mod:`~mipair.service.desk.work`: one change: the tournament read, the revision it was
  based on checked, the desk's change applied (a pairing in the worker lanes), the
  result saved as the next revision;
* :mod:`~mipair.service.desk.tournaments`, :mod:`~mipair.service.desk.rounds`,
  :mod:`~mipair.service.desk.public`: the routes (``/v1/desk/...``, ``/v1/public/...``).

Every game goes through one desk interface (:mod:`mipair.desk.game`); nothing here
names a game or a pairing system.
"""
