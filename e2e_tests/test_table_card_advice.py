"""The table app's advice on the equipment cards (issue 43 point 1, as a player sees it on a phone): the
General Radar says what asking each value would buy and is recorded by taps with my answer filled in; the
Post-it and the Labels say where they tell the team most; *My best cuts* says which free card the team
plays first.  The table they open: ux_table.py."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from table_taps import MY_HAND, engine_doc, scroll_to, shot, tid, wait_done
from ux_table import TOKENS, TURNS, open_phone, table


@pytest.fixture
def phone(browser, base_url):
    """phone(table, size, scheme) -> (page, taps): ux_table.open_phone."""
    yield from open_phone(browser, base_url)


def test_the_general_radar_says_what_asking_each_value_would_buy(phone):
    """With the General Radar usable (two 8s cut), my best cuts offer "What would it buy?": the values I hold,
    the most the answers add first, each with my best cut now and on average after — the engine's figures."""
    eights = {"k": "dual", "a": 3, "p": 2, "s": 0, "j": 7, "v": "8", "ok": True, "cut": "8", "as": {"s": 0, "j": 7}}
    page, taps = phone(table(log=TOKENS + TURNS + [eights]))
    wait_done(page, moves=True)
    taps("radar-ask")
    expect(tid(page, "radar-row-0")).to_be_visible(timeout=60_000)
    from bombbusters.advice.radar import radar_json

    want = radar_json(engine_doc(page))["values"][:3]
    for i, row in enumerate(want):
        got = tid(page, f"radar-row-{i}")
        assert int(got.get_attribute("data-value")) == row["value"]
        assert abs(float(got.get_attribute("data-after")) - row["after"]) < 1e-9
        expect(got).to_contain_text(f"ask {row['value']}: my best cut with {row['value']} goes from")
    shot(page, "ux-7-radar")
    # the card spent: no longer offered
    page2, _ = phone(table(log=TOKENS + TURNS + [eights, {"k": "radar", "v": 12, "ans": []}]))
    wait_done(page2, moves=True)
    expect(tid(page2, "moves")).to_be_visible()
    expect(tid(page2, "radar")).to_have_count(0)


def test_the_post_it_and_labels_say_where_they_tell_the_team_most(phone):
    """With the Post-it usable (two 4s cut), "Where would it tell most?" names the wire of mine the
    starting-token advice ranks first for the mission's token — the engine's own first; a Label ≠ the pair
    it fits that tells most."""
    fours = {"k": "dual", "a": 3, "p": 1, "s": 0, "j": 3, "v": "4", "ok": True, "cut": "4", "as": {"s": 0, "j": 2}}
    t = table(log=TOKENS + TURNS + [fours])
    t["setup"]["table_cards"] = ["1", "3", "4", "11"]
    page, taps = phone(t)
    wait_done(page, moves=True)
    expect(tid(page, "radar")).to_have_count(0)  # the Radar is not on this table
    taps("tell-4-ask")
    best = tid(page, "tell-4-best")
    expect(best).to_be_visible(timeout=60_000)
    from bombbusters.advice.indication import indicate_json

    want = indicate_json(dict(engine_doc(page), tokens="value"))["value"][0]
    assert (int(best.get_attribute("data-stand")), best.get_attribute("data-slots")) == (want["stand"], str(want["slot"]))
    expect(best).to_contain_text("it tells my teammates the most about my stand")
    # a Label ≠ (two 1s cut by Bob's turn): the pair it fits that tells the most, the engine's first
    t["setup"]["table_cards"] = ["1", "3", "8", "11"]
    page2, taps2 = phone(t)
    wait_done(page2, moves=True)
    taps2("tell-1-ask")
    best = tid(page2, "tell-1-best")
    expect(best).to_be_visible(timeout=60_000)
    from bombbusters.advice.labels import labels_json

    want = labels_json(engine_doc(page2))["different"][0]
    assert best.get_attribute("data-slots") == " ".join(map(str, want["slots"]))


def test_my_best_cuts_say_which_free_card_the_team_plays_first(phone):
    """With Label ≠ usable and no sure cut, *My best cuts* opens with the free card the team's rule plays first
    (the arena's own rule, advice/free_cards.py) — where it goes and what it tells — the engine's choice on the
    very document the page asked about."""
    t = table(log=TURNS[1:2])  # two 1s cut by Bob's turn: Label ≠ usable; no token shows a wire I hold
    t["setup"]["table_cards"] = ["1", "3", "8", "11"]
    page, _taps = phone(t)
    wait_done(page, moves=True)
    line = tid(page, "free-card")
    expect(line).to_be_visible()
    from bombbusters.advice.moves import moves_json

    want = moves_json(json.loads(line.get_attribute("data-doc")))["free_card"]
    assert want is not None and line.get_attribute("data-card") == want["card"] == "1"
    assert (int(line.get_attribute("data-stand")), line.get_attribute("data-slots")) == (
        want["stand"], " ".join(map(str, want["slots"])))
    expect(line).to_contain_text("On my turn, first, put Label ≠ on my wires")  # (Cid's turn now: the line is for mine)
    expect(line).to_contain_text("it tells my teammates the most about my stand")
    scroll_to(page, "free-card")
    shot(page, "ux-10-free-card")
    # one tap records the Label on those wires, as advised (a walkthrough: its button lay far below, 3 taps)
    _taps("free-card-record")
    where = "/".join("ABCDEFGHIJKLM"[j] for j in want["slots"])
    expect(tid(page, "log").locator("li[data-testid^='log-']").last).to_contain_text(f"Label ≠ on Ann {where}")


def test_a_general_radar_is_recorded_by_taps_with_my_answer_filled_in(phone):
    """General Radar from the turn log: the number, then the stands that said yes; mine answers by itself."""
    eights = {"k": "dual", "a": 3, "p": 2, "s": 0, "j": 7, "v": "8", "ok": True, "cut": "8", "as": {"s": 0, "j": 7}}
    page, taps = phone(table(log=TOKENS + TURNS + [eights]))
    assert wait_done(page) == "done"
    taps("action-radar")
    taps("key-9")
    expect(tid(page, "radar-0-0")).to_be_disabled()
    mine = "9" in MY_HAND
    expect(tid(page, "radar-0-0")).to_have_attribute("aria-pressed", "true" if mine else "false")
    taps("radar-1-0")
    taps("draft-done")
    entry = tid(page, f"log-{len(TOKENS + TURNS) + 1}")
    expect(entry).to_contain_text(f"General Radar 9: Ann {'yes' if mine else 'no'}, Bob yes")
