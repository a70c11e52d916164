"""What the WebKit and Firefox tests need of a page, on top of one driver call per engine.

Playwright drives only Chromium here (its WebKit and Firefox are its own builds, downloaded); so
`webkit_page.py` (WebKitWebDriver, W3C WebDriver classic) and `firefox_page.py` (firefox-esr's own
WebDriver BiDi) each give `_run` (a script's JSON result), `_navigate` and `_tap_node`, and this
class builds the rest: bounded waits, taps through `data-testid` hooks once the element can take
them, and reads. Every wait has a deadline and says what it waited for.
"""

from __future__ import annotations

import json
import time
from abc import ABC, abstractmethod

VIEWPORT = {"width": 360, "height": 740}  # the phone of e2e_tests/conftest.py's DEVICES


class StaleTap(Exception):
    """The element went away between finding it and tapping it (the page redrew): find it again."""


def by_testid(testid: str) -> str:
    return f'[data-testid="{testid}"]'


# Ready to take a tap: there, enabled, laid out, scrolled to the middle of the screen, and the
# topmost thing at its centre (no sheet or banner over it), like Playwright's actionability checks.
TAPPABLE = """(() => {
  const el = document.querySelector(%s);
  if (!el || el.disabled || !el.getClientRects().length) return false;
  el.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && el.contains(hit);
})()"""


class EnginePage(ABC):
    """One browser window, phone-sized; subclasses start and drive their engine."""

    name = "?"

    # ----------------------------------------------------------------- engine-specific
    @abstractmethod
    def _run(self, script: str) -> str:
        """Run `script` (a JS expression whose value is a JSON string, maybe a promise of one)."""

    @abstractmethod
    def _navigate(self, url: str) -> None:
        """Load `url` and return once it has loaded."""

    @abstractmethod
    def _tap_node(self, selector: str) -> None:
        """Tap the element `selector` names (raise StaleTap if it is gone)."""

    @abstractmethod
    def requests(self) -> list[str]:
        """Every URL the engine saw asked for so far (page, its worker, or anything, by engine)."""

    def console(self) -> list[str]:
        """What the page logged, as far as the engine tells (printed when a test fails)."""
        return []

    def report(self) -> list[str]:
        """For a failed test: where the page is and what it says, then the engine's console."""
        try:
            state = self.evaluate("""({url: location.href.slice(0, 120), data: {...document.documentElement.dataset},
              engine: document.querySelector('[data-testid=engine-line]')?.textContent,
              error: document.querySelector('[data-testid=table-error]')?.textContent ?? null})""")
        except Exception as err:  # a report must not hide the failure it reports
            state = f"(page state unreadable: {err})"
        return [f"page: {state}", *self.console()[-80:]]

    @abstractmethod
    def close(self) -> None:
        """End the browser and whatever was started for it."""

    # ----------------------------------------------------------------- shared
    def goto(self, url: str) -> None:
        self._navigate("about:blank")  # a new document even when only the hash differs
        self._navigate(url)

    def evaluate(self, source: str):
        """Playwright's `page.evaluate`: an expression, or a function (called, awaited); JSON value."""
        wrapped = f"""(async () => {{
          let v = ({source});
          if (typeof v === "function") v = v();
          v = await v;
          return JSON.stringify(v === undefined ? null : v);
        }})()"""
        return json.loads(self._run(wrapped))

    def wait(self, expression: str, timeout_s: float, what: str):
        """Poll `expression` until truthy; fail after `timeout_s` naming `what` and the last value."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"[{self.name}] gave up after {timeout_s:.0f} s waiting for {what} (last: {value!r})")
            time.sleep(0.1)

    def tap(self, testid: str, timeout_s: float = 30) -> None:
        selector = by_testid(testid)
        deadline = time.monotonic() + timeout_s
        while True:
            self.wait(TAPPABLE % json.dumps(selector), max(deadline - time.monotonic(), 0.1), f"{testid} to take a tap")
            try:
                self._tap_node(selector)
                return
            except StaleTap:
                if time.monotonic() > deadline:
                    raise

    def attr(self, testid: str, name: str):
        sel = json.dumps(by_testid(testid))
        return self.evaluate(f"document.querySelector({sel})?.getAttribute({json.dumps(name)}) ?? null")

    def text(self, testid: str):
        return self.evaluate(f"document.querySelector({json.dumps(by_testid(testid))})?.textContent ?? null")

    def count(self, selector: str) -> int:
        return self.evaluate(f"document.querySelectorAll({json.dumps(selector)}).length")
