"""The HTTP service: ``create_app(config)`` builds a Flask app around the rules engine."""
from __future__ import annotations

import importlib
import logging
import os
import re
import time

from flask import Flask, current_app, g, request
from werkzeug.exceptions import UnsupportedMediaType

from rules.violations import InputError

from . import cors, edge, engine, i18n, metrics, shed
from .cache import from_config
from .door import LANGUAGE, Door
from .edge import new_request_id
from .extensions import Api
from .fingerprint import FINGERPRINT, SERVICE_FINGERPRINT
from .problems import field_problem, internal_error, problem

log = logging.getLogger(__name__)

RESOURCES = ("health", "docs", "rulesets", "cards", "plays", "suggest", "tricks", "declarations", "hands", "worlds",
             "deals")
REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")

DEFAULTS = {
    "API_TITLE": "tractor-rules",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.1.0",
    "MAX_CONTENT_LENGTH": 256 * 1024,
    "REDIS_URL": None,
    "REDIS_CLUSTER_NODES": None,
    "CACHE_SIZE": 4096,
    "NEAR_CACHE_SIZE": 1024,
    # Bytes: the in-process cache, the near cache in front of Redis, and the largest answer stored.
    "CACHE_BYTES": 64 * 1024 * 1024,
    "NEAR_CACHE_BYTES": 8 * 1024 * 1024,
    "CACHE_MAX_ANSWER": 64 * 1024,
    "CACHE_TTL": 7 * 24 * 3600,
    "CACHE_TIMEOUT": 0.1,
    "CACHE_BREAKER_SECONDS": 5.0,
    "CACHE_PREFIX": "tractor",
    "ENGINE_VERSION": engine.VERSION,
    "ENGINE_FINGERPRINT": FINGERPRINT,
    "SERVICE_FINGERPRINT": SERVICE_FINGERPRINT,
    "CORS_ORIGINS": (),
    "DEAL_SECRET": None,
}


def env_config() -> dict:
    """Settings from the environment (REDIS_URL, REDIS_CLUSTER_NODES, CACHE_*, CORS_ORIGINS, DEAL_SECRET)."""
    config: dict = {"CORS_ORIGINS": cors.parse_origins(os.environ.get("CORS_ORIGINS"))}
    for key in ("REDIS_URL", "REDIS_CLUSTER_NODES", "DEAL_SECRET"):
        if os.environ.get(key):
            config[key] = os.environ[key]
    for key, cast in (("CACHE_SIZE", int), ("NEAR_CACHE_SIZE", int), ("CACHE_BYTES", int), ("NEAR_CACHE_BYTES", int),
                      ("CACHE_MAX_ANSWER", int), ("CACHE_TTL", int), ("CACHE_TIMEOUT", float),
                      ("CACHE_BREAKER_SECONDS", float), ("CACHE_PREFIX", str)):
        if os.environ.get(key):
            config[key] = cast(os.environ[key])
    return config


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config if config is not None else env_config())
    origins = app.config["CORS_ORIGINS"]
    app.config["CORS_ORIGINS"] = cors.parse_origins(origins) if isinstance(origins, str) else tuple(origins or ())
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    # version + service fingerprint (app/ and schemas/: what accepts a body and shapes an answer) - engine
    # fingerprint: answers stored by a build that accepted other bodies or wrote other bytes are never found.
    engine_id = (f"{app.config['ENGINE_VERSION']}+{app.config['SERVICE_FINGERPRINT'][:16]}"
                 f"-{app.config['ENGINE_FINGERPRINT'][:16]}")
    app.extensions["answer_cache"] = cache = from_config(app.config, engine_id)

    from .spec import spec_options
    api = app.extensions["api"] = Api(app, spec_kwargs=spec_options())
    for name in RESOURCES:
        module = importlib.import_module(f"{__name__}.resources.{name}")
        for converter_name, converter in getattr(module, "CONVERTERS", {}).items():
            app.url_map.converters[converter_name] = converter
            api.register_converter(converter, lambda _converter: {"type": "string", "minLength": 1})
        api.register_blueprint(module.blp)
        if hasattr(module, "assets"):
            app.register_blueprint(module.assets)
    from .spec import register_components
    register_components(api)

    app.before_request(_before)
    app.after_request(_after)
    app.register_error_handler(InputError, _input_error)
    app.register_error_handler(shed.Overloaded, _overloaded)
    app.register_error_handler(Exception, _unexpected)
    app.wsgi_app = Door(app.wsgi_app, cache, max_length=app.config["MAX_CONTENT_LENGTH"], request_id=REQUEST_ID,
                        origins=app.config["CORS_ORIGINS"])
    app.wsgi_app = shed.Work(app.wsgi_app)
    return app


def _before():
    g.start = time.perf_counter()
    given = request.headers.get("X-Request-ID", "")
    g.request_id = given if REQUEST_ID.match(given) else new_request_id()
    g.lang = request.environ.get(LANGUAGE) or i18n.negotiate(request.headers.get("Accept-Language"))
    answer = cors.preflight()
    if answer is not None:
        return answer
    if request.url_rule and request.method == "POST" and request.mimetype != "application/json":
        raise UnsupportedMediaType()


def _after(response):
    response.headers["X-Request-ID"] = g.get("request_id") or new_request_id()
    if "cache" in g:
        response.headers["X-Cache"] = g.cache
    origins = current_app.config["CORS_ORIGINS"]
    for name, value in edge.answer_headers(request.headers.get("Origin"), origins, i18n.current()):
        if name == "Vary":
            for header in value.split(", "):
                response.vary.add(header)
        else:
            response.headers[name] = value
    rule = request.url_rule.rule if request.url_rule else "unmatched"
    status = str(response.status_code)
    requests, latency = metrics.request_children(rule, request.method, status)
    metrics.count(requests)
    if "start" in g:
        metrics.observe(latency, time.perf_counter() - g.start)
    return response


def _input_error(error: InputError):
    pointer = "/" + error.field if error.field else ""
    return field_problem(422, pointer, error.message)


def _overloaded(error: shed.Overloaded):
    return problem(503, headers={"Retry-After": "1"})


def _unexpected(error: Exception):
    return internal_error(error)
