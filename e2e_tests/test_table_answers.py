"""What the table app answers besides the heatmap, and the missions with pieces of their own: a cut's
outcomes, why a slot is certain, the chance to win, the engine's warm-up and a repeat visit; missions
56 (turned-around wires), 43 (Nano), 49 and 44 (oxygen).  Helpers: table_taps.py.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import RESULT_TIMEOUT_MS
from playwright.sync_api import expect
from table_taps import (MY_HAND, assert_matches_cli, engine_doc, open_mission, open_table, play_opening, scroll_to,
                        shot, tid, wait_done, wait_ready)


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


def _run_and_stop(page, taps, name: str, figure: str, at_least: int):
    """Start playouts ``name`` ("win", "search"), wait for ``at_least`` games or deals in ``figure``, Stop: the
    button says Go on and the count stays put. (the figure's locator, its count)"""
    taps(f"{name}-start")
    shown = tid(page, figure)
    page.wait_for_function(
        f"Number(document.querySelector('[data-testid={figure}]')?.dataset.n) >= {at_least}", timeout=RESULT_TIMEOUT_MS)
    taps(f"{name}-stop")
    expect(tid(page, f"{name}-start")).to_have_text("Go on")
    n = int(shown.get_attribute("data-n"))
    page.wait_for_timeout(1500)
    assert int(shown.get_attribute("data-n")) == n  # stopped: no more playouts
    return shown, n


@pytest.mark.parametrize("device", ["phone"])
def test_chance_to_win_runs_improves_and_stops(make_context, base_url, device):
    """"Estimate" plays games out in slices: the estimate shows with its error and game count, grows, and
    stops on Stop; the same first games natively give the same wins."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    est, n = _run_and_stop(page, taps, "win", "win-estimate", 4)
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
def test_play_them_out_compares_my_first_moves_on_the_same_deals(make_context, base_url, device):
    """On my turn, "Think longer" plays my first moves out in slices, each on the same deals: every compared move
    shows the games it wins, the line names the move that wins most and by how much over the next (paired),
    with the deals played and the time; Stop freezes it; the worker's games are the native ones."""
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    _found, n = _run_and_stop(page, taps, "search", "search-found", 2)
    expect(tid(page, "search-cost")).to_contain_text(f"{n} deal")
    from bombbusters.arena.search import search_json

    doc = dict(engine_doc(page), turn=0)  # the captain (Ann, me) starts
    equipment = json.loads(tid(page, "search").get_attribute("data-equipment"))  # as the "win" request's
    got = [search_json(dict(doc, equipment=equipment), 1, k) for k in range(n)]
    shown = 0
    for i in range(5):
        fig = tid(page, f"move-{i}-search")
        if not fig.count():
            continue
        shown += 1
        assert int(fig.get_attribute("data-n")) == n
        key = tid(page, f"move-{i}").get_attribute("data-key")
        row = next(j for j, m in enumerate(got[0]["moves"]) if json.dumps(
            [m.get(k) for k in ("kind", "player", "stand", "slots", "value", "values", "mine")], separators=(",", ":")) == key)
        wins = sum(r["won"][row][0] for r in got)
        assert abs(float(fig.get_attribute("data-p")) - wins / n) < 1e-12
    assert shown == min(3, len(got[0]["moves"])) >= 2


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
def test_mission_53_nano_stands_for_the_detonator(make_context, base_url, device):
    """Mission 53: the status bar shows Nano's track in place of the detonator; a failure moves Nano two
    spaces, a cut of the value of its space one back; the failures left go to the engine as mistakes left,
    and my best cuts mark the cuts of Nano's value."""
    page, taps = open_mission(make_context, base_url, device, 53, reds=(5, 9))
    for label in MY_HAND:
        taps(f"key-{label}")
    if not tid(page, "stands").is_visible():  # 50 wires: two stands hold 13
        taps("key-4")
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
    for label in MY_HAND:  # 51 wires, 4 of them to Nano: 47 over four stands, 12 for me
        taps(f"key-{label}")
    expect(tid(page, "stands")).to_be_visible()
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
    """Mission 49: a cut asks, last, who gets the cutter's oxygen (as many tokens as the value); the status
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
    taps("key-3")
    taps("result-wrong")
    taps("real-4")
    # a tap on a wire while the sheet asks who gets the oxygen keeps the cut under way
    taps("slot-2-0-5")
    expect(tid(page, "sheet-error")).to_contain_text("Answer the question above first")
    taps("oxygen-to-2")
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
    expect(tid(page, "log-0")).to_contain_text("Ann skips the turn (oxygen)")
    taps("undo")
    expect(tid(page, "log-0")).to_have_count(0)


@pytest.mark.parametrize("device", ["phone"])
def test_thinking_ahead_refines_my_best_cuts_on_a_close_call(make_context, base_url, device):
    """On my turn, where my first moves are close on a table like those its estimate was fitted on (failures
    show x1/x2/x3 tokens), the page thinks ahead by itself: it names the move it found best and by how much,
    in points of chance to win, with the deals played and the time; each compared move shows its chance; the
    figures and the choice are the arena's search policy's on the same table (the same deals, the same rule).
    With value tokens (the estimate not fitted there) it does not think ahead."""
    from bombbusters.arena.search_policy import WORLDS, pick, refine_json

    settled = "['clear', 'done'].includes(document.documentElement.dataset.refine)"
    page, taps = open_table(make_context, base_url, device)
    play_opening(page, taps)
    wait_done(page, moves=True)
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    page.wait_for_function(settled, timeout=RESULT_TIMEOUT_MS)  # the page redraws while it thinks
    page.locator("[data-testid='cards'] summary").click()
    taps("card-H")
    wait_done(page, moves=True)
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    page.wait_for_function("document.documentElement.dataset.refine === 'clear'", timeout=RESULT_TIMEOUT_MS)
    expect(tid(page, "refine-found")).to_have_count(0)  # value tokens: not where the estimate holds
    expect(tid(page, "refine-running")).to_have_count(0)

    page, taps = open_table(make_context, base_url, device)
    wait_ready(page)
    taps("setup-tokens-multiplicity")
    taps("setup-start")
    for label in reversed(MY_HAND):
        taps(f"key-{label}")
    wait_done(page, moves=True)
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    page.wait_for_function(settled, timeout=RESULT_TIMEOUT_MS)
    page.locator("[data-testid='cards'] summary").click()
    taps("card-H")
    page.wait_for_function(settled, timeout=RESULT_TIMEOUT_MS)
    found = tid(page, "refine-found")
    expect(found).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    assert int(found.get_attribute("data-n")) == WORLDS
    expect(tid(page, "refine-cost")).to_contain_text(f"{WORLDS} deals")
    want = refine_json(json.loads(found.get_attribute("data-doc")), 0, WORLDS)
    best = pick(want["won"])
    assert want["close"] and int(found.get_attribute("data-pick")) == best
    keys = [json.dumps([m.get(k) for k in ("kind", "player", "stand", "slots", "value", "values", "mine")],
                       separators=(",", ":")) for m in want["moves"]]
    assert found.get_attribute("data-key") == keys[best]
    shown = 0
    for i in range(5):
        fig = tid(page, f"move-{i}-ahead")
        if fig.count():
            j = keys.index(tid(page, f"move-{i}").get_attribute("data-key"))
            assert abs(float(fig.get_attribute("data-p")) - sum(want["won"][j]) / WORLDS) < 1e-12
            shown += 1
    assert shown == len(want["moves"]) >= 2
    expect(tid(page, "move-0-best")).to_have_text("best one turn ahead" if best else "best move")
    scroll_to(page, "refine-found")
    shot(page, "refine")


@pytest.mark.parametrize("device", ["phone"])
def test_mission_46_the_four_sevens_cut_at_once_by_the_special_action(make_context, base_url, device):
    """Mission 46: the 7s go only all four at once. *Special action*: the wires tapped on the stands (mine among
    them), ✓ all cut, then each wire the table does not show yet; the four slots are cut 7s, the turn passes, and
    the engine gets the same table as the CLI."""
    page, taps = open_mission(make_context, base_url, device, 46, reds=())
    for label in MY_HAND + ["4"]:  # 52 wires: 13 each
        taps(f"key-{label}")
    expect(tid(page, "stands")).to_be_visible()
    assert wait_done(page, moves=True) == "done"
    taps("action-special")
    # my 7 (H: 1 2 3 3 4 5 6 7 …) and three more where the deal allows them: the others hold 19 wires below 7
    for key in ("slot-0-0-7", "slot-1-0-6", "slot-2-0-6", "slot-3-0-7"):
        taps(key)
    taps("draft-done")
    taps("special-ok")
    for _ in range(3):  # mine is known: the three others
        expect(tid(page, "ask")).to_contain_text("Which wire was")
        taps("spot-label-7")
    expect(tid(page, "log-0")).to_contain_text("special action")
    expect(tid(page, "log-0")).to_contain_text("✓ all cut")
    assert wait_done(page) == "done"
    doc = assert_matches_cli(page)
    assert doc["players"][0]["stands"][0].split()[7] == "7"
    assert [doc["players"][p]["stands"][0].split()[j] for p, j in ((1, 6), (2, 6), (3, 7))] == ["7", "7", "7"]
    expect(tid(page, "turn-badge")).to_have_count(1)
    taps("undo")
    expect(tid(page, "log-0")).to_have_count(0)
