#!/usr/bin/env python3
"""Whole games entered in the table app by taps only, from a real shuffled deal to the end.

Why: a game at the table is a long run of entries of every kind; each must go in through the page
as a player taps it, and after each the numbers must stay true to the deal.  The driver knows the
deal (it plays the team, who see their own wires), taps every entry on a phone-sized page, and after
each one checks: no page error; every hidden slot gives its real wire a chance above 0; cut and known
wires show their value; the page's numbers equal the engine's own answer for the same table; and at
the end the page says the mission is won (or lost).

    .venv/bin/python build_scripts/whole_game.py [--seed 3]   # a benchmark: one game, per-entry times and taps

It also counts the taps of each entry (``whole_game_taps.py``): the median and the worst over the turns and per
kind of entry (``dual``, ``dual_by_me``, ``dual_on_me``, their ``_failed`` twins, ``double``, ``triple``,
``solo``, ``red``; ``failure``: every failed one; ``token``: the starting tokens), and whether a tap inside a
flow found its target off screen or under the sheet (a scroll the player would have needed).  The driver taps
only what the page still asks: an answer the table leaves no choice about is filled in by the page.

``e2e_tests/test_whole_games.py`` plays a won game and a lost one in CI.  A game: custom setup,
4 players (Ann is me and the captain), blue 1-12 and the red R5 (49 wires), four equipment cards face
up (Triple Detector, General Radar, Stabilizer, Coffee Mug); one starting info token each; then turns
as the page gives them: dual cuts by me and by teammates (on my wires too, right and wrong), a
failure, the Double Detector, the Triple Detector once two 3s are cut, solo cuts, and the red wire
revealed at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from whole_game_taps import TapLog

ROOT = Path(__file__).resolve().parent.parent
ME = 0
CARDS = ("3", "8", "9", "11")
RED = "R5"


def sort_value(label: str) -> float:
    return float(label[1:]) + 0.5 if label[0] == "R" else float(label)


def deal(seed: int) -> list[list[str]]:
    """49 wires (blue 1-12 x4, R5) shuffled and dealt from the captain (Ann: 13, the others 12), each stand sorted."""
    wires = [str(v) for v in range(1, 13) for _ in range(4)] + [RED]
    random.Random(seed).shuffle(wires)
    out, i = [], 0
    for n in (13, 12, 12, 12):
        out.append(sorted(wires[i:i + n], key=sort_value))
        i += n
    return out


def shown_slots(page) -> dict[str, dict]:
    """Every slot the page draws: {"p-s-j": {token, text, probs (its law over values, or None)}}."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll("[data-testid^='slot-'][data-token]")]
        .map((el) => [el.dataset.testid.slice(5), {token: el.dataset.token, text: el.textContent,
                                                  probs: el.dataset.probs ? JSON.parse(el.dataset.probs) : null}]))""")


def assert_same_laws(shown: dict[str, dict], engine_slots: list[dict]) -> None:
    """The laws the page shows are the engine's (its ``analyze`` reply's slots), slot by slot, to 1e-9."""
    want = {f"{e['player']}-{e['stand']}-{e['slot']}": e["probs"] for e in engine_slots}
    got = {key: el["probs"] for key, el in shown.items() if el["probs"] is not None}
    assert set(got) == set(want)
    for key, probs in want.items():
        assert set(got[key]) == set(probs), key
        for v, q in probs.items():
            assert abs(got[key][v] - q) < 1e-9, (key, v)


class WholeGame:
    """One game on ``page`` (the app, freshly opened): the deal, what is cut, the entries' times."""

    def __init__(self, page, seed: int):
        from bombbusters.protocol.bridge import handle

        self.page, self.stands, self.handle = page, deal(seed), handle
        self.cut: set[tuple[int, int]] = set()
        self.errors: list[str] = []
        self.times: list[float] = []
        self.done: dict[str, int] = {}
        self.turns = 0
        self.t_tap = 0.0
        self.taps = TapLog()
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    # ---- taps ------------------------------------------------------------------------------
    def tap(self, testid: str) -> None:
        el = self.page.get_by_test_id(testid)
        el.wait_for(state="visible", timeout=15_000)
        self.taps.before_tap(el, testid)
        el.click(timeout=15_000)
        self.t_tap = time.perf_counter()

    def offered(self, testid: str) -> bool:
        """Does the open sheet offer this answer (drawn and enabled)?"""
        el = self.page.get_by_test_id(testid)
        return el.count() == 1 and el.is_visible() and el.is_enabled()

    def answer(self, *testids: str) -> bool:
        """Tap the first of these answers the sheet offers; False when it offers none (or is closed).  The sheet is
        read once the page's question about the success's table is answered (a wire it makes certain is filled in)."""
        self.page.wait_for_function("document.documentElement.dataset.given !== 'pending'", timeout=30_000)
        testid = next((x for x in testids if self.offered(x)), None)
        if testid:
            self.tap(testid)
        return testid is not None

    def recorded(self) -> None:
        """The entry went in: the sheet is closed, with no error."""
        sheet = self.page.get_by_test_id("sheet")
        assert sheet.count() == 0, f"the sheet still asks: {sheet.inner_text()!r}"

    def turn(self) -> int:
        return int(self.page.get_by_test_id("stands").get_attribute("data-turn"))

    def uncut(self, p: int, blue: bool = True) -> list[int]:
        return [j for j, w in enumerate(self.stands[p]) if (p, j) not in self.cut and (w[0] != "R") == blue]

    def slot_of(self, p: int, v: str) -> int | None:
        return next((j for j in self.uncut(p, v[0] != "R") if self.stands[p][j] == v), None)

    # ---- the opening ---------------------------------------------------------------------------
    def open(self, mistakes: int = 3) -> None:
        page = self.page
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        page.get_by_test_id("missions-loading").wait_for(state="detached", timeout=60_000)
        self.tap("setup-red-mode-list")
        self.tap("setup-red-nums-5")
        for card in CARDS:
            self.tap(f"setup-card-{card}")
        self.tap(f"setup-mistakes-{mistakes}")
        self.tap("setup-start")
        for label in self.stands[ME]:
            self.tap(f"key-{label}")
        self.tap("hand-done")
        self.settle()
        self.taps.discard()
        for p in range(4):  # starting tokens: each player shows one of their blue wires
            j = self.uncut(p)[len(self.uncut(p)) // 2]
            self.tap(f"slot-{p}-0-{j}")
            self.tap(f"set-info-{self.stands[p][j]}")
            self.taps.close("token")
            self.settle()

    # ---- one entry each ----------------------------------------------------------------------------
    def dual(self, a: int, p: int, j: int, v: str) -> None:
        """Player a names v at p's slot j: cut if it is v, else the info token shows the real wire."""
        self.tap(f"slot-{p}-0-{j}")
        if self.page.get_by_test_id(f"actor-{a}").get_attribute("aria-pressed") != "true":
            self.tap(f"actor-{a}")
        self.tap(f"key-{v}")
        w = self.stands[p][j]
        if w == v:
            ja = self.slot_of(a, v)
            # beside ✓ the actor's wire when it is still open; else ✓, then the actor's wire if asked
            if not self.answer(f"actor-slot-0-{ja}") and self.answer("result-ok"):
                self.answer(f"actor-slot-0-{ja}")
            self.cut |= {(p, j), (a, ja)}
        elif not self.answer(f"real-{w}") and self.answer("result-wrong"):
            self.answer(f"real-{w}")
        self.recorded()
        self.note("dual_on_me" if p == ME else "dual_by_me" if a == ME else "dual", w != v)
        self.settle()

    def detector(self, kind: str, a: int, p: int, js: list[int], v: str) -> None:
        """A Double or Triple Detector of player a on p's slots js, naming v."""
        self.tap(f"action-{kind}")
        for j in js:
            self.tap(f"slot-{p}-0-{j}")
        self.tap(f"key-{v}")
        hit = [j for j in js if self.stands[p][j] == v]
        if hit:
            ja = self.slot_of(a, v)
            if not self.answer(f"actor-slot-0-{ja}", f"which-{hit[0]}") and self.answer("result-ok"):
                self.answer(f"which-{hit[0]}")
            self.answer(f"actor-slot-0-{ja}")
            self.cut |= {(p, hit[0]), (a, ja)}
        else:
            tok = js[0]
            real = self.stands[p][tok]
            if not self.answer(f"tok-{tok}-{real}", f"tok-{tok}") and self.answer("result-wrong"):
                self.answer(f"which-{tok}")
            self.answer(f"real-{real}")
        self.recorded()
        self.note(kind, not hit)
        self.settle()

    def own_cuts(self, kind: str, a: int, v: str | None) -> None:
        """A solo cut of all of a's uncut v, or revealing a's red wires: only what the page still asks."""
        js = [j for j in self.uncut(a, kind == "solo") if v is None or self.stands[a][j] == v]
        self.tap(f"action-{kind}")
        if v is not None:
            self.tap(f"key-{v}")
        if self.offered("draft-done"):
            for j in js:
                if self.page.get_by_test_id(f"own-slot-0-{j}").get_attribute("aria-pressed") != "true":
                    self.tap(f"own-slot-0-{j}")
            self.answer("draft-done")
        for j in js:
            self.answer(f"key-{self.stands[a][j]}")
        self.recorded()
        self.cut |= {(a, j) for j in js}
        self.note(kind, False)
        self.settle()

    def note(self, kind: str, failed: bool) -> None:
        for key in [kind] + (["failures", f"{kind}_failed"] if failed else []):
            self.done[key] = self.done.get(key, 0) + 1
        self.taps.close(f"{kind}_failed" if failed else kind)

    # ---- after every entry ---------------------------------------------------------------------------
    def settle(self) -> None:
        """Wait for fresh numbers, time it, and check them against the deal and the engine."""
        page = self.page
        page.wait_for_function("['done', 'error', 'idle'].includes(document.documentElement.dataset.analysis)",
                               timeout=60_000)
        self.times.append((time.perf_counter() - self.t_tap) * 1000)
        assert not self.errors, self.errors
        state = page.evaluate("document.documentElement.dataset.analysis")
        if state == "idle":
            return
        assert state == "done", state
        doc = json.loads(page.get_by_test_id("engine-doc").text_content())
        reply = json.loads(self.handle(json.dumps({"v": 1, "id": 1, "type": "analyze", "payload": doc})))
        assert reply["ok"], reply
        shown = shown_slots(page)
        for key, el in shown.items():
            p, _s, j = map(int, key.split("-"))
            real = self.stands[p][j]
            if el["token"] == "cut" or p == ME:
                assert real.lstrip("RY") in el["text"], (key, real, el["text"])
            if el["probs"] is not None:
                assert el["probs"].get(real, 0) > 0, (key, real, el["probs"])
        assert_same_laws(shown, reply["result"]["slots"])

    # ---- a whole game ----------------------------------------------------------------------------------
    def play_to_win(self, limit: int = 120) -> None:
        for _ in range(limit):
            if self.page.get_by_test_id("defused").count():
                return
            self.play_turn(self.turn())
        raise AssertionError(f"no end after {limit} entries: {self.done}")

    def play_turn(self, a: int) -> None:
        held = sorted({self.stands[a][j] for j in self.uncut(a)}, key=sort_value)
        if not held:
            self.own_cuts("red", a, None)
            return
        # first the 3s (the Triple Detector's number), then from the lowest
        held.sort(key=lambda v: (v != "3", sort_value(v)))
        others = [p for p in (1, 2, 3, 0) if p != a]
        self.turns += 1
        if self.turns == 2:  # a failure
            v = held[0]
            p, j = next((p, j) for p in others for j in self.uncut(p) if self.stands[p][j] != v)
            return self.dual(a, p, j, v)
        if a != ME and not self.done.get("dual_on_me_failed"):
            j = next((j for j in self.uncut(ME) if self.stands[ME][j] not in held), None)
            if j is not None:
                return self.dual(a, ME, j, held[0])
        if a != ME and not self.done.get("dual_on_me"):
            hit = next(((j, self.stands[ME][j]) for j in self.uncut(ME) if self.stands[ME][j] in held), None)
            if hit:
                return self.dual(a, ME, *hit)
        for kind, n, card in (("double", 2, None), ("triple", 3, "3")):
            usable = card is None or self.page.get_by_test_id(f"card-state-{card}").get_attribute("data-state") == "usable"
            if not self.done.get(kind) and usable:
                for v in held:
                    for p in others:
                        js = self.uncut(p)
                        at = [i for i, j in enumerate(js) if self.stands[p][j] == v]
                        if at and len(js) >= n:
                            lo = max(0, min(at[0], len(js) - n))
                            return self.detector(kind, a, p, js[lo:lo + n], v)
        for v in held:  # a value whose uncut copies are all mine: a solo cut
            if not any(self.stands[p][j] == v for p in others for j in self.uncut(p)):
                return self.own_cuts("solo", a, v)
        v = held[0]
        p, j = next((p, j) for p in others for j in self.uncut(p) if self.stands[p][j] == v)
        self.dual(a, p, j, v)

    def play_to_lose(self, limit: int = 20) -> None:
        """Failures until the detonator runs out."""
        for _ in range(limit):
            if self.page.get_by_test_id("exploded").count():
                return
            a = self.turn()
            v = sorted({self.stands[a][j] for j in self.uncut(a)}, key=sort_value)[0]
            p, j = next((p, j) for p in (1, 2, 3, 0) if p != a for j in self.uncut(p)
                        if self.stands[p][j] != v and self.stands[p][j][0] != "R")
            self.dual(a, p, j, v)
        raise AssertionError("the bomb never exploded")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "build_scripts"))
    sys.path.insert(0, str(ROOT / "e2e_tests"))
    import serve_site
    from conftest import CHROMIUM, CHROMIUM_FLAGS
    from playwright.sync_api import sync_playwright

    site = ROOT / "site"
    if not (site / "build.json").exists():
        import build_site

        build_site.build(site)
    server, url = serve_site.start_in_thread(site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            page = ctx.new_page()
            page.goto(url + "index.html")
            game = WholeGame(page, args.seed)
            game.open()
            game.play_to_win()
            browser.close()
    finally:
        server.shutdown()
    ts = game.times
    print(json.dumps({"seed": args.seed, "entries": len(ts), "kinds": game.done,
                      "tap_to_fresh_numbers_ms": {"median": round(statistics.median(ts)), "worst": round(max(ts))},
                      "taps_per_entry": game.taps.report(), "viewport": "390x844"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
