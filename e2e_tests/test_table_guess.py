"""Mission 29 at the table: my number cards tapped in beside the table, kept by a reload, and on my turn the engine
told the chance the card put down for it is each value (``rules.card_risk``), mine never among them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from table_taps import enter_hand, open_mission, shot, tid, wait_done


@pytest.mark.parametrize("device", ["phone"])
def test_mission_29_my_number_cards_weigh_the_card_put_down(make_context, base_url, device):
    page, taps = open_mission(make_context, base_url, device, 29)
    enter_hand(page, taps, ["4"])
    wait_done(page, moves=True)
    expect(tid(page, "guess-mine")).to_be_visible()
    cards_y, stands_y = page.evaluate("""() => ["guess-cards", "stands"].map((id) =>
        document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect().y)""")  # one read: no redraw between
    assert cards_y < stands_y, "a card is put down for every turn: the cards sit above the stands"
    # my turn, nothing seen yet: the card put down may be any of the 12 values, each 1 in 12
    first = tid(page, "move-0-card")
    expect(first).to_have_text("card 8.33%")
    for n in (3, 11):
        taps(f"guess-mine-{n}")
    expect(tid(page, "guess-mine-11")).to_have_attribute("aria-pressed", "true")
    wait_done(page, moves=True)
    # two values are mine: 10 left, 10 % each — and a cut of a value I hold as a card shows none
    expect(tid(page, "moves").locator("[data-testid$='-card']").first).to_have_text("card 10%")
    shot(page, "mission-29-my-number-cards")
    page.reload()
    expect(tid(page, "guess-mine-11")).to_have_attribute("aria-pressed", "true")
    wait_done(page, moves=True)
    expect(tid(page, "moves").locator("[data-testid$='-card']").first).to_have_text("card 10%")
