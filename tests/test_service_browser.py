"""The arbiters' page in headless Chromium (Debian's ``chromium``, driven by Playwright's client):
upload a file, read the boards, the check, and the explanation of an impossible round."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright's Python client is not installed"
)

from service_server import SCENARIOS, Server, running_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

if not shutil.which(CHROMIUM):
    pytest.skip(
        "headless Chromium is not installed (apt-get install chromium)", allow_module_level=True
    )


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(workers=1, queue=4) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


def upload(browser, server: Server, name: str, system: str = "dutch"):
    page = browser.new_page()
    page.goto(server.url + "/")
    page.set_input_files("#tournament", str(SCENARIOS / name))
    page.select_option("#system", system)
    page.click("#submit")
    page.wait_for_load_state()
    return page


def test_upload_and_read_the_boards_and_the_check(browser, server: Server):
    body = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
    with server.client() as client:
        expected = client.post("/v1/pair", content=body).json()
        check = client.post("/v1/check", content=body).json()
    page = upload(browser, server, "dutch/small.trfx")
    assert page.inner_text("#round") == f"Round {expected['round']}"
    rows = page.locator("#boards tr").all_inner_texts()[1:]
    shown = [tuple(int(cell) for cell in row.split("\t")) for row in rows]
    assert shown == [(b["board"], b["white"], b["black"]) for b in expected["boards"]]
    assert page.inner_text("#bye") == f"Bye: {expected['bye']}"
    assert "Aaltonen, Aino" in page.inner_text("#description")
    verdicts = page.locator("#check-rounds tr").all_inner_texts()[1:]
    assert [row.split("\t") for row in verdicts] == [
        [str(r["round"]), r["verdict"], r["summary"]] for r in check["rounds"]
    ]
    page.close()
    logged = [json.loads(line) for line in server.log_lines() if '"page"' in line]
    assert [(line["endpoint"], line["status"], line["outcome"]) for line in logged][:1] == [
        ("page", 200, "ok")
    ]


def test_an_impossible_round_is_explained_in_words(browser, server: Server):
    page = upload(browser, server, "infeasible/rr4-exhausted.trfx")
    assert "round 4 cannot be paired" in page.inner_text("#error")
    explanation = page.inner_text("#explanation")
    assert "has already met every other player" in explanation
    assert "least" in explanation.lower()
    page.close()


def test_a_bad_file_shows_the_located_message(browser, server: Server):
    page = upload(browser, server, "papp/sample.papp", system="dutch")
    assert page.inner_text("#error").startswith("sample.papp:")
    page.close()
