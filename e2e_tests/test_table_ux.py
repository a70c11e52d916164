"""The table app as a player at the table expects it (issue 42, point 3), on a phone (390x844 and 360x740).

Each test opens a table (a "#g=" link of a mid-game table, as the app saves it) and checks one promise: the
setup leads back to a game under way; undo and redo say what they changed and are disabled when there is
nothing to change; a spent Double Detector shows and is not offered; chips, keys and info tokens fit and show;
plain words beside the figures; a seat taken from a shared link keeps the shown wires in their slots; dark
mode keeps cut wires the dimmest tiles. Hooks: web/ui-spec.md. Screenshots go to test-results/screens/ux-*.png.
"""

from __future__ import annotations

import re

import pytest
from fuzz_links import as_hash
from playwright.sync_api import Page, expect
from table_taps import engine_doc, scroll_to, shot, tid, wait_done
from ux_table import PHONE, SMALL, TABLE, TOKENS, TURNS, open_phone, table, with_yellow


@pytest.fixture
def phone(browser, base_url):
    """phone(table, size, scheme) -> (page, taps): ux_table.open_phone."""
    yield from open_phone(browser, base_url)


def test_setup_of_a_game_under_way_leads_back_to_it(phone):
    page, taps = phone(table())
    wait_done(page, moves=True)
    before = engine_doc(page)
    taps("open-setup")
    expect(tid(page, "setup-screen")).to_be_visible()
    expect(tid(page, "setup-screen").locator("h2")).to_have_text("Game setup")
    expect(tid(page, "setup-back")).to_have_text("Back to the game")
    expect(tid(page, "setup-start")).to_have_text("Back to the game")  # not "Next: my wires": my wires are in
    assert tid(page, "setup-back").bounding_box()["y"] < 844, "the way back is on the first screen"
    shot(page, "ux-1-setup-mid-game")
    taps("setup-back")
    expect(tid(page, "stands")).to_be_visible()
    expect(tid(page, "log").locator("li[data-testid^='log-']")).to_have_count(7)
    assert wait_done(page) == "done"
    assert engine_doc(page) == before, "back to the game changes nothing"
    # another mission mid-game: said at once, with the way back
    taps("open-setup")
    was = tid(page, "setup-mission").input_value()
    tid(page, "setup-mission").select_option("2" if was != "2" else "3")
    expect(tid(page, "undo-note")).to_contain_text("the 7 log entries are read by its rules. Undo brings back")
    taps("undo")
    expect(tid(page, "setup-mission")).to_have_value(was)
    expect(tid(page, "undo-note")).to_contain_text("Undone")
    taps("setup-back")
    expect(tid(page, "undo-note")).to_be_hidden(timeout=1_000)  # it spoke of the setup: it goes with it
    assert wait_done(page) == "done"
    assert engine_doc(page) == before, "undo brought the mission back"
    # a new game: two taps, behind a word on what it clears; the setup stays
    taps("open-setup")
    expect(tid(page, "setup-new-game-confirm")).to_be_hidden()
    tid(page, "setup-new-game").locator("summary").click()
    expect(tid(page, "setup-new-game")).to_contain_text("clears the turn log and your wires")
    taps("setup-new-game-confirm")
    expect(tid(page, "setup-screen").locator("h2")).to_have_text("New game")
    expect(tid(page, "setup-new-game")).to_have_count(0)
    assert page.evaluate("JSON.parse(localStorage.getItem('bombbusters.table.v1')).log") == []


def test_undo_and_redo_say_what_they_changed(phone):
    page, taps = phone(table(log=TOKENS))
    wait_done(page, moves=True)
    for b in ("undo", "redo"):
        expect(tid(page, b)).to_have_attribute("aria-disabled", "true" if b == "redo" else "false")
    expect(tid(page, "redo")).to_be_disabled()
    assert float(tid(page, "redo").evaluate("el => getComputedStyle(el).opacity")) < 0.6, "visibly disabled"
    taps("undo")
    expect(tid(page, "undo-note")).to_have_text("Undone: Ann A shows an info token 1")
    expect(tid(page, "redo")).to_be_enabled()
    expect(tid(page, "redo")).to_have_attribute("aria-disabled", "false")
    shot(page, "ux-2-undone")
    taps("redo")
    expect(tid(page, "undo-note")).to_have_text("Redone: Ann A shows an info token 1")
    expect(tid(page, "redo")).to_be_disabled()
    expect(tid(page, "undo-note")).to_be_hidden(timeout=10_000)  # briefly: it goes by itself
    for _ in TOKENS:
        taps("undo")
    expect(tid(page, "undo")).to_be_disabled()
    expect(tid(page, "undo")).to_have_attribute("aria-disabled", "true")
    expect(tid(page, "undo-note")).to_have_text("Undone: Bob C shows an info token 3")

    # an edit of my wires: the 12 becomes a 4, then undone
    wait_done(page, moves=True)
    taps("edit-hand")
    taps("hand-0-11")
    taps("key-4")
    taps("edit-hand-save")
    expect(tid(page, "undo")).to_be_enabled()
    taps("undo")
    expect(tid(page, "undo-note")).to_have_text("Undone: the edit of your wires (4 back to 12)")
    taps("redo")
    expect(tid(page, "undo-note")).to_have_text("Redone: the edit of your wires (12 → 4)")


def test_a_one_tap_entry_says_what_it_recorded(phone):
    """The Stabilizer records at one tap (no sheet) and the log is a screen below: the note says what went in."""
    doc = table(log=TOKENS + [{"k": "set", "p": p, "s": 0, "j": 10, "slot": {"c": "cut", "v": "9"}} for p in (1, 2)])
    doc["setup"]["table_cards"] = ["1", "3", "9", "11"]
    page, taps = phone(doc)
    wait_done(page, moves=True)
    taps("action-stabilizer")
    expect(tid(page, "undo-note")).to_contain_text("Recorded: ")
    expect(tid(page, "undo-note")).to_contain_text("Stabilizer")
    # the next tap takes it away (it lay over the top stand for five seconds, its names and Edit links)
    taps("slot-1-0-0")
    expect(tid(page, "undo-note")).to_be_hidden(timeout=1_000)


def test_a_spent_double_detector_shows_and_is_not_offered(phone):
    page, taps = phone(table())
    expect(tid(page, "dd-spent-2")).to_have_text("Double Detector used")
    expect(tid(page, "dd-spent-1")).to_have_count(0)
    wait_done(page, moves=True)
    taps("action-double")
    expect(tid(page, "actor-2")).to_be_disabled()
    expect(tid(page, "actor-2")).to_have_attribute("aria-label", "Cid: Double Detector used")
    expect(tid(page, "actor-3")).to_have_attribute("aria-pressed", "true")  # Dee's turn: hers is unused
    for p in (0, 1, 3):
        expect(tid(page, f"actor-{p}")).to_be_enabled()
    shot(page, "ux-3-double-detector")
    # every Double Detector spent: the turn log no longer offers one
    spent = [dict(TURNS[2], a=a, p=p) for a, p in ((0, 1), (1, 3), (3, 1))]
    t2 = table(log=TOKENS + TURNS + spent)
    t2["setup"]["mistakes"] = 5  # (five failures in all: the bomb still whole)
    page2, _ = phone(t2)
    for p in range(4):
        expect(tid(page2, f"dd-spent-{p}")).to_be_visible()
    expect(tid(page2, "action-double")).to_have_count(0)


@pytest.mark.parametrize("size", [PHONE, SMALL], ids=["390x844", "360x740"])
def test_chips_keys_and_tokens_fit_and_show(phone, size):
    page, taps = phone(with_yellow(table(log=TOKENS)), size)
    # equipment chips: each on one line, all as tall as one another; "0/2 cut" said in words
    chips = page.locator("[data-testid^='card-state-']")
    expect(chips).to_have_count(4)
    # (measured once drawn: on a loaded machine the chips were once found before the status bar was laid out, 0 boxes)
    page.wait_for_function("[...document.querySelectorAll(\"[data-testid^='card-state-']\")].every((e) => e.getClientRects().length > 0)")
    heights = chips.evaluate_all("els => els.map((e) => [e.getClientRects().length, e.getBoundingClientRect().height])")
    assert all(n == 1 for n, _ in heights) and max(h for _, h in heights) - min(h for _, h in heights) < 1, heights
    expect(tid(page, "card-state-11")).to_have_text("11 Coffee Mug 0/2 cut")
    expect(tid(page, "card-state-11")).to_have_attribute("title", "Coffee Mug, 0/2 cut: usable once two 11s are cut")
    expect(tid(page, "equipment-legend")).to_contain_text("“0/2 cut”: a card is usable once two wires of its number are cut")
    # an info token is a token: a disc as big as a value, its own colour
    # (once the engine has answered, and found and read in one task: a redraw replaces the element)
    wait_done(page, moves=True)
    box, colours = page.evaluate("""() => {
      const el = document.querySelector("[data-testid='token-1-0-2']");
      const r = el.getBoundingClientRect();
      return [[r.width, r.height], [getComputedStyle(el).backgroundColor, getComputedStyle(el.closest('.slot')).backgroundColor]];
    }""")
    assert box[0] >= 18 and box[1] >= 18, box
    assert colours[0] != colours[1], colours
    expect(tid(page, "token-1-0-2")).to_have_text("3")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shot(page, f"ux-4-table-{size[0]}")
    # every key's label stays inside its key ("Yellow" too), in the cut and the tokens tabs
    wait_done(page)
    taps("slot-1-0-5")
    for tab in ("tab-cut", "tab-set"):
        taps(tab)
        expect(page.locator(".keypad .key[data-arg='Y']").first).to_have_text("Yellow")
        keys = page.locator(".sheet .keypad .key").evaluate_all(
            "els => els.map((e) => [e.textContent, e.scrollWidth, e.clientWidth])")
        assert keys and all(sw <= cw for _, sw, cw in keys), [k for k in keys if k[1] > k[2]]
        shot(page, f"ux-6-keys-{tab}-{size[0]}")


def small_print(page: Page, testid: str) -> None:
    """The figure beside the words is small (font ≤ 12 px), read on the element in the page as it is then: a
    redraw may replace it between a locator's lookup and its evaluation, and a detached element has no
    computed style (NaN)."""
    page.wait_for_function("""(id) => { const el = document.querySelector(`[data-testid="${id}"]`);
        return !!el && el.isConnected && parseFloat(getComputedStyle(el).fontSize) <= 12; }""", arg=testid,
        timeout=10_000)


def test_plain_words_beside_the_figures(phone):
    page, taps = phone(table(log=[]))
    page.wait_for_function("document.documentElement.dataset.advice === 'done'", timeout=60_000)
    wait_done(page, moves=True)
    expect(tid(page, "advice-0-words")).to_have_text("tells your team the most")
    # what a hidden tile's figures mean, said under the stands
    expect(tid(page, "stands-legend")).to_contain_text("likeliest value and that value's chance (in %); a red dot: it may be red")
    bits = tid(page, "advice-0-bits")
    expect(bits).to_contain_text("bits")  # the figure stays, small
    small_print(page, "advice-0-bits")
    shot(page, "ux-5-advice")
    token = tid(page, "advice-0").get_attribute("data-token")
    taps("advice-0")
    expect(tid(page, "log-0")).to_contain_text(f"shows an info token {token[1:]}")
    expect(tid(page, "log-0")).not_to_contain_text(f"shows {token}")
    wait_done(page, moves=True)
    expect(tid(page, "move-0-best")).to_have_text("best move")
    score = tid(page, "move-0-score")
    expect(score).to_contain_text("score")
    small_print(page, "move-0-score")
    scroll_to(page, "moves")
    shot(page, "ux-5-moves")
    # "scroll sideways" under Who holds what only where its table does not fit
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        taps("undo")
        taps("redo")  # a render at this width
        wait_done(page, moves=True)
        overflows, hidden = page.evaluate("""() => { const s = document.querySelector("[data-testid='holdings'] .scroll");
            return [s.scrollWidth > s.clientWidth + 1, document.querySelector("[data-testid='holdings-scroll']").hidden]; }""")
        assert hidden == (not overflows), (width, overflows, hidden)


def test_a_shared_seat_keeps_the_shown_wires_in_their_slots(phone):
    # the public table of a shared link: no hand, nobody; Bob's A is cut (1), C and D show info tokens 3 and 4
    page, taps = phone(table(phase="hand", hand=[], setup={**TABLE["setup"], "me": None}, log=TOKENS + TURNS[:2]))
    taps("who-1")
    expect(tid(page, "hand-public-hint")).to_be_visible()
    for j, label, shown in ((0, "1", "cut"), (2, "3", "info"), (3, "4", "info")):
        expect(tid(page, f"hand-0-{j}")).to_have_text(label)
        expect(tid(page, f"hand-0-{j}")).to_have_attribute("data-shown", shown)
    expect(tid(page, "hand-0-1")).not_to_have_class("own")
    taps("key-2")
    expect(tid(page, "hand-0-1")).to_have_text("2")  # the keypad fills the free slot between them
    expect(tid(page, "key-1")).to_be_disabled()  # no free slot left for a 1
    taps("key-12")
    expect(tid(page, "hand-0-4")).to_have_text("12")
    shot(page, "ux-7-shared-seat")
    for label in ("5", "6", "7", "8", "9", "10", "11"):
        taps(f"key-{label}")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    assert wait_done(page) == "done"
    bob = engine_doc(page)["players"][1]["stands"][0].split()
    assert bob[:5] == ["1", "?2", "i3", "i4", "?5"] and bob[-1] == "?12", bob
    expect(page.locator("[data-testid^='log-'].bad")).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_cut_wires_stay_the_dimmest_tiles(phone, scheme):
    """A cut wire of any colour (a cut yellow too: its colour a band, not the tile) is darker than every wire in play."""
    cut_yellow = {"k": "set", "p": 1, "s": 0, "j": 4, "slot": {"c": "cut", "v": "Y4", "m": None, "col": None}}
    page, _ = phone(with_yellow(table(log=TOKENS + TURNS + [cut_yellow])), scheme=scheme)
    assert wait_done(page) == "done"
    expect(tid(page, "slot-1-0-4")).to_have_class(re.compile(r"\bcut yellow\b"))
    lum = page.evaluate("""() => {
        const l = (el) => { const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\\d+(\\.\\d+)?/g).map(Number)
            .map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
            return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
        const slots = [...document.querySelectorAll("[data-testid^='slot-']")];
        return { cut: slots.filter((e) => e.classList.contains("cut")).map(l),
                 hidden: slots.filter((e) => e.dataset.token !== "cut" && !e.classList.contains("own")).map(l) };
    }""")
    assert lum["cut"] and lum["hidden"], lum
    assert max(lum["cut"]) < min(lum["hidden"]), lum
    shot(page, f"ux-9-table-{scheme}")


def test_a_tap_right_after_typing_a_name_is_not_lost(phone):
    """Typing a name, then tapping "me" beside another player: the blur commits the name and redraws the setup,
    which replaced the chip between the touch and its click — the first tap was lost (a walkthrough's finding)."""
    page, taps = phone(table(phase="setup", log=[], hand=[]))
    expect(tid(page, "setup-screen")).to_be_visible()
    tid(page, "setup-name-2").tap()
    page.keyboard.press("End")
    page.keyboard.type("a")
    taps("setup-me-1")  # one tap, while the name field still has the focus
    expect(tid(page, "setup-me-1")).to_have_attribute("aria-pressed", "true")
    expect(tid(page, "setup-name-2")).to_have_value("Cida")


def test_the_token_gifts_of_mission_22_are_asked_for_once_two_yellows_are_cut(phone):
    """22: after the second yellow wire is cut, the status names each gift, giver to receiver from the captain,
    and the next one; an info token tapped on the receiver's wire counts it and names the one after."""
    cut = [{"k": "set", "p": p, "s": 0, "j": j, "slot": {"c": "cut", "v": v, "m": None, "col": None}}
           for p, j, v in ((1, 4, "Y4"), (3, 6, "Y7"))]
    t = with_yellow(table(log=TOKENS + TURNS + cut))
    t["setup"].update(token_pass=True, absent_tokens=True)
    page, taps = phone(t)
    assert wait_done(page) == "done"
    gifts = tid(page, "token-gifts")
    expect(gifts).to_contain_text("Ann → Bob, Bob → Cid, Cid → Dee, Dee → Ann")
    expect(gifts).to_contain_text("Next: Bob gets Ann's")
    expect(gifts).to_have_attribute("data-given", "0")
    taps("slot-1-0-5")  # Bob gets the next gift: his wire's sheet opens on its tokens
    taps("set-info-5")
    expect(gifts).to_have_attribute("data-given", "1")
    expect(gifts).to_contain_text("Next: Cid gets Bob's")
    assert wait_done(page) == "done"
    expect(page.locator("[data-testid^='log-'].bad")).to_have_count(0)
    shot(page, "ux-10-token-gifts")


def test_a_new_table_error_is_brought_into_view(phone):
    """An entry that makes the table impossible, made from the turn log at the foot of the page: the error (at
    the top) scrolls into view below the top bar, and *My best cuts* points at it instead of "Working it out…"."""
    page, taps = phone(table())
    assert wait_done(page, moves=True) == "done"
    taps("log-0-edit")  # Bob C's starting token, a 3
    taps("set-info-12")  # before his 4 on D: impossible
    error = tid(page, "table-error")
    expect(error).to_be_visible(timeout=30_000)
    expect(error).to_be_in_viewport()
    top = error.bounding_box()["y"]
    bar = page.locator(".topbar").bounding_box()
    assert top >= bar["y"] + bar["height"] - 1, (top, bar)
    expect(tid(page, "moves-error")).to_contain_text("No advice while the table has an error")


def assert_above_the_sheet(page: Page, testid: str) -> None:
    """Once the sheet is open: `testid` lies between the top bar and the sheet, in view."""
    expect(tid(page, "sheet")).to_be_visible()
    page.wait_for_timeout(300)
    box = tid(page, testid).bounding_box()
    sheet = tid(page, "sheet").bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert bar["y"] + bar["height"] <= box["y"] and box["y"] + box["height"] <= sheet["y"], (bar, box, sheet)


def test_a_slots_sheet_keeps_its_stand_in_view(phone):
    """A wire of the lowest stand tapped: its sheet opens and the page scrolls that stand above the sheet."""
    page, taps = phone(table())
    assert wait_done(page) == "done"
    taps("slot-3-0-6")
    assert_above_the_sheet(page, "slot-3-0-6")


def test_an_edited_entry_keeps_the_stand_it_points_at_in_view(phone):
    """The pencil of Cid's Double Detector on Dee D+E (the log, below the stands): its sheet opens over the log and
    the page brings Dee's stand above it, while its answers are reviewed."""
    page, taps = phone(table())
    assert wait_done(page) == "done"
    scroll_to(page, "log-6-edit")
    taps("log-6-edit")
    assert_above_the_sheet(page, "stand-3-0")


def test_another_game_drops_the_last_game_s_answers_at_once(phone):
    """A new table of another shape (here a 3-player game opened by its link after a 4-player one) shows no
    figure of the last game while the engine works on it: not Dee's row in *Who holds what*, not its cuts."""
    page, _taps = phone(table())
    wait_done(page, moves=True)
    expect(tid(page, "hold-3-0-1")).to_have_count(1)
    three = table(hand=[], log=[])
    three["setup"].update(players=["Ann", "Bob", "Cid"], me=None)
    seen = page.evaluate("""hash => new Promise((resolve) => {
        const root = document.documentElement;
        const look = () => ({ dee: document.querySelectorAll("[data-testid^='hold-3-']").length,
                              moves: document.querySelectorAll("[data-testid^='move-']").length });
        new MutationObserver((_m, obs) => {
          if (root.dataset.analysis === "pending") { obs.disconnect(); resolve(look()); }
        }).observe(root, { attributes: true, attributeFilter: ["data-analysis"] });
        location.hash = hash.slice(1);
    })""", as_hash(three))
    assert seen == {"dee": 0, "moves": 0}, seen
    wait_done(page)
    expect(tid(page, "stands").locator("[data-testid^='slot-3-']")).to_have_count(0)


def test_an_edited_cut_may_point_again_at_the_wire_it_cut(phone):
    """Bob's cut of Cid A edited, its wires asked again: Cid A, cut by that very entry, may be tapped (it was
    refused as "already cut"), and the entry is recorded again as it was."""
    page, taps = phone(table())
    assert wait_done(page) == "done"
    before = engine_doc(page)
    scroll_to(page, "log-5-edit")
    taps("log-5-edit")
    taps("change-wires")
    taps("slot-2-0-0")
    expect(tid(page, "sheet-error")).to_have_count(0)
    expect(tid(page, "sheet")).to_have_count(0)  # every answer given: recorded again
    assert wait_done(page) == "done"
    assert engine_doc(page) == before


def test_opening_the_setup_stops_a_running_estimate(phone):
    """Estimate running, Setup opened: the playouts stop (they redrew the setup every second, closing "Start a new
    game…" and taking a half-typed name's focus)."""
    page, taps = phone(table())
    wait_done(page, moves=True)
    scroll_to(page, "win-start")
    taps("win-start")
    expect(tid(page, "win-stop")).to_be_visible()
    taps("open-setup")
    tid(page, "setup-new-game").locator("summary").click()
    redraws = page.evaluate("""() => new Promise((resolve) => {
        let n = 0;
        const obs = new MutationObserver((m) => { n += m.length; });
        obs.observe(document.querySelector("[data-testid=setup-screen]").parentNode, { childList: true, subtree: true });
        setTimeout(() => { obs.disconnect(); resolve(n); }, 3000);
    })""")
    assert redraws == 0, f"the setup was redrawn {redraws} times while nothing was tapped"
    expect(tid(page, "setup-new-game-confirm")).to_be_visible()


def test_clearing_a_token_from_its_entry_s_edit_deletes_the_entry(phone):
    """Editing "Bob C shows an info token 3" and clearing the slot takes the entry out of the log (no "shows nothing"
    line left behind); undo brings it back."""
    page, taps = phone(table(log=TOKENS))
    wait_done(page, moves=True)
    taps("log-0-edit")
    taps("set-clear")
    expect(tid(page, "log").locator("li[data-testid^='log-']")).to_have_count(3)
    expect(tid(page, "log")).not_to_contain_text("shows nothing")
    expect(tid(page, "undo-note")).to_contain_text("Deleted: Bob C shows an info token 3")
    taps("undo")
    expect(tid(page, "log").locator("li[data-testid^='log-']")).to_have_count(4)



def test_twelve_values_validated_fit_a_phone(phone):
    """The status bar's Validated row with all twelve values wraps inside a 390-px phone (its chips made the page
    399 px wide: the walkthrough of a whole mission-24 game)."""
    cuts = [{"k": "set", "p": p, "s": 0, "j": j, "slot": {"c": "cut", "v": str(j + 1), "m": None, "col": None}}
            for p in range(4) for j in range(12)]
    t = table(log=cuts, hand=[])
    t["setup"]["me"] = None
    page, _taps = phone(t)
    expect(tid(page, "validated")).to_have_attribute("data-values", " ".join(str(v) for v in range(1, 13)))
    wait_done(page)
    # measured in one step (a redraw between finding the row and reading its box left none: a loaded machine's flake)
    width, right = page.evaluate("""() => [document.documentElement.scrollWidth,
        document.querySelector("[data-testid='validated']").getBoundingClientRect().right]""")
    assert width <= 390 and right <= 390, (width, right)
