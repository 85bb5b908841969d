"""The Kubernetes manifests (deploy/kubernetes/) checked against the API's schemas, offline, and
their numbers against each other and the service: memory of every worker plus the web process
plus the memory-backed /tmp under the limit; a grace period longer than a solve; readiness on the
endpoint that says no when a new request would not be served; a startup probe; the ingress's
limits in front of the service's edges (header timeout, header size, connections, body size,
timeouts); and a Dask scheduler and workers that `mipair check --cluster` can reach by the
documented address."""

from __future__ import annotations

import copy
import re

import pytest

from tests.support.paths import ROOT

yaml = pytest.importorskip("yaml", reason="PyYAML is not installed")
kubernetes_validate = pytest.importorskip(
    "kubernetes_validate", reason="kubernetes-validate is not installed"
)

from mipair.cli.serve import SHUTDOWN_MARGIN
from mipair.service.page import form_limit
from mipair.service.protocol import HEADER_BYTES
from mipair.service.settings import Settings

MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("**/*.yaml"))
WEB_PROCESS_MIB = 256
"""What the web process (uvicorn, FastAPI, the page) may hold besides the workers."""
UNITS = {"Ki": 2**-10, "Mi": 1, "Gi": 2**10}


def resources() -> dict[tuple[str, str], dict]:
    found = {}
    for path in MANIFESTS:
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            found[(doc["kind"], doc["metadata"]["name"])] = doc
    return found


def validate(doc: dict) -> None:
    kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


def mebibytes(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+)([KMG]i)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * UNITS[unit]


def container(deployment: dict) -> dict:
    return deployment["spec"]["template"]["spec"]["containers"][0]


def environment(deployment: dict) -> dict[str, str]:
    """A container's variables set to a value (those taken from a Secret are left out)."""
    return {
        item["name"]: item["value"]
        for item in container(deployment).get("env", [])
        if "value" in item
    }


def from_secret(workload: dict) -> dict[str, tuple[str, str]]:
    """A container's variables taken from a Secret: name -> (secret, key)."""
    return {
        item["name"]: (ref["name"], ref["key"])
        for item in container(workload).get("env", [])
        if (ref := item.get("valueFrom", {}).get("secretKeyRef"))
    }


def service_settings(deployment: dict) -> Settings:
    prefix = "MIPAIR_SERVICE_"
    env = environment(deployment)
    values = {}
    for name, raw in env.items():
        if name.startswith(prefix):
            field = name[len(prefix) :].lower()
            values[field] = type(getattr(Settings, field))(raw)
        elif name == "MIPAIR_DATABASE_URL":  # never a value here: a Secret's (test below)
            values["database"] = raw
    return Settings(**values)


@pytest.mark.parametrize("key", sorted(resources()), ids=lambda key: f"{key[0]}/{key[1]}")
def test_each_resource_is_valid_against_its_schema(key):
    validate(resources()[key])


def test_the_validator_rejects_a_misspelt_field():
    broken = copy.deepcopy(resources()[("Deployment", "mipair")])
    container(broken)["readinesProbe"] = {"httpGet": {}}
    with pytest.raises(kubernetes_validate.ValidationError):
        validate(broken)


def test_memory_of_every_worker_fits_the_limit():
    deployment = resources()[("Deployment", "mipair")]
    settings = service_settings(deployment)
    assert settings.memory_mb > 0 and settings.large_memory_mb > 0  # each worker has a budget
    assert "MIPAIR_MEMORY_MB" not in environment(deployment)  # not one budget for every worker
    tmp = next(v for v in deployment["spec"]["template"]["spec"]["volumes"] if v["name"] == "tmp")
    assert tmp["emptyDir"]["medium"] == "Memory"  # it counts against the limit
    needed = (
        settings.workers * settings.memory_mb
        + settings.large_workers * settings.large_memory_mb
        + WEB_PROCESS_MIB
        + mebibytes(tmp["emptyDir"]["sizeLimit"])
    )
    limit = mebibytes(container(deployment)["resources"]["limits"]["memory"])
    assert needed < limit, f"{needed} MiB needed, {limit} MiB allowed"
    assert settings.max_bytes * (settings.queue + settings.workers) < 2**20 * limit


def test_a_rollout_lets_the_solves_in_flight_finish():
    deployment = resources()[("Deployment", "mipair")]
    settings = service_settings(deployment)
    spec = deployment["spec"]["template"]["spec"]
    pause = container(deployment)["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert spec["terminationGracePeriodSeconds"] > settings.time_limit + SHUTDOWN_MARGIN + pause


def test_probes_service_and_autoscaler_point_at_the_deployment():
    found = resources()
    deployment = found[("Deployment", "mipair")]
    service = found[("Service", "mipair")]
    scaler = found[("HorizontalPodAutoscaler", "mipair")]
    main = container(deployment)
    assert main["readinessProbe"]["httpGet"]["path"] == "/ready"
    assert main["livenessProbe"]["httpGet"]["path"] == "/health"
    startup = main["startupProbe"]
    assert startup["httpGet"]["path"] == "/health"
    assert startup["periodSeconds"] * startup["failureThreshold"] >= 60  # warm-up under load
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert scaler["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    port = main["ports"][0]["containerPort"]
    assert f"EXPOSE {port}" in (ROOT / "Dockerfile").read_text(encoding="utf-8")


def nginx_size(text: str) -> int:
    """Bytes of an nginx size ("3m", "16k", "512")."""
    number, unit = re.fullmatch(r"(\d+)([kKmM]?)", text).groups()  # type: ignore[union-attr]
    return int(number) * {"": 1, "k": 2**10, "m": 2**20}[unit.lower()]


def test_the_ingress_stops_abuse_in_front_and_lets_through_what_the_service_takes():
    found = resources()
    settings = service_settings(found[("Deployment", "mipair")])
    ingress = found[("Ingress", "mipair")]
    controller = found[("ConfigMap", "ingress-nginx-controller")]["data"]
    prefix = "nginx.ingress.kubernetes.io/"
    annotations = {
        key.removeprefix(prefix): value for key, value in ingress["metadata"]["annotations"].items()
    }
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    service = found[("Service", backend["name"])]
    assert backend["port"]["name"] in {port["name"] for port in service["spec"]["ports"]}
    assert nginx_size(annotations["proxy-body-size"]) >= form_limit(settings.max_bytes)
    assert annotations["proxy-request-buffering"] == "off"
    for timeout in ("proxy-read-timeout", "proxy-send-timeout"):
        assert int(annotations[timeout]) > settings.max_wait + settings.time_limit
    assert 0 < int(annotations["limit-connections"]) <= settings.max_connections
    assert 0 < int(controller["client-header-timeout"]) <= settings.header_timeout
    assert int(controller["client-body-timeout"]) > 0
    assert nginx_size(controller["large-client-header-buffers"].split()[1]) == HEADER_BYTES
    assert int(controller["upstream-keepalive-timeout"]) < settings.keep_alive
    applied = {path.name for path in (ROOT / "deploy" / "kubernetes").glob("*.yaml")}
    # the Ingress is applied with the service, the controller's settings are not
    assert "ingress.yaml" in applied and "controller-configmap.yaml" not in applied


def test_the_dask_cluster_is_reachable_as_documented():
    found = resources()
    scheduler = found[("Deployment", "mipair-dask-scheduler")]
    workers = found[("Deployment", "mipair-dask-worker")]
    service = found[("Service", "mipair-dask-scheduler")]
    assert (
        service["spec"]["selector"].items()
        <= scheduler["spec"]["template"]["metadata"]["labels"].items()
    )
    assert (
        not service["spec"]["selector"].items()
        <= workers["spec"]["template"]["metadata"]["labels"].items()
    )
    port = next(p["port"] for p in service["spec"]["ports"] if p["name"] == "scheduler")
    command = container(workers)["command"]
    assert command[:3] == [
        "/opt/mipair/bin/dask",
        "worker",
        f"tcp://{service['metadata']['name']}:{port}",
    ]
    assert container(scheduler)["command"][:2] == ["/opt/mipair/bin/dask", "scheduler"]
    for deployment in (scheduler, workers):
        assert container(deployment)["image"].startswith("mipair-cluster:")
    dask_limit = mebibytes(command[command.index("--memory-limit") + 1].replace("MiB", "Mi"))
    limit = mebibytes(container(workers)["resources"]["limits"]["memory"])
    budget = int(environment(workers)["MIPAIR_MEMORY_MB"])
    assert budget < dask_limit < limit
    assert command[command.index("--nthreads") + 1] == "1"
    requirements = (ROOT / "deploy" / "docker" / "requirements-cluster.txt").read_text()
    assert re.search(r"^distributed==", requirements, re.M)
    guide = (ROOT / "docs" / "operator.md").read_text(encoding="utf-8")
    assert f"tcp://{service['metadata']['name']}:{port}" in guide


def test_the_image_pins_every_declared_dependency():
    """deploy/docker/requirements-*.txt pin every dependency pyproject declares for the image."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        """The distributions ``requirements`` name, an extra of mipair's own (``mipair[store]``)
        by its requirements."""
        found = set()
        for text in requirements:
            if ";" in text and "python_version <" in text:
                continue  # a backport this Python does not need
            own = re.fullmatch(r"mipair\[([a-z,]+)\]", text.strip())
            if own:
                for extra in own[1].split(","):
                    found |= names(project["optional-dependencies"][extra])
                continue
            found.add(re.split(r"[<>=!~\[; ]", text, maxsplit=1)[0].lower().replace("_", "-"))
        return found - {"mipair"}

    def pinned(extras: str) -> set[str]:
        path = ROOT / "deploy" / "docker" / f"requirements-{extras}.txt"
        lines = [x for x in path.read_text(encoding="utf-8").splitlines() if "==" in x]
        return {x.split("==")[0].lower().replace("_", "-") for x in lines}

    core = names(project["dependencies"])
    service = core | names(project["optional-dependencies"]["service"])
    assert {"sqlalchemy", "alembic", "argon2-cffi", "psycopg"} <= service  # the desk's store
    assert service <= pinned("service"), service - pinned("service")
    cluster = service | names(project["optional-dependencies"]["cluster"])
    assert cluster <= pinned("cluster"), cluster - pinned("cluster")


def test_the_desk_runs_on_postgresql_whose_url_comes_from_a_secret():
    """Every replica reads the desk's database URL from the Secret, never from the manifest;
    PostgreSQL's password comes from the same Secret; the service the URL names is the
    StatefulSet's, and its data is on a claimed volume; the cookie is Secure behind the
    Ingress (where HTTPS ends)."""
    found = resources()
    deployment = found[("Deployment", "mipair")]
    database = found[("StatefulSet", "mipair-postgresql")]
    service = found[("Service", "mipair-postgresql")]
    assert "MIPAIR_DATABASE_URL" not in environment(deployment)
    secret, key = from_secret(deployment)["MIPAIR_DATABASE_URL"]
    assert (secret, key) == ("mipair-database", "url")
    assert from_secret(database)["POSTGRES_PASSWORD"] == (secret, "password")
    assert service_settings(deployment).secure_cookies == "always"
    assert (
        service["spec"]["selector"].items()
        <= database["spec"]["template"]["metadata"]["labels"].items()
    )
    port = next(p["port"] for p in service["spec"]["ports"] if p["name"] == "postgresql")
    pg = environment(database)
    claims = {c["metadata"]["name"] for c in database["spec"]["volumeClaimTemplates"]}
    mounted = {m["name"] for m in container(database)["volumeMounts"]}
    assert "data" in claims & mounted
    guide = (ROOT / "docs" / "operator.md").read_text(encoding="utf-8")
    url = f"postgresql+psycopg://{pg['POSTGRES_USER']}:"
    where = f"@{service['metadata']['name']}:{port}/{pg['POSTGRES_DB']}"
    assert f"generic {secret} " in guide and url in guide and where in guide
