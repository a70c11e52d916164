"""Recording flows on a phone (390x844): what is entered so far, only the answers the table allows, the stands
a flow asks for kept on screen.

After a slot -> a value, the summary line says the value at ✓/✗ and at "Which of Bob's wires was cut with it?";
that question leaves out the wires that cannot be the value (a token showing another one, a wire sorted past
it); "What is it really?" greys the values the slot cannot hold (the "Why not" line's among them); a Double
Detector (and a Label) opened from the bottom of the turn log brings the stands it asks for above the sheet.
Hooks: web/ui-spec.md. Screenshots go to test-results/screens/.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from table_taps import enter_hand, open_table, play_opening, shot, tid, wait_done
from ux_table import TABLE, open_phone, table

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser, base_url):
    """phone(table, size, scheme) -> (page, taps): ux_table.open_phone."""
    yield from open_phone(browser, base_url)


def offered(page: Page, prefix: str) -> list[str]:
    """The enabled answers of the open sheet whose hook starts with `prefix`, in the order drawn."""
    ids = tid(page, "sheet").locator(f"[data-testid^='{prefix}']:not([disabled])")
    return [ids.nth(i).get_attribute("data-testid") for i in range(ids.count())]


def box(page: Page, testid: str) -> dict:
    b = tid(page, testid).bounding_box()
    assert b, testid
    return b


def opened(make_context, base_url) -> tuple[Page, object]:
    page, taps = open_table(make_context, base_url, "phone")
    page.set_viewport_size(PHONE)
    play_opening(page, taps)
    assert wait_done(page, moves=True) == "done"
    return page, taps


@pytest.mark.parametrize("device", ["phone"])
def test_the_summary_says_the_value_and_the_sheet_offers_only_what_fits(make_context, base_url, device):
    """Ann names 5 on Bob D: the line says so at ✓/✗, and the token keypad greys what D cannot be. Bob then names
    1 on Cid A and cuts it: "which of Bob's wires" offers only wires that may be a 1 (not C, which shows a 3)."""
    page, taps = opened(make_context, base_url)
    taps("slot-1-0-3")
    never = [t.removeprefix("why-not-") for t in offered(page, "why-not-")]
    law = json.loads(tid(page, "slot-1-0-3").get_attribute("data-probs"))
    taps("key-5")
    expect(tid(page, "draft-summary")).to_have_text("Ann → Bob D · value 5")
    expect(tid(page, "result-ok")).to_be_visible()
    expect(tid(page, "result-wrong")).to_be_visible()
    expect(tid(page, "dist-1")).to_have_count(0)  # the slot's law made way for the open questions
    shot(page, "14-flow-result")
    reals = [t.removeprefix("real-") for t in offered(page, "real-")]
    assert reals == sorted((v for v in law if v != "5"), key=int), (reals, law)
    assert never and not set(never) & set(reals), (never, reals)
    for v in never + ["5"]:
        expect(tid(page, f"real-{v}")).to_be_disabled()
    taps("real-4")  # beside ✗: one tap says the failure and the token
    expect(tid(page, "log-4")).to_contain_text("✗ it is 4")
    assert wait_done(page, moves=True) == "done"

    taps("slot-2-0-0")
    expect(tid(page, "actor-1")).to_have_attribute("aria-pressed", "true")
    taps("key-1")
    expect(tid(page, "draft-summary")).to_have_text("Bob → Cid A · value 1")
    beside = offered(page, "actor-slot-")
    taps("result-ok")
    expect(tid(page, "draft-summary")).to_have_text("Bob → Cid A · value 1 · ✓ cut")
    expect(tid(page, "ask")).to_contain_text("Which of Bob's wires was cut with it?")
    # the chances are those of the table the success leaves (the "given" request), and say so
    expect(tid(page, "given-hint")).to_contain_text("the chance it is a 1, the cut having worked")
    shot(page, "15-flow-actor-slot")
    chips = offered(page, "actor-slot-")
    assert chips == beside and chips, (chips, beside)
    assert tid(page, "sheet").locator("[data-testid^='actor-slot-']").count() == len(chips)  # the rest left out
    # C shows an info token 3, D one 4: neither is a 1, nor anything sorted after them
    assert "actor-slot-0-0" in chips and not {f"actor-slot-0-{j}" for j in range(2, 12)} & set(chips), chips
    taps("actor-slot-0-0")
    expect(tid(page, "log-5")).to_contain_text("✓ cut 1")
    expect(tid(page, "sheet")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_a_double_detector_with_the_x_or_y_ray_names_two_values(make_context, base_url, device):
    """The X-or-Y Ray face up and usable (two 10s cut): a Double Detector's value question offers it; on, two values
    are named, the failure's token keypad leaves both out, and the entry says both, kept over a reload."""
    page, taps = opened(make_context, base_url)
    page.evaluate("""() => {
        const state = JSON.parse(localStorage.getItem("bombbusters.table.v1"));
        state.setup.table_cards = ["10", "3", "8", "6"];
        for (const p of [1, 2]) state.log.push({ k: "set", p, s: 0, j: 9, slot: { c: "cut", v: "10" } });
        localStorage.setItem("bombbusters.table.v1", JSON.stringify(state));
    }""")
    page.goto(page.url.split("#")[0])
    assert wait_done(page, moves=True) == "done"
    taps("action-double")
    taps("slot-3-0-3")
    taps("slot-3-0-4")
    expect(tid(page, "ask")).to_have_text("Which value was named?")
    taps("draft-xy")
    expect(tid(page, "ask")).to_have_text("Which two values were named?")
    taps("key-5")
    taps("key-7")
    expect(tid(page, "draft-summary")).to_have_text("Ann → Dee D+E · values 5 or 7")
    allowed = [t.rsplit("-", 1)[1] for t in offered(page, "tok-4-")]
    assert allowed and not {"5", "7"} & set(allowed), allowed
    taps(f"tok-4-{allowed[0]}")
    expect(tid(page, "log-6")).to_contain_text("Double Detector with X-or-Y Ray: Dee D+E has 5 or 7? ✗")
    assert wait_done(page, moves=True) == "done"
    page.reload()
    expect(tid(page, "log-6")).to_contain_text("with X-or-Y Ray")
    assert wait_done(page) == "done"


@pytest.mark.parametrize("device", ["phone"])
def test_a_swap_recorded_on_another_phone_asks_me_the_wire_i_got(make_context, base_url, device):
    """A shared link's Walkie-Talkies swap, recorded on Bob's phone: the wire he got is his (`gp`), so on mine the
    wire I got is unnamed — the table error says so in the page's words and "Change it" asks which I got; then the
    table is whole again (the walkthrough: Bob's 10 was read as mine, and two entries were skipped)."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-start")
    enter_hand(page, taps, [])
    wait_done(page)
    page.evaluate("""() => {
        const state = JSON.parse(localStorage.getItem("bombbusters.table.v1"));
        state.setup.table_cards = ["2", "3", "8", "6"];
        state.log.push({ k: "walkie", a: 1, p: 0, s: 0, j: 4, as: { s: 0, j: 2 }, ato: { s: 0, j: 4 }, pto: { s: 0, j: 4 },
                         got: "9", gp: 1 });
        localStorage.setItem("bombbusters.table.v1", JSON.stringify(state));
    }""")
    page.goto(page.url.split("#")[0])
    assert wait_done(page) == "error"
    expect(tid(page, "table-error-message")).to_contain_text("Your wire Ann E came to you by a move recorded on another phone")
    expect(tid(page, "log-0")).not_to_contain_text("got 9")
    taps("table-error-edit-0")
    expect(tid(page, "ask")).to_have_text("Which wire did you get?")
    taps("got-4")
    expect(tid(page, "log-0")).to_contain_text("(got 4)")
    assert wait_done(page) == "done"


@pytest.mark.parametrize("device", ["phone"])
def test_a_double_detector_keeps_the_stands_above_the_sheet(make_context, base_url, device):
    """Opened from the bottom of the turn log, the Double Detector's sheet leaves every stand it may point at in
    the window and above the sheet; after the first wire, that stand; then the value, ✓ beside the wires."""
    page, taps = opened(make_context, base_url)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    taps("action-double")
    shot(page, "16-flow-double-detector")
    sheet = box(page, "sheet")
    bar = page.locator(".topbar").bounding_box()
    for p in (1, 2, 3):  # Ann's turn: her teammates' stands
        stand = box(page, f"stand-{p}-0")
        assert stand["y"] >= bar["y"] + bar["height"] - 1, (p, stand, bar)
        assert stand["y"] + stand["height"] <= sheet["y"] + 1, (p, stand, sheet)
    taps("slot-3-0-3")
    stand, sheet = box(page, "stand-3-0"), box(page, "sheet")
    assert 0 <= stand["y"] and stand["y"] + stand["height"] <= sheet["y"] + 1, (stand, sheet)
    taps("slot-3-0-4")
    taps("key-5")
    expect(tid(page, "draft-summary")).to_have_text("Ann → Dee D+E · value 5")
    shot(page, "17-flow-double-detector-result")
    # Dee's D and E, each with the values its law allows beside ✗
    for j in (3, 4):
        law = json.loads(tid(page, f"slot-3-0-{j}").get_attribute("data-probs"))
        allowed = [t.rsplit("-", 1)[1] for t in offered(page, f"tok-{j}-")]
        assert allowed == sorted((v for v in law if v != "5"), key=int), (j, allowed, law)
    real = allowed[0]
    taps(f"tok-4-{real}")
    expect(tid(page, "log-4")).to_contain_text(f"E is {real}")
    expect(tid(page, "sheet")).to_have_count(0)
    # a Label asks for two wires of any stand, no actor: the stands come above its sheet too
    assert wait_done(page, moves=True) == "done"
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    taps("action-label_eq")
    stand, sheet = box(page, "stand-0-0"), box(page, "sheet")
    assert 0 <= stand["y"] and stand["y"] + stand["height"] <= sheet["y"] + 1, (stand, sheet)
    taps("slot-2-0-3")
    taps("slot-2-0-4")
    expect(tid(page, "card-warning")).to_contain_text("not usable yet")  # said first: recorded on Record
    taps("draft-commit")
    expect(tid(page, "log-5")).to_contain_text("Label = on Cid D/E")


def test_my_own_wire_tapped_on_my_turn_names_the_one_player_who_may_have_cut_it(phone):
    """2 players: only Bob can point at my wire, so "Who tried it?" is answered by itself and not asked twice."""
    two = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]
    log = [
        {"k": "dual", "a": 0, "p": 1, "s": 0, "j": 0, "v": "5", "ok": False, "real": "2"},
        {"k": "dual", "a": 1, "p": 0, "s": 0, "j": 11, "v": "12", "ok": True, "cut": "12", "as": {"s": 1, "j": 11}},
    ]
    page, taps = phone(table(setup={**TABLE["setup"], "players": ["Ann", "Bob"]}, hand=[two, two], log=log))
    wait_done(page, moves=True)
    taps("slot-0-1-4")
    if tid(page, "tab-cut").get_attribute("aria-pressed") != "true":
        taps("tab-cut")
    expect(tid(page, "actor-1")).to_have_attribute("aria-pressed", "true")
    expect(tid(page, "sheet").get_by_text("Who acts?")).to_have_count(0)


def test_a_note_goes_with_the_next_tap(phone):
    """An undo's note, then a slot's sheet opened: the note goes with that tap (it lay for seconds over the top stand,
    its names and Edit links, while the sheet asked about them — three walkthroughs tripped on it); the log keeps what
    it said."""
    page, taps = phone(table())
    wait_done(page, moves=True)
    taps("undo")
    expect(tid(page, "undo-note")).to_be_visible()
    wait_done(page, moves=True)
    taps("slot-2-0-6")
    expect(tid(page, "sheet")).to_be_visible()
    expect(tid(page, "undo-note")).to_be_hidden(timeout=1_000)
