#!/usr/bin/env python3
"""Browser benchmark (not a test): cold start and analysis time in the worker vs native.

For each run a fresh Chromium context (no service worker, no cache) opens the
built site from a local server and we measure page open -> engine ready.  Then
every state of build_scripts/bench_states.json is analysed in the worker
(time inside bridge.handle, as the worker reports it) and natively in this
process (bridge.handle too), and the ratio is printed.

Usage: ./build_scripts/bench.sh [--runs 3] [--repeat 3] [--only NAME ...] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))

import serve_site  # noqa: E402

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def native_times(state: dict, repeat: int) -> tuple[float, dict]:
    from bombbusters.protocol.bridge import handle

    req = json.dumps({"v": 1, "id": 1, "type": "analyze", "payload": state})
    best = float("inf")
    reply = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        reply = json.loads(handle(req))
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best, reply


def timed_boot(page, navigate) -> dict | None:
    """Navigate, wait for the engine, print and return {wall_ms, <worker stage timings>}."""
    t0 = time.perf_counter()
    navigate()
    page.wait_for_function(
        "['ready','failed'].includes(document.documentElement.dataset.engine)", timeout=180_000
    )
    wall = (time.perf_counter() - t0) * 1000
    info = page.evaluate("window.__engineInfo")
    if not info:
        print("  engine failed:", page.get_by_test_id("engine-status").inner_text())
        return None
    # the warm-up is the page's first request when it has nothing to ask (after ready: not in the figure)
    page.wait_for_function("window.__engineInfo.timings.warmup !== undefined", timeout=60_000)
    t = page.evaluate("window.__engineInfo")["timings"]
    pg = info.get("page") or {}
    print(
        f"  {wall:7.0f} ms  (page clock: worker started {pg.get('worker_started_ms', float('nan')):.0f}, ready "
        f"{pg.get('ready_ms', float('nan')):.0f}; worker: runtime {t['runtime']:.0f}, packages {t['packages']:.0f}, "
        f"wheel {t['wheel']:.0f}, import {t['import']:.0f}, total {t['total']:.0f}; then warm-up {t['warmup']:.0f})"
    )
    fast = {"snapshot": "used", "packages_via": "packs", "wheel_via": "packs"}
    slow = {k: t.get(k) for k, v in fast.items() if t.get(k) != v}
    if slow:
        print(f"  (not the fast start: {slow})")
    return {"wall_ms": wall, **t, **{f"page_{k}": v for k, v in pg.items()}}


#: my twelve wires on the default 4-player game (as the table app's tests key them)
MY_HAND = ["1", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]


def _table_link(browser, url: str) -> str:
    """The link of a table as the app writes it: the setup screen's default game (4 players), started,
    my hand keyed in, and its first heatmap shown (the first turn's table)."""
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=180_000)
    page.get_by_test_id("setup-start").click()
    for label in MY_HAND:
        page.get_by_test_id(f"key-{label}").click()
    page.get_by_test_id("hand-done").click()
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'", timeout=180_000)
    link = page.url
    ctx.close()
    return link


def _request(page, kind: str, payload) -> dict:
    return page.evaluate(
        "async ([k, p]) => { const a = await window.__bbEngine.call(k, p);"
        " return {ms: a.ms, ok: a.reply.ok, err: a.reply.error || null}; }",
        [kind, payload],
    )


def read_tokens_state(state: dict, seed: int = 1) -> dict:
    """``state`` with each teammate's starting value token where the advice puts it for a hand drawn
    (seeded) from the wires I do not hold, sent to be read as that choice (``starting_tokens``)."""
    import random

    from bombbusters.advice.indication import rank_indications
    from bombbusters.table.state import GameState

    rng = random.Random(seed)
    doc = json.loads(json.dumps(state))
    mine = [int(x[1:]) for x in doc["players"][0]["stands"][0].split()]
    pool = [v for v in range(1, 13) for _ in range(4)]
    for v in mine:
        pool.remove(v)
    rng.shuffle(pool)
    doc["starting_tokens"] = []
    for p in range(1, len(doc["players"])):
        n = len(doc["players"][p]["stands"][0].split())
        hand, pool = sorted(pool[:n]), pool[n:]
        seen = json.loads(json.dumps(doc))
        for q, pl in enumerate(seen["players"]):
            pl["stands"] = [" ".join(f"?{v}" for v in hand) if q == p else " ".join("?" * len(st.split()))
                            for st in pl["stands"]]
        seen.update(me=p, facts=[])
        seen.pop("starting_tokens")
        top = rank_indications(GameState.from_json(seen), ("value",))["value"][0]
        slots = doc["players"][p]["stands"][0].split()
        slots[top["slot"]] = f"i{top['wire']}"
        doc["players"][p]["stands"][0] = " ".join(slots)
        doc["starting_tokens"].append([p, 0, top["slot"]])
    return doc


def read_tokens_mission(number: int, players: int, seed: int = 1) -> dict:
    """Player 0's table in the arena's game 0 of a mission (seeded deal), once every teammate's starting
    token is where the advice puts it, sent to be read as that choice (``starting_tokens``)."""
    from bombbusters.arena.deal import deal_game, playable
    from bombbusters.arena.game import rules_of
    from bombbusters.arena.referee import Referee
    from bombbusters.arena.tokens import place_tokens
    from bombbusters.table.notation import INFO

    m = playable(number, players)
    deal = deal_game(m, players, seed, 0)
    ref = Referee(deal.table, deal.world, rules_of(m), deal.cards)
    place_tokens(ref, m.tokens, read_choice=False)
    doc = ref.view(0).to_json()
    doc["starting_tokens"] = [[p, s, j] for p, s in ref.table.stand_keys() if p != 0
                              for j, sl in enumerate(ref.table.stand(p, s)) if sl.state == INFO]
    return doc


def planning(page, states: dict, repeat: int) -> list[dict]:
    """The plan-ahead requests on the 5p first turn (and a midgame table for "why"), worker vs native, and
    the first request of a game whose teammates' starting tokens are read (the gain tables made once).
    Targets: lookahead of 10 moves <= 1 s, explain <= 300 ms, the chance to win's first slice <= 1 s.

    The first call in the worker is the figure (the table is new to it, as at the table: later calls
    reuse its solves); natively, the best of ``repeat`` calls with the recent solves forgotten each time."""
    from bombbusters.advice.starting_tokens import forget_readings
    from bombbusters.protocol.bridge import handle
    from bombbusters.questions.analysis import clear_recent

    first = dict(states["5p-blue-first-turn"], available=["double_detector"])
    mid = states["5p-midgame-cuts-info"]
    read = read_tokens_state(states["5p-blue-first-turn"])
    cases = [
        ("analyze, 5p, 4 teammates' tokens read", "analyze", read),
        ("analyze, mission 8 5p, 4 tokens read", "analyze", read_tokens_mission(8, 5)),
        ("lookahead, 10 moves, 5p first turn", "lookahead", {"state": first, "top": 10}),
        ("explain, 5p midgame (Bob A)", "explain", {"state": mid, "player": 1, "stand": 0, "slot": 0, "value": "1"}),
        ("win, first slice (2 games), 5p first turn", "win", {"state": first, "n": 2, "seed": 0}),
    ]
    print("\nPlanning ahead (ms inside bridge.handle; worker: first call, native: best of cold calls):")
    rows = []
    for name, kind, payload in cases:
        times = []
        ans = _request(page, kind, payload)
        if not ans["ok"]:
            print(f"  {name:44} ERROR {ans['err']}")
        else:
            times.append(ans["ms"])
        native = float("inf")
        for _ in range(repeat):
            clear_recent()
            forget_readings()
            t0 = time.perf_counter()
            handle(json.dumps({"v": 1, "id": 1, "type": kind, "payload": payload}))
            native = min(native, (time.perf_counter() - t0) * 1000)
        if times:
            b = min(times)
            print(f"  {name:44} {b:10.1f} {native:10.1f} {b / max(native, 1e-6):7.1f}")
            rows.append({"name": name, "browser_ms": b, "native_ms": native})
    return rows


def search_views(mission: int, games: int = 5, seed: int = 9) -> tuple[list[dict], list[dict]]:
    """Views the search policy decides on, ``mission`` with 5 players: the captain's first turn of ``games``
    deals, and every view of game 0 where it thinks ahead (a close call) as the search plays it."""
    import bombbusters.arena.search_policy as sp
    from bombbusters.arena.deal import deal_game, playable
    from bombbusters.arena.game import play_on, start_game
    from bombbusters.arena.run import POLICIES

    m = playable(mission, 5)
    firsts = []
    for k in range(games):
        ref = start_game(deal_game(m, 5, seed, k), m)
        firsts.append(ref.view(ref.table.captain).to_json())
    calls: list[dict] = []
    real = sp.refine

    def record(view, *a, **k):
        got = real(view, *a, **k)
        if got["close"]:
            calls.append(view.to_json())
        return got
    sp.refine = record
    try:
        ref = start_game(deal_game(m, 5, seed, 0), m)
        play_on(ref, POLICIES["search"], ref.table.captain, check_truth=False)
    finally:
        sp.refine = real
    return firsts, calls


def search_decisions(page) -> dict:
    """The search policy's decision (the page's ``refine`` request over all its worlds) in the worker and
    natively: median over the first turns of 5 deals (a clear call, or a table the search does not think on,
    answers at once), and over one game's close calls with the worst; mission 4 (issue 43's targets: ≤ 1.5 s
    median on the first turn, ≤ 4 s worst over a game, in the worker; it has value tokens, so the search
    does not think there) and mission 40 (x-tokens: where it thinks)."""
    from bombbusters.arena.leaf_value import DEPTH
    from bombbusters.arena.search_policy import TOP, WORLDS
    from bombbusters.protocol.bridge import handle
    from bombbusters.questions.analysis import clear_recent

    print(f"\nSearch decisions ({TOP} moves x {WORLDS} worlds, depth {DEPTH} where close; ms inside bridge.handle):")
    out: dict = {}
    cases = []
    for mission in (4, 40):
        firsts, calls = search_views(mission)
        cases += [(f"mission {mission} 5p, first turn", firsts), (f"mission {mission} 5p, a game's close calls", calls)]
    for name, docs in cases:
        worker, native, close = [], [], []
        for doc in docs:
            payload = {"state": doc, "first": 0, "n": WORLDS}
            ans = _request(page, "refine", payload)
            if not ans["ok"]:
                print(f"  {name}: ERROR {ans['err']}")
                break
            worker.append(ans["ms"])
            clear_recent()
            t0 = time.perf_counter()
            close.append(json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "refine", "payload": payload})))["result"]["close"])
            native.append((time.perf_counter() - t0) * 1000)
        if worker:
            thought = [w for w, c in zip(worker, close) if c]
            print(f"  {name:36} {len(worker)} decisions: worker median {statistics.median(worker):.0f} ms, "
                  f"worst {max(worker):.0f}; native median {statistics.median(native):.0f}, worst {max(native):.0f}"
                  + (f"; {len(thought)} close, worker median {statistics.median(thought):.0f}" if thought else "; none close"))
            out[name] = {"worker_ms": worker, "native_ms": native, "close": close}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold starts to measure")
    parser.add_argument("--repeat", type=int, default=3, help="analyses per state (best is kept)")
    parser.add_argument("--only", nargs="*", help="state names to run")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site to serve (A/B runs)")
    parser.add_argument("--boot-only", action="store_true", help="only the start-up figures")
    parser.add_argument("--search-only", action="store_true", help="after one cold start, only the search's figures")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    states = json.loads((ROOT / "build_scripts" / "bench_states.json").read_text())["states"]
    if args.only:
        states = [s for s in states if s["name"] in args.only]
    # the site is served by its own process, as ./build_scripts/serve.sh does (a server thread here would
    # share this process's interpreter lock with Playwright's driver)
    server, url = serve_site.start_in_process(args.site)
    out: dict = {"cold_start": [], "first_visit_with_sw": [], "repeat_visit": [], "states": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_FLAGS, headless=True)
            print(f"Chromium {browser.version}, site {url}")
            print("\nCold start (fresh context, page open -> engine ready; the page clock starts at navigation):")
            ctx = page = None
            for run in range(args.runs):
                if ctx is not None:
                    ctx.close()
                ctx = browser.new_context(service_workers="block")
                page = ctx.new_page()
                boot = timed_boot(page, lambda: page.goto(url))
                if boot is None:
                    return 1
                out["cold_start"].append(boot)
            print(f"  median {statistics.median(c['wall_ms'] for c in out['cold_start']):.0f} ms")

            print("\nFirst visit as a player has it (fresh context, the service worker precaches meanwhile):")
            for _ in range(args.runs):
                sw_ctx = browser.new_context()
                sw_page = sw_ctx.new_page()
                boot = timed_boot(sw_page, lambda: sw_page.goto(url))
                sw_ctx.close()
                if boot is None:
                    return 1
                out["first_visit_with_sw"].append(boot)
            print(f"  median {statistics.median(c['wall_ms'] for c in out['first_visit_with_sw']):.0f} ms")

            print("\nRepeat visit (reload in the same context: HTTP cache revalidated, V8 code cache):")
            for _ in range(args.runs):
                boot = timed_boot(page, page.reload)
                if boot is None:
                    return 1
                out["repeat_visit"].append(boot)
            print(f"  median {statistics.median(c['wall_ms'] for c in out['repeat_visit']):.0f} ms")

            print("\nA table link opened afresh (fresh context, no service worker: page open -> its first fresh "
                  "heatmap; the page's analysis is the engine's first request, no warm-up before it):")
            link = _table_link(browser, url)
            for _ in range(args.runs):
                t_ctx = browser.new_context(service_workers="block")
                t_page = t_ctx.new_page()
                t0 = time.perf_counter()
                t_page.goto(link)
                t_page.wait_for_function("document.documentElement.dataset.analysis === 'done'", timeout=180_000)
                wall = (time.perf_counter() - t0) * 1000
                info = t_page.evaluate("window.__engineInfo")
                first = wall - info["page"]["ready_ms"]
                print(f"  {wall:7.0f} ms  (engine ready {info['page']['ready_ms']:.0f}, then the heatmap {first:.0f})")
                out.setdefault("table_link", []).append({"wall_ms": wall, "ready_ms": info["page"]["ready_ms"]})
                t_ctx.close()
            print(f"  median {statistics.median(c['wall_ms'] for c in out['table_link']):.0f} ms")

            if args.boot_only:
                browser.close()
                return _write(args.json, out)
            if args.search_only:
                out["search"] = search_decisions(page)
                browser.close()
                return _write(args.json, out)
            print(f"\nAnalysis, best of {args.repeat} after one call of every state (ms inside bridge.handle; "
                  "first call: that first round, run right after start-up, while V8 still optimises the runtime):")
            print(f"  {'state':32} {'browser':>10} {'native':>10} {'ratio':>7}  first call")
            analyse = ("async (st) => { const a = await window.__bbEngine.analyze(st);"
                       " return {ms: a.ms, ok: a.reply.ok, err: a.reply.error || null}; }")
            firsts = {s["name"]: page.evaluate(analyse, s["state"]) for s in states}
            for s in states:
                times, first = [], firsts[s["name"]]
                if not first["ok"]:
                    print(f"  {s['name']:32} ERROR {first['err']}")
                    continue
                first = first["ms"]
                for _k in range(args.repeat):
                    times.append(page.evaluate(analyse, s["state"])["ms"])
                native, reply = native_times(s["state"], args.repeat)
                b = min(times)
                print(f"  {s['name']:32} {b:10.1f} {native:10.1f} {b / max(native, 1e-6):7.1f}  {first:.0f}")
                out["states"].append({"name": s["name"], "browser_ms": b, "browser_first_ms": first, "native_ms": native})
            out["planning"] = planning(page, {s["name"]: s["state"] for s in json.loads(
                (ROOT / "build_scripts" / "bench_states.json").read_text())["states"]}, args.repeat)
            out["search"] = search_decisions(page)
            browser.close()
    finally:
        server.terminate()
        server.wait()
    return _write(args.json, out)


def _write(path: Path | None, out: dict) -> int:
    if path:
        path.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
