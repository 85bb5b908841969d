"""One answer per question: the one line of a round that cannot be paired (the drop-in's stderr,
the API's 409, the page's message) names the relaxation the long explanation proposes (``mipair
explain``, ``/v1/explain``, the page's text): among the least relaxations, the system's own
choice, not the first the SAT model found (on ``rr4-exhausted`` the SAT model's is 1-2 and 3-4,
the rules' 1-3 and 2-4)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from mipair.errors import NoPairingError
from mipair.operations.pairing import pair_file
from mipair.systems.registry import get_system
from tests.support.cli_process import run_cli
from tests.support.paths import ROOT

INFEASIBLE = sorted((ROOT / "scenarios" / "infeasible").glob("*.trfx"))
RR4 = ROOT / "scenarios" / "infeasible" / "rr4-exhausted.trfx"


def proposed(path: Path) -> list[str]:
    """The changes of the relaxation the long explanation proposes."""
    system = get_system("dutch")
    explanation = system.explain(system.read(str(path)))
    return [fact.relax for fact in explanation.relaxations[0].waived]


@pytest.mark.parametrize("path", INFEASIBLE, ids=lambda path: path.stem)
def test_the_one_line_names_the_relaxation_the_explanation_proposes(path: Path):
    with pytest.raises(NoPairingError) as caught:
        pair_file(str(path), get_system("dutch"))
    line = caught.value.message
    assert line.endswith("; least relaxation: " + ", ".join(proposed(path)))


def test_the_command_line_gives_one_answer_for_rr4_exhausted():
    dropin = run_cli("--dutch", str(RR4), "-p", "-")
    explained = run_cli("explain", str(RR4))
    assert dropin.returncode == explained.returncode == 1
    changes = ["allow 1 and 3 to play each other again", "allow 2 and 4 to play each other again"]
    assert dropin.stderr.strip().endswith("least relaxation: " + ", ".join(changes))
    least = explained.stdout.split("Least relaxation", 1)[1].split("\n\n", 1)[0]
    assert [line.strip("- ") for line in least.splitlines()[1:]] == changes
    assert "the rules' choice" in least.splitlines()[0]


def test_the_api_and_the_page_give_one_answer_for_rr4_exhausted():
    pytest.importorskip("fastapi", reason="the service extra is not installed")
    from tests.support.service_server import running_server

    with running_server(workers=1, large_workers=0) as server, server.client() as client:
        paired = client.post("/v1/pair", content=RR4.read_bytes())
        explained = client.post("/v1/explain", content=RR4.read_bytes()).json()
        page = client.post(
            "/arbiter", files={"tournament": (RR4.name, RR4.read_bytes())}, data={"system": "dutch"}
        )
    changes = [fact["relaxation"] for fact in explained["relaxations"][0]["waive"]]
    assert changes == proposed(RR4)
    assert paired.status_code == 409
    assert paired.json()["error"]["message"].endswith("least relaxation: " + ", ".join(changes))
    one_line = html.unescape(re.search(r'<p class="error" id="error">(.*?)</p>', page.text)[1])
    text = html.unescape(re.search(r'<pre id="explanation">(.*?)</pre>', page.text, re.S)[1])
    assert one_line.endswith("least relaxation: " + ", ".join(changes))
    least = text.split("Least relaxation", 1)[1].split("\n\n", 1)[0]
    assert [line.strip("- ") for line in least.splitlines()[1:]] == changes
