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


@pytest.mark.parametrize("device", ["phone"])
def test_estimate_plays_the_cards_entered(make_context, base_url, device):
    """55: the challenge cards tapped at setup (and card 8's numbers) go with the playouts — *Estimate* counts games
    and says no error; a reload keeps the cards."""
    def challenges(page):
        for key in ["setup-challenge-3", "setup-challenge-8", "setup-challenge-10", "setup-challenge-5",
                    "setup-challenge-number-4", "setup-challenge-number-9"]:
            tid(page, key).click()
        expect(tid(page, "setup-challenges")).to_contain_text("4 of 4")

    page, taps = open_mission(make_context, base_url, device, 55, reds=(5, 9), check=challenges)
    enter_hand(page, taps, ["4"])  # the captain: 13 wires
    wait_done(page, moves=True)
    assert _estimate(page, taps) >= 2
    expect(tid(page, "win-error")).to_have_count(0)
    doc = page.evaluate('JSON.parse(localStorage.getItem("bombbusters.table.v1"))')
    assert doc["setup"]["challenges"] == [3, 5, 8, 10] and doc["setup"]["challenge_numbers"] == [4, 9]
    taps("action-challenge")
    expect(tid(page, "ask")).to_have_text("Which challenge was done?")
    expect(tid(page, "challenge-card-3")).to_be_visible()
    taps("challenge-card-5")
    expect(tid(page, "log-0")).to_contain_text("Challenge 5 done (2 solo cuts in a row)")


def _my_failed_5(make_context, base_url, device, mission, **setup):
    """A mission whose number cards follow the cuts: the starting tokens, then my cut of Bob's D as a 5, a 4 — the
    cards all 12 face up before it."""
    page, taps = open_mission(make_context, base_url, device, mission, **setup)
    enter_hand(page, taps, ["4"])
    wait_done(page, moves=True)
    expect(tid(page, "numbers")).to_have_attribute("data-up", " ".join(str(v) for v in range(1, 13)))
    for key, value in (("1-0-2", "3"), ("2-0-5", "6"), ("3-0-8", "9"), ("0-0-0", "1")):  # the starting tokens
        taps(f"slot-{key}")
        taps(f"set-info-{value}")
    wait_done(page, moves=True)
    taps("slot-1-0-3")
    taps("key-5")
    taps("result-wrong")
    taps("real-4")
    return page, taps


@pytest.mark.parametrize("device", ["phone"])
def test_mission_26_a_cut_flips_its_number_card(make_context, base_url, device):
    """26: all 12 number cards face up at the start; my failed cut of a 5 flips the 5 (nothing to untap), so the next
    player is not offered a 5, and *Estimate* plays on from the cards face up."""
    page, taps = _my_failed_5(make_context, base_url, device, 26, reds=(3, 8))
    wait_done(page, moves=True)
    expect(tid(page, "numbers")).to_have_attribute("data-up", "1 2 3 4 6 7 8 9 10 11 12")
    expect(tid(page, "numbers")).to_contain_text("recording the cut flips it")
    taps("slot-2-0-0")  # Bob's turn: a 5 is no longer a value he may name
    expect(tid(page, "actor-1")).to_have_attribute("aria-pressed", "true")
    expect(tid(page, "key-5")).to_have_count(0)
    expect(tid(page, "key-6")).to_be_enabled()
    taps("sheet-close")
    assert _estimate(page, taps) >= 2
    expect(tid(page, "win-error")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_47_a_cut_asks_its_two_number_cards(make_context, base_url, device):
    """47: all 12 number cards face up at the start; my failed cut of a 5 asks which two cards gave it (several pairs
    do: the team's rule named) and discards them, so the cards face up follow the log (nothing to untap by hand);
    Undo brings them back, and *Estimate* plays on from the cards face up."""
    page, taps = _my_failed_5(make_context, base_url, device, 47)
    expect(tid(page, "ask")).to_have_text("Which two number cards gave the 5? (they are discarded)")
    expect(tid(page, "sum-kept")).to_contain_text("The team's rule:")
    taps("sum-cards-4-9")
    wait_done(page, moves=True)
    expect(tid(page, "numbers")).to_have_attribute("data-up", "1 2 3 5 6 7 8 10 11 12")
    expect(tid(page, "log-4")).to_contain_text("(number cards 4 and 9)")
    assert _estimate(page, taps) >= 2
    expect(tid(page, "win-error")).to_have_count(0)
    taps("undo")
    expect(tid(page, "numbers")).to_have_attribute("data-up", " ".join(str(v) for v in range(1, 13)))
