"""Stand sizes when some wires are dealt before the rest (13's reds openly, 41 and 48's yellow wires face down):
the engine's door accepts the stands the deal makes, as the table app draws them, and still refuses others."""

from __future__ import annotations

import pytest
from bombbusters.arena.deal import deal_game, playable
from bombbusters.table.errors import RuleError
from bombbusters.table.state import GameState


@pytest.mark.parametrize("mission,players", [(m, n) for m in (13, 41, 48) for n in (2, 3, 4, 5) if not (m == 41 and n == 1)])
def test_the_stands_a_deal_with_wires_dealt_first_makes_are_accepted(mission, players):
    m = playable(mission, players)
    for k in range(3):
        doc = deal_game(m, players, 7, k).table.to_json()
        GameState.from_json(doc)  # (48 with 4 players: 14, 14, 13, 12 — not an even deal of 53)


def test_sizes_the_wires_dealt_first_do_not_explain_are_refused():
    doc = deal_game(playable(48, 4), 4, 7, 0).table.to_json()
    stands = [p["stands"][0].split() for p in doc["players"]]
    assert [len(s) for s in stands] == [14, 14, 13, 12]
    doc["facts"] = [f for f in doc["facts"] if not (f["kind"] == "yellow_count" and f["player"] == 1)]
    doc["facts"].append({"kind": "yellow_count", "player": 3, "count": 1})  # the yellow said to sit on the 12
    with pytest.raises(RuleError, match="53 wires dealt over 4 stands"):
        GameState.from_json(doc)
