"""What the table app answers besides the heatmap, and the missions with pieces of their own: a cut's
outcomes, why a slot is certain, the chance to win, the engine's warm-up and a repeat visit, thinking ahead
(the missions with pieces of their own: test_table_missions.py).  Helpers: table_taps.py.
"""

from __future__ import annotations

import json

import pytest
from conftest import RESULT_TIMEOUT_MS
from playwright.sync_api import expect
from table_taps import MY_HAND, engine_doc, open_table, play_opening, scroll_to, shot, tid, wait_done, wait_ready


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
    taps("hand-done")
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

