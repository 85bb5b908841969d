"""``mipair check --cluster ADDRESS``: the rounds to check sent to a Dask distributed cluster.

The same round tasks as the local run (:mod:`mipair.check.parallel`), each
carrying its file's text so that the workers need no shared file system,
only mipair installed (the optional extra ``mipair[cluster]``). Results come
back in task order, so the report and the exit status are those of a local
run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mipair.check.parallel import RoundTask, check_loaded, progress_bar
from mipair.errors import MipairError
from mipair.formats.text import load

CONNECT_SECONDS = 10


@dataclass(frozen=True)
class RemoteRound:
    """A round task with its file's text."""

    task: RoundTask
    text: str


@lru_cache(maxsize=8)
def _parsed(text: str, source: str):
    from mipair.formats.trf import parse_text

    return parse_text(text, source)


def remote_check(remote: RemoteRound):
    """Check one round on a worker; returns what :func:`~mipair.check.parallel.check_task` does."""
    return check_loaded(_parsed(remote.text, remote.task.path), remote.task)


def run_on_cluster(
    tasks: Sequence[RoundTask], address: str, progress: bool = False, wait: float = CONNECT_SECONDS
) -> list:
    """Check every round task on the cluster at ``address`` (waiting ``wait`` seconds to reach
    it); results in task order."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise MipairError(
            "--cluster needs Dask distributed: pip install 'mipair[cluster]'", field="--cluster"
        ) from None
    texts = {path: load(path) for path in {t.path for t in tasks}}
    remote = [RemoteRound(task, texts[task.path]) for task in tasks]
    try:
        client = Client(address, timeout=wait)
    except (OSError, TimeoutError) as exc:
        raise MipairError(
            f"cannot reach the cluster at {address}: {exc}", field="--cluster"
        ) from None
    with client, progress_bar(progress) as bar:
        task_id = bar.add_task("checking rounds on the cluster", total=len(remote))
        futures = client.map(remote_check, remote, pure=False)
        for _ in as_completed(futures):
            bar.advance(task_id)
        return client.gather(futures)
