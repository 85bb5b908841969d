"""The arbiters' page and the API's documentation in headless Chromium (Debian's ``chromium``,
driven by Playwright's client), with no network but the server on 127.0.0.1: upload a file, read
the boards with names, ratings and scores, check the published rounds on request, read why an
impossible round cannot be paired, and open /docs; no console error and no failed request on any
page (the favicon included)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright's Python client is not installed"
)

from tests.support.chromium import CHROMIUM, FLAGS, Watched
from tests.support.service_server import SCENARIOS, Server, running_server

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


def upload(browser, server: Server, name: str, system: str = "dutch") -> Watched:
    watched = Watched(browser, server)
    page = watched.page
    page.goto(server.url + "/")
    page.set_input_files("#tournament", str(SCENARIOS / name))
    page.select_option("#system", system)
    page.click("#submit")
    page.wait_for_load_state()
    return watched


def test_upload_and_read_the_boards_with_names_ratings_and_scores(browser, server: Server):
    body = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
    with server.client() as client:
        expected = client.post("/v1/pair", content=body).json()
        standings = client.post("/v1/standings", content=body).json()["standings"]
    points = {line["player"]: line["points"] for line in standings}
    watched = upload(browser, server, "dutch/small.trfx")
    page = watched.page
    assert page.inner_text("#tournament") == "Small Club Swiss (mipair scenario)"  # 012
    assert page.title() == "mipair · Small Club Swiss (mipair scenario)"
    assert page.inner_text("#round") == f"Round {expected['round']}"
    rows = [row.split("\t") for row in page.locator("#boards tr").all_inner_texts()[1:]]
    assert [(int(r[0]), int(r[1]), int(r[5])) for r in rows] == [
        (b["board"], b["white"], b["black"]) for b in expected["boards"]
    ]
    first = rows[0]
    assert first[2] == "Greco, Giulia" and first[3] == "1950" and first[4] == points[7]
    assert page.inner_text("#bye").startswith(f"Bye: {expected['bye']} ")
    assert page.locator("#check-rounds").count() == 0  # the check only on request
    download = page.get_attribute("#download", "href")
    assert download is not None and download.startswith("data:text/plain")
    with page.expect_download() as got:
        page.click("#download")
    assert Path(got.value.path()).read_text(encoding="utf-8") == expected["text"]
    page.emulate_media(media="print")
    assert not page.is_visible("#print") and page.is_visible("#boards")
    assert watched.close() == []
    logged = [json.loads(line) for line in server.log_lines() if '"page"' in line]
    assert [(line["endpoint"], line["status"], line["outcome"]) for line in logged][:1] == [
        ("page", 200, "ok")
    ]


def test_the_check_runs_on_request_round_by_round(browser, server: Server):
    body = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
    with server.client() as client:
        check = client.post("/v1/check", content=body).json()
    watched = upload(browser, server, "dutch/small.trfx")
    page = watched.page
    page.click("#check")
    page.wait_for_selector("#outcome")
    assert page.inner_text("#progress").startswith(f"{len(check['rounds'])} published rounds")
    verdicts = page.locator("#check-rounds tr").all_inner_texts()[1:]
    assert [row.split("\t") for row in verdicts] == [
        [str(r["round"]), r["verdict"], r["summary"]] for r in check["rounds"]
    ]
    outcome = page.locator("#outcome")
    if check["outcome"] == "differs":
        assert "all are legal" in outcome.inner_text()
        assert outcome.get_attribute("class") == "warn"  # not styled as an error
    assert watched.close() == []


def test_a_go_round_shows_ranks_and_handicaps(browser, server: Server):
    watched = upload(browser, server, "mcmahon/club.xml", system="mcmahon")
    headers = watched.page.locator("#boards tr").first.inner_text().split("\t")
    assert headers[-1] == "Handicap"
    rows = [row.split("\t") for row in watched.page.locator("#boards tr").all_inner_texts()[1:]]
    assert rows[2][2] == "Lindqvist Erik (2K)" and rows[2][-1] == "3"
    page = watched.page
    with page.expect_download() as got:  # as Go players read a round, not bbpPairings text
        page.click("#download")
    text = Path(got.value.path()).read_text(encoding="utf-8")
    assert "Lindqvist" in text and not text.startswith(f"{len(rows)}\n")
    assert page.inner_text("#tournament") != "club.xml"  # the tournament's own name
    assert watched.close() == []


def test_an_impossible_round_is_explained_in_words(browser, server: Server):
    watched = upload(browser, server, "infeasible/rr4-exhausted.trfx")
    page = watched.page
    assert "round 4 cannot be paired" in page.inner_text("#error")
    explanation = page.inner_text("#explanation")
    assert "has already met every other player" in explanation
    assert "least" in explanation.lower()
    problems = watched.close()
    assert problems == []


def test_a_bad_file_shows_the_located_message(browser, server: Server):
    watched = upload(browser, server, "papp/sample.papp", system="dutch")
    assert watched.page.inner_text("#error").startswith("sample.papp:")
    watched.close()


def test_the_api_docs_load_offline_without_an_error(browser, server: Server):
    watched = Watched(browser, server)
    watched.page.goto(server.url + "/docs")
    watched.page.wait_for_selector(".opblock-summary-path", timeout=30_000)
    paths = watched.page.locator(".opblock-summary-path").all_inner_texts()
    assert {"/v1/pair", "/v1/check", "/ready"} <= {p.strip() for p in paths}
    assert watched.close() == []


def test_the_form_page_loads_without_an_error(browser, server: Server):
    watched = Watched(browser, server)
    watched.page.goto(server.url + "/")
    assert watched.page.is_visible("#tournament")
    assert watched.close() == []
