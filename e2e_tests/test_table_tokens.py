"""Failures in the even/odd and x-token missions (21, 24), by taps on a phone.

The mission's token replaces the info token, failures included: after a failed cut the sheet asks which
token the wire got (even/odd, x1-x3, yellow, red) and never offers a blue value; the slot shows the token,
the engine document carries it as a slot mark, and the heatmap still renders from the engine's answer.
Hooks: web/ui-spec.md. Screenshots go to test-results/screens/.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from conftest import RESULT_TIMEOUT_MS
from table_taps import MY_HAND, assert_matches_cli, engine_doc, open_mission, shot, tid, wait_done, scroll_to


def enter_hand(page: Page, taps) -> None:
    """My wires (13 for the captain when 49 or 50 wires are in play), then the engine's first answers."""
    for label in MY_HAND:
        taps(f"key-{label}")
    if tid(page, "hand-done").is_disabled():
        taps("key-4")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    assert wait_done(page, moves=True) == "done"


def offered(page: Page) -> list[str]:
    """The answers the open sheet offers to "which token did the wire get?"."""
    expect(tid(page, "ask")).to_have_text("Which token did the wire get?")
    ids = tid(page, "sheet").locator("[data-testid^='real-'], [data-testid^='mark-']")
    return [ids.nth(i).get_attribute("data-testid") for i in range(ids.count())]


def assert_no_blue_value(page: Page) -> None:
    ids = page.locator("[data-testid^='real-']")
    blue = [x for x in (ids.nth(i).get_attribute("data-testid") for i in range(ids.count())) if re.fullmatch(r"real-\d+", x)]
    assert blue == [], f"the sheet offers blue values: {blue}"


@pytest.mark.parametrize("device", ["phone"])
def test_mission_21_a_failed_cut_shows_even_or_odd(make_context, base_url, device):
    """Mission 21: I say Bob's D is a 5 and fail; the sheet offers Even / Odd and the red wires (a token is always placed);
    the slot shows the odd token, the state document marks it and says "not 5"; an edit changes it to even."""
    page, taps = open_mission(make_context, base_url, device, 21, reds=(2, 5))
    enter_hand(page, taps)
    taps("slot-1-0-3")
    taps("tab-cut")  # before anyone has played, a slot opens on its tokens
    taps("key-5")
    taps("result-wrong")
    assert offered(page) == ["mark-E", "mark-O", "real-R2", "real-R5"]
    assert_no_blue_value(page)
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "12-failure-even-odd")
    taps("mark-O")
    expect(tid(page, "log-0")).to_contain_text("failed: an odd token on Bob D")
    expect(tid(page, "slot-1-0-3").locator(".mark")).to_have_text("O")
    expect(tid(page, "detonator")).to_have_attribute("data-made", "1")
    assert wait_done(page, moves=True) == "done"
    expect(tid(page, "slot-1-0-3")).to_have_attribute("data-probs", re.compile(r"\{"))
    doc = assert_matches_cli(page)
    assert doc["players"][1]["stands"][0].split()[3] == "O"
    assert {"kind": "not_value", "player": 1, "stand": 0, "slots": [3], "value": 5} in doc["facts"]
    assert {"kind": "has", "player": 0, "value": 5} in doc["facts"]
    scroll_to(page, "stand-1-0")
    shot(page, "12-failure-odd-token-on-the-slot")
    probs = json.loads(tid(page, "slot-1-0-3").get_attribute("data-probs"))  # odd blue values but 5
    assert probs and all(v.isdigit() and int(v) % 2 == 1 and v != "5" for v in probs), probs
    # the edit asks the token again and keeps the rest
    taps("log-0-edit")
    taps("change-result")
    taps("result-wrong")
    assert_no_blue_value(page)
    taps("mark-E")
    expect(tid(page, "log-0")).to_contain_text("failed: an even token on Bob D")
    assert wait_done(page, moves=True) == "done"
    assert engine_doc(page)["players"][1]["stands"][0].split()[3] == "E"
    # one turn ahead, a failure leaves an even or odd token, never a value
    i = next(i for i in range(5) if tid(page, f"move-{i}-guaranteed").count() == 0)
    taps(f"move-{i}")
    page.wait_for_function("document.documentElement.dataset.lookahead === 'done'", timeout=RESULT_TIMEOUT_MS)
    fails = [r.text_content() for r in page.locator("[data-testid^='outcome-'][data-kind='failure']").all()]
    assert fails and all(re.search(r"fails: an (even|odd) token on", f) for f in fails), fails


@pytest.mark.parametrize("device", ["phone"])
def test_mission_24_a_failed_detector_shows_a_count(make_context, base_url, device):
    """Mission 24: my Double Detector on Cid's D and E for a 5 fails; the token goes on E, the sheet offers
    x1 / x2 / x3 / x4 and the red wires, never a value; E shows x2 and the document says neither is a 5."""
    page, taps = open_mission(make_context, base_url, device, 24, reds=(2, 5))
    enter_hand(page, taps)
    taps("action-double")
    taps("slot-2-0-3")
    taps("slot-2-0-4")
    taps("key-5")
    taps("result-wrong")
    expect(tid(page, "ask")).to_have_text("Which wire got the token?")
    taps("which-4")
    assert offered(page) == ["mark-1x", "mark-2x", "mark-3x", "mark-4x", "real-R2", "real-R5"]
    assert_no_blue_value(page)
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "13-failure-x-token")
    taps("mark-2x")
    expect(tid(page, "log-0")).to_contain_text("failed: an x2 token on Cid E")
    expect(tid(page, "slot-2-0-4").locator(".mark")).to_have_text("x2")  # as the token prints it
    assert wait_done(page, moves=True) == "done"
    expect(tid(page, "slot-2-0-4")).to_have_attribute("data-probs", re.compile(r"\{"))
    doc = assert_matches_cli(page)
    assert doc["players"][2]["stands"][0].split()[4] == "b2x"
    assert {"kind": "not_value", "player": 2, "stand": 0, "slots": [3, 4], "value": 5} in doc["facts"]
    assert page.evaluate("document.documentElement.dataset.moves") == "done"
