"""The moves ranking on hand-made tables a player checks at the table (items, red risks, yellow never named,
solo cuts, plain JSON); the random tables against the oracle: test_moves.py.
"""

from __future__ import annotations

import json
import random

import gen
import pytest
from bombbusters.advice.moves import ITEMS, rank_moves
from bombbusters.advice.team import ITEM_COST
from bombbusters.table.state import GameState
from test_moves import TOL, Exact, check_moves


def test_default_items_are_the_double_detector_only():
    rng = random.Random(77)
    for _ in range(40):
        doc = gen.random_state(rng, me="player")
        doc.pop("available", None)
        moves = check_moves(doc)
        assert {m["kind"] for m in moves} <= {"dual_cut", "double_detector", "solo_cut", "reveal_red"}


def test_no_items():
    rng = random.Random(78)
    for _ in range(40):
        doc = gen.random_state(rng, me="player")
        doc["available"] = []
        moves = check_moves(doc)
        assert {m["kind"] for m in moves} <= {"dual_cut", "solo_cut", "reveal_red"}


# --------------------------------------------------------------------------
# hand-checked states


def _doc(stands, wires, me, facts=(), available=ITEMS, mistakes_left=None, captain=0):
    doc = {
        "players": [{"name": n, "stands": s} for n, s in zip(gen.NAMES, stands)],
        "me": me,
        "captain": captain,
        "wires": wires,
        "facts": list(facts),
        "available": list(available),
    }
    if mistakes_left is not None:
        doc["mistakes_left"] = mistakes_left
    return doc


def _find(moves, **want):
    out = [m for m in moves if all(m.get(k) == v for k, v in want.items())]
    assert len(out) == 1, (want, out)
    return out[0]


def test_info_token_on_a_teammate_is_a_guaranteed_dual_cut():
    # blue 5-8: 16 wires over 4 players. Bob shows an info 7 at slot C; I hold a 7.
    doc = _doc([["?5 ?6 ?7 ?8"], ["? ? i7 ?"], ["? ? ? ?"], ["? ? ? ?"]], {"blue": [5, 8]}, me=0)
    moves = check_moves(doc)
    m = _find(moves, kind="dual_cut", player=1, stand=0, slots=[2], value=7)
    assert m["p_success"] == 1.0 and m["guaranteed"] is True and m["p_red"] == 0.0 and m["p_advance"] == 0.0
    assert moves[0]["guaranteed"]
    # the same slot named as anything else cannot succeed, so it is not listed
    assert not [x for x in moves if x["kind"] == "dual_cut" and x["player"] == 1 and x["slots"] == [2]
                and x["value"] != 7]


def test_super_detector_on_a_stand_known_to_hold_the_value():
    doc = _doc([["?5 ?6 ?7 ?8 ?8"], ["? i5 ? ?"], ["? ? ? ?"], ["? ? ? ?"]], {"blue": [5, 8], "red": [6]}, me=0)
    moves = check_moves(doc)
    m = _find(moves, kind="super_detector", player=1, stand=0, value=5)
    assert m["guaranteed"] is True and m["p_success"] == 1.0 and m["slots"] == [0, 1, 2, 3]
    assert m["p_red"] == 0.0  # slot B is blue, so the stand is never all red


def test_super_detector_guaranteed_by_a_has_fact():
    doc = _doc([["?5 ?6 ?7 ?8"], ["? ? ? ?"], ["? ? ? ?"], ["? ? ? ?"]], {"blue": [5, 8]}, me=0,
               facts=[{"kind": "has", "player": 2, "value": 6}])
    moves = check_moves(doc)
    m = _find(moves, kind="super_detector", player=2, stand=0, value=6)
    assert m["guaranteed"] is True and m["p_success"] == 1.0
    assert not _find(moves, kind="super_detector", player=1, stand=0, value=6)["guaranteed"]


def test_double_detector_red_risk_exact():
    # 3 players (captain Ann holds two stands), blue 1-2 and reds R1, R2: 10 wires, stands 3 3 2 2.
    # I (Bob) hold 1 2 2. Cyd's two wires are a uniform pair of the 7 left: 1 1 1 2 2 R1 R2.
    # Double Detector naming 2 on both: success 1 - C(5,2)/C(7,2) = 11/21; both red 1/21.
    doc = _doc([["? ? ?", "? ?"], ["?1 ?2 ?2"], ["? ?"]], {"blue": [1, 2], "red": [1, 2]}, me=1)
    moves = check_moves(doc)
    m = _find(moves, kind="double_detector", player=2, stand=0, value=2)
    assert m["slots"] == [0, 1]
    assert m["p_success"] == pytest.approx(11 / 21, abs=TOL)
    assert m["p_red"] == pytest.approx(1 / 21, abs=TOL)
    assert m["p_advance"] == pytest.approx(9 / 21, abs=TOL)
    assert m["p_explode"] == pytest.approx(1 / 21, abs=TOL)
    # last mistake: any failure blows up
    doc["mistakes_left"] = 0
    moves = check_moves(doc)
    m = _find(moves, kind="double_detector", player=2, stand=0, value=2)
    assert m["p_explode"] == pytest.approx(10 / 21, abs=TOL)
    d = _find(moves, kind="dual_cut", player=2, stand=0, slots=[1], value=2)
    assert d["p_explode"] == pytest.approx(1 - d["p_success"], abs=TOL)


def test_double_detector_pair_with_a_known_red_slot():
    # Cyd's slot B shows a red colour token: the pair (A, B) is all red only when A is R1 and B is R2.
    doc = _doc([["? ? ?", "? ?"], ["?1 ?2 ?2"], ["? r?"]], {"blue": [1, 2], "red": [1, 2]}, me=1,
               available=["double_detector"], mistakes_left=0)
    moves = check_moves(doc)
    m = _find(moves, kind="double_detector", player=2, stand=0, value=1)
    ex = Exact(GameState.from_json(doc))
    want_red = ex.p_all_red(2, 0, [0, 1])
    assert 0 < want_red < 1
    assert m["p_red"] == pytest.approx(float(want_red), abs=TOL)
    assert m["p_explode"] == pytest.approx(1 - m["p_success"], abs=TOL)  # last mistake


def test_two_red_slots_cannot_be_detected():
    # Both of Cyd's wires are red: nothing I hold can be found there, so no move targets Cyd.
    doc = _doc([["? ? ?", "? ?"], ["?1 ?2 ?2"], ["r? r?"]], {"blue": [1, 2], "red": [1, 2]}, me=1)
    moves = check_moves(doc)
    assert not [m for m in moves if m["player"] == 2]


def test_validated_value_is_never_suggested():
    # all four 6s are cut (two of them mine): no move names 6, although my stand shows them.
    doc = _doc([["?5 6 6 ?7"], ["? 6 ? ?"], ["? 6 ? ?"], ["? ? ? ?"]], {"blue": [5, 8]}, me=0)
    moves = check_moves(doc)
    assert moves
    assert all(m.get("value") != 6 and 6 not in m.get("values", []) for m in moves)


def test_no_detector_names_yellow():
    """Yellow wires have no number: neither the Double nor the Triple Detector names yellow (the rulebook's FAQ, as
    bdiffuser transcribes it: "You cannot announce YELLOW (or RED) with Double Detector — only values 1-12"), while
    a dual cut does.  (Regression too: 'YELLOW', the gameplay value, was compared with the colour 'yellow'.)"""
    # 2 players, blue 1-2 and yellows Y1-Y5: 13 wires, stands 4 3 3 3; I (Bob) hold Y1 and Y2.
    doc = _doc([["? ? ? ?", "? ? ?"], ["?1 ?Y1 ?2", "?1 ?2 ?Y2"]], {"blue": [1, 2], "yellow": [1, 2, 3, 4, 5]}, me=1)
    moves = check_moves(doc)
    assert any(m["kind"] == "dual_cut" and m["value"] == "YELLOW" for m in moves)
    assert not any(m["kind"] in ("double_detector", "triple_detector") and m["value"] == "YELLOW" for m in moves)


def test_super_detector_never_names_yellow():
    doc = _doc([["? ? ? ?", "? ? ?"], ["?1 ?Y1 ?2", "?1 ?2 ?Y2"]], {"blue": [1, 2], "yellow": [1, 2, 3, 4, 5]}, me=1)
    moves = check_moves(doc)
    assert not any(m["kind"] == "super_detector" and m["value"] == "YELLOW" for m in moves)


def test_detectors_never_name_yellow_random():
    offenders = []
    for seed in range(300):
        doc = gen.random_state(random.Random(seed), me="player")
        doc["available"] = list(ITEMS)
        for m in rank_moves(GameState.from_json(doc)):
            if m["kind"] in ("double_detector", "triple_detector", "super_detector") and m["value"] == "YELLOW":
                offenders.append((seed, m["kind"]))
    assert not offenders, offenders[:5]


def test_moves_are_plain_json():
    """Regression: super_detector odds were numpy values (guaranteed a numpy.bool_, not JSON-serialisable)."""
    doc = _doc([["?5 ?6 ?7 ?8"], ["? ? ? ?"], ["? ? ? ?"], ["? ? ? ?"]], {"blue": [5, 8]}, me=0,
               available=["super_detector"])
    moves = rank_moves(GameState.from_json(doc))
    assert any(m["kind"] == "super_detector" for m in moves)
    for m in moves:
        assert type(m["guaranteed"]) is bool, m
        for f in ("p_success", "p_red", "p_advance", "p_explode"):
            assert type(m[f]) is float, (f, m)
    json.dumps(moves, allow_nan=False)


def test_solo_cut_and_fast_pass():
    # I hold two 8s; the other two 8s are cut: a certain solo cut. Fast Pass on my two 5s.
    doc = _doc([["?5 ?5 ?8 ?8"], ["? ? ? 8"], ["? ? ? 8"], ["? ? ? ?"]], {"blue": [5, 8]}, me=0)
    moves = check_moves(doc)
    solo = _find(moves, kind="solo_cut", value=8)
    assert solo["guaranteed"] and solo["p_legal"] == 1.0 and solo["count"] == 2
    assert [tuple(x) for x in solo["slots"]] == [(0, 2), (0, 3)]
    assert _find(moves, kind="fast_pass", value=5)["guaranteed"]
    assert not [m for m in moves if m["kind"] == "solo_cut" and m["value"] == 5]  # other 5s are out there


def test_reveal_red():
    doc = _doc([["1 ?R1", "?R2"], ["? ?", "?"]], {"blue": [1, 1], "red": [1, 2]}, me=0)
    moves = check_moves(doc)
    m = _find(moves, kind="reveal_red")
    assert m["guaranteed"]
    assert not [x for x in moves if x["kind"] not in ("reveal_red",)]  # a red is no value to name


def _info_1_on_bob(item: str) -> dict:
    """Four players, blue 1-12: I hold every value but 4, Bob's A shows an info token 1, and ``item`` is mine to use."""
    return {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3 ?3 ?5 ?6 ?7 ?8 ?9 ?10 ?11 ?12"]},
                        {"name": "Bob", "stands": ["i1 ? ? ? ? ? ? ? ? ? ? ?"]},
                        {"name": "Cid", "stands": ["? ? ? ? ? ? ? ? ? ? ? ?"]},
                        {"name": "Dee", "stands": ["? ? ? ? ? ? ? ? ? ? ? ?"]}],
            "me": 0, "captain": 0, "wires": {"blue": [1, 12]}, "facts": [], "available": [item]}


def test_a_sure_detector_on_a_sure_dual_cut_is_left_out_of_the_list():
    """Bob's A shows an info token 1 and I hold a 1: the dual cut there is sure, and so is a Double Detector on A and
    its neighbour for 1 — the same cut at the price of the detector, which the list a player reads leaves out; a sure
    detector where no dual cut is sure (one of two wires certainly a 6, not which) stays."""
    from bombbusters.advice.moves import moves_json

    doc = _info_1_on_bob("double_detector")
    ranked = rank_moves(GameState.from_json(doc))
    assert any(m["kind"] == "double_detector" and m["guaranteed"] and 0 in m["slots"] and m["player"] == 1 for m in ranked)
    listed = moves_json(doc)["moves"]
    assert listed[0]["kind"] == "dual_cut" and listed[0]["guaranteed"]
    assert not any(m["kind"] == "double_detector" and m["guaranteed"] for m in listed)
    # Bob's F and G: one of them is certainly a 6 (a "has" fact over them), neither alone
    doc["players"][1]["stands"] = ["? ? ? ? ? ? ? ? ? ? ? ?"]
    doc["facts"] = [{"kind": "has", "player": 1, "value": 6, "wires": [[1, 0, 5], [1, 0, 6]]}]
    listed = moves_json(doc)["moves"]
    assert not any(m["kind"] == "dual_cut" and m["guaranteed"] for m in listed)
    assert any(m["kind"] == "double_detector" and m["guaranteed"] and m["slots"] == [5, 6] for m in listed)


def test_a_turned_wire_the_table_leaves_certain_is_cut_by_my_solo_cut():
    """38, 56, 64: my turned-around wire is the last 3 (every other copy is placed): I know it as well as the 3 I see,
    so a solo cut of the 3s takes both, sure; without it a hand of such wires could never be played (the arena's
    games of 38 with 2 players ended stuck there)."""
    doc = {"players": [{"name": "Ann", "stands": ["1 ?1 2 ?3 3 T"]}, {"name": "Bob", "stands": ["1 1 2 2 2 3"]},
                       {"name": "Cid", "stands": ["4 4 4 4 5 5"]}, {"name": "Dee", "stands": ["5 5 6 6 6 6"]}],
           "me": 0, "captain": 0, "wires": {"blue": [1, 6]}, "facts": []}
    solos = {m["value"]: m for m in rank_moves(GameState.from_json(doc)) if m["kind"] == "solo_cut"}
    assert solos[3]["slots"] == [[0, 3], [0, 5]] and solos[3]["guaranteed"]
    assert solos[1]["slots"] == [[0, 1]]
    # one 3 still on Bob's stand: my turned wire may be a 3 or not; no solo cut of the 3s
    doc["players"][1]["stands"] = ["1 1 2 2 2 ?"]
    doc["players"][2]["stands"] = ["3 4 4 4 4 5"]
    assert 3 not in {m["value"] for m in rank_moves(GameState.from_json(doc)) if m["kind"] == "solo_cut"}


def test_a_sure_x_or_y_ray_on_a_sure_dual_cut_is_left_out_of_the_list():
    """Bob's A shows an info token 1 and I hold a 1 and a 2: the X-or-Y Ray there naming 1 or 2 is sure, and so is
    the dual cut naming 1 — the ray is left out of the list; one on a wire no dual cut takes for sure stays."""
    from bombbusters.advice.moves import moves_json

    doc = _info_1_on_bob("x_or_y_ray")
    ranked = rank_moves(GameState.from_json(doc))
    assert any(m["kind"] == "x_or_y_ray" and m["guaranteed"] and m["player"] == 1 and m["slots"] == [0] for m in ranked)
    listed = moves_json(doc)["moves"]
    assert not any(m["kind"] == "x_or_y_ray" and m["player"] == 1 and m["slots"] == [0] for m in listed)
    assert any(m["kind"] == "x_or_y_ray" for m in listed)


def test_a_turned_wire_left_surely_red_is_revealed():
    """56 draws its red wires "2 of 3": with every blue wire cut, my turned-around wire is red whatever its red
    value, so I reveal it (the arena's games of 56 with 4 players ended stuck there: no move at all); a blue wire
    still hidden elsewhere may be the one, and then I may not."""
    doc = {"players": [{"name": "Ann", "stands": ["1 2 3 T"]}, {"name": "Bob", "stands": ["1 1 2"]},
                       {"name": "Cid", "stands": ["2 3 3"]}, {"name": "Dee", "stands": ["1 2 3"]}],
           "me": 0, "captain": 0, "wires": {"blue": [1, 3], "red": {"of": [3, 5], "keep": 1}}, "facts": []}
    moves = rank_moves(GameState.from_json(doc))
    assert [(m["kind"], m["slots"], m["guaranteed"]) for m in moves] == [("reveal_red", [[0, 3]], True)]
    doc["players"][3]["stands"] = ["1 2 ?"]
    assert "reveal_red" not in {m["kind"] for m in rank_moves(GameState.from_json(doc))}


def test_constraint_l_scores_a_failure_as_two_mistakes():
    """Card L: a failure moves the detonator two spaces. With one mistake left it explodes the bomb, so a cut that
    may fail is worth its chance only (as with none left), not its chance plus what a failure leaves."""
    from bombbusters.advice.team import MISTAKE_COST, team_order

    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3 ?4 ?5 ?6 ?7 ?8 ?9 ?10 ?11 ?12"]},
                       {"name": "Bob", "stands": ["? ? ? ? ? ? ? ? ? ? ? ?"]},
                       {"name": "Cid", "stands": ["? ? ? ? ? ? ? ? ? ? ? ?"]},
                       {"name": "Dee", "stands": ["? ? ? ? ? ? ? ? ? ? ? ?"]}],
           "me": 0, "captain": 0, "wires": {"blue": [1, 12]}, "facts": [], "mistakes_left": 2}
    for cards, left, kept in (([], 2, 1 - MISTAKE_COST[2]), (["L"], 2, 1 - MISTAKE_COST[1]), (["L"], 1, 0.0)):
        state = GameState.from_json({**doc, "mistakes_left": left, "constraints": cards})
        best = team_order(rank_moves(state), state)[0]
        assert best["score"] == round(best["p_success"] + best["p_advance"] * kept - ITEM_COST.get(best["kind"], 0.0), 12), (cards, left)
