"""Taps through the table app (index.html) for the browser tests: open a table or a mission, enter my
hand, play the opening and a few turns, wait for the engine, compare the page's state document with the
CLI's.  Hooks: web/ui-spec.md.  Screenshots go to test-results/screens/.
"""

from __future__ import annotations

import json
import sys

import whole_game
from conftest import BOOT_TIMEOUT_MS, RESULT_TIMEOUT_MS, ROOT
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_app import cli_analyze

SCREENS = ROOT / "test-results" / "screens"
MY_HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]


class Taps:
    """Taps (phone) or clicks (desktop) through data-testid hooks, counted."""

    def __init__(self, page: Page, device: str):
        self.page, self.device, self.count = page, device, 0

    def __call__(self, testid: str) -> None:
        el = self.page.get_by_test_id(testid)
        if testid.startswith("actor-slot-"):  # drawn once the success's table is answered (given-cut.js)
            self.page.wait_for_function("document.documentElement.dataset.given !== 'pending'", timeout=30_000)
        expect(el).to_be_enabled()
        el.tap() if self.device == "phone" else el.click()
        self.count += 1


def tid(page: Page, testid: str):
    return page.get_by_test_id(testid)


def scroll_to(page: Page, testid: str) -> None:
    """Scroll the element into view in one step inside the page: Playwright's scroll waits for the element to
    be still, and an answer that redraws the screen meanwhile (the thinking ahead's, after my best cuts')
    detaches it ("Element is not attached to the DOM", seen once in a clean CI run)."""
    page.evaluate("(id) => document.querySelector(`[data-testid='${id}']`)?.scrollIntoView({block: 'center'})", testid)


def shot(page: Page, name: str) -> None:
    """A picture for a person to look at (test-results/screens/), not a check: a screenshot that Chromium
    does not take in time (seen once on a loaded machine, the page answering taps all along) is said and
    skipped; the taps and expectations around it are what test the page."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=False, timeout=15_000)
    except PlaywrightTimeoutError:
        print(f"screenshot {name}: not taken within 15 s", file=sys.stderr)


def wait_ready(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)


def open_table(make_context, base_url: str, device: str) -> tuple[Page, Taps]:
    """A fresh page on the table app with its engine ready, and a tap counter for it."""
    page = make_context(device).new_page()
    page.goto(base_url + "index.html")
    wait_ready(page)
    return page, Taps(page, device)


def open_mission(make_context, base_url: str, device: str, number: int, reds=(2, 5, 9), yellows=(),
                 check=None) -> tuple[Page, Taps]:
    """The table app set up for a mission dealing red "2 of 3" (drawn: 2, 5, 9; or the red numbers
    given) and the yellow numbers given, on my hand screen; ``check(page)`` looks at the setup before its start."""
    page, taps = open_table(make_context, base_url, device)
    expect(tid(page, "missions-loading")).to_have_count(0)
    tid(page, "setup-mission").select_option(str(number))
    if check:
        check(page)
    for key in [f"setup-red-nums-{n}" for n in reds] + [f"setup-yellow-nums-{n}" for n in yellows]:
        taps(key)
    taps("setup-start")
    return page, taps


def enter_hand(page: Page, taps: Taps, extra: list[str]) -> None:
    """My wires on the hand screen, MY_HAND and ``extra`` (a mission dealing more), then the table."""
    for label in MY_HAND + extra:
        taps(f"key-{label}")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()


def wait_done(page: Page, moves: bool = False) -> str:
    page.wait_for_function(
        "['done', 'error'].includes(document.documentElement.dataset.analysis)", timeout=RESULT_TIMEOUT_MS
    )
    if moves:
        page.wait_for_function(
            "['done', 'error', 'idle'].includes(document.documentElement.dataset.moves)", timeout=RESULT_TIMEOUT_MS
        )
    return page.evaluate("document.documentElement.dataset.analysis")


def engine_doc(page: Page) -> dict:
    return json.loads(tid(page, "engine-doc").text_content())


def assert_matches_cli(page: Page) -> dict:
    doc = engine_doc(page)
    whole_game.assert_same_laws(whole_game.shown_slots(page), cli_analyze(doc)["slots"])
    return doc


def play_opening(page: Page, taps: Taps, screens: bool = False) -> None:
    """Setup (4 players, me = Ann, captain), my hand, one starting token per player."""
    wait_ready(page)
    expect(tid(page, "setup-screen")).to_be_visible()
    if screens:
        shot(page, "1-setup")
    taps("setup-start")
    expect(tid(page, "hand-screen")).to_be_visible()
    for label in reversed(MY_HAND):  # any order: the stand sorts itself
        taps(f"key-{label}")
        if screens and label == "7":
            shot(page, "2-hand")
    expect(tid(page, "hand-full")).to_be_visible()  # the whole hand stays on screen to be checked
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    # the page redraws when the engine answers: let it settle, so a tap never lands on a button being replaced
    wait_done(page, moves=True)
    for key, value in (("1-0-2", "3"), ("2-0-5", "6"), ("3-0-8", "9"), ("0-0-0", "1")):
        taps(f"slot-{key}")
        taps(f"set-info-{value}")
    expect(tid(page, "log").locator("li[data-testid^='log-']")).to_have_count(4)


def play_turns(page: Page, taps: Taps, screens: bool = False) -> None:
    # Ann (me, the captain): "Bob's D is a 5" - wrong, it is a 4.
    taps("slot-1-0-3")
    expect(tid(page, "actor-0")).to_have_attribute("aria-pressed", "true")
    taps("key-5")
    taps("result-wrong")
    taps("real-4")
    # Bob: "Cid's A is a 1" - right; Bob cuts his own A.
    taps("slot-2-0-0")
    expect(tid(page, "actor-1")).to_have_attribute("aria-pressed", "true")
    taps("key-1")
    taps("result-ok")
    taps("actor-slot-0-0")
    # Cid: Double Detector on Dee's D and E for a 4 - wrong, the token goes on E: a 5.
    taps("action-double")
    expect(tid(page, "actor-2")).to_have_attribute("aria-pressed", "true")
    taps("slot-3-0-3")
    taps("slot-3-0-4")
    taps("key-4")
    if screens:
        shot(page, "4-double-detector")
    taps("result-wrong")
    taps("which-4")
    taps("real-5")

