"""deploy/kubernetes/: valid against the Kubernetes schemas (offline, the ones kubernetes-validate
bundles) and consistent with the service's probes and drain."""
from __future__ import annotations

import copy
import re

import pytest
import yaml
from kubernetes_validate import utils as k8s

from tests.conftest import ROOT

MANIFESTS = ROOT / "deploy" / "kubernetes"
VERSION = "1.37.0"


def documents() -> dict[str, dict]:
    found = {}
    for path in sorted(MANIFESTS.glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            found[doc["kind"]] = doc
    return found


def validate(doc: dict) -> None:
    k8s.validate(doc, VERSION, strict=True)


@pytest.mark.parametrize("kind", ["Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler"])
def test_manifest_valid(kind):
    validate(documents()[kind])


def test_validator_refuses_what_kubernetes_would():
    deployment = documents()["Deployment"]
    typo = copy.deepcopy(deployment)
    typo["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["periodSecond"] = 1
    wrong_type = copy.deepcopy(deployment)
    wrong_type["spec"]["replicas"] = "three"
    for broken in (typo, wrong_type):
        with pytest.raises(k8s.ValidationError):
            validate(broken)


def test_probes_and_grace_period_match_the_drain():
    pod = documents()["Deployment"]["spec"]["template"]["spec"]
    container = pod["containers"][0]
    env = {e["name"]: e["value"] for e in container["env"]}
    ready, live = container["readinessProbe"], container["livenessProbe"]
    assert ready["httpGet"]["path"] == "/readyz" and live["httpGet"]["path"] == "/healthz"
    drain = float(env["DRAIN_SECONDS"])
    # out of the endpoints before the drain ends
    assert ready["periodSeconds"] * ready["failureThreshold"] < drain
    conf = (ROOT / "gunicorn.conf.py").read_text()
    graceful = int(re.search(r"^graceful_timeout = (\d+)$", conf, re.M).group(1))
    assert pod["terminationGracePeriodSeconds"] > drain + graceful
    assert "REDIS_CLUSTER_NODES" in env and "REDIS_URL" not in env


def test_service_budget_and_autoscaler_select_the_pods():
    docs = documents()
    labels = docs["Deployment"]["spec"]["template"]["metadata"]["labels"]
    assert docs["Deployment"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert docs["Service"]["spec"]["selector"].items() <= labels.items()
    assert docs["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    target = docs["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", docs["Deployment"]["metadata"]["name"])
    metric = docs["HorizontalPodAutoscaler"]["spec"]["metrics"][0]["resource"]
    assert metric["name"] == "cpu"
    # utilization is measured against the request, so the pods must request CPU
    assert docs["Deployment"]["spec"]["template"]["spec"]["containers"][0]["resources"]["requests"]["cpu"]
    assert docs["Service"]["spec"]["ports"][0]["targetPort"] == "http"
