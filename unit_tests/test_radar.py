"""What the General Radar would buy (``advice/radar.py``) against brute force over physical deals: the
answers' patterns weighed by the oracle's deals, my best cut with the value in each."""

from __future__ import annotations

import json
import random
from collections import defaultdict

import gen
import oracle
import pytest
from bombbusters.advice.radar import radar_advice, radar_value
from bombbusters.protocol.bridge import handle
from bombbusters.questions.analysis import solve_state
from bombbusters.table.notation import CUT
from bombbusters.table.state import GameState
from bombbusters.table.wires import value_of


def _brute(state: GameState, v: int) -> tuple[float, float, float]:
    """(best cut with v now, its mean once every teammate's stand answered — for its uncut wires its owner sees in
    order: not a turned-around one, nor an X wire, which no equipment counts —, the chance it is then sure)."""
    me = state.me
    res = oracle.solve(state)
    z = sum(w for _, w in res.configs)
    spots = [(p, s, j) for p, s in state.stand_keys() if p != me for j, sl in enumerate(state.stand(p, s))
             if sl.state != CUT]
    stands = [(p, s) for p, s in state.stand_keys() if p != me]
    groups: dict = defaultdict(list)
    for cfg, w in res.configs:
        types = dict(cfg.types)
        ans = tuple(any(value_of(types[(p, s, j)]) == v for j, sl in enumerate(state.stand(p, s))
                        if sl.state != CUT and not sl.turned and not sl.unsorted) for p, s in stands)
        groups[ans].append((types, w))

    def best(members) -> float:
        tot = sum(w for _t, w in members)
        return max((sum(w for t, w in members if value_of(t[k]) == v) / tot for k in spots), default=0.0)

    after = sure = 0.0
    for members in groups.values():
        share = sum(w for _t, w in members) / z
        b = best(members)
        after += share * float(b)
        sure += share * (b == 1)
    return float(best(list((dict(c.types), w) for c, w in res.configs))), after, sure


def _tables(count: int):
    rng = random.Random(9100)
    while count:
        doc = gen.random_state(rng, me="player", max_configs=400, facts=rng.random() < 0.5)
        state = GameState.from_json(doc)
        if any(r["now"] < 1.0 for r in radar_advice(state)["values"]):
            count -= 1
            yield state


@pytest.mark.parametrize("state", list(_tables(12)), ids=lambda s: f"{len(s.players)}p")
def test_the_radar_s_worth_is_the_brute_force_one(state: GameState) -> None:
    an = solve_state(state)
    for row in radar_advice(state)["values"]:
        v = row["value"]
        now, after, sure = _brute(state, v)
        assert row["now"] == pytest.approx(now, abs=1e-9)
        assert row["after"] == pytest.approx(after, abs=1e-9), (v, row, after, state.to_json())
        assert row["sure"] == pytest.approx(sure, abs=1e-9)
        assert radar_value(state, v, an)["total"] == pytest.approx(1.0, abs=1e-9)  # every pattern of answers
        assert row["after"] >= row["now"] - 1e-9  # asking never lowers my best cut on average


def test_the_bridge_answers_and_names_bad_input() -> None:
    state = next(_tables(1))
    ask = lambda payload: json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "radar", "payload": payload})))
    reply = ask(state.to_json())
    assert reply["ok"] and all(set(r) == {"value", "now", "after", "sure"} for r in reply["result"]["values"])
    gains = [r["after"] - r["now"] for r in reply["result"]["values"]]
    assert gains == sorted(gains, reverse=True)
    bad = ask(dict(state.to_json(), me=None))
    assert not bad["ok"] and "'me'" in bad["error"]["message"]


def test_the_radar_s_worth_leaves_out_the_values_my_cards_forbid() -> None:
    """61's walkthrough: under a card of even values only, the Radar's worth was listed for a 1 and a 5 first."""
    state = next(_tables(1))
    held = {r["value"] for r in radar_advice(state)["values"]}
    odd = {v for v in held if v % 2}
    even = GameState.from_json(dict(state.to_json(), constraints=["A"]))
    assert {r["value"] for r in radar_advice(even)["values"]} == held - odd
    banned = min(held)
    ruled = GameState.from_json(dict(state.to_json(), rules={"no_values": [{"value": banned, "why": "a test"}]}))
    assert banned not in {r["value"] for r in radar_advice(ruled)["values"]}
