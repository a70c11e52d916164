"""*Edit my wires* on a phone: a hand entered with a wrong last wire is fixed from the table.

The wrong last tap sends the hand straight to the table; the log gets entries; *Edit my wires*
(`edit-hand`) opens the hand screen with my wires, one is replaced, Save returns to the table. The
engine document (`engine-doc`) then holds the right wire, the earlier entries are still in the log
(the one the fix contradicts struck through), a reload keeps it, and undo brings back the old hand.
Hooks: web/ui-spec.md. Screenshots go to test-results/screens/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from table_taps import MY_HAND, engine_doc, open_table, shot, tid, wait_done

WRONG_LAST = "11"  # MY_HAND ends with a 12: the last tap hit the 11 beside it


def my_stand(page) -> list[str]:
    return engine_doc(page)["players"][0]["stands"][0].split()


@pytest.mark.parametrize("device", ["phone"])
def test_edit_my_wires_from_the_table(make_context, base_url, device):
    page, taps = open_table(make_context, base_url, device)
    taps("setup-start")
    for label in MY_HAND[:-1]:
        taps(f"key-{label}")
    taps(f"key-{WRONG_LAST}")  # the last wire, a slip seen only after Done
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    wait_done(page, moves=True)
    assert my_stand(page)[-1] == f"?{WRONG_LAST}"
    # Two entries: Bob's starting token, and mine on the wire I believe is an 11.
    taps("slot-1-0-2")
    taps("set-info-3")
    taps("slot-0-0-11")
    taps(f"set-info-{WRONG_LAST}")
    expect(tid(page, "log").locator("li[data-testid^='log-']")).to_have_count(2)
    assert wait_done(page) == "done"
    before = engine_doc(page)
    assert before["players"][0]["stands"][0].split()[-1] == f"i{WRONG_LAST}"
    shot(page, "edit-hand-1-table")

    # Edit my wires: the hand screen with my wires; tap the wrong one, then its right value.
    taps("edit-hand")
    expect(tid(page, "hand-screen")).to_be_visible()
    for j, label in enumerate(MY_HAND[:-1] + [WRONG_LAST]):
        expect(tid(page, f"hand-0-{j}")).to_have_text(label)
    expect(tid(page, "edit-hand-save")).to_be_enabled()
    taps("hand-0-11")
    expect(tid(page, "hand-0-11")).to_have_attribute("aria-pressed", "true")
    shot(page, "edit-hand-2-picked")
    taps("key-12")
    expect(tid(page, "hand-0-11")).to_have_text("12")
    assert engine_doc(page) == before, "nothing is committed before Save"
    taps("edit-hand-save")

    # Back at the table: the document holds the 12; both entries are still logged, mine struck through.
    expect(tid(page, "stands")).to_be_visible()
    assert wait_done(page) == "done"
    assert my_stand(page)[-1] == "?12"
    expect(tid(page, "log-0")).to_contain_text("3")
    expect(tid(page, "log-0-error")).to_have_count(0)
    expect(tid(page, "log-1-error")).to_contain_text("is your 12")
    shot(page, "edit-hand-3-fixed")
    doc = engine_doc(page)
    assert doc["players"][1]["stands"] == before["players"][1]["stands"], "Bob's token is kept"

    # A reload keeps the edit (the hash and localStorage hold the same state).
    page.reload()
    assert wait_done(page) == "done"
    assert engine_doc(page) == doc

    # Undo right after the edit: my old hand, with the log as it was (my token fits it again).
    taps("undo")
    expect(tid(page, "log-1-error")).to_have_count(0)
    expect(tid(page, "log").locator("li[data-testid^='log-']")).to_have_count(2)
    assert wait_done(page) == "done"
    assert engine_doc(page) == before
    taps("redo")
    expect(tid(page, "log-1-error")).to_have_count(1)
    assert wait_done(page) == "done"
    assert my_stand(page)[-1] == "?12"
    # Back undoes the last change too (here: the redo of the edit).
    page.go_back()
    expect(tid(page, "log-1-error")).to_have_count(0)
    assert wait_done(page) == "done"
    assert engine_doc(page) == before


@pytest.mark.parametrize("device", ["phone"])
def test_edit_my_wires_clear_and_cancel(make_context, base_url, device):
    """Clear all empties the stand for the keypad; Cancel leaves my wires as they were; X tokens keep the
    last wire entered far right."""
    page, taps = open_table(make_context, base_url, device)
    taps("setup-x-tokens")
    taps("setup-start")
    for label in MY_HAND:  # the 12, entered last, is my X wire
        taps(f"key-{label}")
    taps("hand-done")
    expect(tid(page, "stands")).to_be_visible()
    wait_done(page, moves=True)
    before = engine_doc(page)
    assert my_stand(page)[-1] == "X?12"
    taps("edit-hand")
    taps("edit-hand-clear")
    expect(tid(page, "edit-hand-save")).to_be_disabled()
    expect(tid(page, "hand-0-0")).to_have_text("A")
    taps("edit-hand-cancel")
    expect(tid(page, "stands")).to_be_visible()
    assert engine_doc(page) == before
    taps("edit-hand")
    taps("edit-hand-clear")
    for label in ["12", "2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "1"]:  # now the 1 is my X wire
        taps(f"key-{label}")
    expect(tid(page, "hand-0-11")).to_have_class(re.compile(r"\bx-slot\b"))
    taps("edit-hand-save")
    assert wait_done(page) == "done"
    assert my_stand(page) == [f"?{x}" for x in ["2", "3", "3", "5", "6", "7", "8", "9", "10", "11", "12"]] + ["X?1"]
