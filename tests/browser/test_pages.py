"""The pictures in a real browser: headless Chromium (Debian's package ``chromium``) renders the page of
a hand with faults, at desktop and at phone width; skipped with a message where no browser is installed."""
from __future__ import annotations

import base64
import copy
import json
import random
import shutil
import subprocess
import threading
import zlib
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.api.test_referee import HAND, planted_follow

BROWSER = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium: install Debian's package with "
                                                         "'apt-get install -y chromium' to render the pages")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--disable-extensions"]


def chromium(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([BROWSER, *FLAGS, *args], capture_output=True, text=True, timeout=120)


def faulty_page(client, tmp_path: Path, lang: str | None = None) -> tuple[Path, dict]:
    record, _ = planted_follow(copy.deepcopy(HAND), random.Random(11))
    record["kitty_discard"] = ["4H" if c == record["kitty_discard"][0] else c for c in record["kitty_discard"]]
    headers = {"Accept": "text/html", **({"Accept-Language": lang} if lang else {})}
    html = client.post("/v1/hands/adjudicate", json=record, headers=headers).get_data(as_text=True)
    page = tmp_path / f"hand-{lang or 'en'}.html"
    page.write_text(html, encoding="utf-8")
    answer = client.post("/v1/hands/adjudicate", json={**record, "faults": "all"},
                         headers={"Accept-Language": lang} if lang else {}).get_json()
    return page, answer


@pytest.mark.parametrize("lang", [None, "zh-CN"])
def test_every_trick_and_fault_is_on_the_rendered_page(client, tmp_path, lang):
    page, answer = faulty_page(client, tmp_path, lang)
    dom = chromium("--dump-dom", page.as_uri()).stdout
    for t in answer["tricks"]:
        assert f'id="trick-{t["index"] + 1}"' in dom
    assert len(answer["faults"]) >= 2
    for f in answer["faults"]:
        assert f'id="fault-{f["number"]}"' in dom
        assert f["sentence"] in dom.replace("&amp;", "&")
    assert dom.count('role="img" aria-label="') >= 108          # every card has its text alternative


@pytest.mark.parametrize("width", [900, 390])
def test_screenshots_at_desktop_and_phone_width(client, tmp_path, width):
    page, _ = faulty_page(client, tmp_path)
    shot = tmp_path / f"hand-{width}.png"
    chromium(f"--window-size={width},2000", f"--screenshot={shot}", page.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    assert int.from_bytes(data[16:20], "big") == width


def replay_link(record: dict, lang: str = "en") -> str:
    """The replay page's link to a hand: the record raw-deflated, base64url, in the fragment."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(record).encode()) + packer.flush()
    return "/replay#hand=" + base64.urlsafe_b64encode(packed).decode().rstrip("=") + "&lang=" + lang


@pytest.fixture
def live_server(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_replay_page_in_the_browser_shows_every_trick_and_fault(client, live_server, tmp_path, lang):
    """The referee's way: the replay page opened from a link, the browser calling the API."""
    _, answer = faulty_page(client, tmp_path, lang)
    record, _ = planted_follow(copy.deepcopy(HAND), random.Random(11))
    record["kitty_discard"] = ["4H" if c == record["kitty_discard"][0] else c for c in record["kitty_discard"]]
    url = live_server + replay_link(record, lang)
    dom = chromium("--virtual-time-budget=15000", "--dump-dom", url).stdout
    assert 'aria-busy="false"' in dom, dom[-2000:]
    for t in answer["tricks"]:
        assert f'id="trick-{t["index"] + 1}"' in dom
    for f in answer["faults"]:
        assert f["sentence"] in dom.replace("&amp;", "&")
    shot = tmp_path / "replay.png"
    chromium("--virtual-time-budget=15000", "--window-size=390,1600", f"--screenshot={shot}", url)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_one_trick_as_svg_renders_with_a_text_alternative_per_card(client, tmp_path):
    from app.resources.tricks import WINNER_IN
    svg = client.post("/v1/tricks/winner", json=WINNER_IN, headers={"Accept": "image/svg+xml"}).get_data(as_text=True)
    assert svg.count("<title>") == sum(len(p["cards"]) for p in WINNER_IN["plays"])
    picture = tmp_path / "trick.svg"
    picture.write_text(svg, encoding="utf-8")
    dom = chromium("--dump-dom", picture.as_uri()).stdout
    assert "Trick: seat 2 wins, 30 points" in dom
    shot = tmp_path / "trick.png"
    chromium("--window-size=400,300", f"--screenshot={shot}", picture.as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
