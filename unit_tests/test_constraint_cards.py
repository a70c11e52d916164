"""Constraint cards in the advice: no ranked move breaks my cards, every forbidden one says which card,
detectors pick the best wires the cards leave me (checked against the brute-force oracle), and the
double detonator (L) turns a failure into an explosion one mistake earlier."""

from __future__ import annotations

import itertools
import random

import gen
import pytest
from bombbusters.advice.constraint_cards import CARDS, Rules, move_reason
from bombbusters.advice.moves import ITEMS, moves_json, rank_moves
from bombbusters.table.errors import StateError
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.state import GameState
from test_moves import Exact, close

VALUE_CARDS = {
    "A": lambda v: v % 2 == 0, "B": lambda v: v % 2 == 1, "C": lambda v: 1 <= v <= 6,
    "D": lambda v: 7 <= v <= 12, "E": lambda v: 4 <= v <= 9, "F": lambda v: not 4 <= v <= 9,
}
EQUIPMENT = {"double_detector", "triple_detector", "super_detector", "x_or_y_ray", "fast_pass"}
POINTED = {"dual_cut", "x_or_y_ray", "double_detector", "triple_detector", "super_detector"}


def breaks(cards: list[str], state: GameState, m: dict) -> bool:
    """The cards' rules, written out once more from the card texts."""
    if m["kind"] == "reveal_red":
        return False
    if "G" in cards and m["kind"] in EQUIPMENT:
        return True
    if "K" in cards and m["kind"] in ("solo_cut", "fast_pass"):
        return True
    for v in m.get("values") or [m["value"]]:
        if isinstance(v, int) and any(c in VALUE_CARDS and not VALUE_CARDS[c](v) for c in cards):
            return True
    return m["kind"] in POINTED and any(protected(cards, state, m["player"], m["stand"], j) for j in m["slots"])


def protected(cards: list[str], state: GameState, p: int, s: int, j: int) -> bool:
    """May I not point at this wire (H: an info token on it; I / J: the last / first uncut wire)?"""
    stand = state.stand(p, s)
    uncut = [i for i, sl in enumerate(stand) if sl.state != CUT]
    return ("H" in cards and stand[j].state == INFO) or ("I" in cards and j == max(uncut)) or (
        "J" in cards and j == min(uncut))


def _key(m: dict) -> tuple:
    return (m["kind"], m["player"], m["stand"], str(m["slots"]), str(m["value"]), str(m.get("values")))


@pytest.mark.parametrize("seed", range(60))
def test_cards_filter_the_ranking(seed):
    rng = random.Random(9100 + seed)
    doc = gen.random_state(rng, me="player", facts=rng.random() < 0.5)
    doc["available"] = list(ITEMS)
    cards = sorted(rng.sample(sorted(CARDS), rng.randint(1, 3)))
    free = rank_moves(GameState.from_json(doc))
    doc["constraints"] = cards
    state = GameState.from_json(doc)
    bound = rank_moves(state)
    for m in bound:
        assert ("forbidden" in m) == breaks(cards, state, m), (cards, m, doc)
        if "forbidden" in m:
            letter = m["forbidden"][-2]
            assert letter in cards and f"(constraint {letter})" in m["forbidden"]
    # what does not depend on the wires a detector picks is the same move, judged the same way
    same_kinds = {"dual_cut", "x_or_y_ray", "solo_cut", "fast_pass", "reveal_red", "super_detector"}
    want = {_key(m): m for m in free if m["kind"] in same_kinds}
    got = {_key(m): m for m in bound if m["kind"] in same_kinds}
    assert want.keys() == got.keys()
    for k, m in got.items():
        assert m["p_success"] == want[k]["p_success"] and m["p_red"] == want[k]["p_red"], k
    # detectors: the best set among the wires my cards let me point at, against the oracle
    ex = Exact(state)
    for m in bound:
        if m["kind"] not in ("double_detector", "triple_detector"):
            continue
        p, s, v = m["player"], m["stand"], m["value"]
        assert "forbidden" in m or not breaks(cards, state, m)
        allowed = [j for j in ex.uncut[(p, s)] if not protected(cards, state, p, s, j)]
        assert set(m["slots"]) <= set(allowed)
        close(m["p_success"], ex.p_any(p, s, m["slots"], v), "detector success", (m, doc))
        best = max(ex.p_any(p, s, c, v) for c in itertools.combinations(allowed, len(m["slots"])))
        close(m["p_success"], best, "best pointable set", (m, allowed, doc))


def _table(**extra) -> dict:
    # blue 1-4, 16 wires over 4 players; I am Ann; Bob shows an info 3 at slot B
    doc = {
        "players": [
            {"name": "Ann", "stands": ["?1 ?2 ?3 ?4"]},
            {"name": "Bob", "stands": ["? i3 ? ?"]},
            {"name": "Cat", "stands": ["? ? ? ?"]},
            {"name": "Dan", "stands": ["? ? ? ?"]},
        ],
        "me": 0, "captain": 0, "wires": {"blue": [1, 4]}, "facts": [], "available": list(ITEMS),
    }
    doc.update(extra)
    return doc


def test_each_card_names_its_reason():
    free = moves_json(_table())
    assert free["forbidden"] == []
    sure = [m for m in free["moves"] if m["guaranteed"] and m["kind"] == "dual_cut"]
    assert [(m["player"], m["slots"], m["value"]) for m in sure] == [(1, [1], 3)]
    h = moves_json(_table(constraints=["H"]))
    assert not any(m["player"] == 1 and 1 in m["slots"] for m in h["moves"])
    assert any(m["slots"] == [1] and "info token" in m["forbidden"] and "(constraint H)" in m["forbidden"]
               for m in h["forbidden"])
    k = moves_json(_table(constraints=["K"]))
    assert not any(m["kind"] == "solo_cut" for m in k["moves"])
    g = moves_json(_table(constraints=["G"]))
    assert {m["kind"] for m in g["moves"]} <= {"dual_cut", "solo_cut", "reveal_red"}
    assert {m["kind"] for m in g["forbidden"]} >= {"double_detector", "super_detector"}
    a = moves_json(_table(constraints=["A"]))
    assert {m["value"] for m in a["moves"]} <= {2, 4}
    assert all("even wires only (constraint A)" == m["forbidden"] for m in a["forbidden"] if m["value"] in (1, 3))
    j = moves_json(_table(constraints=["J", "I"]))
    for m in j["moves"]:
        if m["player"] is not None:
            assert 0 not in m["slots"] and 3 not in m["slots"]


def test_double_detonator_explodes_one_mistake_earlier():
    for cards, ml, explodes in ((["L"], 1, True), ([], 1, False), (["L"], 2, False), ([], 0, True)):
        moves = moves_json(_table(constraints=cards, mistakes_left=ml))["moves"]
        risky = [m for m in moves if m["kind"] == "dual_cut" and 0 < m["p_success"] < 1]
        assert risky
        for m in risky:
            want = m["p_red"] + (m["p_advance"] if explodes else 0.0)
            assert m["p_explode"] == pytest.approx(want), (cards, ml, m)


@pytest.mark.parametrize("bad, words", [
    ("A", ["list of card letters"]), (["M"], ["unknown card", "'M'"]), ([1], ["list of card letters"]),
])
def test_bad_constraints_are_named(bad, words):
    with pytest.raises(StateError) as info:
        moves_json(_table(constraints=bad))
    for w in words:
        assert w in str(info.value)


def test_reveal_red_is_never_forbidden():
    m = {"kind": "reveal_red", "player": None, "stand": None, "slots": [], "value": "RED"}
    assert move_reason(Rules(tuple(sorted(CARDS))), GameState.from_json(_table()), m) is None


def test_mission_rules_forbid_values_and_wires():
    """46: no 7 before the end; 41/48: no yellow by a plain cut; 35: an X wire locked, then only for equipment."""
    rules = {"no_values": [{"value": 3, "why": "the 3s are cut last (test)"}]}
    out = moves_json(_table(rules=rules))
    assert all(m["value"] != 3 for m in out["moves"] if m["kind"] != "reveal_red")
    assert any(m["value"] == 3 and m["forbidden"] == "the 3s are cut last (test)" for m in out["forbidden"])
    lock = {"player": 2, "stand": 0, "slot": 3, "why": "X wires after the yellows (mission 35)"}
    out = moves_json(_table(rules={"locked": [lock]}))
    assert not any(m["player"] == 2 and 3 in m["slots"] for m in out["moves"])
    assert any(m["player"] == 2 and m["slots"] == [3] and "mission 35" in m["forbidden"] for m in out["forbidden"])
    only = moves_json(_table(rules={"only_values": {"values": [2, 4], "why": "the number cards say 2 or 4 (test)"}}))
    assert {m["value"] for m in only["moves"] if m["kind"] != "reveal_red"} <= {2, 4}
    assert all(m["forbidden"] == "the number cards say 2 or 4 (test)" for m in only["forbidden"] if m["value"] in (1, 3))
    out = moves_json(_table(rules={"locked": [{**lock, "equipment_only": True}]}))
    on_d = [m for m in out["moves"] if m["player"] == 2 and 3 in m["slots"]]
    assert on_d and {m["kind"] for m in on_d} == {"dual_cut"}
    back = moves_json(_table(rules={"nano_value": {"value": 2, "why": "Nano is on 2 (test)"}}))["moves"]
    assert {m["value"] for m in back if "nano_value" in m} == {2} and all(
        m["nano_value"] == "Nano is on 2 (test)" for m in back if m["value"] == 2 and m["kind"] != "x_or_y_ray")


@pytest.mark.parametrize("bad, words", [
    ([], ["'rules' must be an object"]), ({"nope": []}, ["'rules' must be an object"]),
    ({"no_values": [{"value": "7"}]}, ["not a value"]), ({"locked": [{"player": 9, "slot": 0}]}, ["no slot"]),
    ({"locked": {"player": 1}}, ["must be a list"]), ({"only_values": [1]}, ["only_values must be"]),
    ({"only_values": {"values": ["x"]}}, ["not a value"]), ({"nano_value": 4}, ["nano_value must be"]),
    ({"nano_value": {"value": "4"}}, ["not a value"]),
])
def test_bad_rules_are_named(bad, words):
    with pytest.raises(StateError) as info:
        moves_json(_table(rules=bad))
    for w in words:
        assert w in str(info.value)
