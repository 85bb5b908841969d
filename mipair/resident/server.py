"""The resident pairing process: the engine imported once, one forked child per call.

Started in the background by a drop-in call that found none
(:func:`mipair.resident.client.start_resident`) or by ``mipair resident start``:

1. It takes its key's lock (a second resident of the same code gives up), so
   there is one per user and code.
2. It imports the engine (:mod:`mipair.resident.warmup`), then listens on
   its socket, mode 0600 in a 0700 folder; a connecting process of another
   user is refused (``SO_PEERCRED``).
3. Each call runs in a child of its own (``fork``): no state passes from one
   round to the next, calls run side by side, a crash ends one call. The
   resident answers the child's process id, then its exit code.
4. A client that goes away (killed at a time limit) closes its connection:
   the child is killed at once.
5. It ends after ``MIPAIR_RESIDENT_IDLE`` seconds without a call (600 by
   default), on SIGTERM or SIGINT (calls under way are finished), or when its
   socket is no longer the one in its folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import os
import selectors
import signal
import socket
import struct
import time
from dataclasses import dataclass

from mipair.resident import place, wire
from mipair.resident.request import run_call

IDLE_VARIABLE = "MIPAIR_RESIDENT_IDLE"
IDLE_DEFAULT = 600.0
CHECK_EVERY = 30.0  # seconds between checks that the socket file is still this resident's
REQUEST_TIMEOUT = 5.0  # for a connected client to send its call
PEER_CREDENTIALS = struct.Struct("3i")  # pid, uid, gid


def idle_seconds() -> float:
    """How long the resident waits for a call before it ends."""
    try:
        value = float(os.environ.get(IDLE_VARIABLE, IDLE_DEFAULT))
    except ValueError:
        return IDLE_DEFAULT
    return value if value > 0 else IDLE_DEFAULT


@dataclass
class Call:
    """A call under way: its client's connection and its child."""

    connection: socket.socket
    pid: int
    pidfd: int


class Resident:
    """The listening loop (one thread: a selector over the socket, each connection,
    each child's pidfd and a signal pipe)."""

    def __init__(self, listener: socket.socket, path: str, idle: float, lock: int) -> None:
        self.listener = listener
        self.lock = lock  # closed in every child (the lock itself stays the resident's)
        self.path = path
        self.inode = os.stat(path).st_ino
        self.idle = idle
        self.calls: dict[int, Call] = {}  # by pid
        self.stopping = False
        self.selector = selectors.DefaultSelector()
        self.wake_read, self.wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self.last_call = time.monotonic()

    def serve(self) -> None:
        """Accept calls until idle, stopped, or replaced."""
        self.selector.register(self.listener, selectors.EVENT_READ, "accept")
        self.selector.register(self.wake_read, selectors.EVENT_READ, "signal")
        signal.set_wakeup_fd(self.wake_write)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._stop)
        while not (self.stopping and not self.calls):
            if not self.calls and time.monotonic() - self.last_call >= self.idle:
                break
            if not self.calls and not self._still_ours():
                break
            for key, _ in self.selector.select(self._timeout()):
                self._dispatch(key)
            if self.stopping:
                self.close_listener()

    def _timeout(self) -> float | None:
        if self.calls:
            return None
        left = self.idle - (time.monotonic() - self.last_call)
        return max(0.0, min(left, CHECK_EVERY))

    def _still_ours(self) -> bool:
        """Is the socket file still this resident's (not removed nor replaced)?"""
        try:
            return os.stat(self.path).st_ino == self.inode
        except OSError:
            return False

    def _stop(self, signum: int, frame: object) -> None:
        self.stopping = True  # the loop stops listening (the signal pipe wakes it)

    def close_listener(self) -> None:
        """No more calls: the socket file removed (if still this resident's), closed."""
        if self.listener.fileno() < 0:
            return
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(self.listener)
        if self._still_ours():
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        self.listener.close()

    def _dispatch(self, key: selectors.SelectorKey) -> None:
        if key.data == "accept":
            if not self.stopping:
                self._accept()
        elif key.data == "signal":
            with contextlib.suppress(OSError):
                os.read(self.wake_read, 512)
        elif isinstance(key.data, tuple) and key.data[0] == "client":
            self._client_gone(key.data[1])
        elif isinstance(key.data, tuple) and key.data[0] == "child":
            self._child_ended(key.data[1])

    def _accept(self) -> None:
        try:
            connection, _ = self.listener.accept()
        except OSError:
            return
        self.last_call = time.monotonic()
        try:
            fds, call = self._receive(connection)
        except (OSError, wire.WireError):
            connection.close()
            return
        try:
            self._start(connection, fds, call)
        finally:
            for fd in fds:
                os.close(fd)

    def _receive(self, connection: socket.socket) -> tuple[list[int], dict]:
        """The call of a connection from this user (its descriptors, its description)."""
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
        return fds, call

    def _start(self, connection: socket.socket, fds: list[int], call: dict) -> None:
        """Fork the call's child and watch it and its client."""
        pid = os.fork()
        if pid == 0:
            self._in_child(connection, fds, call)
        pidfd = os.pidfd_open(pid)
        self.calls[pid] = Call(connection, pid, pidfd)
        self.selector.register(pidfd, selectors.EVENT_READ, ("child", pid))
        try:
            connection.sendall(wire.NUMBER.pack(pid))
            self.selector.register(connection, selectors.EVENT_READ, ("client", pid))
        except OSError:
            self._kill(pid)

    def _in_child(self, connection: socket.socket, fds: list[int], call: dict) -> None:
        with contextlib.suppress(Exception):
            self.selector.close()
            self.listener.close()
            connection.close()
            os.close(self.wake_read)
            os.close(self.wake_write)
            os.close(self.lock)
            for other in self.calls.values():
                other.connection.close()
                os.close(other.pidfd)
        run_call(call, fds)

    def _kill(self, pid: int) -> None:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)

    def _client_gone(self, pid: int) -> None:
        """A client's connection became readable: it has gone (or broke the protocol)."""
        self._kill(pid)
        connection = self.calls[pid].connection
        self.selector.unregister(connection)
        connection.close()

    def _child_ended(self, pid: int) -> None:
        call = self.calls.pop(pid)
        self.selector.unregister(call.pidfd)
        _, status = os.waitpid(pid, 0)
        os.close(call.pidfd)
        self.last_call = time.monotonic()
        if call.connection.fileno() < 0:
            return
        self.selector.unregister(call.connection)
        with contextlib.suppress(OSError):
            call.connection.sendall(wire.NUMBER.pack(os.waitstatus_to_exitcode(status)))
        call.connection.close()


def take_lock(folder: str, key: str) -> int | None:
    """The key's lock, held until the process ends (None: another resident has it)."""
    fd = os.open(place.lock_path(folder, key), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def listen(path: str) -> socket.socket:
    """A listening socket at ``path`` (an old one there is stale: the lock is ours)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_mask = os.umask(0o177)
    try:
        listener.bind(path)
    finally:
        os.umask(old_mask)
    listener.listen(64)
    return listener


def main(folder: str, key: str) -> None:
    """Run the resident of ``key`` in ``folder`` (the started process's whole life)."""
    os.chdir("/")
    lock = take_lock(folder, key)
    if lock is None:
        return
    from mipair.resident.warmup import single_threaded, warm_up

    warm_up()
    if not single_threaded():
        return  # a library started threads: forking would copy a broken process
    gc.collect()
    gc.freeze()  # the engine's objects stay out of every child's collections (no copying)
    path = place.socket_path(folder, key)
    resident = Resident(listen(path), path, idle_seconds(), lock)
    try:
        resident.serve()
    finally:
        resident.close_listener()
        os.close(lock)  # the lock file stays: removing it could let two residents start
