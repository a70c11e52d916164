""""Why" against the brute-force oracle: the entries it keeps force the claim, and none is spare.

For random tiny tables, every slot whose wire is certain (or a wire that is
impossible on it) is explained; the oracle then checks, on the table reduced
to the kept entries, that the claim still holds, and, for each kept entry in
turn, that it fails without that entry.
"""

from __future__ import annotations

import json
import random

import gen
import oracle
import pytest
from bombbusters.protocol.bridge import handle
from bombbusters.questions.explain import explain
from bombbusters.questions.irreducible import table_entries, without
from bombbusters.table.errors import InconsistentStateError
from bombbusters.table.state import GameState
from bombbusters.table.wires import label


def _only(state: GameState, kept: set) -> GameState:
    """The table with only the kept entries."""
    return without(state, set(table_entries(state)) - kept)


def _holds(state: GameState, kept: set, p: int, s: int, j: int, t: int, claim: str) -> bool:
    reduced = GameState.from_json(_only(state, kept).to_json())
    res = oracle.solve(reduced)
    seen = {cfg[(p, s, j)] for cfg, _w in res.configs}
    return seen == {t} if claim == "certain" else t not in seen


def _key(e: dict) -> tuple:
    return ("fact", e["fact"]) if e["kind"] == "fact" else ("slot", e["player"], e["stand"], e["slot"])


@pytest.mark.parametrize("batch", [{}, {"facts": True}, {"x_slots": True}])
def test_explanations_are_minimal_and_sufficient(batch):
    seed0 = sum(map(ord, json.dumps(batch)))
    checked = 0
    for seed, doc in gen.seeded_states(seed0 * 100, 25, **batch):
        state = GameState.from_json(doc)
        res = oracle.solve(state)
        for (p, s, j), dist in sorted(res.distributions.items()):
            if state.stand(p, s)[j].state != "hidden":
                continue
            certain = [t for t, q in dist.items() if q == 1]
            impossible = [t for t in state.wires.copies() if not dist.get(t)][:1]
            for t, claim in [(x, "certain") for x in certain] + [(x, "impossible") for x in impossible]:
                out = explain(state, p, s, j, label(t))
                assert out["claim"] == claim, (seed, p, s, j, t, out)
                kept = {_key(e) for e in out["entries"]}
                assert _holds(state, kept, p, s, j, t, claim), (seed, out)
                for e in kept:
                    assert not _holds(state, kept - {e}, p, s, j, t, claim), ("spare entry", e, seed, out)
                checked += 1
    assert checked > 20


def test_words_and_refusals():
    # (this test once used the table below called `inconsistent`: Cyd's and Dee's last two slots need four 3s
    # and only three are left, so no deal fitted it, and "why" explained it all the same)
    doc = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3 ?4"]}, {"name": "Bob", "stands": ["? 2 ? ?"]},
                       {"name": "Cyd", "stands": ["? 2 ? ?"]}, {"name": "Dee", "stands": ["? 2 ? ?"]}],
           "me": 0, "wires": {"blue": [1, 4]}, "facts": []}
    state = GameState.from_json(doc)
    out = explain(state, 1, 0, 0, "1")
    assert out["claim"] == "certain"
    assert out["text"].endswith("so Bob slot A is certainly 1."), out["text"]
    # the 2s are all placed but one, so the three 1s left sit at the left ends: Bob's among them
    assert out["text"].startswith("Ann slot B is your 2; Cyd slot B is a cut 2; Dee slot B is a cut 2"), out["text"]
    inconsistent = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3"]}, {"name": "Bob", "stands": ["? 2 ?"]},
                                {"name": "Cyd", "stands": ["2 ? ?"]}, {"name": "Dee", "stands": ["2 ? ?"]}],
                    "me": 0, "wires": {"blue": [1, 3]}, "facts": []}
    with pytest.raises(InconsistentStateError, match="No deal fits"):  # nothing to explain: the usual message
        explain(GameState.from_json(inconsistent), 1, 0, 0, "1")
    open_doc = {"players": [{"name": "Ann", "stands": ["?1 ?2 ?3"]}, {"name": "Bob", "stands": ["? ? ?"]},
                            {"name": "Cyd", "stands": ["? ? ?"]}, {"name": "Dee", "stands": ["? ? ?"]}],
                "me": 0, "wires": {"blue": [1, 3]}, "facts": []}
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "explain",
                                          "payload": {"state": open_doc, "player": 1, "stand": 0, "slot": 1, "value": "2"}})))
    assert not reply["ok"] and "nothing to explain" in reply["error"]["message"], reply
    reply = json.loads(handle(json.dumps({"v": 1, "id": 2, "type": "explain",
                                          "payload": {"state": doc, "player": 1, "stand": 0, "slot": 7, "value": "3"}})))
    assert not reply["ok"] and reply["error"]["name"] != "InternalError", reply
    reply = json.loads(handle(json.dumps({"v": 1, "id": 3, "type": "explain",
                                          "payload": {"state": doc, "player": 1, "stand": 0, "slot": 0, "value": 5}})))
    assert not reply["ok"] and "'value'" in reply["error"]["message"], reply


def _check_certain_slots(doc: dict, seed: int) -> int:
    """The first certain slots of a table: the kept entries force the claim, none spare; how many were checked."""
    state = GameState.from_json(doc)
    try:
        res = oracle.solve(state)
    except oracle.OracleInconsistent:
        return 0
    checked = 0
    for (p, s, j), dist in sorted(res.distributions.items())[:6]:
        if state.stand(p, s)[j].state != "hidden":
            continue
        certain = [t for t, q in dist.items() if q == 1]
        for t in certain:
            out = explain(state, p, s, j, label(t))
            kept = {_key(e) for e in out["entries"]}
            GameState.from_json(_only(state, kept).to_json())  # the reduced table is a valid one
            assert _holds(state, kept, p, s, j, t, "certain"), (seed, out)
            for e in kept:
                assert not _holds(state, kept - {e}, p, s, j, t, "certain"), ("spare entry", e, seed, out)
            checked += 1
    return checked


@pytest.mark.parametrize("seed", range(15))
def test_explanations_with_moved_wires(seed):
    """Tables where wires moved: the kept entries still force the claim, none spare."""
    import gen_moved

    _check_certain_slots(gen_moved.random_moved_game(random.Random(5500 + seed)), seed)


def test_explanations_with_turned_wires():
    """Turned-around wires stay turned when entries are left out: the claims hold on the oracle's model."""
    from test_turned import turned_game

    rng = random.Random(3856)
    assert sum(_check_certain_slots(turned_game(rng), seed) for seed in range(40)) > 10


def test_the_nearest_entry_is_named_where_a_farther_one_would_also_do():
    """Dee's K cannot be a 3: her J is a cut 9 — and her B, a cut 2, forces it too, by counting (eight slots from C to J
    would need eight wires of 2 or 3, and only seven are left). A player checks the nearest: J is named
    (a walkthrough of mission 62 was sent to B)."""
    doc = {"players": [{"name": "Ann", "stands": ["? 2 3 3 ? ? 5 ? 8 9 10 ? 12"]},
                       {"name": "Bob", "stands": ["1 ? 4 5 6 ? 7 8 8 ? ? 12 12"]},
                       {"name": "Cid", "stands": ["?1 2 2 ?4 5 ?6 ?7 9 9 10 ?11 12"]},
                       {"name": "Dee", "stands": ["1 2 ? 4 5 6 7 8 ? 9 ? ?"]}],
           "me": 2, "wires": {"blue": [1, 12], "red": [3, 8]}, "facts": []}
    state = GameState.from_json(doc)
    for j in (10, 11):
        out = explain(state, 3, 0, j, "3")
        assert out["claim"] == "impossible"
        assert [(e["player"], e["slot"]) for e in out["entries"]] == [(3, 9)], out["text"]
    assert explain(state, 0, 0, 7, "3")["text"].startswith("Ann slot G is a cut 5"), "G, beside H: not C, by counting"
