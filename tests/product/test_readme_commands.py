"""Every command the README shows, run as written on mipair's wheel in a fresh environment.

The wheel is built once a session (``pip wheel``, as ``deploy/docker/build.sh`` builds it)
and installed with its dependencies (``mipair[service]``) into a new virtual environment,
from the package index pip uses here. The commands (``tests/support/documented_commands.py`` says
which lines are commands) run in document order, in a copy of the project whose ``.venv`` is
that environment, with its ``bin`` first on PATH and nothing of the checkout on the import
path: ``mipair`` is the installed script, as a user's is. Each must end with its documented
exit code and print no traceback. The dedicated handling, by what a command is:

- the set-up steps (a venv, an editable install, ``compileall``) are what the wheel's
  environment stands for: only their known forms are accepted, and what follows them runs;
- the test command is ``.ci/run``'s own (it must stay the same line), so CI runs it;
- ``mipair account`` commands make the accounts a documented service then signs in with, so
  they run with the service's commands;
- ``mipair serve`` and ``docker run -p`` start in the background on a free port, must
  answer ``/health`` 200 within 30 s, and that port takes the documented one's place in the
  commands after them (``curl``, whose answer must be JSON and no error); they are stopped
  (and the container removed) at the end;
- ``scripts/fuzz --count N`` runs a shorter campaign (its length the only change);
- what needs something this machine may not have (``curl``, a Docker daemon, a Kubernetes
  cluster) runs in a test of its own, skipped with the reason when it is missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.support.documented_commands import DOCUMENTS, ROOT, Command, commands, problems
from tests.support.service_server import free_port

SETUP_STEPS = {
    "python3 -m venv .venv": "the fresh environment",
    '.venv/bin/pip install -q -e ".[test]"': "mipair and its dependencies installed",
    '.venv/bin/pip install -q -e ".[service]"': "the service's extra installed",
    ".venv/bin/python -m compileall -q mipair": "mipair compiled, as the wheel's install does",
}
"""The set-up steps the wheel's environment stands for, and what it gives instead."""
SETUP_START = ("python3 -m venv", ".venv/bin/pip install", ".venv/bin/python -m compileall")

CI_COMMAND = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
"""The test command: the last line of ``.ci/run``."""

HEALTH_SECONDS = 30.0
"""How long a documented server may take to answer /health 200."""
COMMAND_SECONDS = 900.0
CAMPAIGN_CASES = 40
"""The cases of a fuzz campaign here (the README's count is for a long run)."""

NEEDS = ("", "curl", "docker", "kubernetes")
"""What a group of commands needs beyond Python and the project ("": nothing more)."""

NOT_COPIED = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.pyc", ".*_cache", ".hypothesis", "dist", "build"
)


def segments(command: Command) -> list[str]:
    """The command's parts joined by ``&&``."""
    return [part.strip() for part in command.code.split(" && ")]


def run_part(command: Command) -> str:
    """What runs of ``command``: what follows its set-up steps."""
    parts = segments(command)
    while parts and parts[0] in SETUP_STEPS:
        parts.pop(0)
    return " && ".join(parts)


def run_words(command: Command) -> list[str]:
    return shlex.split(run_part(command)) or [""]


def is_service(command: Command) -> bool:
    words = run_words(command)
    return Path(words[0]).name == "mipair" and words[1:2] == ["serve"]


def is_server(command: Command) -> bool:
    """Does ``command`` start a server that runs until stopped?"""
    return is_service(command) or run_words(command)[:2] == ["docker", "run"]


def is_account(command: Command) -> bool:
    """Does ``command`` make or change the desk's accounts (``mipair account ...``)?"""
    words = run_words(command)
    return Path(words[0]).name == "mipair" and words[1:2] == ["account"]


def need_of(command: Command) -> str:
    """What ``command`` needs (one of :data:`NEEDS`)."""
    program = run_words(command)[0]
    if program == "kubectl":
        return "kubernetes"
    if program == "docker" or program.startswith("deploy/docker/"):
        return "docker"
    if program == "curl" or is_service(command) or is_account(command):
        return "curl"  # the service's example (its accounts first): started here, asked by curl
    return ""


def unavailable(need: str) -> str | None:
    """Why the commands that need ``need`` cannot run here, or None."""
    program = {"curl": "curl", "docker": "docker", "kubernetes": "kubectl"}.get(need)
    if program is None:
        return None
    if shutil.which(program) is None:
        return f"no {program} on PATH"
    reach = {"docker": ["docker", "info"], "kubernetes": ["kubectl", "version"]}.get(need)
    if reach and subprocess.run(reach, capture_output=True, timeout=60).returncode != 0:
        return f"`{' '.join(reach)}` fails: no {need} to reach"
    return None


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding mipair's wheel, built from this checkout once a
    session, and its dependencies with the service's extra."""
    wheels = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = wheels.glob("mipair-*.whl")
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    done = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", f"{wheel}[service]"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return venv


@dataclass
class Session:
    """A copy of the project where one group of a document's commands runs, in order."""

    folder: Path
    environment: dict[str, str]
    ports: dict[str, str] = field(default_factory=dict)
    """Each documented port -> the free one used instead."""
    servers: list[tuple[subprocess.Popen[bytes], str]] = field(default_factory=list)
    """The servers started (and the name of each one's container, if it is one)."""
    failures: list[str] = field(default_factory=list)

    def shell(self, text: str) -> str:
        """``text`` with each documented port replaced by the one used here (in a URL on
        this host, ``--port N`` and the host side of ``-p N:M``)."""
        for documented, used in self.ports.items():
            pattern = rf"(127\.0\.0\.1:|localhost:|--port |-p ){documented}\b"
            text = re.sub(pattern, rf"\g<1>{used}", text)
        return text

    def fail(self, command: Command, why: str, output: str = "") -> None:
        self.failures.append(f"{command.where}: `{command.code}`: {why}\n{output[-2000:]}")

    def run(self, command: Command) -> None:
        """Run ``command`` as :mod:`this module <test_readme_commands>` says."""
        if "-m pytest" in command.code:
            if command.code != CI_COMMAND:
                self.fail(command, f"the test command is not .ci/run's: {CI_COMMAND}")
            return
        unknown = [
            part
            for part in segments(command)
            if part.startswith(SETUP_START) and part not in SETUP_STEPS
        ]
        if unknown:
            self.fail(command, f"set-up steps this test does not know: {unknown}")
        elif is_server(command):
            self.start_server(command)
        else:
            self.run_to_end(command)

    def run_to_end(self, command: Command) -> None:
        text = command.text if run_part(command) == command.code else run_part(command)
        words = run_words(command)
        if words[0] == "scripts/fuzz" and "--count" in words:
            text = re.sub(r"--count \d+", f"--count {CAMPAIGN_CASES}", text)
        done = subprocess.run(
            ["bash", "-c", self.shell(text)],
            cwd=self.folder,
            env=self.environment,
            capture_output=True,
            text=True,
            timeout=COMMAND_SECONDS,
        )
        output = done.stdout + done.stderr
        if done.returncode != command.exit_code:
            self.fail(command, f"exit {done.returncode}, documented {command.exit_code}", output)
        elif "Traceback (most recent call last)" in output:
            self.fail(command, "printed a traceback", output)
        elif words[0] == "curl":
            self.check_answer(command, done.stdout)

    def check_answer(self, command: Command, answer: str) -> None:
        """A documented request's answer: JSON, and not the service's error shape."""
        try:
            body = json.loads(answer)
        except ValueError:
            self.fail(command, "the answer is not JSON", answer)
            return
        if "error" in body:
            self.fail(command, "the service answered an error", answer)

    def start_server(self, command: Command) -> None:
        """Start a documented server on a free port; wait until /health answers 200."""
        words = run_words(command)
        published = next((word for word in words if re.fullmatch(r"\d+(:\d+)?", word)), "")
        if not published:
            self.fail(command, "a server command without its port")
            return
        documented, _, inside = published.partition(":")
        self.ports[documented] = str(free_port())
        text = self.shell(run_part(command))
        container = ""
        if words[0] == "docker":  # named, to ask it and to remove it
            container = f"mipair-readme-{os.getpid()}-{command.line}"
            text = text.replace("docker run", f"docker run --name {container}", 1)
        log = self.folder / f"server-{command.line}.log"
        with open(log, "wb") as output:
            process = subprocess.Popen(
                ["bash", "-c", "exec " + text],
                cwd=self.folder,
                env=self.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.servers.append((process, container))
        healthy = (
            container_health(container, inside)
            if container and not daemon_publishes_ports()
            else host_health(f"http://127.0.0.1:{self.ports[documented]}/health")
        )
        deadline = time.monotonic() + HEALTH_SECONDS
        while time.monotonic() < deadline and process.poll() is None:
            if healthy():
                return
            time.sleep(0.2)
        self.fail(
            command,
            f"no /health 200 within {HEALTH_SECONDS:g} s (exit {process.poll()})",
            log.read_text(errors="replace"),
        )

    def stop_servers(self) -> None:
        """Stop every server started (SIGTERM to its process group, then SIGKILL), and remove
        its container."""
        for process, container in self.servers:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            if container:
                subprocess.run(["docker", "rm", "-f", container], capture_output=True, timeout=60)


def host_health(url: str) -> Callable[[], bool]:
    """Does ``url`` answer 200?"""

    def answers() -> bool:
        try:
            return httpx.get(url, timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    return answers


def container_health(container: str, port: str) -> Callable[[], bool]:
    """Does the service in ``container`` answer /health 200 on its own ``port``?"""
    probe = f"import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}/health')"

    def answers() -> bool:
        asked = ["docker", "exec", container, "python3", "-c", probe]
        return subprocess.run(asked, capture_output=True, timeout=30).returncode == 0

    return answers


def daemon_publishes_ports() -> bool:
    """Has the Docker daemon a bridge network, so that ``-p`` reaches this host? One started
    with ``--bridge=none``, as ``.ci/run`` starts it, has not: the service is asked inside."""
    listed = subprocess.run(
        ["docker", "network", "ls", "--format", "{{.Name}}"], capture_output=True, text=True
    )
    return "bridge" in listed.stdout.split()


@pytest.fixture
def session(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Session]:
    """A copy of the project whose ``.venv`` is the wheel's environment, a private resident
    folder, and the environment a user's shell gives (nothing of the checkout on the path)."""
    venv: Path = request.getfixturevalue("installed")
    folder = tmp_path / "project"
    shutil.copytree(ROOT, folder, ignore=NOT_COPIED, symlinks=True)
    (folder / ".venv").symlink_to(venv)
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("MIPAIR_", "PYTHON", "VIRTUAL_ENV"))
    }
    environment.update(
        PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        VIRTUAL_ENV=str(venv),
        XDG_RUNTIME_DIR=str(runtime),
    )
    session = Session(folder, environment)
    try:
        yield session
    finally:
        session.stop_servers()
        subprocess.run(  # any resident a drop-in call started
            [str(venv / "bin" / "mipair"), "resident", "stop"],
            env=environment,
            capture_output=True,
            timeout=60,
        )


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_code_block_says_whether_it_is_run(document: str):
    assert problems(document) == []


@pytest.mark.parametrize("need", NEEDS, ids=lambda need: need or "plain")
@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_documented_commands_run_as_written(
    document: str, need: str, request: pytest.FixtureRequest
):
    chosen = [command for command in commands(document) if need_of(command) == need]
    if not chosen:
        pytest.skip(f"{document} has no command that needs {need or 'nothing more'}")
    why = unavailable(need)
    if why is not None:
        pytest.skip(f"{len(chosen)} commands of {document} need {need}: {why}")
    session: Session = request.getfixturevalue("session")
    for command in chosen:
        session.run(command)
    assert not session.failures, "\n".join(session.failures)


def test_the_set_up_and_the_service_are_shown():
    """What this test gives dedicated handling is in the README: the set-up command's
    example, the test command, ``mipair serve`` in its documented form and a request to it."""
    shown = commands("README.md")
    assert any(run_part(c).endswith("mipair solve scenarios/dutch/small.trfx") for c in shown)
    assert any(c.code == CI_COMMAND for c in shown)
    served = [c for c in shown if is_service(c)]
    assert served and "serve --host 127.0.0.1 --port" in served[0].code
    assert any(run_words(c)[0] == "curl" and "/v1/pair" in c.code for c in shown)
