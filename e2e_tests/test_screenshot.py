"""The README's picture of the table app at phone size, made from a real mid-game table.

Why a test: the picture shows the page as it is (fresh numbers from the engine, this build's
layout), and a page that cannot draw that table fails here first.  It writes
``docs/table-phone.png``, which is committed.
"""

from __future__ import annotations

import json
from pathlib import Path

import fuzz_links
from conftest import BOOT_TIMEOUT_MS, RESULT_TIMEOUT_MS

ROOT = Path(__file__).resolve().parent.parent
PICTURE = ROOT / "docs" / "table-phone.png"


def test_readme_screenshot_of_a_table_at_phone_size(browser, base_url) -> None:
    links = json.loads((ROOT / "e2e_tests" / "js" / "fixtures" / "links-2026-11.json").read_text())["links"]
    table = json.loads(fuzz_links.link_text(next(x["g"] for x in links if x["name"] == "turns")))
    table["setup"]["table_cards"] = ["1", "3", "8", "11"]  # four cards face up, as a table today records them
    link = fuzz_links.as_hash(table)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=1)
    errors: list[str] = []
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "index.html" + link)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'", timeout=RESULT_TIMEOUT_MS)
    page.wait_for_function("document.documentElement.dataset.moves === 'done'", timeout=RESULT_TIMEOUT_MS)
    assert page.locator("[data-testid^='slot-'][data-probs]").count() > 20
    PICTURE.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(PICTURE), full_page=False)
    ctx.close()
    assert errors == []
