"""Mission 11's hidden red value in the advice, against brute force over (deal, hidden value):
every move's chance of success and of exploding, with values ruled out by cuts and by the state."""

from __future__ import annotations

import random
from fractions import Fraction

import gen
import pytest
from bombbusters.advice.hidden_red import hidden_red_law
from bombbusters.advice.moves import ITEMS, moves_json, rank_moves
from bombbusters.table.errors import StateError
from bombbusters.table.notation import CUT
from bombbusters.table.state import GameState
from bombbusters.table.wires import value_of
from test_moves import Exact, close


def outcome(state: GameState, ex: Exact, m: dict, cfg: dict, w: int) -> tuple[bool, bool]:
    """(success, explosion) of move m on one deal when w is the hidden red value (the card texts)."""
    kind, v = m["kind"], m["value"]
    if kind in ("solo_cut", "fast_pass"):
        legal = kind == "fast_pass" or not any(
            value_of(cfg[(p, s, j)]) == v for p, s in ex.targets for j in ex.uncut[(p, s)])
        return legal and w != v, w == v
    vals = [value_of(cfg[(m["player"], m["stand"], j)]) for j in m["slots"]]
    if kind in ("dual_cut", "x_or_y_ray"):
        good = set(m["values"]) if kind == "x_or_y_ray" else {v}
        x = vals[0]
        return x in good and x != w, x == "RED" or x == w
    hit = v in vals
    return hit and w != v, (hit and w == v) or (not hit and all(x == "RED" or x == w for x in vals))


def check(doc: dict) -> int:
    state = GameState.from_json(doc)
    law = hidden_red_law(state)
    assert law is not None and abs(sum(law.values()) - 1) < 1e-12
    ex = Exact(state)
    h = {w: Fraction(1, len(law)) for w in law}
    moves = rank_moves(state)
    for m in moves:
        if m["kind"] == "reveal_red":
            continue
        succ = expl = Fraction(0)
        for cfg, weight in ex.configs:
            for w, hw in h.items():
                ok, boom = outcome(state, ex, m, cfg, w)
                succ += weight * hw * ok
                expl += weight * hw * boom
        close(m["p_success"], succ / ex.z, "success", (m, doc))
        close(m["p_red"], expl / ex.z, "explosion", (m, doc))
        if m["kind"] != "solo_cut":
            close(m["p_advance"], 1 - (succ + expl) / ex.z, "advance", (m, doc))
    return len(moves)


@pytest.mark.parametrize("seed", range(80))
def test_hidden_red_against_brute_force(seed):
    rng = random.Random(1100 + seed)
    doc = gen.random_state(rng, me="player", facts=rng.random() < 0.4)
    doc["available"] = list(ITEMS)
    lo, hi = doc["wires"]["blue"]
    ruled = sorted(rng.sample(range(lo, hi + 1), rng.randint(0, (hi - lo) // 2)))
    doc["hidden_red_value"] = {"ruled_out": ruled} if ruled or rng.random() < 0.5 else True
    try:
        hidden_red_law(GameState.from_json(doc))
    except StateError:
        return  # every value ruled out or cut: named (tested below)
    check(doc)


def test_cut_values_are_ruled_out_and_no_cut_is_sure():
    doc = {
        "players": [
            {"name": "Ann", "stands": ["?1 ?2 ?3 ?4"]},
            {"name": "Bob", "stands": ["1 i3 ? ?"]},
            {"name": "Cat", "stands": ["1 ? ? ?"]},
            {"name": "Dan", "stands": ["? ? ? ?"]},
        ],
        "me": 0, "captain": 0, "wires": {"blue": [1, 4]}, "facts": [], "hidden_red_value": True,
    }
    state = GameState.from_json(doc)
    assert hidden_red_law(state) == {2: 1 / 3, 3: 1 / 3, 4: 1 / 3}
    assert all(sl.state == CUT for sl in state.stand(1, 0)[:1])
    on_3 = [m for m in moves_json(doc)["moves"] if m["kind"] == "dual_cut" and m["player"] == 1 and m["slots"] == [1]]
    assert on_3[0]["value"] == 3 and on_3[0]["p_success"] == pytest.approx(2 / 3) and not on_3[0]["guaranteed"]
    assert on_3[0]["p_red"] == pytest.approx(1 / 3)
    assert check(doc) > 0
    doc["hidden_red_value"] = {"ruled_out": [3]}
    on_3 = [m for m in moves_json(doc)["moves"] if m["kind"] == "dual_cut" and m["player"] == 1 and m["slots"] == [1]]
    assert on_3[0]["guaranteed"] and on_3[0]["p_red"] == 0.0


@pytest.mark.parametrize("bad, words", [
    ("yes", ["must be true"]), ({"ruled_out": [13]}, ["13", "not a blue value"]),
    ({"ruled": [1]}, ["must be true"]), ({"ruled_out": [2, 3, 4]}, ["every blue value"]),
])
def test_bad_hidden_red_is_named(bad, words):
    doc = {
        "players": [{"name": n, "stands": ["? ? ? ?"]} for n in ("Ann", "Bob", "Cat")] + [{"name": "Dan", "stands": ["1 ? ? ?"]}],
        "me": None, "captain": 0, "wires": {"blue": [1, 4]}, "facts": [], "hidden_red_value": bad,
    }
    doc["players"][0]["stands"] = ["?1 ?2 ?3 ?4"]
    doc["me"] = 0
    with pytest.raises(StateError) as info:
        moves_json(doc)
    for w in words:
        assert w in str(info.value)


def test_a_hand_of_the_known_card_s_value_alone_is_revealed_not_cut():
    """11, the card face up (every other value ruled out): my wires all of its value are revealed as red wires
    are — the only move that does not explode (the walkthrough: a Double Detector at 0 % was the best move)."""
    doc = {
        "players": [
            {"name": "Ann", "stands": ["1 2 ?3 ?3"]},
            {"name": "Bob", "stands": ["1 2 ? ?"]},
            {"name": "Cat", "stands": ["? ? ? ?"]},
            {"name": "Dan", "stands": ["? ? ? ?"]},
        ],
        "me": 0, "captain": 0, "wires": {"blue": [1, 4]}, "facts": [], "hidden_red_value": {"ruled_out": [1, 2, 4]},
    }
    moves = moves_json(doc)["moves"]
    assert moves[0]["kind"] == "reveal_red" and moves[0]["count"] == 2 and moves[0]["p_red"] == 0.0
    assert all(m["p_success"] == 0.0 for m in moves[1:])
    doc["hidden_red_value"] = {"ruled_out": [1, 2]}  # 3 or 4: the card not known, no reveal
    assert not any(m["kind"] == "reveal_red" for m in moves_json(doc)["moves"])
