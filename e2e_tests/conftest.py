"""Fixtures for the browser tests: Debian's Chromium, a local static server, and a
network guard that fails the test on any request to a host other than 127.0.0.1.

Every wait is bounded; the console and page errors are printed when a test fails.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
sys.path.insert(0, str(ROOT / "build_scripts"))

import serve_site  # noqa: E402

CHROMIUM = os.environ.get("BB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

BOOT_TIMEOUT_MS = 120_000  # cold start is ~3-7 s here; generous for a loaded CI machine
RESULT_TIMEOUT_MS = 60_000

DEVICES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}


def pytest_collection_modifyitems(config, items):
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        raise pytest.UsageError(
            f"Chromium not found at {CHROMIUM}: run ./build_scripts/test.sh (installs it) or set BB_CHROMIUM"
        )


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "build.json").exists():
        import build_site

        build_site.build(SITE)
    return SITE


@pytest.fixture(scope="session")
def base_url(site_dir):  # overrides pytest-base-url's fixture of the same name
    server, url = serve_site.start_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": CHROMIUM_FLAGS,
        "timeout": 60_000,
    }


class NetGuard:
    """Records every request; aborts and remembers any to a host other than 127.0.0.1."""

    def __init__(self):
        self.foreign: list[str] = []
        self.log: list[str] = []

    def route(self, route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or parts.hostname == "127.0.0.1":
            route.fallback()
        else:
            self.foreign.append(url)
            route.abort("blockedbyclient")

    def on_request(self, request):
        url = request.url
        self.log.append(url)
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob") and parts.hostname != "127.0.0.1":
            self.foreign.append(url)


@pytest.fixture(params=list(DEVICES), ids=list(DEVICES))
def device(request) -> str:
    return request.param


def _new_context(browser, device_name: str, guard: NetGuard, console: list[str]):
    ctx = browser.new_context(**DEVICES[device_name], service_workers="allow")
    ctx.set_default_timeout(30_000)
    ctx.set_default_navigation_timeout(30_000)
    ctx.route("**/*", guard.route)
    ctx.on("request", guard.on_request)

    def attach(page):
        page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
        page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))

    ctx.on("page", attach)
    return ctx


@pytest.fixture
def make_context(browser, request):
    """make_context(device) -> a fresh context (fresh storage) guarded against outside hosts."""
    made = []

    def make(device_name: str = "desktop"):
        guard = NetGuard()
        console: list[str] = []
        ctx = _new_context(browser, device_name, guard, console)
        made.append((ctx, guard, console))
        return ctx

    yield make
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    foreign = []
    for ctx, guard, console in made:
        foreign.extend(guard.foreign)
        if failed and console:
            print("\n--- browser console ---\n" + "\n".join(console[-80:]))
        ctx.close()
    assert not foreign, f"the page contacted hosts other than 127.0.0.1: {sorted(set(foreign))}"


@pytest.fixture
def app(make_context, device, base_url):
    """A page on the app (device = desktop or phone), not yet waited for."""
    ctx = make_context(device)
    page = ctx.new_page()
    page.goto(base_url + "advanced.html")
    return page


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
