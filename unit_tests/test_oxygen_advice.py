"""The oxygen a cut spends, as the team weighs it (44, 49, 63): the table's ``oxygen`` rule, checked and carried
to each move; of two sure cuts the dearer goes first while it can be paid (measured in the arena: docs/arena.md)."""

from __future__ import annotations

import pytest
from bombbusters.advice.moves import rank_moves
from bombbusters.advice.team import team_order
from bombbusters.table.errors import StateError
from bombbusters.table.state import GameState


def _doc(oxygen: dict | None) -> dict:
    # blue 5-8: Bob shows an info 5 at slot A, Cat an info 7 at slot C; I hold one of each value: two sure cuts
    doc = {"players": [{"name": n, "stands": [s]} for n, s in
                       zip(("Ann", "Bob", "Cat", "Dan"), ("?5 ?6 ?7 ?8", "i5 ? ? ?", "? ? i7 ?", "? ? ? ?"))],
           "me": 0, "captain": 0, "wires": {"blue": [5, 8]}, "facts": [], "available": []}
    if oxygen is not None:
        doc["rules"] = {"oxygen": oxygen}
    return doc


GIFT = {"tokens": 9, "costs": [{"value": v, "tokens": v} for v in range(5, 9)]}


def _first_sure(doc: dict) -> dict:
    state = GameState.from_json(doc)
    order = team_order(rank_moves(state), state)
    assert order[0]["guaranteed"] and order[1]["guaranteed"]
    return order[0]


def test_of_two_sure_cuts_the_dearer_goes_first() -> None:
    assert _first_sure(_doc(None))["value"] == 5  # no oxygen: the ranking's order (Bob before Cat)
    first = _first_sure(_doc(GIFT))
    assert (first["value"], first["player"], first["oxygen"]) == (7, 2, [7, 9])


def test_every_move_carries_what_it_spends_and_a_risky_cut_still_ranks_after_the_sure_ones() -> None:
    state = GameState.from_json(_doc(GIFT))
    order = team_order(rank_moves(state), state)
    assert all(m["oxygen"] == [m["value"], 9] for m in order if m["kind"] == "dual_cut")
    sure = [m["guaranteed"] for m in order]
    assert sure == sorted(sure, reverse=True)  # the arena's readings rest on it: a move not sure says there was none


@pytest.mark.parametrize("bad, words", [({"tokens": -1, "costs": []}, "tokens"), ({"costs": []}, "tokens"),
                                        ({"tokens": 3, "costs": [{"value": 5}]}, "tokens (a whole number"),
                                        ({"tokens": 3, "costs": [{"value": 13.5, "tokens": 1}]}, "not a value")])
def test_a_bad_oxygen_rule_is_refused_by_name(bad: dict, words: str) -> None:
    with pytest.raises(StateError, match="oxygen|not a value") as err:
        rank_moves(GameState.from_json(_doc(bad)))
    assert words in str(err.value)
