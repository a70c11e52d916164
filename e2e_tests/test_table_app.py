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
import sys
import zlib

import pytest
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
        expect(el).to_be_enabled()
        el.tap() if self.device == "phone" else el.click()
        self.count += 1


def tid(page: Page, testid: str):
    return page.get_by_test_id(testid)


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


def open_mission(make_context, base_url: str, device: str, number: int, reds=(2, 5, 9)) -> tuple[Page, Taps]:
    """The table app set up for a mission dealing red "2 of 3" (drawn: 2, 5, 9; or the red numbers
    given), on my hand screen."""
    page, taps = open_table(make_context, base_url, device)
    expect(tid(page, "missions-loading")).to_have_count(0)
    tid(page, "setup-mission").select_option(str(number))
    for n in reds:
        taps(f"setup-red-nums-{n}")
    taps("setup-start")
    return page, taps


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
    taps("slot-1-0-10")
    taps("set-info-12")
    assert wait_done(page) == "done"
    kept = tid(page, "slot-1-0-5").get_attribute("data-probs")
    taps("slot-1-0-11")
    taps("set-info-1")  # a 1 after a 12 on a sorted stand: no deal
    assert wait_done(page) == "error"
    expect(tid(page, "table-error")).to_contain_text("No deal")
    expect(tid(page, "table-error-culprits")).to_contain_text("Bob")
    # The last good numbers stay.
    assert tid(page, "slot-1-0-5").get_attribute("data-probs") == kept
    assert page.locator(".slot.culprit").count() >= 1
    # Keyboard: focus a slot, Enter opens its sheet, Escape closes it.
    tid(page, "slot-2-0-3").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "sheet-title")).to_have_text("Cid, slot D")
    page.keyboard.press("Escape")
    expect(tid(page, "sheet")).to_have_count(0)
    taps("undo")
    assert wait_done(page) == "done"
    expect(tid(page, "table-error")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_starting_token_advice(make_context, base_url, device):
    """My starting token: the top 3 slots from "indicate"; a tap records the token on my slot."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-start")
    for label in MY_HAND:
        taps(f"key-{label}")
    panel = tid(page, "advice")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-kind", "value")
    page.wait_for_function("document.documentElement.dataset.advice === 'done'", timeout=RESULT_TIMEOUT_MS)
    wait_done(page, moves=True)  # the moves answer redraws the screen: interact after it
    rows = panel.locator("[data-testid^='advice-'][data-slot]")
    expect(rows).to_have_count(3)
    bits = [float(tid(page, f"advice-{i}-bits").get_attribute("data-bits")) for i in range(3)]
    assert all(a >= b - 1e-9 for a, b in zip(bits, bits[1:])) and bits[0] > 0, bits  # gains equal to 1e-9 tie
    resolved = float(tid(page, "advice-0-resolved").get_attribute("data-resolved"))
    assert 0 < resolved < 1
    expect(tid(page, "advice-basis")).to_contain_text("your own stands")
    panel.scroll_into_view_if_needed()
    shot(page, "9-starting-token-advice")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"page is {width}px wide"

    slot = tid(page, "advice-0").get_attribute("data-slot")
    token = tid(page, "advice-0").get_attribute("data-token")
    taps("advice-0")
    expect(tid(page, "advice")).to_have_count(0)
    expect(tid(page, "log-0")).to_contain_text(f"shows an info token {token.removeprefix('i')}")
    assert wait_done(page) == "done"
    doc = engine_doc(page)
    s, j = (int(x) for x in slot.split("-"))
    assert doc["players"][0]["stands"][s].split()[j] == token
    cli_analyze(doc)  # the CLI accepts the document (exit 0)


@pytest.mark.parametrize("device", ["phone"])
def test_teammates_advised_tokens_are_read(make_context, base_url, device):
    """Setup "my team places the advised tokens": Bob's token at H (a 6, where the advice puts it for some
    hands) is read as that choice, and the heatmap is the engine's on the document that says so; a token no
    hand would have been advised there is refused with the setting's name."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-read-tokens")
    expect(tid(page, "setup-read-tokens")).to_have_attribute("aria-pressed", "true")
    taps("setup-start")
    for label in MY_HAND:
        taps(f"key-{label}")
    wait_done(page, moves=True)
    expect(tid(page, "advice-read")).to_be_visible()
    taps("slot-1-0-7")
    taps("set-info-6")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["starting_tokens"] == [[1, 0, 7]]
    plain = {k: v for k, v in doc.items() if k != "starting_tokens"}
    assert cli_analyze(plain)["slots"] != cli_analyze(doc)["slots"], "the choice says more than the token's face"
    taps("slot-2-0-0")
    taps("set-info-1")
    assert wait_done(page) == "error"
    expect(tid(page, "table-error-message")).to_contain_text("advised starting tokens")
    expect(tid(page, "table-error-message")).to_contain_text("Cid's starting token at A")
    taps("undo")
    assert wait_done(page) == "done"
    expect(tid(page, "table-error")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_absent_token_and_open_red_deal(make_context, base_url, device):
    """Custom setup with "I have none" tokens and an open red deal; the facts reach the engine."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-absent-tokens")
    taps("setup-open-red")
    taps("setup-red-mode-list")
    taps("setup-red-nums-5")
    expect(tid(page, "setup-problems")).to_contain_text("Red wires dealt openly")
    taps("setup-reds-2-0-plus")
    expect(tid(page, "setup-reds-2-0")).to_have_attribute("data-count", "1")
    expect(tid(page, "setup-reds-2-0-plus")).to_be_disabled()
    tid(page, "setup-reds-2-0").scroll_into_view_if_needed()
    shot(page, "10-open-red-deal")
    taps("setup-me-none")
    taps("setup-start")
    expect(tid(page, "stands")).to_be_visible()

    taps("action-absent")
    taps("actor-1")
    taps("key-7")
    expect(tid(page, "sheet")).to_have_count(0)
    expect(tid(page, "absent-1-0-7")).to_have_text("no 7")
    expect(tid(page, "log-0")).to_contain_text("Bob has no 7")
    shot(page, "11-absent-token")
    assert wait_done(page) == "done"
    doc = engine_doc(page)
    assert {"kind": "has_not", "player": 1, "value": 7} in doc["facts"]
    assert {"kind": "red_count", "player": 2, "stand": 0, "count": 1} in doc["facts"]
    assert {"kind": "red_count", "player": 0, "stand": 0, "count": 0} in doc["facts"]
    # Bob holds no 7 and Cid holds the red: the numbers say so
    assert "7" not in json.loads(tid(page, "slot-1-0-6").get_attribute("data-probs"))
    assert "R5" not in json.loads(tid(page, "slot-1-0-6").get_attribute("data-probs"))
    cli_analyze(doc)

    # An edit starts from the current answers: change the value only; undo removes the chip.
    taps("log-0-edit")
    expect(tid(page, "draft-commit")).to_be_visible()
    taps("change-value")
    taps("key-8")
    expect(tid(page, "absent-1-0-8")).to_be_visible()
    expect(tid(page, "absent-1-0-7")).to_have_count(0)
    taps("undo")
    expect(tid(page, "absent-1-0-8")).to_have_count(0)
    assert wait_done(page) == "done"
    assert not any(f["kind"] == "has_not" for f in engine_doc(page)["facts"])


@pytest.mark.parametrize("device", ["phone"])
def test_x_tokens_put_my_last_wire_far_right(make_context, base_url, device):
    """X tokens: every stand's far-right wire is unsorted; the wire I enter last is mine."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-x-tokens")
    taps("setup-start")
    expect(tid(page, "hand-x-hint")).to_be_visible()
    sorted_part = [x for x in MY_HAND if x != "2"]
    for label in reversed(sorted_part):  # any order: the sorted part sorts itself
        taps(f"key-{label}")
    expect(tid(page, "hand-11")).to_have_count(0)
    expect(tid(page, "hand-0-11")).to_have_text("X")  # the empty X slot
    taps("key-2")  # last: my unsorted far-right wire
    expect(tid(page, "stands")).to_be_visible()
    assert wait_done(page) == "done"
    doc = engine_doc(page)
    mine = doc["players"][0]["stands"][0].split()
    assert mine == [f"?{x}" for x in sorted_part] + ["X?2"]
    assert all(p["stands"][0].split()[-1] == "X" for p in doc["players"][1:])
    shot(page, "10-x-tokens")
    assert_matches_cli(page)


def test_moved_wires_from_the_turn_log(make_context, base_url, device):
    """A Grappling Hook and Walkie-Talkies recorded from the turn log, undone, redone and edited."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    # Bob hooks Dee's A and files it at his A: Bob now has 13 wires, Dee 11.
    taps("action-hook")
    taps("actor-1")
    taps("slot-3-0-0")
    taps("file-to-0-0")
    expect(tid(page, "log-4")).to_contain_text("Grappling Hook")
    expect(tid(page, "slot-1-0-12")).to_have_count(1)
    expect(tid(page, "slot-3-0-11")).to_have_count(0)
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["moves"] == [{"kind": "grappling_hook", "wires": [{"from": [3, 0, 0], "to": [1, 0, 0]}]}]
    # Ann (me) and Cid swap: my B (a 2) for Cid's A, which I file after my 1: it is a 1.
    taps("action-walkie")
    taps("actor-0")
    taps("slot-2-0-0")
    taps("give-0-1")
    taps("file-ato-0-1")
    taps("file-pto-0-0")
    taps("got-1")
    expect(tid(page, "log-5")).to_contain_text("Walkie-Talkies")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][0]["stands"][0].split()[:2] == ["i1", "?1"]
    assert doc["players"][2]["stands"][0].split()[0] == "?2"  # I know the wire I gave
    assert len(doc["moves"]) == 2
    # Undo, redo: the heatmap follows.
    taps("undo")
    assert wait_done(page) == "done"
    assert len(assert_matches_cli(page).get("moves", [])) == 1
    taps("redo")
    assert wait_done(page) == "done"
    assert len(assert_matches_cli(page)["moves"]) == 2
    # Edit the hook: Bob filed it at his B instead; the swap recorded later still applies.
    taps("log-4-edit")
    taps("change-filed")
    taps("file-to-0-1")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["moves"][0]["wires"][0]["to"] == [1, 0, 1]
    expect(tid(page, "log-5-error")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_constraint_card_forbids_a_cut_and_says_why(make_context, base_url, device):
    """My constraint card H (no cut of a wire with an info token): the sure cut on Bob's info 3 leaves
    my best cuts and shows under "not for you now" with the card's reason; off again, it is back."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    best = tid(page, "move-0").text_content()
    assert "= 3" in best and tid(page, "move-0-guaranteed").count() == 1
    expect(tid(page, "cards")).to_be_visible()
    page.locator("[data-testid='cards'] summary").click()
    taps("card-H")
    expect(tid(page, "card-H")).to_have_attribute("aria-pressed", "true")
    wait_done(page, moves=True)
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "forbidden-0-why")).to_contain_text("constraint H")
    assert best.split("=")[0].strip() in tid(page, "forbidden-0").text_content()
    assert tid(page, "move-0").text_content() != best
    taps("card-H")
    wait_done(page, moves=True)
    expect(tid(page, "forbidden-0")).to_have_count(0)
    expect(tid(page, "move-0")).to_have_text(best)


@pytest.mark.parametrize("device", ["phone"])
def test_single_wire_label_and_disintegrator(make_context, base_url, device):
    """A Single Wire Label and a Disintegrator recorded from the turn log and undone; the heatmap follows."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    # Bob puts a Single Wire Label on his A
    taps("action-swl")
    taps("actor-1")
    taps("slot-1-0-0")
    expect(tid(page, "log-4")).to_contain_text("Single Wire Label")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][1]["stands"][0].split()[0] == "b1x"
    # the Disintegrator draws 7: Bob's, Cid's and Dee's G were the others (mine is cut by itself)
    taps("action-disint")
    taps("key-7")
    taps("slot-2-0-6")
    taps("draft-done")
    expect(tid(page, "sheet-error")).to_contain_text("4 are in play, 2 would be cut")
    taps("slot-1-0-6")
    taps("slot-3-0-6")
    taps("draft-done")
    expect(tid(page, "log-5")).to_contain_text("Disintegrator 7")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][2]["stands"][0].split()[6] == "7"
    assert doc["players"][0]["stands"][0].split()[6] == "7"  # my 7, cut face up
    assert sum(f["kind"] == "has_not" and f["value"] == 7 for f in doc["facts"]) == 4
    taps("undo")
    assert wait_done(page) == "done"
    assert "7" not in assert_matches_cli(page)["players"][2]["stands"][0].split()
    taps("undo")
    assert wait_done(page) == "done"
    assert "b1x" not in assert_matches_cli(page)["players"][1]["stands"][0].split()


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
def test_mission_31_constraint_card(make_context, base_url, device):
    """Mission 31 (each player keeps a constraint card A-E): with card B (odd wires only) no ranked cut
    names an even value, and the best forbidden ones say why; the cards' panel is open by itself."""
    page, taps = open_mission(make_context, base_url, device, 31)
    for label in MY_HAND + ["4"]:  # 50 wires: my stand holds 13
        taps(f"key-{label}")
    expect(tid(page, "stands")).to_be_visible()
    wait_done(page, moves=True)
    expect(tid(page, "cards")).to_have_attribute("open", "")
    taps("card-B")
    expect(tid(page, "forbidden-0-why")).to_have_text("odd wires only (constraint B)", timeout=RESULT_TIMEOUT_MS)
    wait_done(page, moves=True)
    moves = page.locator("[data-testid^='move-'][data-testid$='-p']").count()
    assert moves > 0
    for i in range(moves):
        text = tid(page, f"move-{i}").text_content()
        value = re.search(r"(?:=|has|cut) (\d+)", text)
        assert value is None or int(value.group(1)) % 2 == 1, text


@pytest.mark.parametrize("device", ["phone"])
def test_a_cut_shows_its_outcomes(make_context, base_url, device):
    """Tapping one of my best cuts looks one turn ahead: its outcomes with their chances (the successes
    add up to the cut's own chance, all to 1), what each opens, and a new table replaces them."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    # the sure cut first: one outcome, it works
    taps("move-0")
    page.wait_for_function("document.documentElement.dataset.lookahead === 'done'", timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "outcome-0")).to_have_attribute("data-kind", "success")
    assert float(tid(page, "outcome-0").get_attribute("data-p")) == 1.0
    expect(tid(page, "outcome-1")).to_have_count(0)
    # a risky cut (card H forbids the sure cuts on info tokens): successes add up to its chance,
    # every outcome to 1, each says what it opens
    page.locator("[data-testid='cards'] summary").click()
    taps("card-H")
    wait_done(page, moves=True)
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    i = next(i for i in range(5) if tid(page, f"move-{i}-guaranteed").count() == 0)
    if tid(page, f"move-{i}").get_attribute("aria-pressed") != "true":  # the selection stays across tables
        taps(f"move-{i}")
    page.wait_for_function("document.documentElement.dataset.lookahead === 'done'", timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "outcomes")).to_be_visible()
    p_move = float(tid(page, f"move-{i}-p").get_attribute("data-p"))
    rows = page.locator("[data-testid^='outcome-']").all()
    kinds = [r.get_attribute("data-kind") for r in rows]
    ps = [float(r.get_attribute("data-p")) for r in rows]
    assert "success" in kinds and "failure" in kinds, kinds
    assert abs(sum(p for k, p in zip(kinds, ps) if k == "success") - p_move) < 1e-9
    assert 0.999 <= sum(ps) <= 1.0 + 1e-9
    assert "sure cuts: me" in tid(page, "outcome-0").text_content()
    expect(tid(page, "outcomes-score")).to_contain_text("Expected sure cuts after")
    # a new table: the outcomes are asked again for it
    taps("undo")
    wait_done(page, moves=True)
    page.wait_for_function("['done', 'idle'].includes(document.documentElement.dataset.lookahead)", timeout=RESULT_TIMEOUT_MS)


@pytest.mark.parametrize("device", ["phone"])
def test_why_a_slot_is_certain_or_not(make_context, base_url, device):
    """A hidden slot whose wire is certain offers "Why?", one that cannot hold a value "Why not?": the
    answer names the entries that force it, in the engine's own words."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    # Cid's F shows a 6; a second info 6 on his H pins G between them
    taps("slot-2-0-7")
    if tid(page, "tab-set").get_attribute("aria-pressed") != "true":
        taps("tab-set")
    taps("set-info-6")
    wait_done(page, moves=True)
    certain = None
    for el in page.locator("[data-testid^='slot-'][data-probs]").all():
        probs = json.loads(el.get_attribute("data-probs"))
        if len(probs) == 1 and "info" not in (el.get_attribute("aria-label") or ""):
            certain = (el.get_attribute("data-testid")[5:], next(iter(probs)))
            break
    assert certain, "no certain hidden slot on this table"
    key, value = certain
    taps(f"slot-{key}")
    taps("why")
    expect(tid(page, "why-text")).to_contain_text(f"certainly {value}", timeout=RESULT_TIMEOUT_MS)
    from bombbusters.questions.explain import explain_json

    p, s, j = map(int, key.split("-"))
    want = explain_json(engine_doc(page), p, s, j, value)
    expect(tid(page, "why-text")).to_have_text(want["text"])
    # a value a slot cannot hold: Bob's A lies left of his info 3, so it is no 12
    taps("sheet-close")
    taps("slot-1-0-0")
    if tid(page, "tab-set").get_attribute("aria-pressed") != "true":
        taps("tab-set")
    taps("why-not-12")
    expect(tid(page, "why-text")).to_contain_text("cannot be 12", timeout=RESULT_TIMEOUT_MS)
    want = explain_json(engine_doc(page), 1, 0, 0, "12")
    expect(tid(page, "why-text")).to_have_text(want["text"])


@pytest.mark.parametrize("device", ["phone"])
def test_chance_to_win_runs_improves_and_stops(make_context, base_url, device):
    """"Estimate" plays games out in slices: the estimate shows with its error and game count, grows, and
    stops on Stop; the same first games natively give the same wins."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    taps("win-start")
    est = tid(page, "win-estimate")
    expect(est).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    page.wait_for_function(
        "Number(document.querySelector('[data-testid=win-estimate]')?.dataset.n) >= 4", timeout=RESULT_TIMEOUT_MS)
    taps("win-stop")
    expect(tid(page, "win-start")).to_have_text("Go on")
    n = int(est.get_attribute("data-n"))
    page.wait_for_timeout(1500)
    assert int(est.get_attribute("data-n")) == n  # stopped: no more games
    p = float(est.get_attribute("data-p"))
    assert 0.0 <= p <= 1.0 and float(est.get_attribute("data-se")) >= 0.0
    expect(tid(page, "win-range")).to_contain_text(f"{n} games; 95%:")
    from bombbusters.arena.win import win_json

    doc = engine_doc(page)
    turn = 0  # the captain (Ann) starts: no turn has been played
    equipment = json.loads(est.get_attribute("data-equipment"))  # the table's cards and character cards
    assert equipment["double_detector_used"] == [] and "start_mistakes" in equipment
    wins = sum(win_json(dict(doc, turn=turn, equipment=equipment), 2, k)["wins"] for k in range(n // 2))
    assert abs(p - wins / n) < 1e-12


@pytest.mark.parametrize("device", ["phone"])
def test_the_engine_warms_up_while_the_player_sets_up(make_context, base_url, device):
    """Ready is not held back by the warm-up: on the setup screen, with nothing to ask, the page sends
    it once the engine is ready, and the first table is then answered at full speed."""
    page, taps = open_table(make_context, base_url, device)
    page.wait_for_function("window.__engineInfo.timings.warmup > 0", timeout=RESULT_TIMEOUT_MS)
    play_opening(page, taps)
    assert wait_done(page) == "done"


@pytest.mark.parametrize("device", ["phone"])
def test_repeat_visit_shows_the_last_results_at_once(make_context, base_url, device):
    """Back on the page, the last heatmap and best cuts show before the engine is up, marked as not yet
    fresh; they are the very numbers the engine gave."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    before = {el.get_attribute("data-testid"): el.get_attribute("data-probs")
              for el in page.locator("[data-testid^='slot-'][data-probs]").all()}
    best = tid(page, "move-0").text_content()
    page.route("**/pyodide.js", lambda route: None)  # the engine never gets its runtime: it stays booting
    page.reload()
    expect(tid(page, "results-cached")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.engine") == "booting"
    after = {el.get_attribute("data-testid"): el.get_attribute("data-probs")
             for el in page.locator("[data-testid^='slot-'][data-probs]").all()}
    assert after == before and before
    expect(tid(page, "move-0")).to_have_text(best)
    # with the engine back, its fresh answer replaces them and the mark goes
    page.unroute("**/pyodide.js")
    page.reload()
    wait_ready(page)
    wait_done(page, moves=True)
    expect(tid(page, "results-cached")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_56_turned_around_wires(make_context, base_url, device):
    """Mission 56: my far-right wire is turned around, so I enter only the others and the heatmap gives its
    law; a teammate's turned wire I see is recorded from its sheet (and undone); a cut of it is marked as
    moving the detonator."""
    page, taps = open_mission(make_context, base_url, device, 56)
    expect(tid(page, "hand-turned-hint")).to_be_visible()
    expect(tid(page, "hand-0-12")).to_have_text("T")
    for label in MY_HAND:  # 50 wires: my stand holds 13, one of them turned around
        taps(f"key-{label}")
    expect(tid(page, "stands")).to_be_visible()
    wait_done(page, moves=True)
    doc = engine_doc(page)
    assert doc["players"][0]["stands"][0].split() == [f"?{x}" for x in MY_HAND] + ["T"]
    assert all(p["stands"][0].split()[-1] == "T" for p in doc["players"])
    expect(tid(page, "slot-0-0-12")).to_have_attribute("data-probs", re.compile(r"\{"))
    assert_matches_cli(page)
    taps("slot-1-0-12")
    expect(tid(page, "turned-hint")).to_be_visible()
    taps("see-4")
    wait_done(page, moves=True)
    assert engine_doc(page)["players"][1]["stands"][0].split()[-1] == "T?4"
    expect(tid(page, "slot-1-0-12")).to_have_attribute("data-probs", '{"4":1}')
    assert_matches_cli(page)
    if tid(page, "sheet").count():
        taps("sheet-close")
    costly = page.locator("[data-testid$='-costly']")
    if costly.count():  # a cut of Bob's turned 4 ranks after every free cut, marked
        expect(costly.first).to_have_text("detonator +1")
    taps("undo")
    wait_done(page)
    assert engine_doc(page)["players"][1]["stands"][0].split()[-1] == "T"
    shot(page, "11-turned-wires")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_43_wires_taken_from_nano(make_context, base_url, device):
    """Mission 43: Nano is dealt 4 wires aside; Bob takes one (recorded, undone, redone, edited), then I take
    a 4; the stands grow, Nano's count falls, and the numbers match the CLI on the same document."""
    page, taps = open_mission(make_context, base_url, device, 43)
    for label in MY_HAND:  # 51 wires, 4 of them to Nano: 47 over four stands, 12 for me
        taps(f"key-{label}")
    expect(tid(page, "stands")).to_be_visible()
    expect(tid(page, "nano")).to_have_attribute("data-left", "4")
    assert wait_done(page) == "done"
    assert engine_doc(page)["nano"] == 4
    expect(tid(page, "nano")).to_contain_text("next:")
    taps("action-nano")
    taps("actor-1")
    taps("file-to-0-0")
    expect(tid(page, "log-0")).to_contain_text("Bob takes a wire from Nano")
    expect(tid(page, "slot-1-0-12")).to_have_count(1)
    expect(tid(page, "nano")).to_have_attribute("data-left", "3")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["moves"] == [{"kind": "nano", "wires": [{"to": [1, 0, 0]}]}]
    taps("undo")
    expect(tid(page, "slot-1-0-12")).to_have_count(0)
    expect(tid(page, "nano")).to_have_attribute("data-left", "4")
    assert wait_done(page) == "done"
    assert "moves" not in engine_doc(page)
    taps("redo")
    expect(tid(page, "slot-1-0-12")).to_have_count(1)
    taps("log-0-edit")
    taps("change-filed")
    taps("file-to-0-5")
    assert wait_done(page) == "done"
    assert assert_matches_cli(page)["moves"][0]["wires"][0]["to"] == [1, 0, 5]
    # I take a 4 and file it after my two 3s
    taps("action-nano")
    taps("actor-0")
    taps("file-to-0-4")
    taps("got-4")
    expect(tid(page, "nano")).to_have_attribute("data-left", "2")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][0]["stands"][0].split()[3:6] == ["?3", "?4", "?5"]
    shot(page, "11-nano")


def test_mission_49_gives_the_oxygen_to_a_teammate(make_context, base_url, device):
    """Mission 49: a cut asks who gets the cutter's oxygen (as many tokens as the value); the status
    bar counts mine (5 each with 4 players), the entry names the receiver, and undo takes it back."""
    page, taps = open_mission(make_context, base_url, device, 49, reds=(2, 5))
    for label in MY_HAND:
        taps(f"key-{label}")
    if not tid(page, "stands").is_visible():
        taps("key-4")
    expect(tid(page, "stands")).to_be_visible()
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "5")
    expect(tid(page, "oxygen")).to_contain_text("a cut takes as many as its value")
    assert wait_done(page, moves=True) == "done"
    # the 6s and over cost more than my 5 tokens: the advice says so
    expect(tid(page, "forbidden-0-why")).to_contain_text("tokens, 5 in your hand")
    # I (Ann) say Bob's D is a 3 and give Cid my 3 tokens: wrong, it is a 4
    taps("slot-1-0-3")
    taps("tab-cut")  # before anyone has played, a slot opens on its tokens
    taps("oxygen-to-2")
    taps("key-3")
    taps("result-wrong")
    taps("real-4")
    expect(tid(page, "log-0")).to_contain_text("(oxygen → Cid)")
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "2")
    taps("undo")
    expect(tid(page, "log-0")).to_have_count(0)
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "5")


def test_mission_44_shows_the_oxygen_in_the_reserve(make_context, base_url, device):
    """Mission 44: the status bar shows the oxygen my next cut may take from the reserve (2 per player),
    and a turn skipped for want of it is recorded and undone."""
    page, taps = open_mission(make_context, base_url, device, 44)
    for label in MY_HAND:
        taps(f"key-{label}")
    if not tid(page, "stands").is_visible():  # 49 wires: the captain holds 13
        taps("key-4")
    expect(tid(page, "stands")).to_be_visible()
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "8")
    expect(tid(page, "oxygen")).to_contain_text("8 in the reserve")
    assert wait_done(page, moves=True) == "done"
    # a turn skipped for want of oxygen is a turn-log action: it moves the detonator; undo takes it back
    taps("action-skip")  # the player whose turn it is: me, the captain
    expect(tid(page, "log-0")).to_contain_text("Ann has too little oxygen")
    taps("undo")
    expect(tid(page, "log-0")).to_have_count(0)
