"""``mipair check --cluster``: a local two-worker Dask cluster on 127.0.0.1 gives the local report."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.cli.check import exit_code
from mipair.errors import MipairError
from mipair.operations.judging import check_files
from mipair.systems.registry import get_system
from tests.support.paths import ROOT

CLUB = ROOT / "scenarios" / "mcmahon" / "club.xml"

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed (mipair[cluster]) is not installed"
)

FILES = [ROOT / "scenarios" / "dutch" / name for name in ("small.trfx", "small-310.trfx")]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
    ) as local:
        yield local.scheduler_address


def without_seconds(checks) -> list[dict]:
    out = []
    for tc in checks:
        data = tc.to_json()
        for rc in data["checks"]:
            rc.pop("seconds")
        out.append(data)
    return out


def test_cluster_report_equals_the_local_one(cluster):
    files = [str(f) for f in FILES]
    dutch = get_system("dutch")
    local, _ = check_files(dutch, files, "2026", 1, False)
    remote, _ = check_files(dutch, files, "2026", 1, False, cluster=cluster)
    assert without_seconds(remote) == without_seconds(local)
    assert exit_code(remote) == exit_code(local)
    assert sum(len(tc.rounds) for tc in remote) >= 5


def test_opengotha_files_on_the_cluster(cluster, tmp_path):
    """A folder of OpenGotha files goes to the cluster as TRF files do (the workers get
    the text when told they are remote)."""
    from tests.support.planted import swapped_game

    other = tmp_path / "colours.xml"
    other.write_text(swapped_game(CLUB.read_text(), "AUBERTCLAIRE", "KELLERANNA"))
    files = [str(CLUB), str(other)]
    mcmahon = get_system("mcmahon")
    local, _ = check_files(mcmahon, files, None, 1, False)
    remote, _ = check_files(mcmahon, files, None, 1, False, cluster=cluster)
    assert without_seconds(remote) == without_seconds(local)
    assert [len(tc.differing) for tc in remote] == [0, 1] and exit_code(remote) == 6
    from mipair.check.cluster import run_on_cluster
    from mipair.check.parallel import RoundTask

    tasks = [RoundTask("mcmahon", str(other), r, None) for r in (1, 2)]
    sent = run_on_cluster(tasks, cluster, shared=False)
    assert [rc.verdict for rc, _ in sent] == ["same", "colours"]


def test_cli_cluster_same_output_and_exit_status(cluster, tmp_path):
    folder = tmp_path / "period"
    folder.mkdir()
    for f in FILES:
        shutil.copy(f, folder / f.name)

    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "mipair.cli.main", "check", str(folder), *extra],
            capture_output=True,
            text=True,
            timeout=600,
        )

    local, remote = run("-j", "2"), run("--cluster", cluster)
    assert remote.returncode == local.returncode != 2, remote.stderr
    assert remote.stdout == local.stdout
    table = tmp_path / "report.csv"
    as_json = run("--cluster", cluster, "--json", "--to", "csv", "-o", str(table))
    files = json.loads(as_json.stdout)["files"]
    assert [Path(f["file"]).name for f in files] == sorted(f.name for f in FILES)
    assert len(table.read_text().splitlines()) == 1 + sum(f["rounds"] for f in files)


def test_unreachable_cluster_is_one_error():
    with pytest.raises(MipairError, match="cannot reach the cluster"):
        from mipair.check.cluster import run_on_cluster
        from mipair.check.parallel import RoundTask

        run_on_cluster(
            [RoundTask("dutch", str(FILES[0]), 1, "2026")], "tcp://127.0.0.1:9", False, wait=2
        )


def test_batches_carry_the_text_or_the_file(cluster, tmp_path):
    """Workers on this machine read the files; others get the texts: the same results."""
    from distributed import Client

    from mipair.check.cluster import batch_text, batches, run_on_cluster, workers_are_local
    from mipair.check.parallel import RoundTask, check_task

    tasks = [RoundTask("dutch", str(f), r, "2026") for f in FILES for r in (1, 2, 3)]
    with Client(cluster) as client:
        assert workers_are_local(client)
    shared, sent = batches(tasks, True, size=2), batches(tasks, False, size=2)
    assert [positions for positions, _ in shared] == [[0, 1], [2], [3, 4], [5]]
    assert all(b.text is None and Path(b.local_path).is_absolute() for _, b in shared)
    assert [b.text for _, b in sent] == [f.read_text() for f in FILES for _ in (1, 2)]
    local = [check_task(task) for task in tasks]
    for flag in (True, False):
        remote = run_on_cluster(tasks, cluster, shared=flag)
        assert [(rc.round, rc.agrees, rc.engine) for rc, _ in remote] == [
            (rc.round, rc.agrees, rc.engine) for rc, _ in local
        ]
    copy = tmp_path / "copy.trfx"
    copy.write_text(FILES[0].read_text())
    _, batch = batches([RoundTask("dutch", str(copy), 1, "2026")], True)[0]
    assert batch_text(batch) == FILES[0].read_text()
    copy.write_text(FILES[1].read_text())  # changed after the batch was made
    with pytest.raises(MipairError, match="changed"):
        batch_text(batch)
