"""What the store refuses, each with the exit code a command gives and the answer the
service gives (its HTTP status in brackets, for the service to map).

Refusals of a director's request are :class:`~mipair.errors.InputError` (exit 3):
the request was wrong or came too late, nothing was changed. A database that
cannot be reached or is not at this mipair's schema is a
:class:`~mipair.errors.FileAccessError` (exit 5), as an unreadable file is.
"""

from __future__ import annotations

from mipair.errors import FileAccessError, InputError, TooLargeError


class DatabaseUnavailable(FileAccessError):
    """The database cannot be opened or reached [503]."""


class SchemaNotCurrent(FileAccessError):
    """The database's schema is not the one this mipair knows (older: ``mipair store
    upgrade``; newer: a newer mipair wrote it) [503]."""


class InvalidValue(InputError):
    """A name, password, file name or description the store does not accept [422]."""


class DocumentTooLarge(TooLargeError):
    """A document over the store's limit [413]."""


class AccountExists(InputError):
    """An account of that name exists already [409]."""


class NoSuchAccount(InputError):
    """No account of that name [404]."""


class NotVisible(InputError):
    """No such tournament, or not one this director may see: the two are not told apart,
    so that a director cannot learn which tournaments exist [404]."""


class NotAllowed(InputError):
    """A tournament the director sees, but the operation is its owner's [403]."""


class NothingToUndo(InputError):
    """Undo asked at the tournament's first state [409]."""


class StaleRevision(InputError):
    """A change based on a revision that is no longer the current one [409].

    Another change was saved in between; this one was not saved. ``current`` is
    the revision to reload, apply the change to again, and save on.
    """

    def __init__(self, based_on: int, current: int) -> None:
        super().__init__(
            f"the tournament changed since revision {based_on} (now at revision {current}): "
            "this change was not saved; reload and make it again",
            field="revision",
        )
        self.based_on = based_on
        self.current = current


class SignInRefused(InputError):
    """Wrong name or password: one message for both, so that names cannot be probed [401]."""

    def __init__(self) -> None:
        super().__init__("wrong account name or password")


class TooManyAttempts(InputError):
    """Too many failed sign-ins for this account or from this address lately [429]."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many failed sign-ins: try again in {retry_after} s")
        self.retry_after = retry_after
