"""Chance to win: the playout estimate against the exact value of the same team policy.

On tiny games the oracle lists every deal the table allows with its weight;
playing the policy on each gives the exact chance that the team wins under
it.  The estimate from sampled worlds (fixed seed) must agree within four
standard errors; a sampler or a playout that cheats (looks at the world)
moves it off.
"""

from __future__ import annotations

import json
import math
import random

import gen
import oracle
import pytest
from bombbusters.arena.win import playout, playout_start, win_chance
from bombbusters.protocol.bridge import handle
from bombbusters.table.state import GameState


def exact_win(state: GameState) -> float:
    table, first, mistakes = playout_start(state)
    res = oracle.solve(state)
    z = sum(w for _, w in res.configs)
    won = sum(w for cfg, w in res.configs if playout(table, dict(cfg.types), first, mistakes))
    return float(won / z)


def _tiny(seed: int) -> dict:
    return gen.random_state(random.Random(seed), me="player", max_configs=300, facts=seed % 2 == 0)


def _agrees(doc: dict, n: int, seed: int) -> None:
    """The estimate from n games lies within four standard errors of the policy's exact value."""
    state = GameState.from_json(doc)
    exact = exact_win(state)
    est = win_chance(state, n, seed)
    se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    assert abs(est["p"] - exact) <= 4 * se + 1e-9, (est, exact, doc)
    assert est["n"] == n and est["wins"] == round(est["p"] * n)


@pytest.mark.parametrize("seed", range(8))
def test_estimate_agrees_with_the_exact_policy_value(seed: int) -> None:
    _agrees(_tiny(7000 + seed), 300, seed)


def test_a_table_of_sure_cuts_is_won_every_time() -> None:
    # every wire is shown by an info token or known to me: each player always has a sure cut
    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2"]}, {"name": "Bob", "stands": ["i1 i2"]},
                       {"name": "Cyd", "stands": ["i1 i2"]}, {"name": "Dee", "stands": ["i1 i2"]}],
           "me": 0, "wires": {"blue": [1, 2]}, "facts": [], "mistakes_left": 0}
    st = GameState.from_json(doc)
    out = win_chance(st, 20, 1)
    assert out["p"] == 1.0 and exact_win(st) == 1.0
    assert win_chance(st, 20, 1) == out  # same seed, same games


def test_bridge_slices() -> None:
    doc = _tiny(7100)
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "win", "payload": {"state": doc, "n": 3, "seed": 5}})))
    assert reply["ok"], reply
    assert set(reply["result"]) == {"wins", "n", "p", "se", "seed"} and reply["result"]["n"] == 3
    bad = json.loads(handle(json.dumps({"v": 1, "id": 2, "type": "win", "payload": {"state": doc, "n": 10**9}})))
    assert not bad["ok"] and "'n'" in bad["error"]["message"]
    m11 = dict(doc, hidden_red_value={"ruled_out": [99]})
    bad = json.loads(handle(json.dumps({"v": 1, "id": 3, "type": "win", "payload": {"state": m11, "n": 1}})))
    assert not bad["ok"] and "ruled_out: 99" in bad["error"]["message"], bad


def exact_win_hidden_red(state: GameState) -> float:
    """Mission 11: the policy's exact value summed over the deals and over the hidden card's law too."""
    from bombbusters.advice.hidden_red import hidden_red_law

    table, first, mistakes = playout_start(state)
    law = hidden_red_law(state)
    assert law is not None
    res = oracle.solve(state)
    z = sum(w for _, w in res.configs)
    won = sum(w * p for cfg, w in res.configs for v, p in law.items()
              if playout(table, dict(cfg.types), first, mistakes, red_value=v))
    return float(won / z)


def test_estimate_with_a_hidden_red_value() -> None:
    """Mission 11: each playout draws the hidden card again from what the table knows of it, so the estimate
    agrees with the policy's value summed over the card's law — and differs from the game without it."""
    from bombbusters.table.errors import StateError

    apart = tried = 0
    for seed in range(7200, 7230):
        doc = dict(_tiny(seed), hidden_red_value=True)
        state = GameState.from_json(doc)
        try:
            exact = exact_win_hidden_red(state)
        except StateError:  # every blue value cut: no card left to draw
            continue
        tried += 1
        if tried > 8:
            break
        n = 300
        est = win_chance(state, n, seed)
        se = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
        assert abs(est["p"] - exact) <= 4 * se + 1e-9, (est, exact, doc)
        without = exact_win(GameState.from_json(_tiny(seed)))
        apart += abs(without - exact) > 4 * se
    assert apart >= 3, "the hidden card changes the chance to win on these tables"


@pytest.mark.parametrize("seed", range(4))
def test_estimate_with_moved_wires(seed: int) -> None:
    """Wires that moved: each player's view holds the wires they hold now and the ones they gave away."""
    import gen_moved

    _agrees(gen_moved.random_moved_game(random.Random(8800 + seed), max_configs=300), 200, seed)


@pytest.mark.parametrize("seed", range(4))
def test_estimate_with_turned_wires(seed: int) -> None:
    """Turned-around wires: each player sees the teammates' ones and not their own, and must cut their own."""
    from test_turned import turned_game

    rng = random.Random(5600 + seed)
    while True:
        doc = turned_game(rng, n=rng.choice([3, 4]))
        if doc["me"] is None:
            continue
        try:
            oracle.solve(GameState.from_json(doc))
        except oracle.OracleInconsistent:
            continue
        break
    _agrees(doc, 200, seed)



def _recorded(doc: dict, world: dict) -> tuple[bool, list]:
    """Play one game on a given world (slot -> label), recording who made which move."""
    from bombbusters.arena.advice import decide
    from bombbusters.table.wires import label

    state = GameState.from_json(doc)
    types = {label(t): t for t in state.wires.copies()}
    table, first, mistakes = playout_start(state)
    played: list = []

    def choose(view: GameState, an):
        d = decide(view, an)
        m = d.move
        played.append((view.me, m and (m["kind"], m["player"], m["slots"])))
        return d

    return playout(table, {k: types[v] for k, v in world.items()}, first, mistakes, choose), played


def test_playouts_keep_the_captain_s_turned_wire_for_the_captain() -> None:
    """38: only the captain cuts their turned-around wire.  Bob sees it (a 3) and holds a 3, a sure cut he
    may not make: he passes (the detonator a space on), and Ann cuts her wire paired with Bob's."""
    doc = {"players": [{"name": "Ann", "stands": ["1 2 T?"]}, {"name": "Bob", "stands": ["1 2 ?3"]},
                       {"name": "Cyd", "stands": ["1 2 3"]}, {"name": "Dee", "stands": ["1 2 3"]}],
           "me": 1, "captain": 0, "wires": {"blue": [1, 3]}, "facts": [], "mistakes_left": 1, "turn": 1}
    world = {(0, 0, 2): "3", (1, 0, 2): "3"}
    won, played = _recorded(doc, world)
    assert won and played == [(1, ("dual_cut", 0, [2]))], played
    won, played = _recorded({**doc, "rules": {"turned": {"kind": "locked", "why": "mission 38"}}}, world)
    assert won and played == [(1, None), (0, ("turned_cut", 1, [2]))], played
    # his pass costs a space of the detonator (the card: "they must skip their turn and the detonator moves forward
    # a space"): with none left, the bomb is lost there
    won, played = _recorded({**doc, "mistakes_left": 0, "rules": {"turned": {"kind": "locked", "why": "mission 38"}}}, world)
    assert not won and played == [(1, None)], played


def test_playouts_pay_for_a_teammate_s_turned_wire() -> None:
    """56: Ann and Bob hold only a turned-around wire each; cutting the teammate's moves the detonator, so
    with no mistake left the game is lost, with one it is won."""
    doc = {"players": [{"name": "Ann", "stands": ["1 2 T?"]}, {"name": "Bob", "stands": ["1 2 T?"]},
                       {"name": "Cyd", "stands": ["1 2 3"]}, {"name": "Dee", "stands": ["1 2 3"]}],
           "me": None, "captain": 0, "wires": {"blue": [1, 3]}, "facts": [], "turn": 0}
    world = {(0, 0, 2): "3", (1, 0, 2): "3"}
    costly = {"turned": {"kind": "costly", "why": "mission 56"}}
    assert _recorded({**doc, "mistakes_left": 0}, world)[0]
    assert not _recorded({**doc, "mistakes_left": 0, "rules": costly}, world)[0]
    won, played = _recorded({**doc, "mistakes_left": 1, "rules": costly}, world)
    assert won and played == [(0, ("turned_cut", 1, [2]))], played
    assert win_chance(GameState.from_json({**doc, "mistakes_left": 0, "rules": costly}), 10, 0)["p"] == 0.0
    bad = json.loads(handle(json.dumps({"v": 1, "id": 4, "type": "win", "payload": {
        "state": {**doc, "rules": {"turned": {"kind": "free"}}}, "n": 1}})))
    assert not bad["ok"] and "rules.turned" in bad["error"]["message"], bad
