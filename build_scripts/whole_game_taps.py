"""Taps per turn-log entry in a whole game (``whole_game.py``), by kind, and the taps inside a flow whose
target was not on screen.

An entry's first tap (a wire on the stands, or an action of the turn log) opens its flow; every later tap is
inside the flow, and its target must be tappable where the page put it: in the window and not under the
sheet or the top bar (the element at its centre is the target itself).  One that is not would have needed a
scroll: the report names it.
"""

from __future__ import annotations

import statistics

# the element at the target's centre is the target: in the window, under nothing (sheet, top bar)
ON_SCREEN_JS = """(el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return Boolean(hit) && (hit === el || el.contains(hit));
}"""


class TapLog:
    """Counts the taps of the entry under way; ``close(kind)`` files them under its kind."""

    def __init__(self) -> None:
        self.taps = 0
        self.offscreen: list[str] = []
        self.entries: list[tuple[str, int]] = []
        self.scrolls: list[tuple[str, str]] = []  # (kind, target) tapped inside a flow, off screen

    def before_tap(self, element, testid: str) -> None:
        """Called before each tap, with the element about to be tapped.  A sheet still sliding in (or a page
        still laying out on a loaded machine) gets a second before its target counts as off screen: a
        target a player would have to scroll to stays off screen."""
        self.taps += 1
        if self.taps > 1 and not self._settles_on_screen(element):
            self.offscreen.append(testid)

    @staticmethod
    def _settles_on_screen(element, tries: int = 10) -> bool:
        for _ in range(tries):
            if element.evaluate(ON_SCREEN_JS):
                return True
            element.page.wait_for_timeout(100)
        return False

    def close(self, kind: str) -> None:
        self.entries.append((kind, self.taps))
        self.scrolls.extend((kind, testid) for testid in self.offscreen)
        self.taps, self.offscreen = 0, []

    def discard(self) -> None:
        """Forget the taps so far (the setup and my hand are not entries)."""
        self.taps, self.offscreen = 0, []

    def report(self) -> dict:
        """Median and worst taps over the turns (every entry but the starting tokens), and per kind."""
        def stats(xs: list[int]) -> dict:
            return {"n": len(xs), "median": statistics.median(xs), "worst": max(xs)} if xs else {"n": 0}

        kinds: dict[str, list[int]] = {}
        for kind, n in self.entries:
            kinds.setdefault(kind, []).append(n)
            if kind.endswith("_failed"):
                kinds.setdefault("failure", []).append(n)
        turns = [n for kind, n in self.entries if kind != "token"]
        return {"turns": stats(turns), "by_kind": {k: stats(v) for k, v in sorted(kinds.items())},
                "scroll_in_flow": bool(self.scrolls), "scrolled": [f"{k}: {t}" for k, t in self.scrolls]}
