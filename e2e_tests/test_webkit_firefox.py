"""The table app on a phone-sized window in WebKit (WebKitGTK, Safari's engine) and Firefox.

Chromium gets the whole tour (test_table_app.py, test_table_entries.py, test_table_answers.py); here each other engine shows it can run the
app at all: Pyodide boots in its worker, a shared link opens on its table with the heatmap and
my best cuts (the numbers equal the CLI's), and one turn recorded by taps updates the log and
the analysis. The drivers: webkit_page.py, firefox_page.py (no Playwright for these engines).
No request may reach a host other than 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import time
from urllib.parse import urlsplit

import pytest
import whole_game
from conftest import BOOT_TIMEOUT_MS, RESULT_TIMEOUT_MS, ROOT
from engine_page import VIEWPORT, EnginePage
from firefox_page import FirefoxPage
from test_app import cli_analyze
from webkit_page import WebKitPage

ENGINES = {"webkit": WebKitPage, "firefox": FirefoxPage}
LINKS = ROOT / "e2e_tests" / "js" / "fixtures" / "links-2026-11.json"
BOOT_S, RESULT_S = BOOT_TIMEOUT_MS / 1000, RESULT_TIMEOUT_MS / 1000
ANSWERED = """(() => { const d = document.documentElement.dataset;
  return ["done", "error"].includes(d.analysis) && ["done", "error", "idle"].includes(d.moves); })()"""
OUTCOME = "[document.documentElement.dataset.analysis, document.documentElement.dataset.moves]"


@pytest.fixture(scope="module", params=list(ENGINES))
def engine(request, tmp_path_factory):
    """One browser of the engine for this module's tests (started once: Pyodide's files are then cached)."""
    page = ENGINES[request.param](tmp_path_factory.mktemp(request.param))
    print(f"\n[{page.name}] version {page.version}")
    yield page
    page.close()


@pytest.fixture
def phone(engine: EnginePage, request):
    """The engine's page; afterwards, no request may have gone to a host other than 127.0.0.1."""
    start = len(engine.requests())
    yield engine
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        print(f"\n--- {engine.name} ---\n" + "\n".join(engine.report()))
    foreign = [u for u in engine.requests()[start:] if urlsplit(u).scheme not in ("data", "blob", "about")
               and urlsplit(u).hostname != "127.0.0.1"]
    assert not foreign, f"[{engine.name}] the page asked hosts other than 127.0.0.1: {sorted(set(foreign))}"


def share_link() -> str:
    """A share link the table app made (#z=: the table deflated): 4 players, my hand (Ann), one
    starting token each; made by an earlier version, so opening it also checks that it still opens."""
    links = {link["name"]: link for link in json.loads(LINKS.read_text())["links"]}
    return links["opening"]["z"]


def open_link(page: EnginePage, base_url: str) -> dict:
    """Open the share link; wait for the engine and both answers; return the engine document."""
    start = time.monotonic()
    page.goto(base_url + "index.html" + share_link())
    # (the page says "loading" until its modules start the engine: only "ready" or "failed" ends the wait)
    page.wait("['ready', 'failed'].includes(document.documentElement.dataset.engine)", BOOT_S, "the engine to start")
    assert page.evaluate("document.documentElement.dataset.engine") == "ready", page.text("engine-line")
    booted = time.monotonic()
    wait_answers(page, "the analysis and my best cuts")
    stages = page.evaluate("window.__engineInfo?.timings ?? null")
    print(f"\n[{page.name}] engine ready in {booted - start:.1f} s (stages, ms: {stages}),"
          f" answers {time.monotonic() - booted:.1f} s later")
    # the fast start (build.md) works in this engine too, not only its fallback
    assert stages["snapshot"] == "used" and stages["packages_via"] == stages["wheel_via"] == "packs", stages
    return json.loads(page.text("engine-doc"))


def wait_answers(page: EnginePage, what: str) -> None:
    """Wait for the heatmap's and my best cuts' answers; both must be answers, not errors."""
    page.wait(ANSWERED, RESULT_S, what)
    assert page.evaluate(OUTCOME) == ["done", "done"], page.report()[0]


def assert_heatmap_is_the_engines(page: EnginePage, doc: dict) -> dict:
    """Every hidden slot shows the law the native engine gives for the same table, to 1e-9."""
    shown = whole_game.shown_slots(page)
    whole_game.assert_same_laws(shown, cli_analyze(doc)["slots"])
    return shown


def test_link_opens_with_heatmap_and_best_cuts(phone: EnginePage, base_url):
    doc = open_link(phone, base_url)
    assert phone.evaluate("location.hash").startswith("#g=")  # the deflated link was read and written back
    assert phone.evaluate("[innerWidth, innerHeight]") == [VIEWPORT["width"], VIEWPORT["height"]]
    assert doc["me"] == 0 and doc["players"][1]["stands"][0].split()[2] == "i3"  # the link's table
    shown = assert_heatmap_is_the_engines(phone, doc)
    laws = {key: slot["probs"] for key, slot in shown.items() if slot["probs"] is not None}
    assert len(laws) == 36, sorted(laws)  # every teammate's wire: 3 starting tokens, 33 hidden
    assert laws["1-0-2"] == {"3": 1} and max(laws["1-0-3"].values()) < 1
    label = phone.attr("slot-2-0-6", "aria-label")
    assert re.match(r"Cid, slot G: \d+ \d+%, hidden, most likely \d+", label), label  # where, what it shows, what it means
    assert phone.count("[data-testid^='move-'][data-testid$='-p']") >= 3
    p = float(phone.attr("move-0-p", "data-p"))
    assert 0 < p <= 1, p
    assert phone.evaluate("document.querySelector('[data-testid=move-0]').getBoundingClientRect().width") > 0
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORT["width"], f"[{phone.name}] the page is {width}px wide"


def test_a_turn_recorded_by_taps(phone: EnginePage, base_url):
    before = open_link(phone, base_url)
    assert phone.count("[data-testid='log'] li[data-testid^='log-']") == 4
    # Ann (me): "Bob's D is a 5" - wrong, it is a 4.
    phone.tap("slot-1-0-3")
    phone.wait("document.querySelector('[data-testid=actor-0]')?.getAttribute('aria-pressed') === 'true'", 10,
               "the sheet to offer the cut, Ann cutting")
    for testid in ("key-5", "result-wrong", "real-4"):
        phone.tap(testid)
    phone.wait("document.querySelectorAll(\"[data-testid='log'] li[data-testid^='log-']\").length === 5", 10,
               "the turn in the log")
    assert "✗ it is 4" in phone.text("log-4")
    assert phone.attr("detonator", "data-made") == "1"
    wait_answers(phone, "the analysis of the new table")
    doc = json.loads(phone.text("engine-doc"))
    assert doc != before
    assert doc["players"][1]["stands"][0].split()[3] == "i4"
    assert {"kind": "has", "player": 0, "value": 5} in doc["facts"]
    shown = assert_heatmap_is_the_engines(phone, doc)
    assert shown["1-0-3"]["probs"] == {"4": 1}  # Bob's D now shows its info token: sure
    assert float(phone.attr("move-0-p", "data-p")) > 0
