"""The fast loader (schemas/fastload.py) accepts nothing marshmallow refuses and loads what it accepts
to exactly marshmallow's values; on the usual bodies it does accept."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError, fields

from bench.http import BODIES
from schemas.fastload import compile_loader
from schemas.plays import LegalPlaysSchema, ValidatePlaySchema
from schemas.tricks import TrickSchema
from tests.docs_examples import parse

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = {"/v1/plays/validate": ValidatePlaySchema(), "/v1/plays/legal": LegalPlaysSchema(),
           "/v1/tricks/winner": TrickSchema()}
LOADERS = {path: compile_loader(schema) for path, schema in SCHEMAS.items()}
EXAMPLES = [(e.path, e.body) for doc in ("rules.md", "clients.md") if (ROOT / "docs" / doc).exists()
            for e in parse(ROOT / "docs" / doc) if e.method == "POST" and e.path in SCHEMAS]
BASES = [("/v1/" + name, body) for name, body in BODIES.items()] + EXAMPLES + [
    ("/v1/plays/validate", {"rules": "tractor-4deck", "trump": {"level": "A", "suit": None},
                            "hand": ["BJ", "SJ", "2C", "2c"], "play": ["BJ"], "seat": 0,
                            "others": [{"seat": 1, "cards": ["3S"]}]}),
    ("/v1/plays/validate", {"rules": "qq", "trump": {"level": "t", "suit": "S"}, "hand": ["th", "TH", "10h"],
                            "play": ["TH"], "lead": None, "unseen": ["AS", "KS"]}),
    ("/v1/plays/legal", {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
                         "lead": ["QS", "QS"], "selected": ["KS"]}),
    ("/v1/plays/legal", {"rules": "qq", "trump": {"level": "10", "suit": "H"}, "hand": ["AS", "KS", "KS", "3D"],
                         "selected": [], "sample": 3, "seed": "t-1"}),
    ("/v1/plays/legal", {"rules": "pagat", "trump": {"level": "2", "suit": None}, "hand": ["AS", "KS", "KS", "3D"],
                         "lead": ["QS"], "sample": 1, "seed": 7, "limit": 5}),
]


def marshmallow(path: str, body):
    try:
        return True, SCHEMAS[path].load(copy.deepcopy(body))
    except ValidationError:
        return False, None


def check(path: str, body) -> bool:
    """The property; returns whether the fast loader took the body."""
    fast = LOADERS[path](copy.deepcopy(body))
    if fast is None:
        return False
    ok, loaded = marshmallow(path, body)
    assert ok, f"fast loader accepted what marshmallow refuses: {json.dumps(body)}"
    assert fast == loaded
    return True


def test_every_cached_endpoint_has_a_fast_loader():
    assert all(LOADERS.values())
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(("path", "body"), BASES, ids=[f"{p}-{i}" for i, (p, _) in enumerate(BASES)])
def test_the_usual_bodies_load_fast_and_the_same(path, body):
    ok, _ = marshmallow(path, body)
    assert check(path, body) == ok


CARD_SPELLINGS = ["AS", "as", "aS", "10H", "10h", "TH", "th", "Th", "SJ", "sj", "sJ", "BJ", "bj", " AS", "AS ",
                  "AS\n", "1S", "11H", "ZZ", "", "A", 5, None, True, ["AS"], {"c": 1}, "２S"]
ODD = [None, True, False, 0, 1, -1, 12, 13, 1000, 1001, 2**70, 1.0, 0.5, "", "qq", "0", [], {}, ["x"], {"a": 1}]
VALUES = {
    "rules": ["qq", "QQ", "tractor-4deck", "pagat", "nope", {"preset": "qq"}, {"preset": "qq", "decks": 3}, *ODD],
    "trump": [{"level": lv, "suit": su} for lv in ["2", "10", "T", "t", "j", "J", "a", "1", "11", " 2", "2\n", 10, None]
              for su in ["S", "s", "H", None, "X", "", 1]] + [{"level": "2"}, {"suit": "S"},
                                                                {"level": "2", "suit": "S", "x": 1}, *ODD],
    "seat": ODD, "limit": ODD, "sample": ODD,
    "seed": ["x", "", "s" * 257, 7, -7, 10 ** 18, 10 ** 19, *ODD],
    "selected": [[], ["AS"], ["KS", "KS"], ["KS", "KS", "KS"], ["as"], ["ZZ"], *ODD],
}


def mutations(path: str, body: dict):
    keys = sorted(SCHEMAS[path].load_fields)
    card_lists = [k for k in ("hand", "play", "lead", "unseen", "selected") if isinstance(body.get(k), list)]
    options = [
        st.tuples(st.just("drop"), st.sampled_from(sorted(body))),
        st.tuples(st.just("set"), st.sampled_from(keys + ["extra"]), st.sampled_from(ODD)),
        st.tuples(st.just("set"), st.sampled_from(sorted(VALUES)),
                  st.sampled_from([v for vals in VALUES.values() for v in vals])),
    ]
    if card_lists:
        options.append(st.tuples(st.just("card"), st.sampled_from(card_lists), st.integers(0, 40),
                                 st.sampled_from(CARD_SPELLINGS)))
        options.append(st.tuples(st.just("cards"), st.sampled_from(card_lists),
                                 st.lists(st.sampled_from(CARD_SPELLINGS), max_size=30)))
    if isinstance(body.get("plays"), list):
        options.append(st.tuples(st.just("play"), st.integers(0, 5), st.sampled_from(
            [{"seat": 1}, {"cards": ["AS"]}, {"seat": 1, "cards": ["AS"], "x": 1}, {"seat": True, "cards": ["AS"]},
             {"seat": 3, "cards": ["as", "AS"]}, {"seat": 0, "cards": ["4C", "4C"]}, {"seat": 11, "cards": ["3D"]},
             {"seat": 2, "cards": []}, None, ["AS"]])))
    if isinstance(body.get("others"), list):
        options.append(st.tuples(st.just("set"), st.just("others"), st.sampled_from(
            [[], [{"seat": 1, "cards": ["3S"]}, {"seat": 1, "cards": ["4S"]}], [{"seat": 0, "cards": ["3S"]}],
             [{"seat": 2, "cards": []}], [{"seat": 2}]])))
    return st.lists(st.one_of(options), min_size=1, max_size=4)


def apply(body: dict, changes) -> dict:
    body = copy.deepcopy(body)
    for change in changes:
        kind, key = change[0], change[1]
        if kind == "drop":
            body.pop(key, None)
        elif kind == "set":
            body[key] = copy.deepcopy(change[2])
        elif kind == "card" and isinstance(body.get(key), list) and body[key]:
            body[key][change[2] % len(body[key])] = change[3]
        elif kind == "cards":
            body[key] = list(change[2])
        elif kind == "play" and isinstance(body.get("plays"), list):
            plays = body["plays"]
            if change[1] < len(plays):
                plays[change[1]] = copy.deepcopy(change[2])
            else:
                plays.append(copy.deepcopy(change[2]))
    return body


@st.composite
def variations(draw):
    path, body = draw(st.sampled_from(BASES))
    return path, apply(body, draw(mutations(path, body)))


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variations())
def test_variations_load_the_same_or_defer(case):
    path, body = case
    check(path, body)


def test_the_service_loads_the_bench_bodies_on_the_fast_path(app, monkeypatch):
    """The loaders the service really uses (after the app has loaded its own examples) take these bodies,
    with no field left to marshmallow (the project's bounded lists included)."""
    from app.door import CACHED_PATHS

    for name, body in BODIES.items():
        loader = CACHED_PATHS["/v1/" + name].load.__self__

        def refuse(*args, **kwargs):
            raise AssertionError("marshmallow's schema load ran")
        expected = SCHEMAS["/v1/" + name].load(copy.deepcopy(body))
        with monkeypatch.context() as patched:
            patched.setattr(loader.schema, "load", refuse)
            patched.setattr(fields.Field, "deserialize", refuse)
            assert loader.load(copy.deepcopy(body)) == expected


def assert_loads_as_marshmallow(loader, body) -> None:
    """``loader.load`` gives what the schema's own load gives: the same values, or a refusal."""
    try:
        expected = loader.schema.load(copy.deepcopy(body))
    except ValidationError:
        with pytest.raises(ValidationError):
            loader.load(copy.deepcopy(body))
        return
    assert loader.load(copy.deepcopy(body)) == expected


def every_documented_post():
    for doc in ("rules.md", "clients.md"):
        path = ROOT / "docs" / doc
        if path.exists():
            yield from ((e.name, e.path, e.body) for e in parse(path) if e.method == "POST")


@pytest.mark.parametrize(("name", "path", "body"), list(every_documented_post()),
                         ids=[name for name, _, _ in every_documented_post()])
def test_every_endpoint_loads_its_documented_bodies_as_marshmallow_does(app, name, path, body):
    """Every POST endpoint's loader (a fast one wherever its schema allows) against its own schema."""
    endpoint, _ = app.url_map.bind("localhost").match(path.split("?")[0], method="POST")
    loader = app.view_functions[endpoint].load
    assert_loads_as_marshmallow(loader, body)


def _app_loaders():
    from app import create_app
    service = create_app({})
    loaders = {}
    for _, path, _ in every_documented_post():
        endpoint, _ = service.url_map.bind("localhost").match(path.split("?")[0], method="POST")
        loaders[path] = service.view_functions[endpoint].load
    return loaders


APP_LOADERS = _app_loaders()
ALL_BASES = [(path, body) for _, path, body in every_documented_post() if isinstance(body, dict)]
LEAVES = ODD + CARD_SPELLINGS + ["AS", "10H", "BJ", "2", "10", "A", "H", None, 0, 3, 4, True]


def paths_in(value, prefix=()):
    """Every path to a dict entry or list item inside ``value``."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix + (k,)
            yield from paths_in(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield prefix + (i,)
            yield from paths_in(v, prefix + (i,))


@st.composite
def deep_variations(draw):
    path, body = draw(st.sampled_from(ALL_BASES))
    body = copy.deepcopy(body)
    for _ in range(draw(st.integers(1, 3))):
        spots = list(paths_in(body))
        if not spots:
            break
        spot = draw(st.sampled_from(spots))
        parent = body
        for part in spot[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["set", "set", "drop", "extra"]))
        if action == "drop":
            del parent[spot[-1]]
        elif action == "extra" and isinstance(parent, dict):
            parent["extra"] = copy.deepcopy(draw(st.sampled_from(LEAVES)))
        else:
            parent[spot[-1]] = copy.deepcopy(draw(st.sampled_from(LEAVES)))
    return path, body


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deep_variations())
def test_every_endpoint_loads_variations_as_marshmallow_does(case):
    """Documented bodies of every POST endpoint, changed anywhere inside: the service's loader
    answers exactly what the endpoint's marshmallow schema answers, value or refusal."""
    path, body = case
    loader = APP_LOADERS[path]
    assert_loads_as_marshmallow(loader, body)
