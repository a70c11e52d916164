"""The page in Debian's Chromium, desktop and phone (360x740): boot, results equal to
the CLI's, entry errors under their field, latest-wins ordering (offline: test_offline.py).

Selectors are data-testid hooks (see web/ui-spec.md). Every wait has a bound.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from urllib.parse import quote

import pytest
from conftest import BOOT_TIMEOUT_MS, RESULT_TIMEOUT_MS, ROOT
from playwright.sync_api import Page, expect

BENCH = json.loads((ROOT / "build_scripts" / "bench_states.json").read_text())
STATES = {s["name"]: s["state"] for s in BENCH["states"]}


def tid(page: Page, testid: str):
    return page.get_by_test_id(testid)


def wait_engine(page: Page) -> dict:
    page.wait_for_function(
        "['ready', 'failed'].includes(document.documentElement.dataset.engine)", timeout=BOOT_TIMEOUT_MS
    )
    status = tid(page, "engine-status").inner_text()
    assert page.evaluate("document.documentElement.dataset.engine") == "ready", f"engine failed: {status}"
    return page.evaluate("window.__engineInfo")


def wait_analysis(page: Page) -> str:
    """Wait until the newest state is answered; returns done | error | input-error."""
    page.wait_for_function(
        "['done', 'error', 'input-error'].includes(document.documentElement.dataset.analysis)",
        timeout=RESULT_TIMEOUT_MS,
    )
    return page.evaluate("document.documentElement.dataset.analysis")


def type_state(page: Page, state: dict) -> None:
    """Enter a state document through the form, field by field, as a user would."""
    tid(page, "player-count").select_option(str(len(state["players"])))
    for i, player in enumerate(state["players"]):
        tid(page, f"player-{i}-name").fill(player["name"])
        tid(page, f"player-{i}-stands").select_option(str(len(player["stands"])))
        for s, text in enumerate(player["stands"]):
            tid(page, f"stand-{i}-{s}").fill(text)
    tid(page, "me").select_option("" if state["me"] is None else str(state["me"]))
    tid(page, "captain").select_option(str(state["captain"]))
    tid(page, "mistakes").fill(str(state["mistakes_left"]))
    lo, hi = state["wires"]["blue"]
    tid(page, "wires-blue-lo").fill(str(lo))
    tid(page, "wires-blue-hi").fill(str(hi))
    for colour in ("yellow", "red"):
        spec = state["wires"].get(colour)
        if spec is None:
            tid(page, f"wires-{colour}-mode").select_option("none")
        elif isinstance(spec, list):
            tid(page, f"wires-{colour}-mode").select_option("list")
            tid(page, f"wires-{colour}-list").fill(" ".join(map(str, spec)))
        else:
            tid(page, f"wires-{colour}-mode").select_option("of")
            tid(page, f"wires-{colour}-list").fill(" ".join(map(str, spec["of"])))
            tid(page, f"wires-{colour}-keep").fill(str(spec["keep"]))


def cli_analyze(state: dict) -> dict:
    """The reference answer: `python -m bombbusters analyze -` (the native engine)."""
    proc = subprocess.run(
        [sys.executable, "-m", "bombbusters", "analyze", "-"],
        input=json.dumps(state), capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert proc.returncode == 0, f"CLI failed ({proc.returncode}): {proc.stderr[-2000:]}"
    return json.loads(proc.stdout)


# --------------------------------------------------------------------------- boot


def test_engine_boots_in_named_stages(app: Page, device):
    info = wait_engine(app)
    from bombbusters import __version__

    assert info["engine"] == {"engine": __version__, "protocol": 1}
    assert set(info["timings"]) >= {"manifest", "runtime", "packages", "wheel", "import", "total"}
    # this page asks for its table's answer at once: that answer warms the engine, no warm-up is sent
    app.wait_for_function("document.documentElement.dataset.resultId !== undefined", timeout=60_000)
    app.wait_for_timeout(600)
    assert app.evaluate("window.__engineInfo.timings.warmup") is None
    build = json.loads((ROOT / "site" / "build.json").read_text())
    assert info["build_id"] == build["build_id"]
    assert info["wheel_url"] == build["wheel_url"] and build["build_id"] in (ROOT / "site" / "sw.js").read_text()
    expect(tid(app, "engine-status-text")).to_contain_text("Engine ready")
    # the worker engine-early.js started with the page is the one the engine adopted: one worker
    assert app.evaluate("'__bbEarlyWorker' in window && window.__bbEarlyWorker === null")
    assert [w.url.rsplit("/", 1)[-1] for w in app.workers] == ["engine-worker.js"]
    # Phone-first: nothing wider than the screen.
    width = app.evaluate("document.documentElement.scrollWidth")
    assert width <= app.viewport_size["width"], f"page is {width}px wide"


def test_boot_failure_is_a_readable_message(make_context, base_url):
    """A runtime that never arrives (here: the wasm request hangs) ends in a message, not a spinner."""
    ctx = make_context("desktop")
    page = ctx.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: a hang
    page.goto(base_url + "advanced.html?boot_timeout_ms=4000")
    page.wait_for_function("document.documentElement.dataset.engine === 'failed'", timeout=30_000)
    expect(tid(page, "engine-status-text")).to_contain_text("could not start")
    expect(tid(page, "engine-status-text")).to_contain_text("runtime")
    assert "undefined" not in tid(page, "engine-status").inner_text()  # every stage has a label
    expect(tid(page, "engine-retry")).to_be_visible()


# --------------------------------------------------------------------------- results


@pytest.mark.parametrize("name", ["5p-midgame-yellow-red-of"])
def test_typed_state_gives_the_cli_probabilities(app: Page, device, name):
    state = STATES[name]
    wait_engine(app)
    type_state(app, state)
    assert wait_analysis(app) == "done", tid(app, "general-errors").inner_text()
    expected = cli_analyze(state)

    shown = {}
    for cell in tid(app, "heatmap").locator("[data-cell]").all():
        shown[cell.get_attribute("data-cell")] = json.loads(cell.get_attribute("data-probs"))
    want = {f"{e['player']}-{e['stand']}-{e['slot']}": e["probs"] for e in expected["slots"]}
    assert set(shown) == set(want)
    for key, probs in want.items():
        assert set(shown[key]) == set(probs), key
        for value, p in probs.items():
            assert abs(shown[key][value] - p) < 1e-9, (key, value, shown[key][value], p)
    log10 = float(tid(app, "log10-deals").get_attribute("data-value"))
    assert abs(log10 - expected["log10_deals"]) < 1e-9

    # Tap (phone) or click (desktop) a cell: the detail panel lists every value.
    key = max(want, key=lambda k: len(want[k]))
    cell = app.locator(f'[data-cell="{key}"]')
    cell.tap() if device == "phone" else cell.click()
    for value, p in want[key].items():
        got = float(tid(app, f"detail-prob-{value}").get_attribute("data-p"))
        assert abs(got - p) < 1e-9
    if device == "desktop":  # hover previews another cell; leaving the grid shows the tapped one again
        other = next(k for k in want if k.split("-")[2] != key.split("-")[2])
        app.locator(f'[data-cell="{other}"]').hover()
        expect(tid(app, "detail-title")).to_contain_text(f"slot {chr(65 + int(other.split('-')[2]))}")


def test_bad_token_shows_its_error_under_its_field(app: Page, device):
    state = json.loads(json.dumps(STATES["3p-captain-two-stands"]))
    wait_engine(app)
    type_state(app, state)
    assert wait_analysis(app) == "done"
    bad = state["players"][0]["stands"][1].split()
    bad[2] = "zz"
    tid(app, "stand-0-1").fill(" ".join(bad))
    assert wait_analysis(app) == "error"
    err = tid(app, "stand-0-1-error")
    expect(err).to_be_visible()
    expect(err).to_contain_text("zz")
    expect(tid(app, "stand-0-0-error")).to_be_hidden()
    expect(tid(app, "general-errors")).to_be_hidden()
    # Another player's stand: the error moves there.
    tid(app, "stand-0-1").fill(state["players"][0]["stands"][1])
    bob = state["players"][1]["stands"][0].split()
    bob[0] = "q7"
    tid(app, "stand-1-0").fill(" ".join(bob))
    assert wait_analysis(app) == "error"
    expect(tid(app, "stand-1-0-error")).to_contain_text("q7")
    expect(tid(app, "stand-0-1-error")).to_be_hidden()
    # Fixed: errors disappear and results come back.
    tid(app, "stand-1-0").fill(state["players"][1]["stands"][0])
    assert wait_analysis(app) == "done"
    expect(tid(app, "stand-1-0-error")).to_be_hidden()


def test_entry_errors_found_before_the_engine(app: Page, device):
    wait_engine(app)
    tid(app, "stand-1-0").fill("")
    assert wait_analysis(app) == "input-error"
    expect(tid(app, "stand-1-0-error")).to_contain_text("empty")
    tid(app, "wires-yellow-mode").select_option("list")
    tid(app, "wires-yellow-list").fill("4 x")
    expect(tid(app, "wires-yellow-error")).to_contain_text('"x"')


def test_late_answer_keeps_a_newer_entry_error(app: Page):
    """An answer to an older state that arrives after a newer entry was refused on the page
    must not clear that entry's error (the race a loaded machine shows)."""
    wait_engine(app)
    wait_analysis(app)
    app.evaluate(
        """() => {
        const engine = window.__bbEngine;
        const analyze = engine.analyze.bind(engine);
        window.__asked = 0;
        engine.analyze = async (doc) => {
          window.__asked += 1;
          const answer = await analyze(doc);
          await new Promise((r) => setTimeout(r, 1500));
          return answer;
        };
        }"""
    )
    tid(app, "mistakes").fill("2")
    app.wait_for_function("window.__asked === 1", timeout=RESULT_TIMEOUT_MS)
    tid(app, "stand-1-0").fill("")
    assert wait_analysis(app) == "input-error"
    app.wait_for_timeout(2000)  # the older answer has come back by now
    expect(tid(app, "stand-1-0-error")).to_contain_text("empty")
    assert app.evaluate("document.documentElement.dataset.analysis") == "input-error"


def test_error_field_mapping(app: Page):
    """The bridge message -> field rules (notation/notation-state.js errorField), run in the page."""
    cases = app.evaluate(
        """async () => {
        const { errorField, defaultState, applyField } = await import('./notation/notation-state.js');
        let s = applyField(defaultState(), 'player-0-stands', '2');
        const f = (e) => errorField(e, s);
        return [
          f({name: 'NotationError', message: "Bob: cannot read token 'x!' at slot C"}),
          f({name: 'NotationError', message: "Ann (stand 2): cannot read token 'zz' at slot C"}),
          f({name: 'RuleError', message: 'whatever', player: 2, stand: 0, slot: 3}),
          f({name: 'StateError', message: 'players[3].stands[0]: bad'}),
          f({name: 'StateError', message: 'wires.yellow: 13 is not a yellow wire number 1-11'}),
          f({name: 'StateError', message: "'captain' must be a player index 0-4, got 7"}),
          f({name: 'RuleError', message: 'entered: Ann: 11, Bob: 11, Cid: 10'}),
          f({name: 'StateError', message: 'not a number', field: 'wires.red'}),
          f({name: 'StateError', message: 'too many', field: 'mistakes_left'}),
          f({name: 'StateError', message: 'bad', field: 'players[1].stands[0]'}),
        ];
    }"""
    )
    assert cases == [
        "stand-1-0", "stand-0-1", "stand-2-0", "stand-3-0", "wires-yellow", "captain", None,
        "wires-red", "mistakes", "stand-1-0",
    ]


# --------------------------------------------------------------------------- latest wins


def test_stale_replies_never_overwrite_newer_answers(app: Page):
    """engine/engine-client.js against a fake worker that answers slowly: only the newest analysis is drawn."""
    got = app.evaluate(
        """async () => {
        const { Engine } = await import('./engine/engine-client.js');
        const sent = [];
        class FakeWorker {
          constructor() { setTimeout(() => this.onmessage({data: {type: 'ready', timings: {}}}), 0); }
          postMessage(msg) {
            const req = JSON.parse(msg.json);
            sent.push(req.id);
            // the first request is slow, later ones fast: replies arrive out of order in time
            const delay = sent.length === 1 ? 200 : 10;
            setTimeout(() => this.onmessage({data: {type: 'reply', id: req.id, ms: delay,
              json: JSON.stringify({id: req.id, ok: true, result: {n: req.payload.n}})}}), delay);
          }
          terminate() {}
        }
        const engine = new Engine({ workerFactory: () => new FakeWorker() });
        engine.start();
        await new Promise((r) => setTimeout(r, 20));
        const a = engine.analyze({n: 1});             // in flight, slow
        await new Promise((r) => setTimeout(r, 5));
        const b = engine.analyze({n: 2});             // waits, then superseded
        const c = engine.analyze({n: 3});             // the newest
        const res = await Promise.all([a, b, c]);
        return { sent, res: res.map((r) => ({ stale: r.stale, n: r.reply?.result?.n ?? null })) };
    }"""
    )
    assert got["sent"] == [1, 3], "the superseded request must never be sent"
    assert got["res"] == [{"stale": True, "n": 1}, {"stale": True, "n": None}, {"stale": False, "n": 3}]


def test_fast_typing_shows_the_newest_state(app: Page):
    wait_engine(app)
    heavy = STATES["5p-4yellow-3red"]
    light = STATES["4p-blue-48"]
    type_state(app, heavy)  # a slower analysis, then at once a different state
    type_state(app, light)
    assert wait_analysis(app) == "done"
    expected = cli_analyze(light)
    want = {f"{e['player']}-{e['stand']}-{e['slot']}": e["probs"] for e in expected["slots"]}
    cells = tid(app, "heatmap").locator("[data-cell]")
    expect(cells).to_have_count(len(want))
    key = next(iter(want))
    shown = json.loads(app.locator(f'[data-cell="{key}"]').get_attribute("data-probs"))
    assert all(abs(shown[v] - p) < 1e-9 for v, p in want[key].items())


# --------------------------------------------------------------------------- persistence / offline


def test_reload_restores_the_state(app: Page):
    wait_engine(app)
    tid(app, "player-1-name").fill("Zed")
    tid(app, "player-1-stands").select_option("2")
    tid(app, "stand-1-1").fill("? ? 3")
    # The page rewrites its URL at once, but the browser learns of a replaceState a moment
    # later; reloading before that would reload the previous URL (a flake once in CI).
    expect(app).to_have_url(re.compile(re.escape(quote('"? ? 3"', safe=""))))
    app.reload()
    expect(tid(app, "player-1-name")).to_have_value("Zed")
    expect(tid(app, "stand-1-1")).to_have_value("? ? 3")
    # A layout change is a history entry: Back restores the table before it.
    tid(app, "player-count").select_option("3")
    expect(tid(app, "player-3")).to_have_count(0)
    app.go_back()
    expect(tid(app, "player-3")).to_have_count(1)
    expect(tid(app, "player-count")).to_have_value("4")
    expect(tid(app, "player-1-name")).to_have_value("Zed")
