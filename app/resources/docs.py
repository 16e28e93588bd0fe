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


REPLAY_SCRIPT = """<script>
const record = document.getElementById("record"), lang = document.getElementById("lang");
const hand = document.getElementById("hand"), link = document.getElementById("link");
const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/[+]/g, "-").replace(/[/]/g, "_").replace(/=+$/, "");
const unb64 = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const through = async (data, stream) => new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(stream)).arrayBuffer());
async function show() {
  const r = await fetch("v1/hands/adjudicate", {method: "POST", body: record.value,
    headers: {"Content-Type": "application/json", "Accept": "text/html", "Accept-Language": lang.value}});
  const text = await r.text();
  if (r.ok) {
    hand.innerHTML = new DOMParser().parseFromString(text, "text/html").body.innerHTML;
    const packed = b64(await through(new TextEncoder().encode(record.value), new CompressionStream("deflate-raw")));
    link.href = location.pathname + "#hand=" + packed + "&lang=" + encodeURIComponent(lang.value);
    link.hidden = false;
  } else {
    let detail = text; try { detail = JSON.parse(text).detail || text; } catch (x) {}
    hand.textContent = r.status + ": " + detail;
  }
  hand.setAttribute("aria-busy", "false");
}
document.getElementById("file").addEventListener("change", async (e) => {
  const f = e.target.files[0]; if (f) { record.value = await f.text(); show(); }
});
document.getElementById("replay").addEventListener("submit", (e) => { e.preventDefault(); show(); });
(async () => {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("lang")) lang.value = params.get("lang");
  if (params.get("hand")) {
    record.value = new TextDecoder().decode(await through(unb64(params.get("hand")), new DecompressionStream("deflate-raw")));
    show();
  }
})();
</script>"""

REPLAY_BODY = """<h1>Replay a hand · 牌局回放</h1>
<form id="replay"><p><label for="record">Paste a hand record (the <code>hands/adjudicate</code> JSON) · 粘贴牌局记录</label></p>
<textarea id="record" rows="6" style="width:100%;box-sizing:border-box;font:13px monospace" spellcheck="false"></textarea>
<p class="row"><label>Or open a file · 或打开文件 <input type="file" id="file" accept=".json,application/json"></label>
<label>Language · 语言 <select id="lang"><option value="en">English</option><option value="zh-CN">中文</option></select></label>
<button type="submit" id="show">Show the hand · 显示</button>
<a id="link" hidden>Link to this hand · 本局链接</a></p></form>
<div id="hand" aria-live="polite"></div>"""


@blp.route("/replay", methods=["GET"])
@blp.response(200, content_type="text/html", description="The replay page (docs/referee.md).",
              example="<!DOCTYPE html>")
def replay():
    """A page where a referee pastes or opens a hand record and sees it.

    The browser posts the record to `/v1/hands/adjudicate` with `Accept: text/html` and shows the
    page of the hand, every fault marked. A link `/replay#hand=<record>` (the record as base64url of
    its raw-deflated JSON, never sent to the service) opens that hand at once: a support ticket can
    carry it.
    """
    from ..pictures import page
    return Response(page("Replay · 牌局回放", REPLAY_BODY, "en", REPLAY_SCRIPT), mimetype="text/html")
