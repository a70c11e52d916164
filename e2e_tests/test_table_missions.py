"""The missions with pieces of their own at the table: 56 (turned-around wires), 43 and 53 (Nano), 49 and 44
(oxygen), 46 and 13 (the special action, recorded and advised).  Helpers: table_taps.py.
"""

from __future__ import annotations

import re

import pytest
from conftest import RESULT_TIMEOUT_MS
from playwright.sync_api import expect
from table_taps import MY_HAND, assert_matches_cli, engine_doc, enter_hand, open_mission, shot, tid, wait_done


@pytest.mark.parametrize("device", ["phone"])
def test_mission_56_turned_around_wires(make_context, base_url, device):
    """Mission 56: my far-right wire is turned around, so I enter only the others and the heatmap gives its
    law; a teammate's turned wire I see is recorded from its sheet (and undone); a cut of it is marked as
    moving the detonator."""
    page, taps = open_mission(make_context, base_url, device, 56)
    expect(tid(page, "hand-turned-hint")).to_be_visible()
    expect(tid(page, "hand-0-12")).to_have_text("T")
    enter_hand(page, taps, [])  # 50 wires: my stand holds 13, one of them turned around
    wait_done(page, moves=True)
    doc = engine_doc(page)
    assert doc["players"][0]["stands"][0].split() == [f"?{x}" for x in MY_HAND] + ["T"]
    assert all(p["stands"][0].split()[-1] == "T" for p in doc["players"])
    expect(tid(page, "slot-0-0-12")).to_have_attribute("data-probs", re.compile(r"\{"))
    assert_matches_cli(page)
    for key, value in (("1-0-2", "3"), ("2-0-5", "6"), ("3-0-8", "9"), ("0-0-0", "1")):  # the starting tokens: play begins
        taps(f"slot-{key}")
        taps(f"set-info-{value}")
    taps("slot-1-0-12")  # still unseen: it opens on "I see it", as the status asks, not on the cut
    expect(tid(page, "turned-hint")).to_be_visible()
    taps("see-4")
    wait_done(page, moves=True)
    assert engine_doc(page)["players"][1]["stands"][0].split()[-1] == "T?4"
    expect(tid(page, "slot-1-0-12")).to_have_attribute("data-probs", '{"4":1}')
    assert_matches_cli(page)
    if tid(page, "sheet").count():
        taps("sheet-close")
    taps("slot-1-0-12")  # a cut attempt on it says what it costs before anything is recorded
    taps("tab-cut")
    expect(tid(page, "turned-cost")).to_contain_text("moves the detonator a space, even when it works")
    taps("sheet-close")
    costly = page.locator("[data-testid$='-costly']")
    if costly.count():  # a cut of Bob's turned 4 ranks after every free cut, marked
        expect(costly.first).to_have_text("detonator +1")
    taps("undo")
    wait_done(page)
    assert engine_doc(page)["players"][1]["stands"][0].split()[-1] == "T"
    shot(page, "11-turned-wires")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_53_nano_stands_for_the_detonator(make_context, base_url, device):
    """Mission 53: the status bar shows Nano's track in place of the detonator; a failure moves Nano two
    spaces, a cut of the value of its space one back; the failures left go to the engine as mistakes left,
    and my best cuts mark the cuts of Nano's value."""
    page, taps = open_mission(make_context, base_url, device, 53, reds=(5, 9))
    for label in MY_HAND:
        taps(f"key-{label}")
    if tid(page, "hand-done").is_disabled():  # 50 wires: two stands hold 13
        taps("key-4")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    nano = tid(page, "detonator")
    expect(nano).to_have_attribute("data-nano", "0")
    expect(nano).to_contain_text("before 1 · 5 failures left")
    wait_done(page, moves=True)
    assert engine_doc(page)["mistakes_left"] == 5
    for key, value in (("1-0-2", "3"), ("2-0-5", "6"), ("3-0-8", "9"), ("0-0-0", "1")):  # the starting tokens
        taps(f"slot-{key}")
        taps(f"set-info-{value}")
    expect(nano).to_have_attribute("data-nano", "0")  # tokens are no cut action
    taps("slot-1-0-3")  # Ann: "Bob's D is a 5" - wrong, it is a 4: Nano two spaces on
    taps("key-5")
    taps("result-wrong")
    taps("real-4")
    expect(nano).to_have_attribute("data-nano", "2")
    expect(nano).to_contain_text("on 2 · 4 failures left")
    taps("slot-2-0-0")  # Bob: "Cid's A is a 2" - right, with Nano on 2: one space back
    taps("key-2")
    taps("result-ok")
    taps("actor-slot-0-0")
    expect(nano).to_have_attribute("data-nano", "1")
    expect(nano).to_contain_text("on 1 · 5 failures left")
    wait_done(page, moves=True)
    assert engine_doc(page)["mistakes_left"] == 5
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    back = page.locator("[data-testid$='-nano-value']")  # I hold a 1: my cuts of a 1 take Nano back
    expect(back.first).to_have_attribute("title", re.compile("Nano is on 1"))
    taps("undo")
    expect(nano).to_have_attribute("data-nano", "2")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_43_wires_taken_from_nano(make_context, base_url, device):
    """Mission 43: Nano is dealt 4 wires aside and starts on 1 (my cuts of a 1 are marked); Bob takes one
    (recorded, undone, redone, edited), then I take a 4; the stands grow, Nano's count falls, and the numbers
    match the CLI on the same document."""
    page, taps = open_mission(make_context, base_url, device, 43)
    enter_hand(page, taps, [])  # 51 wires, 4 of them to Nano: 47 over four stands, 12 for me
    expect(tid(page, "nano")).to_have_attribute("data-left", "4")
    expect(tid(page, "nano")).to_have_attribute("data-space", "1")  # Nano starts on 1
    assert wait_done(page, moves=True) == "done"
    assert engine_doc(page)["nano"] == 4
    expect(tid(page, "nano")).to_contain_text("a wire taken from Nano:")
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    # I hold a 1: my cuts of a 1 would take one of Nano's wires, which must all be cut too
    expect(page.locator("[data-testid$='-nano-value']").first).to_have_attribute("title", re.compile("Nano is on 1"))
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
    # I take a 4: said, it is filed after my two 3s by itself
    taps("action-nano")
    taps("actor-0")
    taps("got-4")
    expect(tid(page, "nano")).to_have_attribute("data-left", "2")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][0]["stands"][0].split()[3:6] == ["?3", "?4", "?5"]
    shot(page, "11-nano")


def test_mission_49_gives_the_oxygen_to_a_teammate(make_context, base_url, device):
    """Mission 49: a cut asks, last, who gets the cutter's oxygen (as many tokens as the value); the status
    bar counts mine (5 each with 4 players), the entry names the receiver, and undo takes it back."""
    page, taps = open_mission(make_context, base_url, device, 49, reds=(2, 5))
    for label in MY_HAND:
        taps(f"key-{label}")
    if tid(page, "hand-done").is_disabled():
        taps("key-4")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "5")
    expect(tid(page, "oxygen")).to_contain_text("a cut takes as many as its value")
    assert wait_done(page, moves=True) == "done"
    # the 6s and over cost more than my 5 tokens: the advice says so
    expect(tid(page, "forbidden-0-why")).to_contain_text("5 tokens in front of you, fewer than a cut of it takes")
    # I (Ann) say Bob's D is a 3 and give Cid my 3 tokens: wrong, it is a 4
    taps("slot-1-0-3")
    taps("tab-cut")  # before anyone has played, a slot opens on its tokens
    taps("key-3")
    taps("result-wrong")
    taps("real-4")
    # a tap on a wire while the sheet asks who gets the oxygen keeps the cut under way
    taps("slot-2-0-5")
    expect(tid(page, "sheet-error")).to_contain_text("Answer the sheet's question first")
    # so does another action tapped once: it says the cut is not recorded yet
    taps("action-dual")
    expect(tid(page, "sheet-error")).to_contain_text("Not recorded yet: tap Dual cut again to drop this entry")
    taps("oxygen-to-2")
    expect(tid(page, "log-0")).to_contain_text("(oxygen → Cid)")
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "2")
    taps("undo")
    expect(tid(page, "log-0")).to_have_count(0)
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "5")


def test_mission_44_shows_the_oxygen_in_the_reserve(make_context, base_url, device):
    """Mission 44: the status bar shows the oxygen my next cut may take from the reserve (2 per player),
    and a turn skipped is recorded (a player may skip to save oxygen: the FAQ) and undone."""
    page, taps = open_mission(make_context, base_url, device, 44)
    for label in MY_HAND:
        taps(f"key-{label}")
    if tid(page, "hand-done").is_disabled():  # 49 wires: the captain holds 13
        taps("key-4")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    expect(tid(page, "oxygen")).to_have_attribute("data-have", "8")
    expect(tid(page, "oxygen")).to_contain_text("8 in the reserve")
    assert wait_done(page, moves=True) == "done"
    # a turn skipped is a turn-log action, mine too though I can pay (to save oxygen: the FAQ): it moves the
    # detonator; undo takes it back
    taps("action-skip")  # the player whose turn it is: me, the captain
    expect(tid(page, "log-0")).to_contain_text("Ann skips the turn (oxygen)")
    taps("undo")
    expect(tid(page, "log-0")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_46_the_four_sevens_cut_at_once_by_the_special_action(make_context, base_url, device):
    """Mission 46: the 7s go only all four at once, by a player with only 7s left. Bob's other wires cut (set on
    his slots), *Special action* by Bob: the wires tapped on the stands (mine among them), ✓ all cut, then each wire
    the table does not show yet; the four slots are cut 7s, the turn passes, and the engine gets the same table as
    the CLI."""
    page, taps = open_mission(make_context, base_url, device, 46, reds=())
    enter_hand(page, taps, ["4"])  # 52 wires: 13 each
    assert wait_done(page) == "done"
    bob = ["1", "1", "2", "2", "3", "4", None, "8", "8", "9", "9", "10", "10"]  # his G is a 7
    page.evaluate("""(bob) => {
        const state = JSON.parse(localStorage.getItem("bombbusters.table.v1"));
        bob.forEach((v, j) => { if (v) state.log.push({ k: "set", p: 1, s: 0, j, slot: { c: "cut", v } }); });
        localStorage.setItem("bombbusters.table.v1", JSON.stringify(state));
    }""", bob)
    page.goto(page.url.split("#")[0])
    assert wait_done(page, moves=True) == "done"
    taps("action-special")
    taps("actor-1")
    # Bob's 7, mine (H: 1 2 3 3 4 5 6 7 …) and two more where the deal allows them
    for key in ("slot-0-0-7", "slot-1-0-6", "slot-2-0-6", "slot-3-0-7"):
        taps(key)
    taps("draft-done")
    taps("special-ok")  # every wire pointed at can only be a 7: the entry goes in at once
    expect(tid(page, "log-12")).to_contain_text("Bob special action")
    expect(tid(page, "log-12")).to_contain_text("✓ all cut")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][0]["stands"][0].split()[7] == "7"
    assert [doc["players"][p]["stands"][0].split()[j] for p, j in ((1, 6), (2, 6), (3, 7))] == ["7", "7", "7"]
    expect(tid(page, "turn-badge")).to_have_count(1)
    taps("undo")
    expect(tid(page, "log-12")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_13_advises_the_special_action_and_records_it_in_one_tap(make_context, base_url, device):
    """Mission 13 with 4 players (reds R2, R5, R9 dealt one each from the captain): *My best cuts* shows the
    special action — my red and the teammates' wires likeliest red, its joint chance from the worker — and
    *Record this…* opens the action with those wires pointed at, asking only what happened."""
    page, taps = open_mission(make_context, base_url, device, 13)
    for label in MY_HAND + ["R5"]:
        taps(f"key-{label}")
    taps("hand-done")
    assert wait_done(page, moves=True) == "done"
    advice = tid(page, "special-advice")
    expect(advice).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(advice).to_contain_text("point at Ann F, Bob ")  # my R5 sits after my 5, then a wire of Bob's and one of Cid's
    expect(advice).to_contain_text("else the bomb explodes")
    # the joint chance of the wires pointed at (read slot by slot, the likeliest slots of Bob and Cid are one place
    # that cannot hold a red on both: 0)
    assert 0 < float(advice.get_attribute("data-p")) < 0.2 and advice.get_attribute("data-best") == "false"
    taps("special-record")
    expect(tid(page, "ask")).to_contain_text("What happened?")
    for key in ("slot-0-0-5",):
        expect(tid(page, key)).to_have_class(re.compile("picked|pointed|sel"))
    expect(tid(page, "special-ok")).to_be_visible()


@pytest.mark.parametrize("device", ["phone"])
def test_mission_36_the_sequence_card_moves_to_either_end(make_context, base_url, device):
    """Mission 36: the number cards tapped in line from the Sequence card's end; the value it points at is the
    only one of the line the advice may cut, and one tap puts the Sequence card at the other end (the
    captain's pick, later the cutter's), which undo takes back."""
    page, taps = open_mission(make_context, base_url, device, 36, yellows=(4, 8),
                               check=lambda pg: expect(tid(pg, "setup-numbers")).to_contain_text("5 cards"))
    enter_hand(page, taps, ["Y4"])
    for n in (3, 9, 5, 1, 12):
        taps(f"number-{n}")
    expect(tid(page, "sequence-end")).to_contain_text("Next to cut: 3")
    wait_done(page, moves=True)
    why = page.locator("[data-testid^='forbidden-'][data-testid$='-why']")
    expect(why.first).to_contain_text("the sequence card: 3 comes first")
    taps("sequence-turn")
    expect(tid(page, "sequence-end")).to_contain_text("Next to cut: 12")
    expect(why.first).to_contain_text("the sequence card: 12 comes first", timeout=RESULT_TIMEOUT_MS)
    taps("undo")
    expect(tid(page, "sequence-end")).to_contain_text("Next to cut: 3")
    expect(why.first).to_contain_text("the sequence card: 3 comes first", timeout=RESULT_TIMEOUT_MS)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_50_a_token_beside_the_stand(make_context, base_url, device):
    """Mission 50 (memory mode): a token beside Cid's stand says Cid holds a 3, somewhere: the badge beside the stand,
    a "has" fact for the engine (the same table as the CLI), and none of Cid's wires' laws without a 3."""
    def setup_words(page):
        expect(tid(page, "setup-problems")).to_contain_text("the wires everyone looked at before the deal")

    page, taps = open_mission(make_context, base_url, device, 50, reds=(2, 9), yellows=(4, 8), check=setup_words)
    enter_hand(page, taps, ["Y4"])
    taps("action-beside")
    taps("actor-2")
    taps("key-3")
    expect(tid(page, "sheet")).to_have_count(0)
    expect(tid(page, "beside-2-3")).to_have_text("has 3")
    expect(tid(page, "log-0")).to_contain_text("Cid: a 3 token beside the stand")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert any(f["kind"] == "has" and f["player"] == 2 and f["value"] == 3 for f in doc["facts"])


@pytest.mark.parametrize("device", ["phone"])
def test_mission_59_nano_on_its_line(make_context, base_url, device):
    """Mission 59: the 12 number cards tapped in line order; Nano on the 7 facing the longer side allows the values
    under and ahead of it, which bind my best cuts; the tap that turns it round allows the other side."""
    page, taps = open_mission(make_context, base_url, device, 59)
    enter_hand(page, taps, ["4"])
    for n in (3, 10, 7, 1, 12, 5, 9, 2, 11, 6, 4, 8):
        taps(f"number-{n}")
    line = tid(page, "nano-line")
    expect(line).to_have_attribute("data-at", "7")
    expect(line).to_have_attribute("data-ahead", "7 1 12 5 9 2 11 6 4 8")
    wait_done(page, moves=True)
    why = page.locator("[data-testid^='forbidden-'][data-testid$='-why']")
    expect(why.first).to_contain_text("the value under Nano or a value ahead of it", timeout=RESULT_TIMEOUT_MS)
    taps("nano-turn")
    expect(line).to_have_attribute("data-ahead", "7 10 3")
    assert_matches_cli(page)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_55_it_is_red(make_context, base_url, device):
    """Mission 55, challenge 1: I cut Cid's wire saying "It is RED" (my turn: I act) — the wire tapped, ✓, which red:
    the wire is cut red and the challenge done (the detonator back a space)."""
    page, taps = open_mission(make_context, base_url, device, 55, reds=(5, 9))
    enter_hand(page, taps, ["4"])
    made = int(tid(page, "detonator").get_attribute("data-made"))
    taps("action-redcall")
    taps("slot-2-0-11")
    taps("result-ok")
    taps("key-R9")  # which red: both may be there
    expect(tid(page, "log-0")).to_contain_text("is RED? ✓ cut R")
    expect(tid(page, "detonator")).to_have_attribute("data-made", str(made - 1))  # (55 starts a space from the end)
    assert wait_done(page) == "done"
    assert_matches_cli(page)


@pytest.mark.parametrize("device", ["phone"])
def test_a_half_answered_entry_survives_a_reload(make_context, base_url, device):
    """A cut half answered (the wire tapped, the value named) when the page reloads — a phone gone to sleep at the
    table — opens again where it was; once closed, a reload opens no sheet."""
    page, taps = open_mission(make_context, base_url, device, 46, reds=())
    enter_hand(page, taps, ["4"])
    taps("slot-1-0-4")
    taps("tab-cut")
    taps("key-5")
    expect(tid(page, "result-ok")).to_be_visible()
    page.reload()
    expect(tid(page, "result-ok")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "draft-summary")).to_contain_text("5")
    for _ in range(2):  # a half-filled sheet closes on a second tap
        if tid(page, "sheet").count():
            taps("sheet-close")
    expect(tid(page, "sheet")).to_have_count(0)
    page.reload()
    expect(tid(page, "stands")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "sheet")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_18_the_radar_every_turn_on_the_card_flipped(make_context, base_url, device):
    """Mission 18: the General Radar alone lies face up and is usable at once; the number card flipped is asked
    (“no” until a stand is tapped “yes”), binds the turn's cut (my best cuts say why) and the radar is not spent."""
    page, taps = open_mission(make_context, base_url, device, 18, reds=(5, 9))
    enter_hand(page, taps, ["4"])
    taps("action-radar")
    expect(tid(page, "ask")).to_contain_text("Which number card was flipped?")
    taps("key-7")
    expect(tid(page, "radar-1-0")).to_have_text("no")
    taps("radar-1-0")
    expect(tid(page, "radar-1-0")).to_have_text("yes")
    taps("draft-done")
    expect(tid(page, "log-0")).to_contain_text("General Radar 7")
    expect(tid(page, "log-0")).not_to_contain_text("check")
    expect(tid(page, "action-radar")).to_be_visible()  # asked again next turn
    wait_done(page, moves=True)
    why = page.locator("[data-testid^='forbidden-'][data-testid$='-why']")
    expect(why.first).to_contain_text("the number card flipped this turn is 7", timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "radar")).to_have_count(0)  # no "what would it buy": the card decides the value
    assert_matches_cli(page)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_34_the_weakest_link(make_context, base_url, device):
    """Mission 34: no Double Detector while the characters are hidden; my card (A–E) with "I hold the Captain card";
    a wrong guess of the weakest link moves the detonator, a right one brings the Double Detectors back."""
    page, taps = open_mission(make_context, base_url, device, 34, reds=(5,))
    enter_hand(page, taps, ["4"])
    expect(tid(page, "action-double")).to_have_count(0)
    expect(tid(page, "card-F")).to_have_count(0)  # A–E only
    expect(tid(page, "weak-me")).to_have_attribute("aria-pressed", "false")
    taps("action-weak")
    taps("actor-1")
    taps("weak-who-2")
    taps("weak-card-A")
    taps("weak-wrong")
    expect(tid(page, "log-0")).to_contain_text("Bob names Cid and card A as the weakest link: ✗ wrong")
    expect(tid(page, "detonator")).to_have_attribute("data-made", "1")
    taps("action-weak")
    taps("actor-2")
    taps("weak-who-1")
    taps("weak-card-C")
    taps("weak-right")
    expect(tid(page, "log-1")).to_contain_text("✓ right")
    expect(tid(page, "action-double")).to_be_visible()
    expect(tid(page, "action-weak")).to_have_count(0)
    expect(tid(page, "weak-state")).to_contain_text("The weakest link was found")
    assert wait_done(page) == "done"
    assert_matches_cli(page)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_65_every_player_s_number_cards(make_context, base_url, device):
    """Mission 65: the number cards dealt to each player are tapped at the setup; mine bind my best cuts, a card
    given after a turn moves to its new holder (one tap for the card, one for whom)."""
    hands = {0: (3, 7, 12), 1: (1, 5, 9), 2: (2, 6, 10), 3: (4, 8, 11)}

    def deal(pg):
        for p, cards in hands.items():
            for v in cards:
                tid(pg, f"hand-card-{p}-{v}").tap()
        expect(tid(pg, "setup-hands")).to_contain_text("12 of 12 tapped")

    page, taps = open_mission(make_context, base_url, device, 65, reds=(2, 5, 9), check=deal)
    enter_hand(page, taps, ["4"])
    expect(tid(page, "hands")).to_contain_text("Ann (me): 3, 7, 12")
    wait_done(page, moves=True)
    why = page.locator("[data-testid^='forbidden-'][data-testid$='-why']")
    expect(why.first).to_contain_text("your number cards are 3, 7, 12", timeout=RESULT_TIMEOUT_MS)
    taps("action-give")
    taps("actor-1")
    taps("give-card-5")
    taps("give-to-2")
    expect(tid(page, "log-0")).to_contain_text("Bob gives the number card 5 to Cid")
    expect(tid(page, "hands")).to_contain_text("Cid: 2, 5, 6, 10")
    assert wait_done(page) == "done"
    assert_matches_cli(page)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_12_the_number_card_on_an_equipment_card(make_context, base_url, device):
    """Mission 12: a number card lies on each equipment card face up (set at the setup); the card waits for two
    wires of its number and two of that number card's value."""
    def lock(pg):
        tid(pg, "setup-card-3").tap()
        tid(pg, "setup-lock-3").select_option("5")
        expect(tid(pg, "setup-lock-3")).to_have_value("5")

    page, taps = open_mission(make_context, base_url, device, 12, reds=(5,), yellows=(2, 4, 7, 9), check=lock)
    enter_hand(page, taps, ["4", "6"])  # 53 wires: 14 for me
    expect(tid(page, "card-state-3")).to_contain_text("0/4 cut")
    expect(tid(page, "equipment-legend")).to_contain_text("two of the number card lying on it")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_31_a_teammate_s_card_turned_face_down(make_context, base_url, device):
    """Mission 31: a teammate's card is tapped among the teammates' cards; turned face down (one tap for who), it
    tells they hold none of its values (has-not facts the engine reads) and binds no more."""
    page, taps = open_mission(make_context, base_url, device, 31)
    enter_hand(page, taps, ["4"])
    taps("card-A")
    taps("player-card-2-B")
    expect(tid(page, "player-card-2-B")).to_have_attribute("aria-pressed", "true")
    taps("action-cardflip")
    taps("actor-2")  # who: the entry is complete, recorded
    expect(tid(page, "log-0")).to_contain_text("Cid turns their constraint card face down")
    expect(tid(page, "card-down-2")).to_be_visible()
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert {"kind": "has_not", "player": 2, "value": 7} in [{k: f[k] for k in ("kind", "player", "value")} for f in doc["facts"]]


@pytest.mark.parametrize("device", ["phone"])
def test_mission_37_a_new_character_s_triple_detector(make_context, base_url, device):
    """Rule sticker B: Bob takes E3 at the setup instead of his Double Detector; his Triple Detector is then his
    own, usable with no 3 cut (the card waits for two), recorded without a word about the card, and spent after."""
    def pick(page):
        expect(tid(page, "setup-characters")).to_be_visible()
        tid(page, "setup-character-1-E3").tap()
        expect(tid(page, "setup-character-1-E3")).to_have_attribute("aria-pressed", "true")
        expect(tid(page, "setup-character-0-DD")).to_have_count(0)  # the captain keeps the Double Detector

    page, taps = open_mission(make_context, base_url, device, 37, reds=(2, 5), check=pick)
    enter_hand(page, taps, ["4"])
    taps("card-A")
    assert wait_done(page) == "done"
    taps("action-triple")
    taps("actor-1")
    for key in ("slot-2-0-0", "slot-2-0-1", "slot-2-0-2"):
        taps(key)
    expect(tid(page, "draft-summary")).to_contain_text("Bob")
    taps("key-2")
    taps("result-ok")
    taps("which-0")
    if not tid(page, "log-0").count():  # which of Bob's wires went with it, where the table leaves a choice
        page.wait_for_function("document.documentElement.dataset.given !== 'pending'")
        page.locator("[data-testid^='actor-slot-']").first.tap()
    expect(tid(page, "log-0")).to_contain_text("a character's own, not the card")
    expect(tid(page, "log-0")).not_to_contain_text("check: the")  # (no card needed; it was Ann's turn, said)
    assert wait_done(page) == "done"
    # Bob's own is spent: another Triple Detector of his is the card's (which waits for two 3s), nothing asked
    taps("action-triple")
    taps("actor-1")
    expect(tid(page, "ask")).to_contain_text("Tap 3 wires of one stand")
    expect(tid(page, "personal-own")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_mission_32_the_card_in_play_asked_and_a_skip(make_context, base_url, device):
    """Mission 32: the constraint card face up for everyone is asked above the stands until tapped; a cut it forbids
    is said in the sheet (recorded if the table did it); a player it leaves no cut skips, the detonator stays."""
    page, taps = open_mission(make_context, base_url, device, 32, reds=(2, 5))
    enter_hand(page, taps, ["4"])
    expect(tid(page, "card-due")).to_contain_text("Tap the card face up")
    taps("card-K")
    expect(tid(page, "card-due")).to_have_count(0)
    assert wait_done(page) == "done"
    taps("action-solo")
    taps("actor-1")
    expect(tid(page, "card-warning")).to_contain_text("constraint card K: no solo cut")
    taps("sheet-close")
    expect(tid(page, "action-skip")).to_have_text("Constraint: skip")
    taps("action-skip")  # the turn's player, Ann: recorded at once
    expect(tid(page, "log-0")).to_contain_text("skips the turn (the constraint card forbids every cut)")
    expect(tid(page, "detonator")).to_have_attribute("data-made", "0")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_20_an_x_wire_is_no_starting_token(make_context, base_url, device):
    """Mission 20: every stand's X mark is dealt, not a starting token: until each player shows one, a slot's sheet
    opens on Set tokens."""
    page, taps = open_mission(make_context, base_url, device, 20, reds=(2, 8), yellows=(4, 9))
    enter_hand(page, taps, ["4"])
    taps("slot-1-0-4")
    expect(tid(page, "tab-set")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_39_a_token_beside_the_stand_counts_as_placed(make_context, base_url, device):
    """39: each player draws a starting token; one whose value they lack goes beside their stand (I have none). Once
    every player's is placed, a wire tapped opens on the cut, not on Set tokens (the walkthrough: it opened on Set
    tokens, where a tap on a value records a token instead of the cut)."""
    page, taps = open_mission(make_context, base_url, device, 39, yellows=(1, 3, 5, 7))
    enter_hand(page, taps, ["4", "Y1"])  # the captain: 14 wires
    taps("number-7")
    for key, value in (("0-0-0", "1"), ("1-0-2", "2"), ("2-0-5", "6")):
        taps(f"slot-{key}")
        taps(f"set-info-{value}")
    taps("action-absent")
    taps("actor-3")
    taps("key-3")
    expect(tid(page, "drawn-tokens")).to_have_count(0)
    taps("slot-1-0-13")
    expect(tid(page, "tab-cut")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_51_the_one_sir_chose_has_none(make_context, base_url, device):
    """51: Sir flips a card and chooses who cuts its value; one chosen who has none is asked for (Sir chooses someone,
    most often another: it was recorded as Sir at once), and the entry keeps the card — the next card tapped leaves
    what it told as it was."""
    page, taps = open_mission(make_context, base_url, device, 51, reds=(5,))
    enter_hand(page, taps, ["4"])
    taps("number-9")
    taps("action-skip")
    expect(tid(page, "log-0")).to_have_count(0)
    expect(tid(page, "actor-0")).to_have_attribute("aria-pressed", "false")  # not Sir by default: asked
    taps("actor-2")
    expect(tid(page, "log-0")).to_contain_text("Cid, chosen, has no 9 (the card flipped)")
    taps("number-9")  # the next card flipped: the 2
    taps("number-2")
    assert wait_done(page) == "done"
    facts = [f for f in engine_doc(page)["facts"] if f["kind"] == "has_not" and f["player"] == 2]
    assert [f["value"] for f in facts] == [9]


@pytest.mark.parametrize("device", ["phone"])
def test_mission_17_the_captain_places_the_advised_false_tokens(make_context, base_url, device):
    """17: the captain (me) is advised where their two false tokens go ("not N" where N is teammates' likeliest
    value there, never a red wire), and each tap on the advice places one; the panel goes once both are down."""
    page, taps = open_mission(make_context, base_url, device, 17)
    enter_hand(page, taps, ["4"])  # 50 wires: the captain holds 13
    panel = tid(page, "advice")
    expect(panel).to_have_attribute("data-kind", "false")
    expect(panel).to_contain_text("Your false tokens (2 to place)")
    page.wait_for_function("document.documentElement.dataset.advice === 'done'", timeout=RESULT_TIMEOUT_MS)
    wait_done(page, moves=True)
    for left, n in ((2, 0), (1, 1)):
        token = tid(page, "advice-0").get_attribute("data-token")
        assert re.fullmatch(r"!\d+", token), token
        taps("advice-0")
        expect(tid(page, f"log-{n}")).to_contain_text(f"not {token[1:]}")
        if left == 2:
            expect(tid(page, "advice")).to_contain_text("Your false tokens (1 to place)")
            page.wait_for_function("document.documentElement.dataset.advice === 'done'", timeout=RESULT_TIMEOUT_MS)
            wait_done(page, moves=True)
    expect(tid(page, "advice")).to_have_count(0)
    assert_matches_cli(page)


def test_mission_52_false_starting_tokens_count_as_placed(make_context, base_url, device):
    """52: each player's two false starting tokens ("not N") are their starting tokens: once all are placed a wire
    tapped opens on the cut (it opened on Set tokens, where a value tapped records an info token), and a failure's
    false token shows on its wire."""
    page, taps = open_mission(make_context, base_url, device, 52)
    enter_hand(page, taps, ["4"])  # the captain: 13 wires
    for p in range(4):
        for j, n in ((0, 5), (1, 6)):
            taps(f"slot-{p}-0-{j}")
            taps(f"set-not-{n}")
    expect(tid(page, "slot-1-0-0")).to_contain_text("!5")
    taps("slot-1-0-9")
    expect(tid(page, "tab-cut")).to_have_attribute("aria-pressed", "true")
