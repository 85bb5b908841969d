"""The Kubernetes manifests (deploy/kubernetes/) checked against the API's schemas, offline."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml", reason="PyYAML is not installed")
kubernetes_validate = pytest.importorskip(
    "kubernetes_validate", reason="kubernetes-validate is not installed"
)

ROOT = Path(__file__).resolve().parents[1]
MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml"))


def resources() -> dict[str, dict]:
    found = {}
    for path in MANIFESTS:
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            found[doc["kind"]] = doc
    return found


def validate(doc: dict) -> None:
    kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


@pytest.mark.parametrize("kind", ["Deployment", "Service", "HorizontalPodAutoscaler"])
def test_each_resource_is_valid_against_its_schema(kind):
    validate(resources()[kind])


def test_the_validator_rejects_a_misspelt_field():
    broken = copy.deepcopy(resources()["Deployment"])
    broken["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {"httpGet": {}}
    with pytest.raises(kubernetes_validate.ValidationError):
        validate(broken)


def test_probes_service_and_autoscaler_point_at_the_deployment():
    found = resources()
    deployment, service, scaler = (
        found["Deployment"],
        found["Service"],
        found["HorizontalPodAutoscaler"],
    )
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/health"
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert scaler["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    port = container["ports"][0]["containerPort"]
    assert f"EXPOSE {port}" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
