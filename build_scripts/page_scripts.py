"""The site's scripts as it serves them: the engine's early start written into each page, each page's
modules bundled into its entry (``bundle.mjs``, esbuild), the manifest written into the engine worker.

Why: each shortens the engine's cold start.  The early start needs no request before the worker's; a page's
~50 modules, each a request, a parse and a module record while the worker downloads and compiles Pyodide,
cost the start ≈ 0.19 s on two cores, one bundled file much less (docs/benchmarks.md); the manifest in the
worker saves the round trip for build.json before the downloads."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

__all__ = [
    "EARLY", "ENTRIES", "PAGES", "WORKER", "WORKER_PLACEHOLDER", "PageScriptError", "bundle_pages", "embed_manifest",
    "inline_early_start",
]

EARLY = "engine/engine-early.js"
WORKER = "engine/engine-worker.js"
WORKER_PLACEHOLDER = "const BUILT_IN_MANIFEST = null;"
#: each page and the module its script tag loads (the entry the build bundles)
ENTRIES = {"index.html": "table/table-page.js", "advanced.html": "notation/notation-page.js"}
PAGES = tuple(ENTRIES)
BUNDLER = Path(__file__).with_name("bundle.mjs")


class PageScriptError(RuntimeError):
    """A page or its script is not as the build expects; the message says which."""


def inline_early_start(site: Path) -> None:
    """Write engine/engine-early.js into each page's head in place of its script tag: the worker then
    starts as the head is read, without a request for the script that starts it first.  The file itself
    leaves the site (no page loads it, the service worker need not keep it)."""
    early = (site / EARLY).read_text()
    tag = f'<script src="{EARLY}" async></script>'
    for page in PAGES:
        html = (site / page).read_text()
        if html.count(tag) != 1:
            raise PageScriptError(f"web/{page} must load {EARLY} once, as {tag}")
        (site / page).write_text(html.replace(tag, f"<script>\n{early}</script>"))
    (site / EARLY).unlink()


def bundle_pages(site: Path) -> set[str]:
    """Bundle each page's entry module with every module it imports, in place (a source map beside it).
    Returns the site paths of the modules now inside a bundle but not an entry: still served (tests import
    them one by one, the source maps point at them) but loaded by no page, so not kept for offline use."""
    for page, entry in ENTRIES.items():
        tag = f'<script type="module" src="{entry}"></script>'
        if (site / page).read_text().count(tag) != 1:
            raise PageScriptError(f"web/{page} must load {entry} once, as {tag}")
    cmd = ["node", str(BUNDLER), str(site), *ENTRIES.values()]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise PageScriptError(f"bundling the pages' modules failed (run ./build_scripts/setup.sh: npm ci):\n"
                              f"{proc.stderr[-4000:]}")
    taken = json.loads(proc.stdout.strip().splitlines()[-1])
    return {path for paths in taken.values() for path in paths} - set(ENTRIES.values())


def embed_manifest(worker: Path, manifest: dict) -> None:
    """Write the manifest (but its file list) into the engine worker, whose downloads then start without
    first fetching build.json (one round trip, on a phone's network the longest wait before them).  The
    build id already covers the worker: it was hashed as written in web/, with its placeholder."""
    text = worker.read_text()
    if text.count(WORKER_PLACEHOLDER) != 1:
        raise PageScriptError(f"web/{WORKER} must contain the line {WORKER_PLACEHOLDER!r} once")
    built_in = {k: v for k, v in manifest.items() if k != "files"}
    worker.write_text(text.replace(WORKER_PLACEHOLDER, f"const BUILT_IN_MANIFEST = {json.dumps(built_in)};"))
