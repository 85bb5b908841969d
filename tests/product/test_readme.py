"""What the README, `mipair --help` and the package promise a new user: the systems and editions
named, the service's defaults as it uses them, the command on PATH or written with its folder,
the tests that skip named, every guide linked and every link whole, and no machine path or
work session anywhere in the project."""

from __future__ import annotations

import re
from dataclasses import fields

from mipair.service.app import create_app
from mipair.service.settings import Settings, variable_of
from mipair.systems.registry import system_names
from tests.support.cli_process import ROOT, run_cli

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_intro_help_docs_and_package_name_every_system_and_edition():
    """Every registered system by name (and the Dutch editions) in the README's opening, in
    ``mipair --help``, in the service's /docs (its OpenAPI description) and in the package's
    description."""
    intro = README.split("## Set-up")[0]
    shown = run_cli("--help").stdout
    docs = create_app().openapi()["info"]["description"]
    package = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    described = package["project"]["description"]
    for text in (intro, " ".join(shown.split()), docs, described):
        for name in system_names():
            assert name.lower() in text.lower(), (name, text)
    for text in (intro, " ".join(shown.split()), docs):
        for edition in ("2012", "2017", "2026"):
            assert edition in text, edition


def test_serve_help_shows_the_defaults_the_service_uses():
    """Each setting's default, as the service takes it, beside its option or in the list of
    those without one (the large lane's priority was shown as nice while it was idle)."""
    shown = " ".join(run_cli("serve", "--help").stdout.split())
    for spec in fields(Settings):
        variable = variable_of(spec.name)
        assert f"{variable}; default: {spec.default}" in shown or (
            f"{variable} ({spec.default})" in shown
        ), spec.name
    assert "MIPAIR_SERVICE_LARGE_PRIORITY; default: idle" in shown


def test_the_set_up_says_how_mipair_gets_on_path():
    setup = README.split("## Set-up")[1].split("\n## ")[0]
    assert ". .venv/bin/activate" in setup


def test_the_tests_that_skip_are_named():
    for name in ("test_service_browser.py", "test_service_docker.py", "chromium", "Docker daemon"):
        assert name in README


def test_the_readme_is_a_newcomers_page_that_links_every_guide():
    """At most 200 lines, and every guide under docs/ reachable from it."""
    assert README.count("\n") <= 200
    guides = sorted(path.name for path in (ROOT / "docs").glob("*.md"))
    assert guides
    for name in guides:
        assert f"](docs/{name})" in README, name


def slug(heading: str) -> str:
    """The anchor a markdown heading gets (GitHub's rule: lower case, punctuation dropped,
    spaces to hyphens)."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def test_every_link_between_the_documents_leads_somewhere():
    """Each relative link of the README, the guides and benchmarks/README.md names a file
    of the project, and its #anchor a heading of that file."""
    documents = [ROOT / "README.md", ROOT / "benchmarks" / "README.md"]
    documents += sorted((ROOT / "docs").glob("*.md"))
    broken = []
    for document in documents:
        text = document.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # http:, https:, mailto:
            path, _, anchor = target.partition("#")
            linked = (document.parent / path).resolve() if path else document
            if not linked.exists():
                broken.append(f"{document.relative_to(ROOT)}: {target}: no such file")
            elif anchor and linked.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)
                if anchor not in {slug(heading) for heading in headings}:
                    broken.append(f"{document.relative_to(ROOT)}: {target}: no such heading")
    assert broken == []


MACHINE_PATH = re.compile(r"/w[o]rk/")
"""A folder of the machine the project was built on (written so that this file does not
match itself)."""
WORK_SESSION = re.compile(r"\bsession [0-9]")
"""A work session named in the project's own text."""
SKIPPED = {"build", "dist", "__pycache__", "node_modules"}


def test_no_dated_investigation_machine_path_or_work_session_in_the_project():
    assert not re.search(r"^#+ .*\(\d{4}-\d\d-\d\d\)", README, re.M)
    found = []
    for path in sorted(ROOT.rglob("*")):
        relative = path.relative_to(ROOT)
        if path.suffix not in (".py", ".md", ".toml") or any(
            part.startswith(".") or part in SKIPPED or part.endswith(".egg-info")
            for part in relative.parts
        ):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if MACHINE_PATH.search(line) or WORK_SESSION.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert found == []
