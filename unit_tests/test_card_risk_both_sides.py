"""Mission 29's risk (the chance the number card put down for my turn is each value) is written twice by necessity:
the page's ``cardRisk`` (web/table/guess-cards.js, sent with the moves request) and the arena's ``Guess.rules``
(arena/number_turns.py, read by the playouts and the referee). On one table followed through a round by the page,
the arena — given the page's own mission_play document — says the same chances."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from bombbusters.arena.number_turns import Guess
from bombbusters.table.state import GameState

ROOT = Path(__file__).resolve().parents[1]


def _page_table() -> dict:
    node = shutil.which("node")
    assert node, "node (the page's JS) is needed: the project's setup installs it"
    out = subprocess.run([node, str(ROOT / "unit_tests/js/card_risk_table.mjs")], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60)
    return json.loads(out.stdout)


def test_the_page_and_the_arena_give_29_s_card_the_same_chances() -> None:
    page = _page_table()
    me, doc = page["turn"], page["play"]
    assert me == doc["me"] == 0 and page["risk"], page
    table = GameState.from_json(page["engine"])
    for seed in range(5):  # the unseen hands are drawn again: the chances must not depend on the draw
        play = Guess.from_doc(doc, 4, seed)
        right = next(p for p in ((me - i) % 4 for i in range(1, 4)) if play.hands[p])
        play.down = (me, right, list(play.known[right]), play.unseen[right])
        arena = play.rules(table, me)["card_risk"]
        assert [(r["value"], r["p"]) for r in arena] == [(r["value"], r["p"]) for r in page["risk"]], (arena, page["risk"])
