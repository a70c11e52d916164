"""Hostile share links and saved tables in the real page: no uncaught error, no stuck page (seeded).

The cases and the runner are ``build_scripts/fuzz_links.py`` (which runs 1,000 of them on demand);
here a few hundred, on a phone-sized page.
"""

from __future__ import annotations

import fuzz_links


def test_hostile_links_and_saved_tables_never_break_the_page(make_context, base_url) -> None:
    page = make_context("phone").new_page()
    items = fuzz_links.cases(300, seed=20261125)
    assert sum(kind == "storage" for kind, _ in items) >= 10  # saved tables too, not only links
    report = fuzz_links.run(page, base_url + "index.html", items)
    assert report["errors"] == [], report["errors"][:5]
    assert report["stuck"] == []
