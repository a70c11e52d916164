"""*Estimate* plays by the mission's changing rules the table app follows (web/table/play-docs.js → the `win`
request's ``mission_play``): oxygen (44) and the number cards in hands (29) — it runs, counts games and says no error."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from table_taps import enter_hand, open_mission, tid, wait_done


def _estimate(page, taps) -> int:
    taps("win-start")
    page.wait_for_function(
        "Number(document.querySelector('[data-testid=win-estimate]')?.dataset.n) >= 2", timeout=120_000)
    taps("win-stop")
    expect(tid(page, "win-start")).to_have_text("Go on")
    return int(tid(page, "win-estimate").get_attribute("data-n"))


@pytest.mark.parametrize("device", ["phone"])
@pytest.mark.parametrize("mission, extra", [(29, ["4"]), (44, None)])
def test_estimate_plays_by_the_changing_rules(make_context, base_url, device, mission, extra):
    page, taps = open_mission(make_context, base_url, device, mission)
    if extra is None:  # 44 deals no 10s
        for label in ["1", "2", "3", "3", "4", "5", "6", "7", "8", "9", "11", "12", "12"]:  # the captain: 13
            taps(f"key-{label}")
        taps("hand-done")
    else:
        enter_hand(page, taps, extra)
    wait_done(page, moves=True)
    assert _estimate(page, taps) >= 2
    expect(tid(page, "win-error")).to_have_count(0)
