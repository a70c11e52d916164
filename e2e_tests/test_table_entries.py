"""The table app's entries beyond a plain game, tapped on a phone: starting tokens and their advice,
absent-value and X tokens, wires that change stands, constraint cards, the Single Wire Label and the
Disintegrator.  Helpers: table_taps.py.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import RESULT_TIMEOUT_MS
from playwright.sync_api import expect
from table_taps import (MY_HAND, assert_matches_cli, engine_doc, open_mission, open_table, play_opening, scroll_to,
                        shot, tid, wait_done)
from test_app import cli_analyze


@pytest.mark.parametrize("device", ["phone"])
def test_starting_token_advice(make_context, base_url, device):
    """My starting token: the top 3 slots from "indicate"; a tap records the token on my slot."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-start")
    for label in MY_HAND:
        taps(f"key-{label}")
    taps("hand-done")
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
    scroll_to(page, "advice")
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
    taps("hand-done")
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


def _advised_mark_spot(doc: dict, p: int, kind: str, marks: tuple[str, ...]) -> tuple[int, str]:
    """(slot, mark: "E"/"O", "2x", …) of player p's stand where some hand of theirs is advised its token of
    ``kind`` and whose choice tells more than its face, found through the engine's bridge on the page's document."""
    from bombbusters.advice.starting_tokens import with_starting_tokens

    st = doc["players"][p]["stands"][0].split()
    for j in range(len(st)):
        for mark in marks:
            shown = [mark if i == j else x for i, x in enumerate(st)]
            trial = json.loads(json.dumps(doc))
            trial["players"][p]["stands"] = [" ".join(shown)]
            trial.update(starting_tokens=[[p, 0, j]], tokens=kind)
            try:
                if with_starting_tokens(trial).get("facts_from_tokens"):
                    return j, mark
            except ValueError:
                continue
    raise AssertionError(f"no {kind} token of this stand tells more than its face")


@pytest.mark.parametrize("mission, kind, marks, reds", [
    ("21", "even_odd", ("E", "O"), (2, 5)),
    ("24", "multiplicity", ("1x", "2x", "3x"), (2, 5)),
])
@pytest.mark.parametrize("device", ["phone"])
def test_teammates_advised_parity_or_x_tokens_are_read(make_context, base_url, device, mission, kind, marks, reds):
    """Missions 21 (even/odd tokens) and 24 (x1/x2/x3), "my team places the advised tokens": Bob's starting
    token, where the advice puts it for some hands, is sent to be read as that choice; the heatmap is the
    engine's on the document that says so, and differs from the token's face alone."""
    page, taps = open_table(make_context, base_url, device)
    expect(tid(page, "missions-loading")).to_have_count(0)
    tid(page, "setup-mission").select_option(mission)
    for n in reds:
        taps(f"setup-red-nums-{n}")
    taps("setup-read-tokens")
    expect(tid(page, "setup-read-tokens")).to_have_attribute("aria-pressed", "true")
    taps("setup-start")
    for label in MY_HAND:
        taps(f"key-{label}")
    if tid(page, "hand-done").is_disabled():
        taps("key-4")
    taps("hand-done")
    assert wait_done(page, moves=True) == "done"
    expect(tid(page, "advice-read")).to_be_visible()
    j, mark = _advised_mark_spot(engine_doc(page), 1, kind, marks)
    taps(f"slot-1-0-{j}")
    taps(f"set-mark-{mark}")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["starting_tokens"] == [[1, 0, j]] and doc["tokens"] == kind
    plain = {k: v for k, v in doc.items() if k != "starting_tokens"}
    assert cli_analyze(plain)["slots"] != cli_analyze(doc)["slots"], "the choice says more than the token's face"


@pytest.mark.parametrize("device", ["phone"])
def test_absent_token_and_open_red_deal(make_context, base_url, device):
    """Custom setup with "I have none" tokens and an open red deal; the facts reach the engine."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-absent-tokens")
    taps("setup-open-red")
    taps("setup-red-mode-list")
    taps("setup-red-nums-5")
    # filled in as the rule deals: the first red to the captain (Ann); it went to Cid here
    expect(tid(page, "setup-reds-0-0")).to_have_attribute("data-count", "1")
    expect(tid(page, "setup-reds-hint")).to_contain_text("one to each player from the captain")
    taps("setup-reds-0-0-minus")
    expect(tid(page, "setup-problems")).to_contain_text("Red wires dealt openly")
    taps("setup-reds-2-0-plus")
    expect(tid(page, "setup-reds-2-0")).to_have_attribute("data-count", "1")
    expect(tid(page, "setup-reds-2-0-plus")).to_be_disabled()
    scroll_to(page, "setup-reds-2-0")
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

    # An edit starts from the current answers: change the value only; undo takes the edit back, then the entry.
    taps("log-0-edit")
    expect(tid(page, "draft-commit")).to_be_visible()
    taps("change-value")
    taps("key-8")
    expect(tid(page, "absent-1-0-8")).to_be_visible()
    expect(tid(page, "absent-1-0-7")).to_have_count(0)
    taps("undo")
    expect(tid(page, "undo-note")).to_contain_text("Undone: an entry's edit — now “Bob has no 7")
    expect(tid(page, "absent-1-0-8")).to_have_count(0)
    expect(tid(page, "absent-1-0-7")).to_be_visible()
    taps("undo")
    expect(tid(page, "absent-1-0-7")).to_have_count(0)
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
    taps("hand-done")
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
    expect(tid(page, "card-warning")).to_contain_text("not usable yet")  # said before it goes in: Record
    taps("draft-commit")
    expect(tid(page, "log-4")).to_contain_text("Grappling Hook")
    expect(tid(page, "slot-1-0-12")).to_have_count(1)
    expect(tid(page, "slot-3-0-11")).to_have_count(0)
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["moves"] == [{"kind": "grappling_hook", "wires": [{"from": [3, 0, 0], "to": [1, 0, 0]}]}]
    # Ann (me) and Cid swap: my B (a 2) for Cid's A: I say it is a 1, and it is filed after my 1 by itself.
    taps("action-walkie")
    taps("actor-0")
    taps("slot-2-0-0")
    taps("give-0-1")
    taps("got-1")
    taps("file-pto-0-0")
    taps("draft-commit")  # (not usable yet either: said, then recorded as the table did it)
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
    taps("draft-commit")  # (not usable yet: said first, then recorded as the table did it)
    expect(tid(page, "log-4")).to_contain_text("Single Wire Label")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][1]["stands"][0].split()[0] == "b1x"
    # the Disintegrator draws 7: Bob's, Cid's and Dee's G were the others (mine is cut by itself)
    taps("action-disint")
    taps("key-7")
    taps("slot-2-0-6")
    taps("draft-done")
    # (the card is not usable yet: the draft waits for Record, which says why it is greyed)
    expect(tid(page, "record-refused")).to_contain_text("4 are in play, 2 would be cut")
    taps("slot-1-0-6")
    taps("slot-3-0-6")
    taps("draft-done")
    taps("draft-commit")
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



@pytest.mark.parametrize("device", ["phone"])
def test_mission_31_constraint_card(make_context, base_url, device):
    """Mission 31 (each player keeps a constraint card A-E): its picker comes first, one card of A-E, a slip undone
    by undo; with card B (odd wires only) no ranked cut names an even value, and the best forbidden ones say why."""
    page, taps = open_mission(make_context, base_url, device, 31)
    for label in MY_HAND + ["4"]:  # 50 wires: my stand holds 13
        taps(f"key-{label}")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    wait_done(page, moves=True)
    expect(tid(page, "cards")).to_have_attribute("open", "")
    # chosen before the starting tokens: the picker comes above the stands, with A-E only; one card a player
    assert page.evaluate("""() => Boolean(document.querySelector('[data-testid=cards]')
        .compareDocumentPosition(document.querySelector('[data-testid=stands]')) & Node.DOCUMENT_POSITION_FOLLOWING)""")
    expect(tid(page, "card-F")).to_have_count(0)
    taps("card-C")
    taps("card-B")
    expect(tid(page, "cards").locator("summary")).to_have_text("My constraint card: B")
    # a slip on a card is what undo takes back (the setup edit), not a turn
    taps("undo")
    expect(tid(page, "cards").locator("summary")).to_have_text("My constraint card: C")
    taps("redo")
    expect(tid(page, "forbidden-0-why")).to_have_text("odd wires only (constraint B)", timeout=RESULT_TIMEOUT_MS)
    wait_done(page, moves=True)
    moves = page.locator("[data-testid^='move-'][data-testid$='-p']").count()
    assert moves > 0
    for i in range(moves):
        text = tid(page, f"move-{i}").text_content()
        value = re.search(r"(?:=|has|cut) (\d+)", text)
        assert value is None or int(value.group(1)) % 2 == 1, text


