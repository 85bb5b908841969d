"""``mipair check --cluster``: a local two-worker Dask cluster on 127.0.0.1 gives the local report."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mipair.cli.check import check_files, exit_code
from mipair.errors import MipairError

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed (mipair[cluster]) is not installed"
)

ROOT = Path(__file__).resolve().parents[1]
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
    local, _ = check_files(files, "2026", 1, False)
    remote, _ = check_files(files, "2026", 1, False, cluster=cluster)
    assert without_seconds(remote) == without_seconds(local)
    assert exit_code(remote) == exit_code(local)
    assert sum(len(tc.rounds) for tc in remote) >= 5


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

        run_on_cluster([RoundTask(str(FILES[0]), 1, "2026")], "tcp://127.0.0.1:9", False, wait=2)
