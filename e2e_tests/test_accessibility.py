"""Accessibility of both pages on a phone, screen by screen: the setup, my hand, the table before the first
turn (starting-token advice) and mid-game (heatmap, best cuts, a cut's outcomes), a slot's sheet (both tabs),
the share panel and the Advanced page.

* axe-core (npm, pinned in package.json; injected from node_modules, nothing fetched) in the light and
  the dark colour scheme: any serious or critical finding fails, each printed as rule, target, summary.
* Target sizes: every visible control at least 24x24 CSS px (WCAG 2.5.8), and at least 44 px on its
  smaller side except the stands' slots (the table's, my hand's, the Advanced heatmap's cells), on
  390x844 and 360x740. Screenshots of every screen go to test-results/screens/a11y-*.png.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import BOOT_TIMEOUT_MS, RESULT_TIMEOUT_MS, ROOT
from playwright.sync_api import Page, expect
from table_taps import MY_HAND, SCREENS, Taps, open_table, play_turns, tid, wait_done

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
SERIOUS = ("serious", "critical")
MIN_ANY = 24  # WCAG 2.5.8 (AA): every target
MIN_TAP = 44  # WCAG 2.5.5 (AAA), the house rule: every control but a stand's slot

# A control: what a finger taps. A checkbox or radio inside a label is tapped through its label (the label
# is measured against 44 px; the box itself against 24 px).
CONTROLS = (
    "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], "
    "[tabindex]:not([tabindex='-1']), label:has(input:not([type=hidden]), select)"
)
# The stands' slots: a stand of 12-13 wires must fit a 360 px screen, so they need only 24 px.
SLOTS = ".stand-slots > .slot, td.cell"

MEASURE_JS = """([controls, slots]) => {
  const name = (el) => {
    const id = el.closest('[data-testid]')?.dataset.testid;
    const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''}`
      + `${id ? ` [${id}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  return [...document.querySelectorAll(controls)]
    .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false }))
    .map((el) => {
      const r = el.getBoundingClientRect();
      const boxed = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') !== null;
      return { name: name(el), w: r.width, h: r.height, slot: el.matches(slots) || boxed };
    })
    .filter((c) => c.w > 0 && c.h > 0);
}"""

AXE_RUN_JS = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.flatMap((v) => v.nodes.map((n) => ({
    rule: v.id, impact: n.impact || v.impact, target: n.target.join(' '),
    summary: (n.failureSummary || v.help).replace(/\\s+/g, ' ').slice(0, 300),
  })));
}"""


def run_axe(page: Page) -> list[dict]:
    """axe-core's violations on the page as it is now, serious and critical ones only."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_JS.read_text())
    return [v for v in page.evaluate(AXE_RUN_JS) if v["impact"] in SERIOUS]


def undersized(page: Page) -> list[str]:
    """Every visible control under its minimum: "<name>: <w>x<h>"."""
    out = []
    for c in page.evaluate(MEASURE_JS, [CONTROLS, SLOTS]):
        need = MIN_ANY if c["slot"] else MIN_TAP
        if min(c["w"], c["h"]) < need - 0.5:  # sub-pixel layout: 43.6 px renders as 44
            out.append(f"{c['name']}: {c['w']:.0f}x{c['h']:.0f} (needs {need})")
    return out


def settle(page: Page) -> None:
    """No answer pending (the page redraws when the engine answers) and nothing animating."""
    wait_done(page, moves=True)
    page.wait_for_function(
        "['done', 'idle', 'error'].includes(document.documentElement.dataset.lookahead ?? 'idle')",
        timeout=RESULT_TIMEOUT_MS)


def walk(page: Page, taps: Taps, visit: Callable[[str], None]) -> None:
    """Every screen of the brief, in the order a player meets them; `visit(name)` at each."""
    expect(tid(page, "setup-screen")).to_be_visible()
    visit("setup")
    taps("setup-start")
    expect(tid(page, "hand-screen")).to_be_visible()
    for label in reversed(MY_HAND[6:]):  # half a hand: wires on the stand and the keypad both show
        taps(f"key-{label}")
    visit("hand")
    for label in reversed(MY_HAND[:6]):
        taps(f"key-{label}")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    page.wait_for_function("document.documentElement.dataset.advice === 'done'", timeout=RESULT_TIMEOUT_MS)
    wait_done(page, moves=True)
    expect(tid(page, "advice-0")).to_be_visible()
    visit("advice")  # the table before the first turn: "Your starting token"
    for key, value in (("1-0-2", "3"), ("2-0-5", "6"), ("3-0-8", "9"), ("0-0-0", "1")):
        taps(f"slot-{key}")
        taps(f"set-info-{value}")
    play_turns(page, taps)
    settle(page)
    taps("move-0")  # a selected cut: its outcomes and "Record this…"
    settle(page)
    visit("table")
    taps("slot-2-0-6")
    if tid(page, "tab-cut").get_attribute("aria-pressed") != "true":
        taps("tab-cut")
    visit("sheet-law")  # the slot's law, "why not" and the tabs
    taps("key-5")  # the value named: the open questions (the result buttons) in place of the law
    visit("sheet-cut")
    taps("sheet-close")  # an entry under way: the first tap says it is not recorded yet
    expect(tid(page, "sheet-error")).to_contain_text("Not recorded yet")
    taps("sheet-close")
    taps("slot-2-0-6")
    if tid(page, "tab-set").get_attribute("aria-pressed") != "true":
        taps("tab-set")
    visit("sheet-set")
    taps("sheet-close")
    taps("share")
    expect(tid(page, "share-qr").locator("svg")).to_have_count(1)
    visit("share")
    taps("share-close")
    taps("open-advanced")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'", timeout=RESULT_TIMEOUT_MS)
    page.locator("[data-cell]").first.click()
    expect(tid(page, "detail-title")).to_be_visible()
    visit("advanced")


def phone_page(make_context, base_url: str, viewport: dict) -> tuple[Page, Taps]:
    page, taps = open_table(make_context, base_url, "phone")
    page.set_viewport_size(viewport)
    return page, taps


def shot(page: Page, name: str) -> None:
    """What the player sees, then the whole page from its top."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"a11y-{name}.png"))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / f"a11y-{name}-page.png"), full_page=True)


def test_no_serious_axe_findings(make_context, base_url):
    """axe-core finds nothing serious or critical on any screen, light or dark."""
    page, taps = phone_page(make_context, base_url, PHONE)
    found: dict[str, list[dict]] = {}

    def visit(screen: str) -> None:
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found[f"{screen} ({scheme})"] = run_axe(page)
        page.emulate_media(color_scheme="light")

    walk(page, taps, visit)
    print("\n" + "\n".join(f"{k}: {len(v)} serious or critical" for k, v in found.items()))
    lines = [f"{screen}: {v['rule']} ({v['impact']}) at {v['target']}: {v['summary']}"
             for screen, vs in found.items() for v in vs]
    assert not lines, f"{len(lines)} serious or critical axe findings:\n" + "\n".join(lines)


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "360x740"])
def test_controls_are_big_enough_to_tap(make_context, base_url, viewport):
    """Every visible control is at least 24x24 px, and 44 px on its smaller side but the stands' slots;
    nothing is wider than the screen."""
    page, taps = phone_page(make_context, base_url, viewport)
    small: dict[str, list[str]] = {}
    size = f"{viewport['width']}x{viewport['height']}"

    def visit(screen: str) -> None:
        small[screen] = undersized(page)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shot(page, f"{size}-{screen}-{scheme}")
        page.emulate_media(color_scheme="light")
        width = page.evaluate("document.documentElement.scrollWidth")
        small[screen] += [f"the page is {width} px wide"] if width > viewport["width"] else []

    walk(page, taps, visit)
    print("\n" + "\n".join(f"{k}: {len(v)} too small" for k, v in small.items()))
    lines = [f"{screen}: {x}" for screen, xs in small.items() for x in xs]
    assert not lines, f"{len(lines)} controls too small to tap:\n" + "\n".join(lines)
