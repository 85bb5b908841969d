"""The pairing service against a real server on 127.0.0.1: every endpoint, bad and oversized input.

Each answer is held against the command line run on the same file: the
service must be the CLI over HTTP, byte for byte where the CLI writes bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip(
    "fastapi", reason="the service extra is not installed (pip install mipair[service])"
)
pytest.importorskip("httpx", reason="httpx is not installed")

from tests.support.cli_process import run_cli
from tests.support.service_server import SCENARIOS, Server, running_server

MAX_BYTES = 100_000
DUTCH = [
    ("dutch/small.trfx", "2026"),
    ("dutch/small.trfx", "2017"),
    ("dutch/round1.trfx", "2026"),
    ("dutch/ranked.trfx", "2026"),
    ("dutch/accelerated-latin1-crlf.trf", "2026"),
]
INFEASIBLE = SCENARIOS / "infeasible" / "rr4-exhausted.trfx"


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_server(workers=2, queue=8, max_bytes=MAX_BYTES) as running:
        yield running


def post(server: Server, endpoint: str, path: Path, **params: object):
    with server.client() as client:
        return client.post(f"/v1/{endpoint}", params=params, content=path.read_bytes())


@pytest.mark.parametrize(("name", "rules"), DUTCH)
def test_pair_is_the_dropin_output_byte_for_byte(server: Server, tmp_path: Path, name, rules):
    source = SCENARIOS / name
    out = tmp_path / "pairs.txt"
    done = run_cli("--rules", rules, "--dutch", str(source), "-p", str(out))
    assert done.returncode == 0, done.stderr
    answer = post(server, "pair", source, system="dutch", rules=rules)
    assert answer.status_code == 200
    body = answer.json()
    assert body["text"] == out.read_bytes().decode("ascii")
    lines = body["text"].splitlines()
    boards = [f"{b['white']} {b['black']}" for b in body["boards"]]
    assert lines[1 : 1 + len(boards)] == boards
    assert body["bye"] == (int(lines[-1].split()[0]) if lines[-1].endswith(" 0") else None)
    solved = json.loads(run_cli("solve", str(source), "--rules", rules, "--json").stdout)
    assert body["round"] == solved["round"] and body["rules"] == rules


def test_papp_event_goes_through_the_same_route(server: Server):
    source = SCENARIOS / "papp" / "sample.papp"
    body = post(server, "pair", source, system="papp").json()
    solved = json.loads(run_cli("solve", str(source), "--system", "papp", "--json").stdout)
    assert body["round"] == solved["round"]
    assert [(b["white"], b["black"]) for b in body["boards"]] == [
        (b["white"], b["black"]) for b in solved["boards"]
    ]
    assert body["bye"] == solved["bye"]
    standings = post(server, "standings", source, system="papp").json()["standings"]
    assert [line["player"] for line in standings][:1] == [1]
    assert set(standings[0]["tie_breaks"]) == {"tie-break", "discs"}


def test_check_agrees_with_the_cli(server: Server):
    source = SCENARIOS / "dutch" / "small.trfx"
    done = run_cli("check", str(source), "--json", "--jobs", "1")
    expected = json.loads(done.stdout)
    rounds = expected["files"][0]["checks"]
    body = post(server, "check", source).json()
    assert [(r["round"], r["verdict"], r["summary"]) for r in body["rounds"]] == [
        (r["round"], r["verdict"], r["summary"]) for r in rounds
    ]
    assert body["outcome"] == {0: "agrees", 6: "differs", 7: "illegal"}[done.returncode]


def test_explain_an_impossible_round(server: Server):
    body = post(server, "explain", INFEASIBLE).json()
    done = run_cli("explain", str(INFEASIBLE), "--json")
    expected = json.loads(done.stdout)
    assert body["pairable"] is False and done.returncode == 1
    assert body["reason"]["summary"] == expected["reason"]["summary"]
    assert "cannot be paired" in body["text"]


def test_pair_of_an_impossible_round_is_409_with_the_reason(server: Server):
    answer = post(server, "pair", INFEASIBLE, name="rr4.trfx")
    assert answer.status_code == 409
    error = answer.json()["error"]
    done = run_cli("--dutch", str(INFEASIBLE), "-p", "-")
    assert done.returncode == 1 and error["exit_code"] == 1
    assert error["located"] == done.stderr.strip().replace(str(INFEASIBLE), "rr4.trfx")


def test_why_names_the_rules_a_proposal_breaks(server: Server):
    source = SCENARIOS / "dutch" / "small.trfx"
    pairs = ["1-2", "3-7", "6-9"]
    answer = post(server, "why", source, pair=pairs)
    done = run_cli("why", str(source), "--json", *[a for p in pairs for a in ("--pair", p)])
    assert answer.status_code == 200
    assert answer.json()["violations"] == json.loads(done.stdout)["violations"] != []


def test_standings_dutch(server: Server):
    body = post(server, "standings", SCENARIOS / "dutch" / "small.trfx").json()
    points = [float(line["points"]) for line in body["standings"]]
    assert points == sorted(points, reverse=True) and len(points) == 9
    assert body["standings"][0]["rank"] == 1


def test_health_version_docs(server: Server):
    with server.client() as client:
        health = client.get("/health").json()
        assert health["status"] == "ok" and health["lanes"]["small"]["workers"] == 2
        assert client.get("/ready").status_code == 200
        version = client.get("/version").json()
        assert "2026" in version["systems"]["dutch"] and "papp" in version["systems"]
        paths = client.get("/openapi.json").json()["paths"]
        assert {"/v1/pair", "/v1/check", "/v1/explain", "/v1/why", "/v1/standings"} <= set(paths)
        assert "<form" in client.get("/").text


def test_docs_are_served_from_the_package(server: Server):
    with server.client() as client:
        page = client.get("/docs").text
        assert "cdn" not in page.lower() and "http://" not in page and "https://" not in page
        for asset in (
            "/static/swagger-ui/swagger-ui-bundle.js",
            "/static/swagger-ui/swagger-ui.css",
        ):
            assert asset in page
            assert client.get(asset).status_code == 200
        icon = client.get("/favicon.ico")
        assert icon.status_code == 200 and icon.content[:4] == b"\x00\x00\x01\x00"


def test_the_openapi_document_lists_every_status_with_one_error_schema(server: Server):
    with server.client() as client:
        document = client.get("/openapi.json").json()
    error = {"$ref": "#/components/schemas/ErrorBody"}
    for endpoint in ("pair", "check", "explain", "why", "standings"):
        responses = document["paths"][f"/v1/{endpoint}"]["post"]["responses"]
        assert {"200", "409", "413", "415", "422", "429", "500", "503", "504"} <= set(responses)
        assert "$ref" in responses["200"]["content"]["application/json"]["schema"]
        for status in ("409", "413", "415", "422", "429", "503", "504"):
            assert responses[status]["content"]["application/json"]["schema"] == error
    board = document["components"]["schemas"]["Board"]["properties"]
    assert {"board", "white", "black", "handicap"} <= set(board)


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [("GET", "/nope", 404, "not_found"), ("GET", "/v1/pair", 405, "method_not_allowed")],
)
def test_404_and_405_have_the_error_shape(server: Server, method, path, status, code):
    with server.client() as client:
        answer = client.request(method, path)
    assert answer.status_code == status
    assert set(answer.json()) == {"error"} and answer.json()["error"]["code"] == code


@pytest.mark.parametrize(
    "content_type",
    ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json"],
)
def test_a_body_that_is_not_a_raw_file_is_415_with_a_hint(server: Server, content_type):
    body = (SCENARIOS / "dutch" / "small.trfx").read_bytes()
    with server.client() as client:
        answer = client.post("/v1/pair", content=body, headers={"Content-Type": content_type})
        raw = client.post(
            "/v1/pair", content=body, headers={"Content-Type": "application/octet-stream"}
        )
    assert answer.status_code == 415
    error = answer.json()["error"]
    assert error["code"] == "unsupported_media_type" and "--data-binary" in error["message"]
    assert raw.status_code == 200


def test_mcmahon_boards_carry_their_handicap(server: Server):
    source = SCENARIOS / "mcmahon" / "club.xml"
    body = post(server, "pair", source, system="mcmahon").json()
    done = run_cli("mcmahon", "pair", str(source))
    assert done.returncode == 0, done.stderr
    shown = [line.split() for line in done.stdout.splitlines() if line.strip()[:1].isdigit()]
    handicaps = [int(words[-1]) for words in shown if words[-1].isdigit()]
    assert [b["handicap"] for b in body["boards"]] == handicaps != []


def test_why_errors_speak_the_apis_words(server: Server):
    answer = post(server, "why", SCENARIOS / "dutch" / "small.trfx", pair=["x"])
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["field"] == "pair" and "--pair" not in error["located"]
    assert "WHITE-BLACK" in error["message"]
    missing = post(server, "why", SCENARIOS / "dutch" / "small.trfx", pair=["1-99"], name="s.trfx")
    assert (
        missing.json()["error"]["located"]
        == "s.trfx: pair: there is no player 99 in the tournament"
    )


def test_bad_input_is_422_with_the_clis_located_line(server: Server, tmp_path: Path):
    broken = tmp_path / "broken.trf"
    text = (SCENARIOS / "dutch" / "small.trfx").read_text(encoding="latin-1")
    broken.write_text(text.replace("XXR 5\n", ""), encoding="latin-1")
    done = run_cli("--dutch", str(broken), "-p", "-")
    assert done.returncode == 3
    answer = post(server, "pair", broken, name="broken.trf")
    assert answer.status_code == 422
    assert answer.json()["error"]["located"] == done.stderr.strip().replace(
        str(broken), "broken.trf"
    )


@pytest.mark.parametrize(
    ("endpoint", "params", "field"),
    [
        ("pair", {"system": "nope"}, "system"),
        ("pair", {"rules": "1999"}, None),
        ("why", {}, None),
        ("why", {"pair": "x"}, None),
    ],
)
def test_bad_requests_are_422(server: Server, endpoint, params, field):
    answer = post(server, endpoint, SCENARIOS / "dutch" / "small.trfx", **params)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["message"]
    if field:
        assert error["field"] == field


def test_no_path_is_taken_from_a_request(server: Server):
    answer = post(server, "pair", SCENARIOS / "dutch" / "small.trfx", name="../../etc/passwd")
    assert answer.status_code == 200
    with server.client() as client:
        answer = client.post("/v1/pair", content=str(SCENARIOS / "dutch" / "small.trfx").encode())
    assert answer.status_code == 422  # the body is a file's content, never a path to open


def test_oversized_upload_is_413(server: Server):
    big = b"012 big\n" + b"x" * MAX_BYTES
    with server.client() as client:
        answer = client.post("/v1/pair", content=big)
        assert answer.status_code == 413
        assert answer.json()["error"]["code"] == "too_large"
        chunked = client.post("/v1/pair", content=iter([big[:60_000], big[60_000:]]))
        assert chunked.status_code == 413


def test_one_json_log_line_a_request(server: Server):
    with server.client() as client:
        answer = client.post("/v1/pair", content=(SCENARIOS / "dutch" / "small.trfx").read_bytes())
    request_id = answer.headers["x-request-id"]
    lines = [json.loads(line) for line in server.log_lines() if request_id in line]
    assert len(lines) == 1
    line = lines[0]
    assert (line["endpoint"], line["system"], line["status"], line["outcome"]) == (
        "pair",
        "dutch",
        200,
        "ok",
    )
    assert line["players"] == 7 and line["seconds"] > 0
