"""Liveness, readiness and metrics."""
from __future__ import annotations

from flask import Response, current_app
from marshmallow import Schema, fields

import rules
from schemas.views import mark_public

from .. import drain, engine, metrics
from ..extensions import Blueprint

# Not the live fingerprint: the committed spec must not change with every engine edit.
FINGERPRINT_EXAMPLE = "5d41402abc4b2a76b9719d911017c592" * 2

blp = Blueprint("health", __name__, description="Liveness, readiness and metrics.")


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"enum": ["ok"]})
    engine_version = fields.String(required=True)
    engine_fingerprint = fields.String(required=True, metadata={
        "description": "SHA-256 of the rules engine's files, its build and the ruleset presets; part of every "
                       "cache key."})
    engine_build = fields.String(required=True, metadata={
        "enum": ["compiled", "pure"],
        "description": "Which build of the engine answers: `compiled` (mypyc) or `pure` (Python). Both give the "
                       "same answers, byte for byte; the fingerprint tells them apart, so a shared cache never "
                       "mixes them."})


class ClusterStatusSchema(Schema):
    state = fields.String(required=True, metadata={
        "description": "`cluster_state` from CLUSTER INFO of a master that answers (`ok`, `fail`), or `unreachable`."})
    masters = fields.Integer(required=True, metadata={"description": "Masters in this instance's slot map."})
    answering = fields.Integer(required=True, metadata={"description": "How many of them answered a PING."})


class CacheStatusSchema(Schema):
    backend = fields.String(required=True, metadata={"enum": ["redis", "redis-cluster", "memory"]})
    ok = fields.Boolean(required=True, metadata={
        "description": "The cache can serve; for a cluster: state `ok` and every master answering."})
    cluster = fields.Nested(ClusterStatusSchema, metadata={"description": "With `REDIS_CLUSTER_NODES` only."})


class ReadinessSchema(Schema):
    status = fields.String(required=True, metadata={"enum": ["ready", "degraded", "draining"]})
    cache = fields.Nested(CacheStatusSchema, required=True)


for _schema in (HealthSchema, ClusterStatusSchema, CacheStatusSchema, ReadinessSchema):
    mark_public(_schema, every="not a table's: the service's operators'")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema, example={"status": "ok", "engine_version": engine.VERSION,
                                               "engine_fingerprint": FINGERPRINT_EXAMPLE,
                                               "engine_build": "compiled"})
def healthz():
    """Liveness: the process answers.

    Checks nothing else: a load balancer restarts an instance that stops answering here.
    """
    return {"status": "ok", "engine_version": current_app.config["ENGINE_VERSION"],
            "engine_fingerprint": current_app.config["ENGINE_FINGERPRINT"],
            "engine_build": rules.BUILD}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadinessSchema, example={"status": "degraded", "cache": {"backend": "redis", "ok": False}})
@blp.alt_response(503, schema=ReadinessSchema, description="Draining after SIGTERM: take the instance out of rotation.",
                  example={"status": "draining", "cache": {"backend": "memory", "ok": True}})
def readyz():
    """Readiness: 200 while the service can answer; a cache that fails makes it `degraded`.

    The service answers without its cache (computing every answer), so a Redis outage never takes
    an instance out of rotation. With a Redis Cluster, `cache.cluster` says what the instance sees:
    `degraded` while a master does not answer (before its replica takes over) or the cluster is down.
    After SIGTERM the instance drains: `/readyz` answers 503 (`draining`) at once while every other
    endpoint keeps answering for `DRAIN_SECONDS`.
    """
    cache = current_app.extensions["answer_cache"].status()
    if drain.draining():
        return {"status": "draining", "cache": cache}, 503
    return {"status": "ready" if cache["ok"] else "degraded", "cache": cache}


@blp.route("/metrics", methods=["GET"])
@blp.response(200, content_type="text/plain", description="Prometheus text exposition format.",
              example="# HELP tractor_http_requests_total HTTP requests answered.\n")
def prometheus_metrics():
    """Prometheus metrics.

    Requests and latency by endpoint and status, answer-cache results (hit, miss, bypass, error)
    and time spent in the rules engine; merged across gunicorn workers.
    """
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)
