"""The OpenAPI document, generated from the code.  ``python -m app.spec > openapi.yaml``."""
from __future__ import annotations

import sys

import yaml

from rules.violations import CODES
from schemas.fields import RulesetParametersSchema

DESCRIPTION = """\
A stateless referee for Tractor (Shengji, 升级 / 拖拉机): every request carries the whole state it
needs, and the same request always gets the same answer.

Cards are strings: rank then suit (`10H`, `AS`, `2C`; `T` is accepted for 10), `SJ` and `BJ` for
the jokers. Input is case-insensitive; answers are canonical and list cards high to low unless the
order of play matters. `rules` is a preset name (`"qq"`) or an object: a preset plus overrides
(`{"preset": "qq", "decks": 3}`).

Illegal *moves* are normal answers (200 with `legal: false` and `reasons`). Malformed or
impossible *requests* are RFC 9457 `application/problem+json` documents: 400 unparseable JSON,
404 unknown resource, 405 wrong method, 413 body over 256 KiB, 415 not `application/json`,
422 invalid content (with `errors[].pointer` naming the field).

Answers of `/v1/plays/validate`, `/v1/plays/legal` and `/v1/tricks/winner` are cached; they carry
`X-Cache: hit|miss|bypass`, and `Cache-Control: no-cache` on the request computes afresh.

`Accept-Language: zh-CN` (or `zh-Hans`, `zh`) answers reason messages, settlement explanations and
problem titles and details in Simplified Chinese; anything else answers in English. Answers carry
`Content-Language` and `Vary: Accept-Language`; codes never change.

The rules, every ruleset parameter and every reason code are explained, with worked examples, in the
repository's `docs/rules.md`; client examples are in `docs/clients.md`.

Reason codes (`reasons[].code`):

""" + "\n".join(f"- `{code}`: {text}" for code, text in CODES.items()) + "\n"


def spec_options() -> dict:
    return {"info": {"description": DESCRIPTION}}


def register_components(api) -> None:
    if "RulesetParameters" not in api.spec.components.schemas:
        api.spec.components.schema("RulesetParameters", schema=RulesetParametersSchema)


class _Dumper(yaml.SafeDumper):
    """Multi-line strings as literal blocks, so the committed file reads well; no YAML anchors."""

    def ignore_aliases(self, data) -> bool:
        return True


def _str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)
FIRST = ("openapi", "info", "servers", "tags", "paths", "components")


def spec_yaml(app) -> str:
    spec = app.extensions["api"].spec.to_dict()
    ordered = {k: spec[k] for k in FIRST if k in spec} | {k: v for k, v in spec.items() if k not in FIRST}
    return yaml.dump(ordered, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


def main() -> None:
    from . import create_app
    sys.stdout.write(spec_yaml(create_app({})))


if __name__ == "__main__":
    main()
