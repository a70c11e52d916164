"""Pin the brute-force oracle: hand-computed posteriors and inconsistent tables (the tile-permutation check and
the generator: test_oracle_brute.py)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction as F

import gen
import gen_inconsistent
import oracle
import pytest
from bombbusters.table.errors import RuleError
from bombbusters.table.state import GameState
from bombbusters.table.wires import blue, colour_of, red, yellow

# --------------------------------------------------------------------------
# helpers


def doc(stands, wires, me=None, facts=(), captain=0):
    return {
        "players": [{"name": n, "stands": st} for n, st in zip(gen.NAMES, stands)],
        "me": me,
        "captain": captain,
        "wires": wires,
        "facts": list(facts),
    }


def dist(d, p, s, j):
    return oracle.slot_distributions(d)[(p, s, j)]


# --------------------------------------------------------------------------
# the weighting trap (design note, section 1)


def test_design_example_by_physical_weight():
    """Tiles {1,1,2,2}, two stands of two; the left wire of stand A shows 1: P(right is 1) = 1/5."""
    copies = {10: 2, 20: 2}
    hands = {}
    for a1 in range(3):  # copies of 1 on stand A
        a = {10: a1, 20: 2 - a1}
        b = {10: 2 - a1, 20: a1}
        if all(v >= 0 for v in a.values()):
            hands[a1] = oracle.physical_weight(copies, [a, b])
    assert hands == {0: 1, 1: 4, 2: 1}  # 6 equally likely hands
    assert sum(hands.values()) == math.comb(4, 2)
    left_is_one = {k: w for k, w in hands.items() if k >= 1}  # sorted: a 1 on the left iff A holds a 1
    assert F(left_is_one[2], sum(left_is_one.values())) == F(1, 5)


def test_physical_weight_counts_tile_deals():
    # three distinguishable 1s and one 2 over sorted stands of sizes 2, 1, 1
    copies = {10: 3, 20: 1}
    w = {
        "A=11 B=1 C=2": oracle.physical_weight(copies, [{10: 2}, {10: 1}, {20: 1}]),
        "A=11 B=2 C=1": oracle.physical_weight(copies, [{10: 2}, {20: 1}, {10: 1}]),
        "A=12 B=1 C=1": oracle.physical_weight(copies, [{10: 1, 20: 1}, {10: 1}, {10: 1}]),
    }
    assert w == {"A=11 B=1 C=2": 3, "A=11 B=2 C=1": 3, "A=12 B=1 C=1": 6}
    assert sum(w.values()) == math.factorial(4) // math.factorial(2)  # tiles into places, stand A unordered
    with pytest.raises(ValueError):
        oracle.physical_weight(copies, [{10: 4}])
    with pytest.raises(ValueError):
        oracle.physical_weight(copies, [{10: 3}])


def test_cut_left_wire_real_setup():
    """Blue 1-2 (four 1s, four 2s), stands of two; the left wire of Ann's first stand is a cut 1.

    Ann's stand is {1,1} in C(4,2)=6 tile pairs and {1,2} in 4*4=16: P(right is 1) = 6/22 = 3/11
    (the unknown-pool weighting would say 3/7).
    """
    d = doc([["1 ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]})
    assert dist(d, 0, 0, 1) == {10: F(3, 11), 20: F(8, 11)}
    assert dist(d, 0, 0, 0) == {10: F(1)}
    # 8!/2!^4 = 2520 deals into four sorted stands of two; 22/28 of them put a 1 on Ann's first stand
    assert oracle.total_weight(d) == 2520 * 22 // 28
    # Bob's first stand: the 6 other wires hold three 2s... Ann {1,1} (6/22) leaves two 1s and four 2s,
    # Ann {1,2} (16/22) leaves three of each; Bob's left wire is a 2 only if he has two 2s
    p22 = F(6, 22) * F(math.comb(4, 2), math.comb(6, 2)) + F(16, 22) * F(math.comb(3, 2), math.comb(6, 2))
    assert dist(d, 1, 0, 0) == {10: 1 - p22, 20: p22}


def test_total_weight_counts_deals_outside_me():
    """Ann (me) holds 1,2,2,2: Bob's two stands get {1,1,1,2}; his left wire shows 1.

    Bob's first stand is {1,1} in C(3,2)=3 ways and {1,2} in 3 ways: P(right is 1) = 1/2
    (the unknown-pool weighting would say 2/3).  4!/3! = 4 tile deals... per sorted arrangement:
    total = 3!/(2!1!)*... = 6 deals of the 4 tiles into two sorted stands of two.
    """
    d = doc([["?1 ?2", "?2 ?2"], ["1 ?", "? ?"]], {"blue": [1, 2]}, me=0)
    assert dist(d, 1, 0, 1) == {10: F(1, 2), 20: F(1, 2)}
    assert oracle.total_weight(d) == 6
    assert (0, 0, 0) not in oracle.slot_distributions(d)
    # the observer's own wires only scale the weight: without the cut Bob's stand is the same
    d2 = doc([["?1 ?2", "?2 ?2"], ["? ?", "? ?"]], {"blue": [1, 2]}, me=0)
    assert oracle.total_weight(d2) == 6
    assert oracle.slot_distributions(d2) == oracle.slot_distributions(d)


def test_total_weight_without_observer():
    d = doc([["? ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]})
    # 8!/(4!4!) = 70 tile-to-position deals up to copies... per configuration Π c! / Π k!
    # Σ over configurations = number of ways to deal 8 distinguishable tiles into 4 sorted stands of 2
    assert oracle.total_weight(d) == math.factorial(8) // (2**4)
    assert dist(d, 0, 0, 0) == {10: F(22, 28), 20: F(6, 28)}
    assert dist(d, 1, 1, 1) == {10: F(6, 28), 20: F(22, 28)}


# --------------------------------------------------------------------------
# "a of b", X slots, multiplicity, facts


def test_one_of_two_red():
    """Blue 2 (four 2s) + 1 of {R1, R3}; Bob (me) holds one 2; Ann 2 slots, Cyd and Dee 1 each.

    Per kept red: red at Ann 3!/1! = 6 deals, at Cyd 3, at Dee 3 -> 12; both reds: 24.
    """
    d = doc([["? ?"], ["?2"], ["?"], ["?"]], {"blue": [2, 2], "red": {"of": [1, 3], "keep": 1}}, me=1)
    dd = oracle.slot_distributions(d)
    assert dd[(0, 0, 0)] == {red(1): F(1, 4), blue(2): F(3, 4)}
    assert dd[(0, 0, 1)] == {blue(2): F(3, 4), red(3): F(1, 4)}
    assert dd[(2, 0, 0)] == {blue(2): F(3, 4), red(1): F(1, 8), red(3): F(1, 8)}
    assert oracle.total_weight(d) == 24
    configs = oracle.enumerate(d)
    assert {cfg.kept for cfg, _ in configs} == {frozenset({red(1)}), frozenset({red(3)})}
    assert oracle.probability(d, lambda c: c.kept == frozenset({red(3)})) == F(1, 2)


def test_a_of_b_with_cut_candidate():
    # the cut R3 proves R3 was kept, so R1 is out of the game
    d = doc([["? ?"], ["R3"], ["?"], ["?"]], {"blue": [2, 2], "red": {"of": [1, 3], "keep": 1}})
    dd = oracle.slot_distributions(d)
    assert red(1) not in dd[(0, 0, 0)] and red(1) not in dd[(2, 0, 0)]
    assert dd[(0, 0, 0)] == {blue(2): F(1)}
    # a candidate that is never seen keeps its prior: "R1 kept" has probability 1/2 with no evidence
    d2 = doc([["? ?"], ["2"], ["?"], ["?"]], {"blue": [2, 2], "red": {"of": [1, 3], "keep": 1}})
    assert oracle.probability(d2, lambda c: red(1) in c.kept) == F(1, 2)


def test_x_slot_is_one_uniform_tile():
    """Ann (me) holds 1,1,2,2; Bob's tiles 1,1,2,2 over '? X' and '? ?'."""
    wires = {"blue": [1, 2]}
    d = doc([["?1 ?1", "?2 ?2"], ["? X", "? ?"]], wires, me=0)
    dd = oracle.slot_distributions(d)
    assert dd[(1, 0, 1)] == {10: F(1, 2), 20: F(1, 2)}  # the X slot: any tile, uniformly
    assert dd[(1, 0, 0)] == {10: F(1, 2), 20: F(1, 2)}  # a one-slot sorted part
    assert dd[(1, 1, 0)] == {10: F(5, 6), 20: F(1, 6)}
    assert oracle.total_weight(d) == 4 * 3 * 2 // 2  # 24 position deals, stand 1's two places unordered
    # the X wire is cut and shows 2: tiles 1,1,2 remain for three places
    d = doc([["?1 ?1", "?2 ?2"], ["? X2", "? ?"]], wires, me=0)
    dd = oracle.slot_distributions(d)
    assert dd[(1, 0, 0)] == {10: F(2, 3), 20: F(1, 3)}
    assert dd[(1, 1, 1)] == {10: F(1, 3), 20: F(2, 3)}
    assert dd[(1, 0, 1)] == {20: F(1)}
    # the same cut on a sorted slot: Bob's first stand is {1,2} (weight 4) or {2,2} (weight 1)
    d = doc([["?1 ?1", "?2 ?2"], ["? 2", "? ?"]], wires, me=0)
    assert oracle.slot_distributions(d)[(1, 0, 0)] == {10: F(4, 5), 20: F(1, 5)}
    d = doc([["? ?", "? ?"], ["? 2", "? ?"]], wires)
    assert oracle.slot_distributions(d)[(1, 0, 0)][10] == F(16, 22)


def test_x_slot_may_break_the_order():
    # '2 X1': the X wire is smaller than the sorted part; without the X it is impossible
    d = doc([["?1 ?1", "?2 ?2"], ["2 X1", "? ?"]], {"blue": [1, 2]}, me=0)
    assert oracle.slot_distributions(d)[(1, 1, 0)] == {10: F(1)}
    with pytest.raises(oracle.OracleInconsistent):
        oracle.solve(doc([["?1 ?1", "?2 ?2"], ["2 1", "? ?"]], {"blue": [1, 2]}, me=0))


def test_multiplicity_x2():
    """Blue 1-3; Ann (me) holds 1,2,3; Bob's first slot carries x2.

    Bob's stand is {a,a,b}, a<b: {1,1,2}, {1,1,3}, {2,2,3}, each C(3,2)*3 = 9 tile choices.
    """
    d = doc([["?1 ?2 ?3"], ["2x ? ?"], ["? ? ?"], ["? ? ?"]], {"blue": [1, 3]}, me=0)
    dd = oracle.slot_distributions(d)
    assert dd[(1, 0, 0)] == {10: F(2, 3), 20: F(1, 3)}
    assert dd[(1, 0, 1)] == {10: F(2, 3), 20: F(1, 3)}
    assert dd[(1, 0, 2)] == {20: F(1, 3), 30: F(2, 3)}
    # x1 on the middle slot: {a,b,c} all different or {a,a... } no: the middle value appears once
    d = doc([["?1 ?2 ?3"], ["? 1x ?"], ["? ? ?"], ["? ? ?"]], {"blue": [1, 3]}, me=0)
    dd = oracle.slot_distributions(d)
    assert dd[(1, 0, 1)] == {20: F(1)}  # {1,2,3}: 27 tile choices; {a,b,b}/{a,a,b} have no single middle
    assert dd[(1, 0, 0)] == {10: F(1)}


def test_multiplicity_counts_yellows_as_one_value():
    # 2 yellows and 2 blues; '2x' on a yellow-coloured slot: both yellows on that stand
    wires = {"blue": [1, 1], "yellow": [1, 2]}
    d = doc([["y2x ? ?"], ["? ?"], ["?"]], wires)  # 3 players: captain holds two stands
    with pytest.raises(RuleError):
        GameState.from_json(d)
    d = doc([["y2x ?", "?"], ["? ?"], ["?"]], wires)
    dd = oracle.slot_distributions(d)
    assert dd[(0, 0, 0)] == {yellow(1): F(1)}
    assert dd[(0, 0, 1)] == {yellow(2): F(1)}


def test_parity_and_false_tokens():
    wires = {"blue": [1, 2]}
    d = doc([["E ?", "? ?"], ["? ?", "? ?"]], wires)
    dd = oracle.slot_distributions(d)
    assert dd[(0, 0, 0)] == {20: F(1)} and dd[(0, 0, 1)] == {20: F(1)}
    d = doc([["!1 ?", "? ?"], ["? ?", "? ?"]], wires)
    assert oracle.slot_distributions(d)[(0, 0, 1)] == {20: F(1)}
    # a false token also rules out red
    with pytest.raises(RuleError):  # 5 wires over 4 stands: sizes 2,1,1,1
        GameState.from_json(doc([["!1", "?"], ["?", "?"]], {"blue": [1, 1], "red": [1]}))
    d = doc([["!1 ?", "? ?"], ["?", "?"]], {"blue": [1, 1], "yellow": [2], "red": [3]})
    dd = oracle.slot_distributions(d)
    assert dd[(0, 0, 0)] == {yellow(2): F(1)} and dd[(0, 0, 1)] == {red(3): F(1)}
    with pytest.raises(oracle.OracleInconsistent):
        oracle.solve(doc([["!1 ?", "?"], ["?", "?"]], {"blue": [1, 1], "red": [2]}))
    d = doc([["? ?", "?"], ["?", "?"]], {"blue": [1, 1], "red": [2]})
    # R2 anywhere: 5 places, the stand of two puts it on the right
    assert oracle.slot_distributions(d)[(0, 0, 1)] == {10: F(3, 5), red(2): F(2, 5)}


def test_facts():
    wires = {"blue": [1, 2]}
    me = ["?1 ?1", "?2 ?2"]
    d = doc([me, ["? ?", "? ?"]], wires, me=0, facts=[{"kind": "has_not", "player": 1, "stand": 0, "value": 1}])
    dd = oracle.slot_distributions(d)
    assert dd[(1, 0, 0)] == {20: F(1)} and dd[(1, 1, 1)] == {10: F(1)}
    d = doc([me, ["? ?", "? ?"]], wires, me=0, facts=[{"kind": "different", "player": 1, "stand": 0, "slots": [0, 1]}])
    assert oracle.slot_distributions(d)[(1, 1, 0)] == {10: F(1)}
    d = doc([me, ["? ?", "? ?"]], wires, me=0, facts=[{"kind": "same", "player": 1, "stand": 1, "slots": [1, 0]}])
    assert oracle.slot_distributions(d)[(1, 0, 0)] == {10: F(1, 2), 20: F(1, 2)}
    # has without a stand: either of Bob's stands
    d = doc([me, ["1 ?", "? ?"]], wires, me=0, facts=[{"kind": "has", "player": 1, "value": 2}])
    assert oracle.slot_distributions(d) == oracle.slot_distributions(doc([me, ["1 ?", "? ?"]], wires, me=0))
    # has counts only uncut wires: the cut 1 does not satisfy "has 1"
    d = doc([me, ["1 ?", "? ?"]], wires, me=0, facts=[{"kind": "has", "player": 1, "stand": 0, "value": 1}])
    assert oracle.slot_distributions(d)[(1, 0, 1)] == {10: F(1)}
    # red_count
    wires = {"blue": [1, 1], "red": [1, 2, 3]}  # 7 wires: 2,2,2,1
    d = doc([["? ?", "? ?"], ["? ?", "?"]], wires, facts=[{"kind": "red_count", "player": 1, "stand": 1, "count": 1}])
    dd = oracle.slot_distributions(d)
    assert colour_of(next(iter(dd[(1, 1, 0)]))) == "red" and len(dd[(1, 1, 0)]) == 3
    d = doc([["? ?", "? ?"], ["? ?", "?"]], wires,
            facts=[{"kind": "red_count", "player": 0, "stand": 0, "count": 2},
                   {"kind": "has", "player": 0, "stand": 1, "value": "red"}])
    dd = oracle.slot_distributions(d)
    assert dd[(0, 1, 0)] == {10: F(1)} and dd[(0, 1, 1)] == {red(1): F(1, 3), red(2): F(1, 3), red(3): F(1, 3)}
    assert all(colour_of(t) != "red" for t in dd[(1, 0, 0)]) and all(colour_of(t) != "red" for t in dd[(1, 1, 0)])


def test_probability_of_multi_slot_events():
    d = doc([["? ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2]})
    res = oracle.solve(d)
    both_one = oracle.probability(d, lambda c: c[(0, 0, 0)] == c[(0, 0, 1)] == 10, res)
    # C(4,2)/C(8,2) = 6/28
    assert both_one == F(6, 28)
    assert oracle.probability(d, lambda c: True, res) == 1


# --------------------------------------------------------------------------
# inconsistent states


@pytest.mark.parametrize("name,d", gen_inconsistent.inconsistent_states(), ids=[n for n, _ in gen_inconsistent.inconsistent_states()])
def test_inconsistent_hand_made(name, d):
    try:
        state = GameState.from_json(d)
    except RuleError:
        return
    with pytest.raises(oracle.OracleInconsistent):
        oracle.solve(state)


def test_inconsistent_random():
    kinds = Counter()
    for seed in range(300):
        name, d = gen_inconsistent.random_inconsistent_state(random.Random(seed))
        kinds[name] += 1
        try:
            state = GameState.from_json(d)
        except RuleError:
            continue
        with pytest.raises(oracle.OracleInconsistent):
            oracle.solve(state)
    assert len(kinds) == 4, kinds


# --------------------------------------------------------------------------
# exact check against every permutation of the physical tiles
