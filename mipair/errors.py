"""Errors with the exit codes of the bbpPairings/JaVaFo command lines."""

from __future__ import annotations

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_BAD_INPUT = 3
EXIT_TOO_LARGE = 4
EXIT_FILE_ACCESS = 5
EXIT_INTERRUPTED = 130  # a Ctrl-C (128 + SIGINT, as a shell reports it)


class MipairError(Exception):
    """Base class: every error mipair reports to a user carries an exit code."""

    exit_code = EXIT_UNEXPECTED

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.field = field

    def located(self) -> str:
        """One line ``FILE:LINE: [field] message`` for stderr."""
        where = ""
        if self.file is not None:
            where = f"{self.file}:{self.line}: " if self.line is not None else f"{self.file}: "
        field = f"{self.field}: " if self.field else ""
        return f"{where}{field}{self.message}"

    def __str__(self) -> str:
        return self.located()


class InputError(MipairError):
    """Malformed or inconsistent input (exit 3)."""

    exit_code = EXIT_BAD_INPUT


class FileAccessError(MipairError):
    """A file could not be read or written (exit 5)."""

    exit_code = EXIT_FILE_ACCESS


class NoPairingError(MipairError):
    """The round has no pairing that satisfies the absolute criteria (exit 1)."""

    exit_code = EXIT_NO_PAIRING


class TooLargeError(MipairError):
    """The input exceeds a supported size (exit 4)."""

    exit_code = EXIT_TOO_LARGE
