"""Mission 30 at the table: the sound file's rounds recorded by taps (a missed round, a value told, the yellow wires a
player has left) and the number card it turns face up binding the advice. Helpers: table_taps.py.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from table_taps import assert_matches_cli, engine_doc, enter_hand, open_mission, shot, tid, wait_done


def commit_if_asked(page, taps) -> None:
    """Record a complete entry the sheet still shows (an entry with nothing to ask is recorded at once)."""
    if tid(page, "draft-commit").count():
        taps("draft-commit")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_30_sound_rounds(make_context, base_url, device):
    page, taps = open_mission(make_context, base_url, device, 30, reds=(2, 5), yellows=(2, 4, 6, 8))
    enter_hand(page, taps, ["4", "Y2"])  # 53 wires: the captain's stand holds 14
    wait_done(page, moves=True)
    before = engine_doc(page)["mistakes_left"]
    # the card the sound file turns face up is tapped above the stands (a round lasts seconds)
    numbers_y, stands_y = page.evaluate("""() => ["numbers", "stands"].map((id) =>
        document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect().y)""")  # one read: no redraw between
    assert numbers_y < stands_y, (numbers_y, stands_y)
    expect(tid(page, "action-missed")).to_be_visible()

    taps("action-missed")  # a round whose value was not cut in time
    commit_if_asked(page, taps)
    expect(tid(page, "log").locator("li[data-testid^='log-']").last).to_contain_text("A round missed: detonator +1")
    assert wait_done(page) == "done"
    assert engine_doc(page)["mistakes_left"] == before - 1

    taps("action-tell")  # Bob drew a 6 and says he holds none
    taps("actor-1")
    taps("key-6")
    taps("holds-no")
    commit_if_asked(page, taps)
    taps("action-ycount")  # Cid has one yellow wire left
    taps("actor-2")
    taps("count-1")
    commit_if_asked(page, taps)
    assert wait_done(page, moves=True) == "done"
    facts = engine_doc(page)["facts"]
    assert {"kind": "has_not", "player": 1, "value": 6} in facts
    assert {"kind": "yellow_count", "player": 2, "count": 1} in facts
    assert "6" not in json.loads(tid(page, "slot-1-0-5").get_attribute("data-probs")), "Bob holds no 6"
    shot(page, "mission-30-sound-rounds")
    assert_matches_cli(page)
