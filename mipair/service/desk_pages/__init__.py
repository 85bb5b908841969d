"""The arbiter's desk in a browser: server-rendered pages over the desk's API.

Directors sign in and run their tournaments (``/desk/...``); players and
spectators read a tournament by its public link (``/public/SLUG/...``). The
pages are jinja2 templates with plain HTML forms carrying the session's CSRF
token, readable on a phone and printable (the tournament's heading on every
printed page); a little script moves the keyboard from board to board when
results are typed. Every operation is the API's own
(:mod:`mipair.service.desk`: the same reads, the same changes with their
revisions, the same worker lanes for a pairing), on the one desk interface
(:mod:`mipair.desk.game`): nothing here names a game or a pairing system.

* :mod:`~mipair.service.desk_pages.frame`: templates, the signed-in director
  (else a redirect to sign in), forms, refusals shown on the page;
* :mod:`~mipair.service.desk_pages.director`: signing in and out, the list,
  a new tournament, an import;
* :mod:`~mipair.service.desk_pages.day`: the day's changes;
* :mod:`~mipair.service.desk_pages.reading`: the pages that show a tournament,
  the same for its directors and its public link;
* :mod:`~mipair.service.desk_pages.public`: the public link's routes.
"""
