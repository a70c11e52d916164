#!/usr/bin/env python3
"""Hostile share links and saved tables opened in the real page (Chromium): 0 uncaught errors, 0 stuck pages.

Why in a browser too: the Node fuzz test (``e2e_tests/js/fuzz.test.mjs``) reads and draws tables, but
only the page runs the whole path a link takes: the hash or localStorage, the one door
(``web/table/table-doc.js``), replay, every template, the engine request.

Cases (seeded; the same seed gives the same cases): random bytes as a link, real links cut short,
JSON of the wrong shape, mutated fields of real tables (at the top of a log entry, one level down,
in the setup, in the hand) as links and as saved tables in localStorage.  A link is opened in the
running page (the hash changes, as a tap on a link does); a saved table by loading the page afresh.
After each case the page must have raised no uncaught error and still answer: the app is drawn, and
every 25 cases a tap opens and closes the share sheet.

    .venv/bin/python build_scripts/fuzz_links.py            # 1,000 cases, seed 1 (builds site/ if needed)
    .venv/bin/python build_scripts/fuzz_links.py --n 200 --seed 7

``e2e_tests/test_fuzz_links.py`` runs a few hundred of them in CI.
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "e2e_tests" / "js" / "fixtures"
STORAGE_KEY = "bombbusters.table.v1"

EVIL = ["ab", "", None, [], {}, -1, 0, 10**9, 1e308, "1e400", True, "<img src=x onerror=alert(1)>", [[[]]], {"js": "ab"},
        "Y", "R3", 3.5, {"s": "x", "j": None}, [0, "a"], "!5", "X", "__proto__"]
FIELDS = ["k", "a", "p", "s", "j", "js", "v", "vs", "ok", "cut", "real", "tok", "hit", "ans", "eq", "to", "as", "ato", "pto",
          "got", "slot", "slots", "cuts", "ps", "ids", "next", "kind", "silent", "mark", "ox", "m", "c", "col", "was", "why"]
SETUP_KEYS = ["me", "captain", "mistakes", "blue", "players", "yellow", "red", "equipment", "cards", "special", "red_deal",
              "mission", "tokens", "x_tokens", "turned", "nano", "numbers", "number_cards", "dd"]


def real_tables() -> list[dict]:
    """The state objects of the committed link fixtures (tables made by the app at earlier versions)."""
    out = []
    for path in sorted(FIXTURES.glob("links-*.json")):
        for link in json.loads(path.read_text())["links"]:
            if "g" in link:
                out.append(json.loads(link_text(link["g"])))
    return out


def as_hash(doc) -> str:
    """A plain "#g=" link of ``doc`` (any JSON, a table or not)."""
    return "#g=" + base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")


def link_text(hash_: str) -> str:
    """The text a plain "#g=" link carries (base64url, padding restored)."""
    raw = hash_.split("=", 1)[1]
    return base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()


def _mutate(r: random.Random, doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    where = r.randrange(4)
    if where == 0 and isinstance(doc.get("setup"), dict):
        doc["setup"][r.choice(SETUP_KEYS)] = copy.deepcopy(r.choice(EVIL))
    elif where == 1:
        doc["hand"] = r.choice([copy.deepcopy(r.choice(EVIL)), [[r.choice(EVIL), "3", "X5"]], [["1", "2"], "x", None]])
    else:
        log = doc.setdefault("log", [])
        if not log or r.random() < 0.15:
            log.append({"k": r.choice(["dual", "detect", "set", "walkie", "nope", "damaged", ""])})
        e = r.choice(log)
        for _ in range(1 + r.randrange(3)):
            inner = [x for x in (e.values() if isinstance(e, dict) else []) if isinstance(x, (dict, list))]
            at = r.choice(inner) if where == 3 and inner else e
            if isinstance(at, list):
                if at:
                    at[r.randrange(len(at))] = copy.deepcopy(r.choice(EVIL))
            elif isinstance(at, dict):
                at[r.choice(FIELDS)] = copy.deepcopy(r.choice(EVIL))
    return doc


def cases(n: int, seed: int) -> list[tuple[str, str]]:
    """n cases as ("hash", a URL hash) or ("storage", a saved table's text); one in ten is a saved table."""
    r = random.Random(seed)
    tables = real_tables()
    out: list[tuple[str, str]] = []
    for _ in range(n):
        kind = r.randrange(6)
        base = r.choice(tables)
        if kind == 0:
            text = "#g=" + base64.urlsafe_b64encode(bytes(r.randrange(256) for _ in range(1 + r.randrange(200)))).decode()
        elif kind == 1:
            h = as_hash(base)
            text = h[: 3 + r.randrange(len(h) - 3)]
        elif kind == 2:
            text = as_hash(r.choice([5, "x", [], None, {"setup": 5}, {"log": "x"}, {"setup": {"players": "ab"}},
                                     {"setup": {}, "log": [5, None, {"k": 3}]}, {"hand": [[5]]}]))
        else:
            text = as_hash(_mutate(r, base))
        if kind >= 2 and r.random() < 0.1:  # the same table, saved in localStorage instead
            out.append(("storage", link_text(text)))
        else:
            out.append(("hash", text))
    return out


#: after a case: the page has drawn the app (the setup, hand or table screen) and shows no half-done work
_ALIVE = """() => ['setup', 'hand', 'table', 'who'].includes(document.documentElement.dataset.phase)
  && document.querySelector('[data-testid="app"]')?.children.length > 0
  && document.querySelectorAll("img[src='x']").length === 0"""

_OPEN_HASH = """async (h) => {
  location.hash = h;
  await new Promise((r) => setTimeout(r, 0));
  for (let i = 0; i < 40 && document.querySelector('[data-testid="app"]')?.children.length === 0; i += 1) {
    await new Promise((r) => setTimeout(r, 25));
  }
}"""


def run(page, url: str, items: list[tuple[str, str]], progress=None) -> dict:
    """Open every case in ``page`` (on the app at ``url``); {cases, errors: [(i, text)], stuck: [i], ms}."""
    errors: list[tuple[int, str]] = []
    current = {"i": -1}
    page.on("pageerror", lambda e: errors.append((current["i"], str(e))))
    stuck: list[int] = []
    page.goto(url)
    page.wait_for_function(_ALIVE, timeout=60_000)
    t0 = time.perf_counter()
    for i, (kind, text) in enumerate(items):
        current["i"] = i
        if kind == "hash":
            page.evaluate(_OPEN_HASH, text)
        else:
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STORAGE_KEY, text])
            page.goto(url)
        try:
            page.wait_for_function(_ALIVE, timeout=10_000)
            if i % 25 == 24:  # a tap still works: the share sheet opens and closes
                page.get_by_test_id("share").click(timeout=5_000)
                page.keyboard.press("Escape")
        except Exception as exc:  # noqa: BLE001 - a stuck page is the finding
            stuck.append(i)
            errors.append((i, f"stuck: {exc}"))
            page.goto(url)
        if progress and i % 100 == 99:
            progress(f"{i + 1} cases, {len(errors)} errors")
    return {"cases": len(items), "errors": errors, "stuck": stuck, "ms_per_case": (time.perf_counter() - t0) * 1000 / max(1, len(items))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "build_scripts"))
    import serve_site
    from playwright.sync_api import sync_playwright

    site = ROOT / "site"
    if not (site / "build.json").exists():
        import build_site

        build_site.build(site)
    sys.path.insert(0, str(ROOT / "e2e_tests"))
    from conftest import CHROMIUM, CHROMIUM_FLAGS

    server, url = serve_site.start_in_thread(site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
            page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            report = run(page, url + "index.html", cases(args.n, args.seed), lambda m: print(m, file=sys.stderr))
            browser.close()
    finally:
        server.shutdown()
    print(json.dumps({"seed": args.seed, "cases": report["cases"], "uncaught_errors": len(report["errors"]),
                      "stuck_pages": len(report["stuck"]), "ms_per_case": round(report["ms_per_case"], 1),
                      "first_errors": report["errors"][:5]}, indent=1))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
