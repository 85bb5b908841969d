"""What the README, `mipair --help` and the package promise a new user: the systems and editions
named, the service's defaults as it uses them, the command on PATH or written with its folder,
the tests that skip named, no dated notes."""

from __future__ import annotations

import re
from dataclasses import fields

from cli_process import ROOT, run_cli

from mipair.service.app import create_app
from mipair.service.settings import Settings
from mipair.systems.registry import system_names

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
        variable = f"MIPAIR_SERVICE_{spec.name.upper()}"
        assert f"{variable}; default: {spec.default}" in shown or (
            f"{variable} ({spec.default})" in shown
        ), spec.name
    assert "MIPAIR_SERVICE_LARGE_PRIORITY; default: idle" in shown


def test_the_tour_says_how_mipair_gets_on_path():
    setup = README.split("## A tour of the command line")[0]
    assert ". .venv/bin/activate" in setup


def test_the_tests_that_skip_are_named():
    for name in ("test_service_browser.py", "test_service_docker.py", "chromium", "Docker daemon"):
        assert name in README


def test_no_dated_investigation_or_machine_path_in_the_user_readme():
    assert not re.search(r"^#+ .*\(\d{4}-\d\d-\d\d\)", README, re.M)
    assert "/work/" not in README
