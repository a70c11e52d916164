"""The worker's fast start (memory snapshot, packs written by JavaScript) and its fallbacks: a page whose
snapshot or packs cannot be used still gets its engine, and says why (build_scripts/snapshot.py,
site_pack.py, web/engine/engine-worker.js)."""

from __future__ import annotations

import json

from conftest import ROOT
from playwright.sync_api import Page
from test_app import wait_engine


def _sample(page: Page) -> dict:
    """A request that uses numpy.random (loaded on first use, not at start) and the engine."""
    states = json.loads((ROOT / "build_scripts" / "bench_states.json").read_text())["states"]
    state = next(s for s in states if s["name"] == "5p-midgame-cuts-info")
    return page.evaluate(
        "async (state) => (await window.__bbEngine.call('sample', {state, n: 5, seed: 1})).reply",
        state["state"],
    )


def assert_fast_start(timings: dict) -> None:
    """The engine started from its snapshot, and numpy and the engine from their packs."""
    assert timings["snapshot"] == "used", timings
    assert timings["packages_via"] == "packs" and timings["wheel_via"] == "packs", timings


def test_the_engine_starts_from_its_snapshot_and_packs(make_context, base_url):
    page = make_context("phone").new_page()
    page.goto(base_url + "advanced.html")
    assert_fast_start(wait_engine(page)["timings"])
    reply = _sample(page)
    assert reply["ok"], reply


def test_a_broken_snapshot_and_packs_fall_back_to_a_plain_start(make_context, base_url):
    page = make_context("phone").new_page()
    page.route("**/snapshot-*.bin", lambda route: route.fulfill(status=404, body="gone"))
    # a pack whose bytes do not match build.json's sha256 is refused before anything is written
    page.route("**/*.pack", lambda route: route.fulfill(status=200, body=b"tampered"))
    page.goto(base_url + "advanced.html")
    timings = wait_engine(page)["timings"]
    assert timings["snapshot"].startswith("not used:") and "404" in timings["snapshot"]
    assert timings["packages_via"].startswith("fallback:") and "sha256" in timings["packages_via"]
    assert timings["wheel_via"].startswith("fallback:") and "sha256" in timings["wheel_via"]
    reply = _sample(page)
    assert reply["ok"], reply


def test_the_worker_starts_from_its_built_in_manifest_or_fetches_build_json(make_context, base_url):
    """The build writes the manifest into the worker, so its downloads start without a round trip for
    build.json; a worker without one (as in web/, unbuilt) fetches build.json and starts all the same."""
    for built in (True, False):
        page = make_context("phone").new_page()
        asked: list[str] = []  # (a page route sees the page's and its worker's requests, not the service worker's)
        page.route("**/build.json", lambda route: (asked.append(route.request.url), route.continue_()))
        if not built:
            template = (ROOT / "web" / "engine" / "engine-worker.js").read_text()
            assert "const BUILT_IN_MANIFEST = null;" in template
            page.route("**/engine/engine-worker.js",
                       lambda route: route.fulfill(status=200, body=template, content_type="text/javascript"))
        page.goto(base_url + "advanced.html")
        assert_fast_start(wait_engine(page)["timings"])
        assert bool(asked) != built, (built, asked)
        assert _sample(page)["ok"]
