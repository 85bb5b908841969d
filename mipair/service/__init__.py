"""The pairing service: mipair over HTTP (``mipair serve``), with a page for arbiters.

One module per concern: :mod:`~mipair.service.app` (the FastAPI app),
:mod:`~mipair.service.routes` (the JSON API), :mod:`~mipair.service.page`
(the arbiters' page), :mod:`~mipair.service.runner` (a request's way through),
:mod:`~mipair.service.limits` (size, concurrency, queue),
:mod:`~mipair.service.pool` (worker processes killed at the time limit),
:mod:`~mipair.service.jobs` (the work, through the pairing-system interface),
:mod:`~mipair.service.problems` (errors as JSON), :mod:`~mipair.service.logs`
(one JSON line a request), :mod:`~mipair.service.settings` (the limits).
"""
