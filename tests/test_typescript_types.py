"""TypeScript types generated from openapi.yaml with openapi-typescript compile under tsc --strict, and
type the flows of docs/clients.md (validate, legal plays, settle, adjudicate).

The two npm packages are pinned and installed once under .venv/node (``make clean`` removes them)."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / ".venv" / "node"
PACKAGES = ("openapi-typescript@7.13.0", "typescript@5.9.3")

FLOWS = """
import type { paths } from "./api";

type Answer<P extends keyof paths> =
  paths[P] extends { post: { responses: { 200: { content: { "application/json": infer A } } } } } ? A : never;
type Body<P extends keyof paths> =
  paths[P] extends { post: { requestBody: { content: { "application/json": infer B } } } } ? B : never;

const validate: Body<"/v1/plays/validate"> = {
  rules: { preset: "qq", follow_protection: "longer-tuples" }, trump: { level: "10", suit: "H" },
  hand: ["AS", "KS", "KS", "3D"], play: ["AS", "KS"], lead: ["QS", "QS"],
};
function verdict(a: Answer<"/v1/plays/validate">): string[] {
  return a.legal ? [] : a.reasons.map((r) => r.code);
}
const listing: Body<"/v1/plays/legal"> = {
  rules: "qq", trump: { level: "10", suit: "H" }, hand: ["AS", "KS", "KS", "3D"], lead: ["QS", "QS"], limit: 10,
};
function count(a: Answer<"/v1/plays/legal">): number | undefined {
  return "count" in a ? a.count : undefined;
}
function outcome(a: Answer<"/v1/hands/settle">): string { return a.outcome; }
function firstIllegal(a: Answer<"/v1/hands/adjudicate">): boolean { return a.legal; }
export { validate, verdict, listing, count, outcome, firstIllegal };
"""

WRONG = """
import type { paths } from "./api";
type Answer = paths["/v1/plays/validate"]["post"]["responses"][200]["content"]["application/json"];
const wrong: Answer["legal"] = "yes";
export { wrong };
"""


def node_bin() -> Path:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the TypeScript check needs Node.js")
    bin_dir = NODE_DIR / "node_modules" / ".bin"
    if not (bin_dir / "tsc").exists() or not (bin_dir / "openapi-typescript").exists():
        NODE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(NODE_DIR), *PACKAGES],
                       check=True, timeout=600, capture_output=True)
    return bin_dir


def tsc(bin_dir: Path, folder: Path, source: str) -> subprocess.CompletedProcess:
    (folder / "flows.ts").write_text(source, encoding="utf-8")
    return subprocess.run([str(bin_dir / "tsc"), "--strict", "--noEmit", "--target", "es2020", "--module", "es2020",
                           "--moduleResolution", "node", "flows.ts", "api.d.ts"],
                          cwd=folder, capture_output=True, text=True, timeout=300)


def test_generated_typescript_types_compile_and_type_the_client_flows(tmp_path):
    bin_dir = node_bin()
    subprocess.run([str(bin_dir / "openapi-typescript"), str(ROOT / "openapi.yaml"), "--default-non-nullable", "false",
                    "-o", str(tmp_path / "api.d.ts")], check=True, capture_output=True, timeout=300)
    good = tsc(bin_dir, tmp_path, FLOWS)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = tsc(bin_dir, tmp_path, WRONG)
    assert bad.returncode != 0 and "not assignable" in bad.stdout
