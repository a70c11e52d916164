"""Whole games through taps only, from a real shuffled deal to the end, on a phone-sized page.

The driver is ``build_scripts/whole_game.py`` (also a benchmark of the time from a tap to fresh
numbers, and of the taps an entry takes).  After every entry it checks that the page raised no error, that each hidden slot gives its
real wire a chance above 0, that cut and known wires show their value, and that the page's numbers
equal the engine's answer for the same table.
"""

from __future__ import annotations

import whole_game
from playwright.sync_api import expect


def _game(make_context, base_url, seed: int, mistakes: int = 3) -> whole_game.WholeGame:
    ctx = make_context("phone")
    page = ctx.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + "index.html")
    game = whole_game.WholeGame(page, seed)
    game.open(mistakes)
    return game


def test_a_whole_game_is_won_by_taps(make_context, base_url) -> None:
    game = _game(make_context, base_url, seed=3)
    game.play_to_win()
    expect(game.page.get_by_test_id("defused")).to_contain_text("won")
    expect(game.page.get_by_test_id("exploded")).to_have_count(0)
    kinds = game.done
    # every kind of entry the game must contain went in through taps
    for kind in ("dual", "dual_by_me", "dual_on_me", "dual_on_me_failed", "failures", "double", "triple", "solo", "red"):
        assert kinds.get(kind), (kind, kinds)
    assert game.page.get_by_test_id("card-state-3").get_attribute("data-state") == "used"
    # the flows' budget on a 390x844 page: 3 taps an entry (median), 5 for the Double Detector (6 when I cut with a
    # value I hold twice: which of mine went, as the table sees it), no scroll inside
    taps = game.taps.report()
    assert taps["turns"]["median"] <= 3 and taps["by_kind"]["double"]["worst"] <= 6, taps
    assert not taps["scroll_in_flow"], taps["scrolled"]
    # the whole game read back through the one door (the hash): every entry kept, still won
    log = game.page.get_by_test_id("log").locator("li[data-testid^='log-']")
    entries = log.count()
    game.page.reload()
    expect(game.page.get_by_test_id("defused")).to_be_visible()
    expect(log).to_have_count(entries)
    assert game.page.locator(".entries li.bad").count() == 0
    assert not game.errors


def test_a_whole_game_is_lost_by_taps(make_context, base_url) -> None:
    game = _game(make_context, base_url, seed=5, mistakes=2)
    game.play_to_lose()
    expect(game.page.get_by_test_id("exploded")).to_contain_text("lost")
    expect(game.page.get_by_test_id("defused")).to_have_count(0)
    assert game.done.get("failures") == 3
    assert not game.errors
