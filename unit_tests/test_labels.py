"""Where a Label tells my teammates the most (``advice/labels.py``): the bits against brute force over my
stands as teammates see them, and the arena's choice by that ranking read exactly."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import combinations_with_replacement

import gen
import pytest
from bombbusters.advice.labels import label_advice
from bombbusters.advice.stand_entropy import own_view as engine_own_view
from bombbusters.advice.free_cards import _CHOICE
from bombbusters.protocol.bridge import handle
from bombbusters.table.facts import Fact
from bombbusters.table.state import GameState
from test_indication import entropy_bits, own_view


def _tables(count: int):
    rng = random.Random(5300)
    while count:
        state = GameState.from_json(gen.random_state(rng, me="player", max_configs=300, facts=rng.random() < 0.5))
        if any(label_advice(state, same) for same in (True, False)):
            count -= 1
            yield state


@pytest.mark.parametrize("state", list(_tables(10)), ids=lambda s: f"{len(s.players)}p")
def test_the_bits_a_label_tells_are_the_brute_force_ones(state: GameState) -> None:
    view = own_view(state)
    base = entropy_bits(view)
    for same in (True, False):
        for row in label_advice(state, same):
            fact = Fact("same" if same else "different", 0, row["stand"], slots=tuple(row["slots"]))
            want = base - entropy_bits(replace(view, facts=view.facts + (fact,)))
            assert row["bits"] == pytest.approx(max(0.0, want), abs=1e-7), (same, row, state.to_json())


def _state(hand: tuple[int, ...]) -> GameState:
    others = [{"name": name, "stands": ["? ? ? ? ? ?"]} for name in ("Bob", "Cat", "Dan")]
    mine = " ".join(["1"] + [f"?{v}" for v in hand])
    return GameState.from_json({"players": [{"name": "Ann", "stands": [mine]}, *others], "me": 0, "captain": 0,
                                "wires": {"blue": [1, 6]}, "facts": []})


@pytest.mark.parametrize("card, same", [("1", False), ("12", True)])
def test_the_arena_s_label_goes_where_it_tells_most(card: str, same: bool) -> None:
    """The arena puts a Label on the pair ranked first among those it fits (that its place says no more than
    the facts read from it: test_card_choices.py, over every hand)."""
    hands = [h for h in combinations_with_replacement(range(1, 7), 5) if h.count(1) <= 3 and all(h.count(v) <= 4 for v in h)]
    placed = set()
    for h in hands[::6]:
        state = _state(h)
        use = _CHOICE[card](state)
        fits = [r for r in label_advice(state, same) if r["fits"]]
        assert (use is None) == (not fits)
        if use is not None:
            assert list(use.slots) == fits[0]["slots"] and use.stand == fits[0]["stand"]
            placed.add(use.slots)
    assert len(placed) >= 3


def test_the_bridge_lists_the_pairs_each_label_fits() -> None:
    state = _state((2, 2, 3, 5, 6))
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "labels", "payload": state.to_json()})))
    assert reply["ok"], reply
    same, diff = reply["result"]["same"], reply["result"]["different"]
    assert [r["slots"] for r in same] == [[1, 2]]
    assert sorted(r["slots"] for r in diff) == [[0, 1], [2, 3], [3, 4], [4, 5]]
    assert [r["bits"] for r in diff] == sorted((r["bits"] for r in diff), reverse=True)


def test_a_count_of_my_stand_as_dealt_after_a_wire_came_in() -> None:
    """Ann was dealt one yellow (the count says so) and hooked Bob's Y2: her stand now shows two.  Her own
    view, which holds no record of the move, leaves the count out instead of calling the table impossible
    (found by the campaign: mission 41, 4 players, seed 1, game 64)."""
    doc = {
        "players": [{"name": "Ann", "stands": ["?Y1 ?2 ?Y2 ?3"]}, {"name": "Bob", "stands": ["? ? ?"]},
                    {"name": "Cyd", "stands": ["? ? ? ?"]}, {"name": "Dee", "stands": ["? ? ?"]}],
        "me": 0, "captain": 0, "wires": {"blue": [1, 3], "yellow": [1, 2]},
        "facts": [{"kind": "yellow_count", "player": 0, "count": 1}],
        "moves": [{"kind": "grappling_hook", "wires": [{"from": [1, 0, 1], "to": [0, 0, 2]}]}],
    }
    state = GameState.from_json(doc)
    assert engine_own_view(state).facts == ()
    rows = label_advice(state, same=False)
    assert rows and all(r["bits"] >= 0 for r in rows)
    without = GameState.from_json({**doc, "moves": [], "players": [
        {"name": "Ann", "stands": ["?Y1 ?2 ?3"]}, {"name": "Bob", "stands": ["? ? ? ?"]}, *doc["players"][2:]]})
    assert [f.kind for f in engine_own_view(without).facts] == ["yellow_count"]  # kept where nothing moved
