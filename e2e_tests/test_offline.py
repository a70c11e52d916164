"""The page offline (Debian's Chromium): the service worker keeps the site after a first visit, waits for
the engine before it fetches, and a new build replaces its cache.

Selectors are data-testid hooks (see web/ui-spec.md). Every wait has a bound.
"""

from __future__ import annotations

import json
import shutil
import time

from conftest import BOOT_TIMEOUT_MS, serve_site
from playwright.sync_api import Page, expect
from test_app import tid, wait_analysis, wait_engine


def test_offline_after_first_visit(make_context, site_dir):
    """First visit installs the service worker; with the server gone, a reload still boots."""
    server, url = serve_site.start_in_thread(site_dir)
    try:
        ctx = make_context("phone")
        page = ctx.new_page()
        page.goto(url + "advanced.html")
        wait_engine(page)
        build_id = json.loads((site_dir / "build.json").read_text())["build_id"]
        deadline = time.monotonic() + 60
        while not page.evaluate(
            """async (id) => Boolean(navigator.serviceWorker.controller)
                   && (await caches.keys()).includes('bombbusters-' + id)""",
            build_id,
        ):
            assert time.monotonic() < deadline, "service worker did not take control and fill its cache in 60 s"
            page.wait_for_timeout(250)
        tid(page, "player-2-name").fill("Offline")
    finally:
        server.shutdown()
        server.server_close()
    page.reload(timeout=30_000)
    wait_engine(page)
    expect(tid(page, "player-2-name")).to_have_value("Offline")
    assert wait_analysis(page) == "done"


def test_offline_cache_waits_for_the_engine(make_context, base_url):
    """Both pages register the service worker only once the engine has started: its precaching fetches
    the runtime and numpy again, which would compete with a first visit's start-up."""
    for page_name in ("", "advanced.html"):
        page = make_context("phone").new_page()
        page.add_init_script("""(() => {
          window.__swRegisteredAt = [];
          const sw = navigator.serviceWorker;
          const register = sw.register.bind(sw);
          sw.register = (...args) => {
            window.__swRegisteredAt.push(document.documentElement.dataset.engine || 'none');
            return register(...args);
          };
        })()""")
        page.goto(base_url + page_name)
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
        poll(page, "() => window.__swRegisteredAt.length > 0", None)
        assert page.evaluate("window.__swRegisteredAt") == ["ready"], page_name


def test_new_build_replaces_the_offline_cache(make_context, site_dir, tmp_path):
    """A new build (new sw.js, new build id) installs a new cache; Reload activates it and drops the old one."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    old_id = json.loads((site / "build.json").read_text())["build_id"]
    server, url = serve_site.start_in_thread(site)
    try:
        page = make_context("desktop").new_page()
        page.goto(url + "advanced.html")
        wait_engine(page)
        poll(page, "async (id) => Boolean(navigator.serviceWorker.controller) && (await caches.keys()).includes(id)",
             f"bombbusters-{old_id}")
        new_id = "0123456789ab"
        for name in ("sw.js", "build.json", "engine/engine-worker.js"):
            (site / name).write_text((site / name).read_text().replace(old_id, new_id))
        page.reload()
        expect(tid(page, "update-banner")).to_be_visible(timeout=60_000)
        # the new worker takes over once the old one has served its fetches in flight (the engine's files):
        # let the engine finish loading first, as on a loaded machine that can take a while
        wait_engine(page)
        tid(page, "update-reload").click()
        poll(page, "async (ids) => JSON.stringify((await caches.keys()).filter((k) => k.startsWith('bombbusters-')))"
             " === JSON.stringify(ids)", [f"bombbusters-{new_id}"], seconds=120)
        wait_engine(page)
        assert page.evaluate("window.__engineInfo.build_id") == new_id
    finally:
        server.shutdown()
        server.server_close()


def poll(page: Page, fn: str, arg, seconds: float = 60) -> None:
    """Bounded poll of an async page function until it returns true."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if page.evaluate(fn, arg):
                return
        except Exception as exc:  # navigation in progress: try again
            if "context was destroyed" not in str(exc) and "navigation" not in str(exc).lower():
                raise
        assert time.monotonic() < deadline, f"timed out after {seconds} s waiting for {fn}"
        page.wait_for_timeout(250)
