"""The mid-game table the table-UX tests open (issue 42) and the ``phone`` fixture that opens it: one
statement shared by test_table_ux.py and test_table_card_advice.py."""

from __future__ import annotations

import copy

from conftest import BOOT_TIMEOUT_MS, DEVICES, NetGuard
from fuzz_links import as_hash
from playwright.sync_api import Page
from table_taps import MY_HAND, Taps

__all__ = ["PHONE", "SMALL", "TABLE", "TOKENS", "TURNS", "open_phone", "table", "with_yellow"]

PHONE = (390, 844)
SMALL = (360, 740)

# A mid-game table (4 players, me = Ann, the captain): a starting token each, Ann's failed cut on Bob D,
# Bob's cut of Cid A, Cid's Double Detector on Dee D+E (failed); four equipment cards face up.
TOKENS = [
    {"k": "set", "p": p, "s": 0, "j": j, "slot": {"c": "info", "v": v, "m": None, "col": None}}
    for p, j, v in ((1, 2, "3"), (2, 5, "6"), (3, 8, "9"), (0, 0, "1"))
]
TURNS = [
    {"k": "dual", "a": 0, "p": 1, "s": 0, "j": 3, "v": "5", "ok": False, "real": "4"},
    {"k": "dual", "a": 1, "p": 2, "s": 0, "j": 0, "v": "1", "ok": True, "cut": "1", "as": {"s": 0, "j": 0}},
    {"k": "detect", "kind": "double", "a": 2, "p": 3, "s": 0, "js": [3, 4], "v": "4", "ok": False, "tok": 4, "real": "5"},
]
TABLE = {
    "v": 1, "phase": "table",
    "setup": {"mission": None, "blue": [1, 12], "tokens": "value", "dd": "all", "table_cards": ["1", "3", "8", "11"],
              "players": ["Ann", "Bob", "Cid", "Dee"], "me": 0, "captain": 0, "mistakes": 3},
    "hand": [MY_HAND], "log": TOKENS + TURNS, "redo": [],
}


def table(**changes) -> dict:
    """A copy of TABLE with top-level fields replaced."""
    return {**copy.deepcopy(TABLE), **changes}


def with_yellow(t: dict) -> dict:
    """The table with yellow 4 and 7 in play, watched (no hand: the stands grew)."""
    t["setup"]["yellow"] = {"mode": "list", "nums": [4, 7], "keep": 1, "known": []}
    t["setup"]["me"] = None
    t["hand"] = []
    return t


def open_phone(browser, base_url):
    """The ``phone`` fixture's body (each test module names its fixture: an imported fixture reads as unused):
    phone(table, size, scheme) -> (page, taps), the table app on a phone-sized page, its engine ready."""
    made = []

    def open_(doc: dict | None, size=PHONE, scheme="light") -> tuple[Page, Taps]:
        guard = NetGuard()
        opts = {**DEVICES["phone"], "viewport": {"width": size[0], "height": size[1]}}
        ctx = browser.new_context(**opts, color_scheme=scheme, service_workers="allow")
        ctx.set_default_timeout(30_000)
        ctx.route("**/*", guard.route)
        made.append((ctx, guard))
        page = ctx.new_page()
        page.goto(base_url + "index.html" + (as_hash(doc) if doc else ""))
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
        return page, Taps(page, "phone")

    yield open_
    for ctx, guard in made:
        ctx.close()
        assert not guard.foreign, guard.foreign
