"""The table app (index.html) played through taps only, on a phone (360x740) and desktop.

A whole game: setup -> my hand -> starting tokens -> turns with a failed dual cut, a
teammate's dual cut and a Double Detector; the numbers on the stands equal the CLI's
for the derived state document; the tap count stays within budget; share link,
reload, Back, undo/redo, damaged links, impossible tables. Hooks: web/ui-spec.md.
Screenshots go to test-results/screens/.
"""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from fuzz_links import as_hash
from playwright.sync_api import expect
from table_taps import (MY_HAND, Taps, assert_matches_cli, engine_doc, open_table, play_opening,
                        play_turns, shot, tid, wait_done, wait_ready)
from ux_table import TOKENS, TURNS, table


def test_whole_game_by_taps(make_context, base_url, device):
    page, taps = open_table(make_context, base_url, device)
    screens = device == "phone"
    play_opening(page, taps, screens)
    play_turns(page, taps, screens)
    assert taps.count <= 40, f"{taps.count} taps to enter a mid-game table"
    print(f"\n[{device}] taps to enter the mid-game table: {taps.count}")

    entries = tid(page, "log").locator("li[data-testid^='log-']")
    expect(entries).to_have_count(7)
    expect(tid(page, "log-4")).to_contain_text("✗ it is 4")
    expect(tid(page, "detonator")).to_have_attribute("data-made", "2")
    expect(tid(page, "turn-badge")).to_have_count(1)
    assert wait_done(page, moves=True) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][1]["stands"][0].split()[3] == "i4"
    assert doc["players"][2]["stands"][0].split()[0] == "1"
    assert doc["players"][1]["stands"][0].split()[0] == "1"
    assert doc["players"][3]["stands"][0].split()[4] == "i5"
    assert {"kind": "has", "player": 0, "value": 5} in doc["facts"]
    assert {"kind": "has", "player": 2, "value": 4} in doc["facts"]
    assert doc["mistakes_left"] == 1

    # My ranked cuts, in the team policy's order (its score beside each, what the ranking took below);
    # the first is selectable and highlights its slots.
    move = tid(page, "move-0")
    expect(move).to_be_visible()
    scores = [float(tid(page, f"move-{i}-score").get_attribute("data-score")) for i in range(2)]
    assert scores[0] >= scores[1], scores
    expect(tid(page, "moves-policy")).to_contain_text("team policy")
    expect(tid(page, "moves-policy")).to_contain_text(re.compile(r"ranked in \d+ ms"))
    move.tap() if device == "phone" else move.click()
    assert page.locator(".slot.hl").count() >= 1
    if screens:
        shot(page, "3-table")

    # Tapping a hidden slot shows its whole distribution.
    key = "2-0-6"
    probs = json.loads(tid(page, f"slot-{key}").get_attribute("data-probs"))
    taps(f"slot-{key}")
    for v, p in probs.items():
        assert abs(float(tid(page, f"dist-p-{v}").get_attribute("data-p")) - p) < 1e-9
    label = tid(page, f"slot-{key}").get_attribute("aria-label")
    shown, pc = tid(page, f"slot-{key}").locator(".v, .p").all_text_contents()  # the name holds the text shown
    assert re.match(rf"^Cid, slot G: {shown} {pc}%, hidden, most likely \d+(, may be red)?$", label), label
    if screens:
        shot(page, "5-slot-sheet")
    taps("sheet-close")
    expect(tid(page, "sheet")).to_have_count(0)
    if screens:
        page.emulate_media(color_scheme="dark")
        shot(page, "8-table-dark")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"


def _decode_share(url: str) -> dict:
    """A share link's table: "#z=" + base64url(raw deflate of the JSON)."""
    m = re.search(r"#z=([A-Za-z0-9_-]+)$", url)
    assert m, url
    data = m.group(1)
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)), wbits=-15).decode())


@pytest.mark.parametrize("device", ["phone"])
def test_share_reload_back_undo(make_context, base_url, device):
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    # no card tapped at setup: "Set the cards on the table" opens the setup on its cards, not at its top
    taps("cards-set")
    cards = tid(page, "setup-cards")
    expect(cards).to_be_in_viewport()
    assert cards.bounding_box()["y"] < page.viewport_size["height"] / 2
    page.go_back()
    expect(tid(page, "stands")).to_be_visible()
    taps("slot-1-0-3")
    taps("tab-cut")
    taps("key-5")
    taps("result-wrong")
    taps("real-4")
    assert wait_done(page) == "done"
    before = engine_doc(page)

    # Share: the link holds the public table, none of my hidden wires.
    taps("share")
    link = tid(page, "share-link").input_value()
    expect(tid(page, "share-qr").locator("svg")).to_have_count(1)
    shot(page, "6-share")
    shared = _decode_share(link)
    assert shared["hand"] == [] and shared["setup"]["me"] is None
    assert "?1" not in json.dumps(shared) and '"12"' not in json.dumps(shared["hand"])
    taps("share-include-hand")
    expect(tid(page, "share-link")).not_to_have_value(link)  # the link is redrawn (deflating is async)
    assert _decode_share(tid(page, "share-link").input_value())["hand"][0] == MY_HAND
    taps("share-close")

    # A teammate opens the link: sees the table, says who they are, enters their hand.
    mate = make_context(device).new_page()
    mate.goto(link)
    wait_ready(mate)
    expect(tid(mate, "who-screen")).to_be_visible()
    Taps(mate, device)("who-1")
    expect(tid(mate, "hand-screen")).to_be_visible()
    # What the table shows of Bob's stand (cut wires, exact info tokens) is already in his hand, each in its slot.
    shown = {j: t.removeprefix("i") for j, t in enumerate(before["players"][1]["stands"][0].split()) if re.fullmatch(r"i?Y?\d+", t)}
    assert shown and 0 not in shown, before["players"][1]
    expect(tid(mate, "hand-public-hint")).to_be_visible()
    for j, label in shown.items():
        expect(tid(mate, f"hand-0-{j}")).to_have_text(label)
    expect(tid(mate, "hand-0-0")).not_to_have_class(re.compile(r"\bown\b"))
    Taps(mate, device)("hand-back")
    mate.goto(link)
    Taps(mate, device)("who-none")
    assert wait_done(mate) == "done"
    pub = engine_doc(mate)
    assert pub["me"] is None
    assert pub["players"][1]["stands"] == before["players"][1]["stands"]
    assert pub["players"][0]["stands"][0].split()[0] == "i1"  # my public token, not my wires
    assert "?" in pub["players"][0]["stands"][0] and "?12" not in pub["players"][0]["stands"][0]

    # The address bar itself, copied to another phone: the table, never my wires (sealed with this phone's key).
    bar = page.url
    readable = re.search(r"#g=([A-Za-z0-9_-]+)\.", bar)
    assert readable, bar[:80]
    part = json.loads(base64.urlsafe_b64decode(readable.group(1) + "=" * (-len(readable.group(1)) % 4)))
    assert part["hand"] == [] and "hand_undo" not in part
    other = make_context(device).new_page()
    other.goto(bar)
    wait_ready(other)
    expect(tid(other, "who-screen")).to_be_visible()
    expect(tid(other, "link-error")).to_contain_text("its owner's wires stay there")

    # Reload restores everything.
    page.reload()
    assert wait_done(page) == "done"
    assert engine_doc(page) == before
    # Undo / redo.
    taps("undo")
    expect(tid(page, "log-4")).to_have_count(0)
    taps("redo")
    expect(tid(page, "log-4")).to_have_count(1)
    # Back undoes the last change (here: the redo), forward brings it back.
    page.go_back()
    expect(tid(page, "log-4")).to_have_count(0)
    page.go_forward()
    expect(tid(page, "log-4")).to_have_count(1)
    # Editing a past entry replays the rest: delete Ann's starting token (entry 3).
    taps("log-3-delete")
    expect(tid(page, "log-3")).to_contain_text("is 5?")
    assert wait_done(page) == "done"
    assert engine_doc(page)["players"][0]["stands"][0].split()[0] == "?1"


@pytest.mark.parametrize("device", ["phone"])
def test_damaged_link_and_names_as_text(make_context, base_url, device):
    page = make_context(device).new_page()
    page.goto(base_url + "index.html#g=eyJub3QiOiJh")  # cut short
    expect(tid(page, "link-error")).to_be_visible()
    expect(tid(page, "link-error")).to_contain_text("damaged")
    expect(tid(page, "setup-screen")).to_be_visible()
    shot(page, "7-damaged-link")
    bad = base64.urlsafe_b64encode(json.dumps({"hello": 1}).encode()).decode().rstrip("=")
    page.goto(base_url + "index.html#g=" + bad)
    page.reload()
    expect(tid(page, "link-error")).to_contain_text("not a Bomb Busters table")
    page.goto(base_url + "index.html#z=" + base64.urlsafe_b64encode(b"not deflate").decode().rstrip("="))
    page.reload()
    expect(tid(page, "link-error")).to_contain_text("damaged")
    # A name is text, never HTML.
    tid(page, "setup-name-1").fill("<b>Bo</b>")
    tid(page, "setup-name-1").press("Tab")
    expect(tid(page, "setup-name-1")).to_have_value("<b>Bo</b>")
    Taps(page, device)("setup-me-none")
    Taps(page, device)("setup-start")
    expect(tid(page, "stand-1-0")).to_contain_text("<b>Bo</b>")
    assert page.locator("[data-testid='stand-1-0'] b").count() == 0


@pytest.mark.parametrize("device", ["desktop"])
def test_impossible_table_names_the_culprits(make_context, base_url, device):
    page, taps = open_table(make_context, base_url, device)
    taps("setup-me-none")
    taps("setup-start")
    assert wait_done(page) == "done"
    taps("slot-1-0-11")
    taps("set-info-12")
    assert wait_done(page) == "done"
    taps("slot-1-0-10")
    taps("set-info-12")
    assert wait_done(page) == "done"
    kept = tid(page, "slot-1-0-5").get_attribute("data-probs")
    # a bare slot's sheet greys the tokens the table rules out; one that shows a token keeps every key (a slip
    # being corrected): here it makes the table impossible, which is said, with the culprits
    taps("slot-1-0-9")
    expect(tid(page, "set-info-2")).to_be_disabled()  # a tenth wire of a sorted stand: not a 1 or a 2
    expect(tid(page, "set-info-12")).to_be_enabled()
    taps("sheet-close")
    taps("slot-1-0-11")
    taps("set-info-1")  # a 1 after a 12 on a sorted stand: no deal
    assert wait_done(page) == "error"
    expect(tid(page, "table-error")).to_contain_text("No deal")
    expect(tid(page, "table-error-culprits")).to_contain_text("Bob")
    # The last good numbers stay, said beside them; the box names the last entry and takes it back in one tap.
    assert tid(page, "slot-1-0-5").get_attribute("data-probs") == kept
    assert page.locator(".slot.culprit").count() >= 1
    expect(tid(page, "stands-stale")).to_contain_text("from the last table that worked")
    expect(tid(page, "table-error-last")).to_contain_text("Last recorded: “Bob L shows an info token 1”")
    expect(tid(page, "table-error-undo")).to_be_visible()
    # Keyboard: focus a slot, Enter opens its sheet, Escape closes it.
    tid(page, "slot-2-0-3").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "sheet-title")).to_have_text("Cid, slot D")
    page.keyboard.press("Escape")
    expect(tid(page, "sheet")).to_have_count(0)
    taps("table-error-undo")
    assert wait_done(page) == "done"
    expect(tid(page, "table-error")).to_have_count(0)
    expect(tid(page, "stands-stale")).to_have_count(0)




@pytest.mark.parametrize("device", ["phone"])
def test_a_culprit_leads_to_its_entry(make_context, base_url, device):
    """An older entry behind an impossible table: the error box names the entry each culprit came from and
    opens it for editing in one tap; the fix makes the table work again."""
    later = {"k": "set", "p": 1, "s": 0, "j": 4, "slot": {"c": "info", "v": "2", "m": None, "col": None}}
    page = make_context(device).new_page()
    page.goto(base_url + "index.html" + as_hash(table(log=TOKENS + TURNS + [later])))
    wait_ready(page)
    taps = Taps(page, device)
    assert wait_done(page) == "error"
    culprits = tid(page, "table-error-culprits").locator("li")
    expect(culprits).to_have_count(2)
    # Bob D's 4 came from my failed cut (entry 5 of 8), not from the last entry
    expect(culprits.nth(0)).to_contain_text("Bob slot D (info token 4) — recorded as “Ann: Bob D is 5? ✗ it is 4”")
    expect(culprits.nth(1)).to_contain_text("recorded as “Bob E shows an info token 2”")
    taps("table-error-edit-0")
    expect(tid(page, "sheet")).to_contain_text("Dual cut (editing)")
    taps("sheet-close")
    taps("table-error-edit-1")
    expect(tid(page, "sheet-title")).to_have_text("Bob, slot E")
    taps("set-info-5")
    assert wait_done(page) == "done"
    expect(tid(page, "table-error")).to_have_count(0)
    assert len(engine_doc(page)["players"]) == 4


HOSTILE_SAVED = [
    '{"v":1,"phase":"table","setup":{"players":["<img src=x onerror=alert(1)>","B","C","D"]},"log":[{"k":"label","js":"ab"}]}',
    '{"v":1,"phase":"table","log":[{"k":"radar","v":8,"ans":5},{"k":"nope"},{"k":"dual","a":"x","js":{}}]}',
    '{"v":1,"phase":"table","setup":{"players":5,"me":1e400,"blue":"x"},"hand":[[7]]}',
    '[1,2,3]',
    '{"v":1,"phase":"table","log":[{"k":"disint","v":"7","cuts":"all"},{"k":"swl","a":0,"s":9,"j":-1}]}',
    'not json at all',
]
HOSTILE_LINKS = ["#g=%%%", "#g=eyJ2IjoxLCJwaGFz", "#z=AAAA", "#g=" + "A" * 300, "#z=eyJ2Ijox"]


@pytest.mark.parametrize("device", ["phone"])
def test_hostile_saved_states_and_links_leave_a_usable_page(make_context, base_url, device):
    """Damaged saved states, mission caches and links: the page always draws, says what it could not read,
    and never throws (a damaged entry is an error on that entry; the rest of the table goes on)."""
    ctx = make_context(device)
    errors: list[str] = []
    for saved in HOSTILE_SAVED + [None]:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url + "index.html")
        page.evaluate(
            """([saved]) => {
                localStorage.setItem("bombbusters.missions.v1", JSON.stringify([null, {"number": "x"}]));
                if (saved !== null) localStorage.setItem("bombbusters.table.v1", saved);
                else localStorage.removeItem("bombbusters.table.v1");
            }""",
            [saved],
        )
        page.goto(base_url + "index.html#")
        page.reload()
        page.wait_for_function("['setup', 'hand', 'table', 'who'].includes(document.documentElement.dataset.phase)", timeout=15_000)
        expect(page.locator("main")).not_to_be_empty()
        assert page.locator("img[src='x']").count() == 0
        page.close()
    for link in HOSTILE_LINKS:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url + "index.html" + link)
        page.wait_for_function("['setup', 'hand', 'table', 'who'].includes(document.documentElement.dataset.phase)", timeout=15_000)
        expect(page.locator("#notice")).to_contain_text("damaged")
        page.close()
    assert errors == [], errors




@pytest.mark.parametrize("device", ["phone"])
def test_a_link_of_my_game_keeps_my_seat_and_an_older_one_is_not_taken(make_context, base_url, device):
    """Links exchanged during a game (two walkthroughs: every one asked "Who are you?" and all the wires again, and an
    older link dropped turns): on the phone that holds the game, an older state is not taken and a newer one opens with
    my seat and wires kept."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    taps("share")
    link = tid(page, "share-link").input_value()
    taps("share-close")
    taps("slot-1-0-3")  # Ann: Bob's D is a 5? It was a 4
    taps("key-5")
    taps("result-wrong")
    taps("real-4")
    expect(tid(page, "log-4")).to_be_visible()
    page.goto(link)
    wait_ready(page)
    expect(tid(page, "link-error")).to_contain_text("This link shows an older state of your table (4 of its 5 entries)")
    expect(tid(page, "log-4")).to_be_visible()
    # a newer table, as a teammate's phone would share it: one entry more
    newer = page.evaluate("""async () => {
        const S = await import("./table/table-state.js");
        const state = JSON.parse(localStorage.getItem("bombbusters.table.v1"));
        state.log.push({ k: "dual", a: 1, p: 2, s: 0, j: 0, v: "1", ok: false, real: "2" });
        return location.pathname + await S.encodeShareHash(S.shareState(S.normalize(state)));
    }""")
    page.goto(base_url.rstrip("/") + newer if newer.startswith("/") else newer)
    wait_ready(page)
    expect(tid(page, "link-error")).to_contain_text("Opened the shared table as Ann, with your wires from this phone.")
    expect(tid(page, "who-screen")).to_have_count(0)
    expect(tid(page, "log-5")).to_be_visible()
    assert wait_done(page) == "done"
    assert engine_doc(page)["me"] == 0
    # the same at a page load (a link opened from a chat app): the old link again, in a new tab of this phone
    tab = page.context.new_page()
    tab.goto(link)
    wait_ready(tab)
    expect(tid(tab, "link-error")).to_contain_text("This link shows an older state of your table (4 of its 6 entries)")
    expect(tid(tab, "log-5")).to_be_visible()
