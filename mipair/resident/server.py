"""The resident pairing process: the engine imported once, one forked child per call.

Started only when its user asks: by ``mipair resident start``, or, with
``MIPAIR_RESIDENT=1``, by a drop-in call that found none
(:func:`mipair.resident.client.start_resident`):

1. It takes its key's lock (a second resident of the same code gives up), so
   there is one per user and code.
2. It imports the engine and runs trial calls (:mod:`mipair.resident.warmup`),
   then listens on its socket, mode 0600 in a 0700 folder.
3. A child forked in advance (the *spare*) waits in ``accept`` on that
   socket, so a call meets a process that is ready: no fork, no hand-over on
   its way (:mod:`mipair.resident.request`). The child refuses another user
   (``SO_PEERCRED``), runs the call and answers its exit code itself. As soon
   as it has read a call it hands the connection to the resident, which forks
   the next spare: no state passes from one round to the next, calls run side by
   side, a crash ends one call.
4. A client that goes away (killed at a time limit) closes its connection:
   the resident kills its child at once. A child killed by signal N is
   answered -N by the resident; the caller says so in one line and exits
   128 + N, as a shell reports a process killed by that signal.
5. It ends after ``MIPAIR_RESIDENT_IDLE`` seconds without a call (600 by
   default), on SIGTERM, SIGINT or SIGHUP (calls under way are finished), or
   when its socket is no longer the one in its folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import os
import selectors
import signal
import socket
import time
from dataclasses import dataclass

from mipair.resident import place, wire
from mipair.resident.request import serve_one_call

IDLE_VARIABLE = "MIPAIR_RESIDENT_IDLE"
IDLE_DEFAULT = 600.0
CHECK_EVERY = 30.0  # seconds between checks that the socket file is still this resident's


def idle_seconds() -> float:
    """How long the resident waits for a call before it ends."""
    try:
        value = float(os.environ.get(IDLE_VARIABLE, IDLE_DEFAULT))
    except ValueError:
        return IDLE_DEFAULT
    return value if value > 0 else IDLE_DEFAULT


@dataclass
class Child:
    """A forked child: a spare waiting for a call, or the call it took."""

    pid: int
    pidfd: int
    connection: socket.socket | None = None  # its client's, once it has a call


class Resident:
    """The resident's loop (one thread: a selector over the children's reports, their
    pidfds, their clients' connections and a signal pipe)."""

    def __init__(self, listener: socket.socket, path: str, idle: float, lock: int) -> None:
        self.listener = listener
        self.path = path
        self.inode = os.stat(path).st_ino
        self.idle = idle
        self.lock = lock  # closed in every child (the lock itself stays the resident's)
        self.children: dict[int, Child] = {}  # by pid
        self.spare: int | None = None
        self.stopping = False
        self.selector = selectors.DefaultSelector()
        self.wake_read, self.wake_write = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self.reports, self.report_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.last_call = time.monotonic()

    def serve(self) -> None:
        """Serve calls until idle, stopped, or replaced."""
        self.selector.register(self.reports, selectors.EVENT_READ, "report")
        self.selector.register(self.wake_read, selectors.EVENT_READ, "signal")
        signal.set_wakeup_fd(self.wake_write)
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._stop)
        self._fork_spare()
        while not (self.stopping and not self.busy()):
            if not self.busy() and time.monotonic() - self.last_call >= self.idle:
                break
            if not self.busy() and not self._still_ours():
                break
            for key, _ in self.selector.select(self._timeout()):
                if self.selector.get_map().get(key.fd) is key:  # not closed by an earlier one
                    self._dispatch(key)
            if self.stopping:
                self.close_listener()

    def busy(self) -> bool:
        """Is a call under way?"""
        return any(child.pid != self.spare for child in self.children.values())

    def _timeout(self) -> float | None:
        if self.busy():
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
        """No more calls: the socket file removed (if still this resident's), closed, and
        the spare ended (a call it took in between is answered by the calling process
        itself: it pairs in-process)."""
        if self.listener.fileno() < 0:
            return
        if self._still_ours():
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        self.listener.close()
        if self.spare is not None:
            self._kill(self.spare)

    def _fork_spare(self) -> None:
        """A new child waiting for the next call."""
        if self.stopping or self.listener.fileno() < 0:
            return
        pid = os.fork()
        if pid == 0:
            self._in_child()
        pidfd = os.pidfd_open(pid)
        self.children[pid] = Child(pid, pidfd)
        self.spare = pid
        self.selector.register(pidfd, selectors.EVENT_READ, ("child", pid))

    def _in_child(self) -> None:
        """In a new child: drop the resident's descriptors, then wait for a call."""
        signal.set_wakeup_fd(-1)
        with contextlib.suppress(Exception):
            self.selector.close()
            self.reports.close()
            for fd in (self.wake_read, self.wake_write, self.lock):
                os.close(fd)
            for other in self.children.values():
                os.close(other.pidfd)
                if other.connection is not None:
                    other.connection.close()
        serve_one_call(self.listener, self.report_end)

    def _dispatch(self, key: selectors.SelectorKey) -> None:
        if key.data == "report":
            self._took_call()
        elif key.data == "signal":
            with contextlib.suppress(OSError):
                os.read(self.wake_read, 512)
        elif key.data[0] == "client":
            self._client_gone(key.data[1])
        elif key.data[0] == "child":
            self._child_ended(key.data[1])

    def _took_call(self) -> None:
        """A child reports the call it accepted (with its connection): watch that client
        and fork the next spare."""
        try:
            data, fds, _, _ = socket.recv_fds(self.reports, wire.NUMBER.size, 1)
        except OSError:
            return
        pid = wire.NUMBER.unpack(data)[0] if len(data) == wire.NUMBER.size else 0
        child = self.children.get(pid)
        if child is None or not fds:
            for fd in fds:
                os.close(fd)
            return
        self.last_call = time.monotonic()
        child.connection = socket.socket(fileno=fds[0])
        self.selector.register(child.connection, selectors.EVENT_READ, ("client", pid))
        if self.spare == pid:
            self.spare = None
            self._fork_spare()

    def _kill(self, pid: int) -> None:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)

    def _client_gone(self, pid: int) -> None:
        """A client's connection became readable: it has gone (or broke the protocol);
        its child, if still running, is killed."""
        child = self.children.get(pid)
        if child is None:  # ended in the same round of events: already closed
            return
        self._kill(pid)
        if child.connection is not None:
            self.selector.unregister(child.connection)
            child.connection.close()
            child.connection = None

    def _child_ended(self, pid: int) -> None:
        child = self.children.pop(pid, None)
        if child is None:
            return
        self.selector.unregister(child.pidfd)
        _, status = os.waitpid(pid, 0)
        os.close(child.pidfd)
        if child.connection is not None:
            self.selector.unregister(child.connection)
            if os.WIFSIGNALED(status):  # it could not answer: the resident does
                with contextlib.suppress(OSError):
                    child.connection.sendall(wire.NUMBER.pack(-os.WTERMSIG(status)))
            child.connection.close()
        self.last_call = time.monotonic()
        if pid == self.spare:  # a spare that ended without a call (refused, or stopped)
            self.spare = None
            self._fork_spare()


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
    from mipair.resident.warmup import single_threaded, warm_up  # the engine: once locked

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
