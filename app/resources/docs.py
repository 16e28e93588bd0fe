"""The OpenAPI document and an offline documentation page (Swagger UI from a pip package)."""
from __future__ import annotations

import os

import flask
import flask_swagger_ui
from flask import Response, abort, current_app, send_from_directory

from ..extensions import Blueprint

blp = Blueprint("docs", __name__, description="The API description.")
assets = flask.Blueprint("docs_assets", __name__)
ASSETS = os.path.join(os.path.dirname(flask_swagger_ui.__file__), "dist")
ASSET_NAMES = ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js",
               "index.css", "favicon-32x32.png")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tractor-rules API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/swagger-ui-standalone-preset.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
"""

INIT = """window.onload = function () {
  window.ui = SwaggerUIBundle({url: "openapi.yaml", dom_id: "#swagger-ui", deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: "StandaloneLayout"});
};
"""


@blp.route("/openapi.yaml", methods=["GET"])
@blp.response(200, content_type="application/yaml", description="This document.",
              example="openapi: 3.1.0\n")
def openapi_yaml():
    """The OpenAPI 3.1 description of the service.

    Generated from the code; equal to the committed `openapi.yaml`.
    """
    from ..spec import spec_yaml
    return Response(spec_yaml(current_app), content_type="application/yaml; charset=utf-8")


@blp.route("/docs", methods=["GET"])
@blp.response(200, content_type="text/html", description="Swagger UI, served without any CDN.",
              example="<!doctype html>")
def docs_page():
    """Interactive documentation that works offline.

    Swagger UI, served with its assets from this service (no CDN).
    """
    return Response(PAGE, content_type="text/html; charset=utf-8")


@assets.route("/docs/<name>", methods=["GET"])
def docs_asset(name):
    if name == "init.js":
        return Response(INIT, content_type="text/javascript; charset=utf-8")
    if name not in ASSET_NAMES:
        abort(404)
    return send_from_directory(ASSETS, name, max_age=86400)
