"""openapi.yaml works for generators: openapi-python-client builds a client that drives the
docs/clients.md flows against a live gunicorn."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.resources.hands import ADJUDICATE_IN
from tests.test_clients import server  # noqa: F401  (the live gunicorn fixture)

BIN = Path(sys.executable).parent

DRIVE = '''
import json
import sys
from tractor_client import Client
from tractor_client.api.rulesets import get_v1_rulesets
from tractor_client.api.plays import post_v1_plays_validate, post_v1_plays_legal
from tractor_client.api.hands import post_v1_hands_settle, post_v1_hands_adjudicate
from tractor_client.models import ValidatePlay, LegalPlays, Settle, Adjudicate

c = Client(base_url=sys.argv[1])
sizes = [r.parameters.kitty_size for r in get_v1_rulesets.sync(client=c).rulesets]
print([s if isinstance(s, int) else s.value for s in sizes])
trump = {"level": "10", "suit": "H"}
hand = ["AS", "AS", "KS", "KS", "3D"]
v = post_v1_plays_validate.sync(client=c, body=ValidatePlay.from_dict(
    {"rules": "qq", "trump": trump, "hand": hand, "play": ["KS", "3D"], "lead": ["QS", "QS"]}))
print(v.legal, [r.code.value for r in v.reasons])
lp = post_v1_plays_legal.sync(client=c, body=LegalPlays.from_dict(
    {"rules": "qq", "trump": trump, "hand": hand, "lead": ["QS", "QS"]}))
print(lp.count, lp.plays)
s = post_v1_hands_settle.sync(client=c, body=Settle.from_dict(
    {"rules": "qq", "trump": {"level": "K", "suit": "H"}, "dealer": 1, "levels": ["5", "K", "5", "K"],
     "attackers_points": 20, "kitty": ["KD", "5C", "3S", "4S", "6D", "7C", "8C", "9D"],
     "last_trick": [{"seat": 1, "cards": ["AS", "AS"]}, {"seat": 2, "cards": ["3S", "4C"]},
                    {"seat": 3, "cards": ["6S", "7S"]}, {"seat": 0, "cards": ["8S", "9S"]}],
     "ratings": [100, 100, 100, 100], "room_coefficient": 10}))
print(s.attackers_total, s.outcome.value, s.ledger.rating_changes, s.ledger.coin_changes)
a = post_v1_hands_adjudicate.sync(client=c, body=Adjudicate.from_dict(json.loads(sys.argv[2])))
print(a.legal, [(t.winner, t.points) for t in a.tricks])
'''

EXPECTED = """['auto', 8, 'auto', 8, 0, 8, 8]
False ['MUST_FOLLOW_SUIT', 'MUST_PLAY_UNIT']
2 [['AS', 'AS'], ['KS', 'KS']]
20 dealer-keeps [-4, 4, -4, 4] [-20.0, 18.0, -20.0, 18.0]
True [(2, 0), (2, 10)]
"""


def test_generated_python_client_drives_the_flows(root, base_env, server, tmp_path):  # noqa: F811
    generator = BIN / "openapi-python-client"
    if not generator.exists():
        pytest.skip("openapi-python-client is not installed (make install installs it from the dev extras)")
    env = {**base_env, "PATH": f"{BIN}{os.pathsep}{base_env.get('PATH', '')}"}
    made = subprocess.run([str(generator), "generate", "--path", str(root / "openapi.yaml"), "--meta", "none",
                           "--output-path", str(tmp_path / "tractor_client")],
                          env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert made.returncode == 0, made.stdout + made.stderr
    run = subprocess.run([sys.executable, "-c", DRIVE, server, json.dumps(ADJUDICATE_IN)], env={**env, "PYTHONPATH": str(tmp_path)},
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout == EXPECTED

