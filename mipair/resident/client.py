"""The drop-in call's side: hand the call to the user's resident when one runs.

Imported by every drop-in call before anything else, so it stays light: the C
modules ``_socket`` and ``_signal`` rather than ``socket`` and ``signal``
(which import ``enum``), no ``pathlib``.

The resident is the user's choice (``MIPAIR_RESIDENT``):

- unset: a call uses a resident the user started (``mipair resident
  start``) and never starts one; with none running, it costs a look into the
  runtime folder;
- ``1`` (``yes``, ``on``, ``true``): as unset, and a call that found none
  starts one in the background for the next call;
- ``0`` (``no``, ``off``, ``false``): never a resident.

:func:`run_in_resident` returns the call's exit code when a resident ran it,
or None when there is none to talk to (no socket, refused, a wrong answer):
the caller then pairs in-process, exactly as without a resident.
"""

from __future__ import annotations

import _signal
import _socket
import fcntl
import marshal
import os
import resource
import sys

from mipair.operations.streams import own, say
from mipair.resident import place, wire

TYPE_CHECKING = False  # typing itself (and the re it imports) is too slow to load here
if TYPE_CHECKING:
    from typing import Any, TextIO

SWITCH = "MIPAIR_RESIDENT"
"""The variable that says whether drop-in calls use a resident (see the module docstring)."""
OFF_VALUES = ("0", "no", "off", "false")
START_VALUES = ("1", "yes", "on", "true")
SIGNAL_BASE = 128  # a child killed by signal N: exit 128 + N, as a shell reports a killed process
BOOT = (
    "import marshal, sys; sys.path[:] = marshal.loads(bytes.fromhex(sys.argv[1])); "
    "from mipair.resident.server import main; main(sys.argv[2], sys.argv[3])"
)
"""What a started resident runs: the client's import path, then the server."""


def setting() -> str:
    """``MIPAIR_RESIDENT``, lower-cased and stripped."""
    return os.environ.get(SWITCH, "").strip().lower()


def enabled() -> bool:
    """May drop-in calls use a resident (not switched off, a Linux socket API)?"""
    if setting() in OFF_VALUES:
        return False
    return hasattr(_socket, "SO_PEERCRED") and hasattr(os, "pidfd_open")


def starts_resident() -> bool:
    """Did the user ask drop-in calls to start a resident when none runs?"""
    return setting() in START_VALUES


def _stream(stream: TextIO | None) -> tuple[str, str, bool, bool] | None:
    """How a standard stream is set up (encoding, errors, line buffering, write through)."""
    if stream is None:
        return None
    return (
        stream.encoding,
        stream.errors or "strict",
        bool(getattr(stream, "line_buffering", False)),
        bool(getattr(stream, "write_through", False)),
    )


def _soft_limits() -> list[tuple[int, int]]:
    """Every soft resource limit of this process (resource number, soft value)."""
    limits = []
    for name in dir(resource):
        if name.startswith("RLIMIT_"):
            number = getattr(resource, name)
            try:
                limits.append((number, resource.getrlimit(number)[0]))
            except (OSError, ValueError):
                continue
    return limits


def describe_call(args: list[str]) -> dict[str, object]:
    """Everything a child needs to run this call as this process would."""
    mask = os.umask(0o022)
    os.umask(mask)
    return {
        "argv": [sys.argv[0], *args],
        "env": dict(os.environ),
        "umask": mask,
        "limits": _soft_limits(),
        "nice": os.getpriority(os.PRIO_PROCESS, 0),
        "streams": [_stream(s) for s in (sys.stdin, sys.stdout, sys.stderr)],
        "sigint_ignored": _signal.getsignal(_signal.SIGINT) == _signal.SIG_IGN,
    }


def _send_request(sock: _socket.socket, args: list[str]) -> None:
    """The call and its descriptors (stdin, stdout, stderr, working directory)."""
    header, payload = wire.request_parts(describe_call(args))
    cwd = os.open(os.curdir, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fds = b"".join(n.to_bytes(4, sys.byteorder, signed=True) for n in (0, 1, 2, cwd))
        sock.sendmsg([header], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
    finally:
        os.close(cwd)
    sock.sendall(payload)


def _exit_code(status: int) -> int:
    """The client's exit code for a child's; a child killed by signal N (the resident
    answers -N) is said in one line and exits 128 + N, as the shell reports a call
    killed in-process."""
    if status >= 0:
        return status
    import signal  # only now: it imports enum

    try:
        name = signal.Signals(-status).name
    except ValueError:
        name = f"signal {-status}"
    if -status == signal.SIGINT:
        say("mipair: interrupted")
    else:
        say(f"mipair: the process pairing this call was killed ({name})")
    return SIGNAL_BASE - status


def locate() -> tuple[str, str] | None:
    """The runtime folder and key of the resident this call may use; None when it may
    use none: switched off, none listening and none to start, or the call's standard
    output and error not the process's own (a caller's capture, which a resident's
    child could not write to)."""
    if not enabled() or not (own(1) and own(2)):
        return None
    start = starts_resident()
    folder = place.runtime_folder(create=start)
    if folder is None or not (start or place.any_listening(folder)):
        return None
    return folder, place.code_key(folder)


def run_in_resident(args: list[str], where: tuple[str, str]) -> int | None:
    """Run the drop-in call ``args`` in the resident at ``where`` (:func:`locate`); its
    exit code, or None when the call has not run there (the caller runs it in-process)."""
    folder, key = where
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    child = 0
    try:
        sock.connect(place.socket_path(folder, key))
        _send_request(sock, args)
        child = wire.receive_number(sock)
        previous = _forward_interrupts(child)
        try:
            return _exit_code(wire.receive_number(sock))
        finally:
            _signal.signal(_signal.SIGINT, previous)
    except (OSError, wire.WireError, ValueError):
        if child > 0:  # the resident went away mid-call: its child must not write on
            _signal_child(child, _signal.SIGKILL)
        return None
    finally:
        sock.close()


def _signal_child(child: int, signum: int) -> None:
    try:
        os.kill(child, signum)
    except OSError:
        return  # it has ended already


def _forward_interrupts(child: int) -> Any:
    """Ctrl-C stops the child as it would stop this process (the child reports it);
    returns the previous handler."""

    def forward(signum: int, frame: object) -> None:
        _signal_child(child, signum)

    current = _signal.getsignal(_signal.SIGINT)
    if current == _signal.SIG_IGN:
        return current
    return _signal.signal(_signal.SIGINT, forward)


def resident_running(folder: str, key: str) -> bool:
    """Does a resident of ``key`` hold its lock (running, or importing the engine)?"""
    try:
        fd = os.open(place.lock_path(folder, key), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def start_resident(where: tuple[str, str]) -> int | None:
    """Start the resident of ``where`` (:func:`locate`) in the background, detached (its
    own session, stdio on ``/dev/null``), unless one is running; its process id."""
    folder, key = where
    if resident_running(folder, key):
        return None
    path = marshal.dumps(place.resident_path()).hex()
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_DUP2, 1, 2),
    ]
    try:
        return os.posix_spawn(
            sys.executable,
            [sys.executable, "-c", BOOT, path, folder, key],
            os.environ,
            file_actions=actions,
            setsid=True,
        )
    except OSError:
        return None
