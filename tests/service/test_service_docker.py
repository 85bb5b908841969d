"""The Docker image: built offline (``deploy/docker/build.sh``: the pinned dependencies' wheels and
mipair's, ``docker build --network=none`` on the local base), in layers with mipair's code apart
from its dependencies; it runs as a non-root user, answers /health (and its HEALTHCHECK turns
healthy), and pairs a corpus round exactly as the CLI does.

Needs a Docker daemon (Debian's docker.io; ``.ci/run`` starts one) and the local
base images (``deploy/docker/local-base.sh``, debootstrap + docker import; made here
when missing); skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.paths import ROOT

BASE = "mipair-local-base:bookworm"
IMAGE = "mipair-test:service"
DOCKER = shutil.which("docker")
CORPUS_FILE = ROOT.parent / "shared" / "conformance" / "dutch-2026" / "t0001000.trf"


def docker(*args: str, timeout: float = 600, **kwargs) -> subprocess.CompletedProcess[str]:
    assert DOCKER is not None
    return subprocess.run(
        [DOCKER, *args], capture_output=True, text=True, timeout=timeout, **kwargs
    )


def daemon_problem() -> str | None:
    if DOCKER is None:
        return "no docker client (apt-get install docker.io)"
    try:
        info = docker("info", "--format", "{{.ServerVersion}}", timeout=30)
    except subprocess.TimeoutExpired:
        return "the Docker daemon does not answer"
    if info.returncode != 0:
        return f"no Docker daemon running ({info.stderr.strip()[:200]})"
    return None


if (problem := daemon_problem()) is not None:
    pytest.skip(problem, allow_module_level=True)


@pytest.fixture(scope="module")
def image() -> Iterator[str]:
    made = subprocess.run(
        ["bash", str(ROOT / "deploy" / "docker" / "local-base.sh"), BASE],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if made.returncode != 0:
        pytest.skip(f"cannot make the local base image: {made.stderr.strip()[-300:]}")
    built = subprocess.run(
        ["bash", str(ROOT / "deploy" / "docker" / "build.sh"), IMAGE, "service"],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "PYTHON": sys.executable},
    )
    if built.returncode != 0 and "docker build" not in built.stderr + built.stdout:
        pytest.skip(f"cannot build the wheels: {built.stderr.strip()[-300:]}")
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    size = int(docker("image", "inspect", "--format", "{{.Size}}", IMAGE).stdout)
    print(f"\nimage {IMAGE}: {size / 1e6:.0f} MB")
    yield IMAGE


def layer_sizes(image: str) -> list[tuple[int, str]]:
    """(bytes, the instruction that made it) of each layer, the newest first."""
    history = docker(
        "history", "--no-trunc", "--human=false", "--format", "{{.Size}}\t{{.CreatedBy}}", image
    )
    return [
        (int(size), made)
        for size, made in (line.split("\t", 1) for line in history.stdout.splitlines())
    ]


def test_mipairs_code_is_a_small_layer_apart_from_its_dependencies(image: str):
    layers = [(size, made) for size, made in layer_sizes(image) if size > 0]
    app, deps = layers[0], layers[1]
    assert "/opt/mipair-app" in app[1] and app[0] < 20e6, app
    assert "/opt/mipair " in deps[1] and deps[0] > 100e6, deps
    size = int(docker("image", "inspect", "--format", "{{.Size}}", image).stdout)
    assert size < 513e6  # the image before its dependencies were pruned and stripped
    listed = docker(
        "run",
        "--rm",
        "--network=none",
        "--entrypoint",
        "/opt/mipair/bin/python",
        image,
        "-m",
        "pip",
        "--version",
    )
    assert listed.returncode != 0  # pip is not in the image


def test_the_image_is_built_on_its_base_pinned_by_digest(image: str):
    """build.sh builds FROM the checked base's image ID (the sha256 of its content) and says so
    in the image's labels."""
    base_id = docker("image", "inspect", "--format", "{{.Id}}", BASE).stdout.strip()
    labels = json.loads(
        docker("image", "inspect", "--format", "{{json .Config.Labels}}", image).stdout
    )
    assert base_id.startswith("sha256:")
    assert labels["org.opencontainers.image.base.digest"] == base_id
    assert labels["org.opencontainers.image.base.name"] == BASE


@pytest.fixture
def container(image: str) -> Iterator[str]:
    name = f"mipair-test-{uuid.uuid4().hex[:8]}"
    started = docker("run", "-d", "--network=none", "--name", name, image)
    assert started.returncode == 0, started.stderr
    try:
        yield name
    finally:
        docker("rm", "-f", name)


def in_container(name: str, code: str, data: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    assert DOCKER is not None
    return subprocess.run(
        [DOCKER, "exec", "-i", name, "python3", "-c", code],
        input=data,
        capture_output=True,
        timeout=300,
    )


HEALTH = "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:8000/health').read().decode())"
PAIR = (
    "import json, sys, urllib.request\n"
    "request = urllib.request.Request('http://127.0.0.1:8000/v1/pair?system=dutch&rules=2026',"
    " data=sys.stdin.buffer.read(), headers={'Content-Type': 'application/octet-stream'})\n"
    "sys.stdout.write(json.load(urllib.request.urlopen(request))['text'])\n"
)


def a_round(tmp_path: Path) -> Path:
    """A corpus round cut by the corpus's tool when ../shared is there, else a shipped scenario."""
    if not CORPUS_FILE.exists():
        return ROOT / "scenarios" / "dutch" / "small.trfx"
    sys.path.insert(0, str(CORPUS_FILE.parents[2] / "tools"))
    import conformance

    header, players, rounds = conformance.parse(str(CORPUS_FILE))
    first = conformance.initial_colour(players, rounds)
    path = tmp_path / "round.trf"
    path.write_text(conformance.cut(header, players, rounds, rounds - 1, first))
    return path


def test_image_runs_healthy_non_root_and_pairs_like_the_cli(container: str, tmp_path: Path):
    deadline = time.monotonic() + 60
    while in_container(container, HEALTH).returncode != 0:
        assert time.monotonic() < deadline, docker("logs", container).stderr
        time.sleep(1)
    assert json.loads(in_container(container, HEALTH).stdout)["status"] == "ok"
    assert docker("exec", container, "id", "-u").stdout.strip() == "10001"
    command = docker("exec", container, "cat", "/proc/1/cmdline").stdout.split("\0")
    assert command[1:3] == ["/opt/mipair-app/bin/mipair", "serve"]  # the README's command
    source = a_round(tmp_path)
    out = tmp_path / "cli.txt"
    done = subprocess.run(
        [sys.executable, "-m", "mipair.cli.main", "--dutch", str(source), "-p", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    paired = in_container(container, PAIR, source.read_bytes())
    assert paired.returncode == 0, paired.stderr
    assert paired.stdout == out.read_bytes()
    deadline = time.monotonic() + 90
    while (
        status := docker(
            "inspect", "--format", "{{.State.Health.Status}}", container
        ).stdout.strip()
    ) != "healthy":
        assert status in ("starting", "healthy") and time.monotonic() < deadline, status
        time.sleep(2)


SIGN_IN = (
    "import json, sys, urllib.request\n"
    "request = urllib.request.Request('http://127.0.0.1:8000/v1/desk/tokens',"
    " data=sys.stdin.buffer.read(), headers={'Content-Type': 'application/json'})\n"
    "token = json.load(urllib.request.urlopen(request))['token']\n"
    "asked = urllib.request.Request('http://127.0.0.1:8000/v1/desk/tournaments',"
    " headers={'Authorization': 'Bearer ' + token})\n"
    "print(json.dumps(json.load(urllib.request.urlopen(asked))))\n"
)


def test_the_desks_data_outlives_the_container_on_its_volume(image: str):
    """The image keeps the desk's database in the volume /data: an account added in one
    container signs in to another on the same volume, as the non-root user."""
    config = json.loads(docker("image", "inspect", "--format", "{{json .Config}}", image).stdout)
    assert "/data" in config["Volumes"] and "MIPAIR_DATA=/data" in config["Env"]
    volume = f"mipair-test-{uuid.uuid4().hex[:8]}"
    name = f"mipair-test-{uuid.uuid4().hex[:8]}"
    try:
        added = subprocess.run(
            [DOCKER, "run", "--rm", "-i", "--network=none", "-v", f"{volume}:/data", image]
            + ["account", "add", "anna", "--password-stdin"],
            input="correct horse battery\n",
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert added.returncode == 0, added.stderr
        started = docker(
            "run", "-d", "--network=none", "-v", f"{volume}:/data", "--name", name, image
        )
        assert started.returncode == 0, started.stderr
        deadline = time.monotonic() + 60
        while in_container(name, HEALTH).returncode != 0:
            assert time.monotonic() < deadline, docker("logs", name).stderr
            time.sleep(1)
        body = json.dumps({"name": "anna", "password": "correct horse battery"}).encode()
        listed = in_container(name, SIGN_IN, body)
        assert listed.returncode == 0, listed.stderr
        assert json.loads(listed.stdout) == {"tournaments": []}
    finally:
        docker("rm", "-f", name)
        docker("volume", "rm", "-f", volume)


def test_the_base_is_checked_against_its_package_lock(tmp_path: Path):
    """local-base.sh checks the base it makes or finds against deploy/docker/base-packages.txt:
    a package at another version is named, and fails the script when strict."""
    lock = (ROOT / "deploy" / "docker" / "base-packages.txt").read_text(encoding="utf-8")
    assert re.search(r"^python3\.11 \S+$", lock, re.M)
    altered = tmp_path / "lock.txt"
    altered.write_text(re.sub(r"^python3\.11 \S+$", "python3.11 0.0-locked", lock, flags=re.M))
    checked = subprocess.run(
        ["bash", str(ROOT / "deploy" / "docker" / "local-base.sh"), BASE],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "MIPAIR_BASE_LOCK": str(altered), "MIPAIR_BASE_STRICT": "1"},
    )
    if checked.returncode != 0 and "differs" not in checked.stderr:
        pytest.skip(f"cannot make the local base image: {checked.stderr.strip()[-300:]}")
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "< python3.11 0.0-locked" in checked.stderr
