"""``mipair check --cluster ADDRESS``: the rounds to check sent to a Dask distributed cluster.

The same round tasks as the local run (:mod:`mipair.check.parallel`), sent
in batches: the rounds of one file, a few at a time (one scheduler round trip
and one reading of the file per batch, not per round). When every worker runs
on this machine, a batch names the file (absolute path and content hash) and
the worker reads it; otherwise it carries the file's text, so that remote
workers need no shared file system, only mipair installed (the optional extra
``mipair[cluster]``). Results come back in task order, so the report and the
exit status are those of a local run.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mipair.check.parallel import RoundTask, check_loaded, progress_bar
from mipair.errors import EXIT_FILE_ACCESS, FileAccessError, InputError, MipairError
from mipair.formats.text import decode, load
from mipair.systems.registry import get_system

CONNECT_SECONDS = 10
ROUNDS_PER_BATCH = 4  # rounds of one file a task: fewer round trips, still balanced
LOOPBACK = {"127.0.0.1", "::1", "localhost"}


@dataclass(frozen=True)
class RoundBatch:
    """Rounds of one file for one worker: the file's text, or where to read it on this machine."""

    tasks: tuple[RoundTask, ...]
    text: str | None = None  # None: read ``local_path`` (the workers share this machine)
    local_path: str = ""
    digest: str = ""  # sha256 of the bytes the worker must find at ``local_path``


@lru_cache(maxsize=8)
def _parsed(system: str, text: str, source: str) -> object:
    return get_system(system).document(source, text)


def batch_text(batch: RoundBatch) -> str:
    """The text of the batch's file: sent with it, or read (and checked) on the worker."""
    if batch.text is not None:
        return batch.text
    try:
        with open(batch.local_path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise FileAccessError(
            f"a cluster worker cannot read the file: {exc.strerror or exc}", file=batch.local_path
        ) from None
    if hashlib.sha256(data).hexdigest() != batch.digest:
        raise FileAccessError("the file changed while it was being checked", file=batch.local_path)
    return decode(data)


def remote_check(batch: RoundBatch) -> list:
    """Check a batch of rounds on a worker; one result each, as
    :func:`~mipair.check.parallel.check_task` gives."""
    first = batch.tasks[0]
    document = _parsed(first.system, batch_text(batch), first.path)
    return [check_loaded(document, task) for task in batch.tasks]


def batches(
    tasks: Sequence[RoundTask], shared: bool, size: int = ROUNDS_PER_BATCH
) -> list[tuple[list[int], RoundBatch]]:
    """The round tasks grouped by file, ``size`` rounds at most a batch, each with the
    positions of its tasks in ``tasks``."""
    by_file: dict[str, list[int]] = {}
    for position, task in enumerate(tasks):
        by_file.setdefault(task.path, []).append(position)
    out: list[tuple[list[int], RoundBatch]] = []
    for path, positions in by_file.items():
        if shared:
            sent = {"local_path": os.path.abspath(path), "digest": file_digest(path)}
        else:
            sent = {"text": load(path)}
        for start in range(0, len(positions), size):
            part = positions[start : start + size]
            out.append((part, RoundBatch(tuple(tasks[p] for p in part), **sent)))
    return out


def file_digest(path: str) -> str:
    """sha256 of a file's bytes."""
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def workers_are_local(client) -> bool:
    """Every worker of the cluster runs on this machine (so it reads the same files)."""
    hosts = {socket.gethostname(), *LOOPBACK}
    with contextlib.suppress(OSError):
        hosts.add(socket.gethostbyname(socket.gethostname()))
    workers = client.scheduler_info().get("workers", {})
    return bool(workers) and all(info.get("host") in hosts for info in workers.values())


class ClusterUnreachable(MipairError):
    """No Dask scheduler answers at the address (exit 5, like a file that cannot be read)."""

    exit_code = EXIT_FILE_ACCESS

    def __init__(self, address: str, why: str) -> None:
        super().__init__(f"cannot reach the cluster at {address}: {why}", field="--cluster")


def scheduler_address(address: str) -> str:
    """The address as Dask reads it, or InputError (exit 3) for one that names no host and port."""
    from distributed.comm import parse_address, parse_host_port  # mipair[cluster]

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(location)
    except ValueError as exc:
        raise InputError(
            f"not a scheduler address ({exc}); expected tcp://HOST:PORT", field="--cluster"
        ) from None
    return address


def reach_scheduler(address: str, wait: float) -> None:
    """Connect and exchange Dask's handshake within ``wait`` seconds, else ClusterUnreachable.

    Dask's own connect waits for the handshake without a limit, so a port that
    accepts connections but is not a scheduler would hang the client for ever.
    """
    from distributed.comm import connect  # mipair[cluster]: an optional dependency

    async def handshake() -> None:
        comm = await asyncio.wait_for(connect(address, timeout=wait), wait + 1)
        await comm.close()

    scheduler_address(address)
    try:
        asyncio.run(handshake())
    except asyncio.TimeoutError:
        raise ClusterUnreachable(
            address, f"no Dask handshake in {wait:g} s (is it a scheduler's port?)"
        ) from None
    except (OSError, ValueError) as exc:
        raise ClusterUnreachable(address, str(exc)) from None


def run_on_cluster(
    tasks: Sequence[RoundTask],
    address: str,
    progress: bool = False,
    wait: float = CONNECT_SECONDS,
    shared: bool | None = None,
) -> list:
    """Check every round task on the cluster at ``address`` (waiting ``wait`` seconds to reach
    it); results in task order. ``shared``: whether the workers read the files themselves
    (None: when they all run on this machine)."""
    try:
        from distributed import Client, as_completed  # mipair[cluster]
    except ImportError:
        raise MipairError(
            "--cluster needs Dask distributed: pip install 'mipair[cluster]'", field="--cluster"
        ) from None
    reach_scheduler(address, wait)
    try:
        client = Client(address, timeout=wait)
    except (OSError, TimeoutError) as exc:
        raise ClusterUnreachable(address, str(exc)) from None
    with client, progress_bar(progress) as bar:
        work = batches(tasks, workers_are_local(client) if shared is None else shared)
        task_id = bar.add_task("checking rounds on the cluster", total=len(tasks))
        futures = client.map(remote_check, [batch for _, batch in work], pure=False)
        for future in as_completed(futures):
            bar.advance(task_id, len(future.result()))
        results: list = [None] * len(tasks)
        for (positions, _), future in zip(work, futures):
            for position, result in zip(positions, future.result()):
                results[position] = result
        return results
