"""Turned-around wires (missions 38, 56, 64): the engine against the oracle over physical deals.

A player turns wires picked unseen around (``T``): their teammates see them,
they do not.  Mission 38/56: one at the far right; 64: the lower far left,
the higher far right (with two stands: one end of each).  The games below are
dealt that way (the truth), seen by an observer who knows the teammates'
turned wires and not their own, with cuts, tokens and true has / has-not facts.
"""

from __future__ import annotations

import math
import random

import gen
import gen_tokens
import oracle
import pytest
from bombbusters.advice.moves import rank_moves
from bombbusters.table.errors import InconsistentStateError, RuleError, StateError
from bombbusters.table.notation import parse_slot
from bombbusters.table.state import GameState
from bombbusters.table.wires import label, value_of
from test_solver_vs_oracle import TOL, check_against_oracle


def turned_game(rng: random.Random, n: int | None = None, mode: str | None = None) -> dict:
    """A tiny game where some players turned wires around, and an observer's view of it."""
    n = n or rng.choice([2, 3, 4])
    captain = rng.randrange(n)
    order = gen.stand_order(n, captain)
    wires, _ = gen._small_setup(rng, order, None, False, None, 3000)
    deal, _ = gen._deal(rng, gen._in_play(rng, wires), order, set())
    mode = mode or rng.choice(["right", "ends"])
    turned: set[tuple[int, int, int]] = set()
    for p in sorted(rng.sample(range(n), rng.randint(1, n))):
        keys = [k for k in order if k[0] == p]
        keys.sort()
        ends = [(keys[0], "left"), (keys[-1], "right")] if mode == "ends" else [(keys[-1], "right")]
        if len(keys) == 1 and mode == "ends" and len(deal[keys[0]]) < 3:
            continue
        picked = []
        for key, _side in ends:
            st = deal[key]
            picked.append(st.pop(rng.randrange(len(st))))
        picked.sort()
        for (key, side), t in zip(ends, picked):
            deal[key] = [t] + sorted(deal[key]) if side == "left" else sorted(deal[key]) + [t]
            turned.add((p, key[1], 0 if side == "left" else len(deal[key]) - 1))
    me = None if rng.random() < 0.2 else rng.randrange(n)
    seen = {(p, s, j): [t for i, t in enumerate(deal[(p, s)]) if (p, s, i) not in turned]
            for (p, s), st in deal.items() for j in range(len(st))}
    players, states, _view = gen._observe(rng, n, captain, deal, set(), me, counted_on=seen)
    for p, pl in enumerate(players):
        stands = []
        for s, text in enumerate(pl["stands"]):
            toks = text.replace(",", " ").split()
            for j, tok in enumerate(toks):
                if (p, s, j) not in turned:
                    continue
                t = deal[(p, s)][j]
                r = rng.random()
                if r < 0.2:
                    toks[j], states[(p, s, j)] = "T" + gen_tokens.label(t), "cut"
                elif p != me and me is not None and r < 0.8:
                    toks[j], states[(p, s, j)] = "T?" + gen_tokens.label(t), "hidden"
                else:
                    toks[j], states[(p, s, j)] = "T?", "hidden"
            stands.append(" ".join(toks))
        pl["stands"] = stands
    facts = []
    for _ in range(rng.randint(0, 3)):
        p = rng.randrange(n)
        visible = {gen._value(t) for (q, s), st in deal.items() if q == p for j, t in enumerate(st)
                   if states[(q, s, j)] != "cut" and (q, s, j) not in turned}
        values = sorted({gen._value(t) for t in gen._in_play(random.Random(0), wires)} - {"RED"}, key=str)
        v = rng.choice(values)
        facts.append({"kind": "has" if v in visible else "has_not", "player": p, "value": v})
    return {"players": players, "me": me, "captain": captain, "wires": wires, "facts": facts}


def _check(doc: dict) -> None:
    try:
        oracle.solve(GameState.from_json(doc))
    except oracle.OracleInconsistent:
        with pytest.raises(InconsistentStateError):
            check_against_oracle(doc)
        return
    check_against_oracle(doc)


@pytest.mark.parametrize("mode", ["right", "ends"])
def test_turned_wires_match_the_oracle(mode):
    """One turned wire (38, 56) or a sorted pair at the ends (64): exact slot laws and deal counts."""
    rng = random.Random(64 if mode == "ends" else 56)
    for _ in range(150):
        _check(turned_game(rng, mode=mode))


def test_two_stands_share_one_pair():
    """A two-stand player's pair: lowest far left of stand 1, highest far right of stand 2."""
    rng = random.Random(7)
    for _ in range(60):
        _check(turned_game(rng, n=2, mode="ends"))


def test_my_own_turned_wire_gets_a_law():
    """The owner's turned wire is the one slot of theirs the engine reports: it is uniform on what is left."""
    doc = {"players": [{"name": "A", "stands": ["?1 ?2 ?3 T?"]}, {"name": "B", "stands": ["? ? ? T?4"]},
                       {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
           "me": 0, "captain": 0, "wires": {"blue": [1, 4]}}
    out = check_against_oracle(doc)
    mine = [e for e in out["slots"] if e["player"] == 0]
    assert [e["slot"] for e in mine] == [3]
    assert all(abs(q - 0.25) <= TOL for q in mine[0]["probs"].values())


def test_notation_round_trips_and_refusals():
    for tok in ("T", "T?7", "T7", "T?Y3", "t?r5"):
        sl = parse_slot(tok)
        assert sl.turned and parse_slot(str(sl)) == sl
    for tok in ("Ti7", "bT", "TE"):
        with pytest.raises(ValueError):
            parse_slot(tok)
    base = {"players": [{"name": "A", "stands": ["?1 ?2 ?3 T?"]}, {"name": "B", "stands": ["? ? ? T?4"]},
                        {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
            "me": 0, "captain": 0, "wires": {"blue": [1, 4]}}
    with pytest.raises(StateError, match="turned-around"):
        GameState.from_json({**base, "facts": [{"kind": "same", "player": 1, "slots": [2, 3]}]})
    with pytest.raises(RuleError, match="enter the wire"):  # my other wires must still be entered
        GameState.from_json({**base, "players": [{"name": "A", "stands": ["?1 ? ?3 T?"]}] + base["players"][1:]})
    with pytest.raises(RuleError, match="turned-around"):
        GameState.from_json({**base, "players": [base["players"][0], {"name": "B", "stands": ["? ? ?"]},
                                                 {"name": "C", "stands": ["? ? ? ? T?4"]}, base["players"][3]],
                             "moves": [{"kind": "grappling_hook", "wires": [{"from": [1, 0, 3], "to": [2, 0, 4]}]}]})


def _turned_doc(rng: random.Random) -> tuple[dict, GameState, oracle.OracleResult]:
    """A consistent turned-wire table whose observer holds an unseen turned wire on their first stand."""
    while True:
        doc = turned_game(rng, n=rng.choice([3, 4]), mode="right")
        state = GameState.from_json(doc)
        if state.me is None or not any(sl.turned and sl.wire is None and sl.state != "cut" for sl in state.players[state.me].stands[0]):
            continue
        try:
            res = oracle.solve(state)
        except oracle.OracleInconsistent:
            continue
        return doc, state, res


def test_turned_cut_and_solo_cut_odds():
    """Cutting my turned wire needs it and the teammate's wire to match; a solo cut needs my turned wire not
    to hold the value either: both against the oracle's joint law."""
    rng = random.Random(38)
    checked = 0
    for _ in range(40):
        doc, state, res = _turned_doc(rng)
        me = state.me
        tj = next(j for j, sl in enumerate(state.players[me].stands[0]) if sl.turned)
        for m in rank_moves(state):
            if m["kind"] == "turned_cut":
                assert m["mine"] == [0, tj]
                key = (m["player"], m["stand"], m["slots"][0])
                want = oracle.probability(state, lambda c, k=key, v=m["value"]: value_of(c[k]) == v
                                          and value_of(c[(me, 0, tj)]) == v, res)
                assert math.isclose(m["p_success"], float(want), abs_tol=TOL), (m, float(want), doc)
                assert math.isclose(m["p_explode"], 1.0 - float(want), abs_tol=TOL)
                checked += 1
            elif m["kind"] == "solo_cut":
                mine_spots = {(me, s, j) for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)
                              if sl.state != "cut" and sl.wire is not None}
                want = oracle.probability(state, lambda c, v=m["value"], ms=mine_spots: all(
                    value_of(t) != v for k, t in c.types.items()
                    if k not in ms and state.stand(k[0], k[1])[k[2]].state != "cut"), res)
                assert math.isclose(m["p_legal"], float(want), abs_tol=TOL), (m, float(want), doc)
                checked += 1
    assert checked > 40


def test_has_speaks_of_the_wires_the_player_sees():
    """'Ann said 4 and failed': Ann holds a 4 she can see, so her turned wire may still be anything."""
    doc = {"players": [{"name": "A", "stands": ["? ? ? T?"]}, {"name": "B", "stands": ["?1 ?2 ?3 T?"]},
                       {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
           "me": 1, "captain": 0, "wires": {"blue": [1, 4]}, "facts": [{"kind": "has", "player": 0, "value": 4}]}
    out = check_against_oracle(doc)
    turned = next(e for e in out["slots"] if (e["player"], e["slot"]) == (0, 3))
    assert set(turned["probs"]) == {"1", "2", "3", "4"}


def test_costly_and_locked_turned_wires():
    """56 / 64: a teammate's turned wire may be cut, but the detonator moves; 38: only its owner cuts it."""
    base = {"players": [{"name": "A", "stands": ["?1 ?2 ?3 T?"]}, {"name": "B", "stands": ["? ? ? T?4"]},
                        {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
            "me": 0, "captain": 0, "wires": {"blue": [1, 4]}, "mistakes_left": 2, "available": []}
    spot = {"player": 1, "stand": 0, "slot": 3}
    costly = rank_moves(GameState.from_json({**base, "rules": {"costly": [{**spot, "why": "mission 56"}]}}))
    on_t = [m for m in costly if m["player"] == 1 and m["slots"] == [3]]
    assert on_t and all(m["costs_mistake"] == "mission 56" and m["p_advance"] + m["p_explode"] == pytest.approx(1.0) for m in on_t)
    assert costly.index(on_t[0]) > max(i for i, m in enumerate(costly) if "costs_mistake" not in m)
    locked = rank_moves(GameState.from_json({**base, "rules": {"locked": [{**spot, "why": "mission 38"}]}}))
    assert all(m.get("forbidden") == "mission 38" for m in locked if m["player"] == 1 and m["slots"] == [3])
    # the rule for every player ("turned") expands to the same slots: the teammates' turned wires, not mine
    for kind, per_slot in (("costly", costly), ("locked", locked)):
        whole = rank_moves(GameState.from_json({**base, "rules": {"turned": {"kind": kind, "why": f"mission {56 if kind == 'costly' else 38}"}}}))
        assert whole == per_slot


def test_a_sure_costly_cut_scores_below_a_free_sure_cut():
    """The team's score of a teammate's turned wire (56, 64) counts the detonator's move once: a sure one is worth
    a success less a mistake, below a free sure cut (it scored 1 + keep, times keep, above every free move)."""
    from bombbusters.advice.team import MISTAKE_COST, team_order

    doc = {"players": [{"name": "A", "stands": ["?1 ?2 ?4 T?"]}, {"name": "B", "stands": ["? ? ? T?4"]},
                       {"name": "C", "stands": ["i2 ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
           "me": 0, "captain": 0, "wires": {"blue": [1, 4]}, "mistakes_left": 2, "available": [],
           "rules": {"costly": [{"player": 1, "stand": 0, "slot": 3, "why": "mission 64"}]}}
    state = GameState.from_json(doc)
    order = team_order(rank_moves(state), state)
    assert order[0]["guaranteed"] and "costs_mistake" not in order[0] and order[0]["score"] == pytest.approx(1.0)
    costly = next(m for m in order if m.get("costs_mistake") and m["p_success"] == pytest.approx(1.0))
    assert costly["score"] == pytest.approx(1 - MISTAKE_COST[2])


def test_pinned_facts_leave_out_turned_wires():
    """Once a wire is cut (lookahead, playouts) or left blank ("why"), 'Ann has a 4' is pinned to the wires
    it spoke of: hers she can see, not her turned-around one."""
    from bombbusters.table.state import pin_facts

    doc = {"players": [{"name": "A", "stands": ["? 2 ? T?"]}, {"name": "B", "stands": ["?1 ?2 ?3 T?"]},
                       {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
           "me": 1, "captain": 0, "wires": {"blue": [1, 4]}, "facts": [{"kind": "has", "player": 0, "value": 4}]}
    (fact,) = pin_facts(GameState.from_json(doc), {0})
    assert fact.wires == ((0, 0, 0), (0, 0, 2))


def test_lookahead_of_a_turned_cut():
    """Each success of cutting my turned wire (their wire, mine) and the explosion, against the oracle; the
    table after a success shows both wires cut, and I learn mine."""
    from bombbusters.advice.lookahead import lookahead

    rng = random.Random(56)
    checked = 0
    for _ in range(25):
        doc, state, res = _turned_doc(rng)
        me = state.me
        for row in lookahead(state, None):
            m = row["move"]
            if m["kind"] != "turned_cut":
                continue
            key, mine = (m["player"], m["stand"], m["slots"][0]), (me, *m["mine"])
            total = 0.0
            for o in row["outcomes"]:
                total += o["p"]
                if o["kind"] == "explode":
                    continue
                assert o["kind"] == "success" and tuple(o["slot"]) == key, (o, doc)
                want = oracle.probability(state, lambda c, lab=o["shows"]: label(c[key]) == lab
                                          and value_of(c[mine]) == m["value"], res)
                assert math.isclose(o["p"], float(want), abs_tol=TOL), (o, float(want), doc)
                checked += 1
            assert math.isclose(total, 1.0, abs_tol=TOL)
            boom = sum(o["p"] for o in row["outcomes"] if o["kind"] == "explode")
            assert math.isclose(boom, m["p_explode"], abs_tol=TOL), (row, doc)
    assert checked > 20


def test_lookahead_of_a_costly_cut_moves_the_detonator():
    from bombbusters.advice.lookahead import lookahead

    base = {"players": [{"name": "A", "stands": ["?1 ?2 ?3 T?"]}, {"name": "B", "stands": ["? ? ? T?4"]},
                        {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
            "me": 0, "captain": 0, "wires": {"blue": [1, 4]}, "available": [],
            "rules": {"costly": [{"player": 1, "stand": 0, "slot": 3, "why": "mission 56"}]}}
    for left, kinds in ((2, {"success", "failure", "explode"}), (0, {"explode"})):
        rows = lookahead(GameState.from_json({**base, "mistakes_left": left}), None)
        row = next(r for r in rows if r["move"]["player"] == 1 and r["move"]["slots"] == [3])
        assert {o["kind"] for o in row["outcomes"]} <= kinds
        for o in row["outcomes"]:
            if o["kind"] in ("success", "failure"):
                assert o["mistakes_left"] == left - 1, o
        assert math.isclose(sum(o["p"] for o in row["outcomes"]), 1.0, abs_tol=TOL)


def test_token_advice_averages_over_my_turned_wire():
    """Teammates see my turned-around wire: the advice is the gain for them, averaged over what it may be
    (its law to me, from the oracle); an x-token, whose count needs that wire, is not offered."""
    from dataclasses import replace

    from bombbusters.advice.indication import rank_indications
    from bombbusters.table.notation import CUT
    from bombbusters.table.players import Player
    from test_indication import entropy_bits, own_view, token_slot, with_slot

    rng = random.Random(64)
    checked = 0
    for _ in range(30):
        doc, state, res = _turned_doc(rng)
        me = state.me
        spots = [(s, j) for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)
                 if sl.turned and sl.wire is None and sl.state != CUT]
        law: dict = {}
        for cfg, w in res.configs:
            key = tuple(cfg[(me, s, j)] for s, j in spots)
            law[key] = law.get(key, 0) + w
        z = sum(law.values())
        views = []
        for key, w in law.items():
            stands = [list(st) for st in state.players[me].stands]
            for (s, j), t in zip(spots, key):
                stands[s][j] = replace(stands[s][j], state=CUT, wire=t)
            players = list(state.players)
            players[me] = Player(state.players[me].name, tuple(tuple(st) for st in stands))
            views.append((float(w / z), own_view(replace(state, players=tuple(players)))))
        out = rank_indications(state, ("value", "multiplicity"))
        base = sum(w * entropy_bits(v) for w, v in views)
        assert math.isclose(out["entropy_bits"], base, abs_tol=TOL), (out, doc)
        assert out["multiplicity"] == [] and "turned-around" in out["basis"]
        checked += len(out["value"])
        for e in out["value"]:
            s, j = e["stand"], e["slot"]
            slot = state.players[me].stands[s][j]
            tok = token_slot("value", slot, state.players[me].stands[s], True)
            after = [(w, entropy_bits(with_slot(v, s, j, tok))) for w, v in views]
            assert math.isclose(e["remaining_bits"], sum(w * h for w, h in after), abs_tol=TOL), (e, doc)
            gain = sum(w * max(0.0, entropy_bits(v) - h) for (w, v), (_, h) in zip(views, after))
            assert math.isclose(e["gain_bits"], gain, abs_tol=TOL), (e, doc)
    assert checked > 10
