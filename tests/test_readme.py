"""What the README and `mipair --help` promise a new user: the systems and editions named, the
command on PATH or written with its folder, the tests that skip named, no dated notes."""

from __future__ import annotations

import re

from cli_process import ROOT, run_cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_intro_and_help_name_every_system_and_edition():
    intro = README.split("## Set-up")[0]
    shown = run_cli("--help").stdout
    for text in (intro, shown):
        for word in ("McMahon", "PAPP", "2012", "2017", "2026"):
            assert word in text, word


def test_the_tour_says_how_mipair_gets_on_path():
    setup = README.split("## A tour of the command line")[0]
    assert ". .venv/bin/activate" in setup


def test_the_tests_that_skip_are_named():
    for name in ("test_service_browser.py", "test_service_docker.py", "chromium", "Docker daemon"):
        assert name in README


def test_no_dated_investigation_or_machine_path_in_the_user_readme():
    assert not re.search(r"^#+ .*\(\d{4}-\d\d-\d\d\)", README, re.M)
    assert "/work/" not in README
