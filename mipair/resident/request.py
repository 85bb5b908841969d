"""One call in a child of the resident: wait for it, become the calling process, run it.

The child waits in ``accept`` on the resident's socket (forked in advance,
so a call does not wait for a fork). With a call it checks the caller is
this user (``SO_PEERCRED``), reads the call, reports the connection to the
resident (which forks the next spare and watches the client: the connection
becomes readable again only when the client goes) and answers its own
process id; then it takes on everything of the client a drop-in call can
see: its standard input, output and error (the descriptors themselves, so a
FIFO, ``/dev/full``, a terminal or a pipe behave as they would), its working
directory (the descriptor: even a removed or unreadable one), its whole
environment (``MIPAIR_*`` read as the call runs), umask, soft resource
limits, niceness (raised only: a child cannot be made kinder than the
resident), argv and how its standard streams encode and buffer. It then runs
the drop-in code of an in-process call, answers its exit code and ends.
"""

from __future__ import annotations

import contextlib
import io
import os
import resource
import signal
import socket
import struct
import sys
import time
from typing import Any, NoReturn

from mipair.errors import EXIT_INTERRUPTED, EXIT_UNEXPECTED
from mipair.resident import wire

REQUEST_TIMEOUT = 5.0  # seconds for a connected client to send its call
PEER_CREDENTIALS = struct.Struct("3i")  # pid, uid, gid

STREAM_MODES = ("r", "w", "w")


def restore_signals(sigint_ignored: bool = False) -> None:
    """The signal dispositions of a fresh Python process (the resident has its own)."""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    handler = signal.SIG_IGN if sigint_ignored else signal.default_int_handler
    signal.signal(signal.SIGINT, handler)


def _take_descriptors(fds: list[int]) -> None:
    """The client's stdin, stdout and stderr on 0, 1 and 2; its working directory."""
    for target, fd in enumerate(fds[:3]):
        os.dup2(fd, target)
    os.fchdir(fds[3])
    for fd in fds:
        if fd > 2:
            os.close(fd)


def _stream(fd: int, setup: tuple[str, str, bool, bool] | None) -> io.TextIOWrapper | None:
    """A standard stream on ``fd`` encoded and buffered as the client's was."""
    if setup is None:
        return None
    encoding, errors, line_buffering, write_through = setup
    return io.TextIOWrapper(
        io.open(fd, STREAM_MODES[fd] + "b", closefd=False),  # noqa: UP020 - a descriptor
        encoding=encoding,
        errors=errors,
        newline="\n",
        line_buffering=line_buffering,
        write_through=write_through,
    )


def _take_streams(setups: list[tuple[str, str, bool, bool] | None]) -> None:
    """New ``sys.stdin/stdout/stderr`` over descriptors 0-2."""
    streams = [_stream(fd, setup) for fd, setup in enumerate(setups)]
    sys.stdin, sys.stdout, sys.stderr = streams
    for name, stream in zip(("__stdin__", "__stdout__", "__stderr__"), streams):
        setattr(sys, name, stream)


def _take_environment(env: dict[str, str]) -> None:
    """The client's environment, for this process and its libraries (``putenv``)."""
    os.environ.clear()
    os.environ.update(env)
    time.tzset()


def _take_limits(call: dict[str, Any]) -> None:
    """The client's umask, soft limits (within the resident's hard ones) and niceness."""
    os.umask(call["umask"])
    for number, soft in call["limits"]:
        with contextlib.suppress(OSError, ValueError):
            hard = resource.getrlimit(number)[1]
            if hard != resource.RLIM_INFINITY and (soft == resource.RLIM_INFINITY or soft > hard):
                soft = hard
            resource.setrlimit(number, (soft, hard))
    with contextlib.suppress(OSError):
        current = os.getpriority(os.PRIO_PROCESS, 0)
        if call["nice"] > current:
            os.setpriority(os.PRIO_PROCESS, 0, call["nice"])


def become_client(call: dict[str, Any], fds: list[int]) -> None:
    """Take on the calling process's descriptors, environment and limits."""
    restore_signals(bool(call.get("sigint_ignored")))
    _take_descriptors(fds)
    _take_environment(call["env"])
    _take_limits(call)
    _take_streams(call["streams"])
    sys.argv = list(call["argv"])


def receive_call(connection: socket.socket) -> tuple[dict[str, Any], list[int]]:
    """The call of a connection from this user: its description and descriptors."""
    credentials = connection.getsockopt(
        socket.SOL_SOCKET, socket.SO_PEERCRED, PEER_CREDENTIALS.size
    )
    if PEER_CREDENTIALS.unpack(credentials)[1] != os.getuid():
        raise wire.WireError("another user")
    connection.settimeout(REQUEST_TIMEOUT)
    header, fds, _, _ = socket.recv_fds(connection, wire.HEADER.size, wire.PASSED_FDS)
    try:
        if len(fds) != wire.PASSED_FDS:
            raise wire.WireError("the call's descriptors are missing")
        length = wire.read_payload_length(header)
        call = wire.read_call(wire.receive_exactly(connection, length))
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise
    connection.settimeout(None)
    return call, fds


def run_call(call: dict[str, Any], fds: list[int]) -> int:
    """Run the call as the client would have; its exit code, the output flushed."""
    code = EXIT_UNEXPECTED
    try:
        become_client(call, fds)
        from mipair.operations.dropin import run_dropin  # loaded by the warm-up already

        code = run_dropin(sys.argv[1:])
    except KeyboardInterrupt:  # Ctrl-C before the call's own guard took over (while the
        # child was still taking on the caller): what an in-process call says to it
        with contextlib.suppress(Exception):
            print("mipair: interrupted", file=sys.stderr, flush=True)
        code = EXIT_INTERRUPTED
    except BaseException:  # the child must never return into the resident's code
        code = EXIT_UNEXPECTED
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    return code


def serve_one_call(listener: socket.socket, reports: socket.socket) -> NoReturn:
    """In a spare child: wait for a call, report it to the resident, run it, answer
    its exit code, end. A connection that is not a call from this user ends it quietly
    (the caller then pairs in-process)."""
    code = 0
    try:
        restore_signals()
        connection, _ = listener.accept()
        listener.close()
        call, fds = receive_call(connection)
        # reported once the call is read: from now on the connection reads only at its end
        socket.send_fds(reports, [wire.NUMBER.pack(os.getpid())], [connection.fileno()])
        reports.close()
        connection.sendall(wire.NUMBER.pack(os.getpid()))
    except BaseException:
        os._exit(code)
    code = run_call(call, fds)
    with contextlib.suppress(OSError):
        connection.sendall(wire.NUMBER.pack(code))
    os._exit(code)
