"""Many conditions rerun together (``reruns.condition_ratios``) against one full solve per condition.

The batch walks the unconditioned problem's moves with the forbidden blocks
weighted 0, each condition over its own steps; a full solve of the problem
with the same blocks forbidden (``forbid_into``) must give the same
probability.  Generated tables carry every kind of fact (Labels, X wires,
x-tokens, yellow and red, "of" draws, moved wires); the batch is also cut
into chunks of one to check that splitting changes nothing.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from bombbusters.questions.analysis import solve_state
from bombbusters.solvers import reruns
from bombbusters.solvers.reruns import both, forbid_into
from bombbusters.solvers.solver import solve
from bombbusters.table.state import GameState
from gen import random_state
from gen_moved import random_moved_game


def _forbid_maps(an, rng: random.Random, n: int) -> list[dict]:
    """Random conditions on the table: some slots may not hold some of the types they may hold."""
    maps: list[dict] = []
    slots = [(sub, pos) for sub, st in enumerate(an.compiled.cases[0].substands) for pos in range(st.n)]
    for _ in range(n):
        fmap: dict = {}
        for sub, pos in rng.sample(slots, min(len(slots), rng.randint(1, 3))):
            live = [t for t in range(len(an.compiled.types)) if an.sub_marginals(sub)[pos, t] > 0]
            for t in rng.sample(live, rng.randint(0, len(live))):
                fmap.setdefault(sub, {}).setdefault(t, set()).add(pos)
        maps.append(fmap)
    return maps


def _one_by_one(an, fmap: dict) -> float:
    """The same probability from a full solve of each case with the blocks forbidden."""
    total = 0.0
    for w, sol, prob in zip(an.weights, an.solutions, an.compiled.cases):
        if w:
            s2 = solve(replace(prob, substands=forbid_into(prob.substands, fmap)), blocks=False)
            total += w * (math.exp(s2.log_z - sol.log_z) if s2.log_z > -math.inf else 0.0)
    return total


def _docs(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    docs = [random_state(rng) for _ in range(n)]
    docs += [random_moved_game(rng) for _ in range(n // 3)]
    return docs


@pytest.mark.parametrize("seed", range(4))
def test_batched_reruns_match_full_solves(seed: int, monkeypatch) -> None:
    rng = random.Random(1000 + seed)
    checked = 0
    for doc in _docs(seed, 60):
        an = solve_state(GameState.from_json(doc))
        maps = _forbid_maps(an, rng, 8)
        want = [_one_by_one(an, m) for m in maps]
        got = an.chances(maps)
        for g, w, m in zip(got, want, maps):
            assert g == pytest.approx(w, abs=1e-9), (m, doc)
            if not any(m.values()):
                assert g == 1.0, (m, doc)  # nothing forbidden: exactly certain
            if w == 0.0:
                assert g == 0.0, (m, doc)  # every deal forbidden: exactly impossible
        monkeypatch.setattr(reruns, "BATCH_FLOATS", 1)  # one condition per chunk
        assert an.chances(maps) == pytest.approx(got, abs=1e-12)
        monkeypatch.undo()
        checked += sum(1 for m in maps if any(m.values()))
    assert checked > 300


def test_both_joins_two_conditions() -> None:
    a = {0: {1: {2}}}
    b = {0: {1: {3}, 2: {0}}, 1: {0: {1}}}
    assert both(a, b) == {0: {1: {2, 3}, 2: {0}}, 1: {0: {1}}}
    assert a == {0: {1: {2}}}  # neither is changed
    assert both(a, 1.0) == a and both(1.0, b) == b
    assert both(a, 0.0) == 0.0 and both(0.0, 1.0) == 0.0


def test_a_batch_of_many_questions_on_a_real_table() -> None:
    """The questions a move ranking asks: every pair of adjacent slots red / without a yellow, at once."""
    doc = {
        "players": [{"name": "Ann", "stands": ["?1 ?2 ?Y2 ?3 ?4"]}, {"name": "Bob", "stands": ["? ? ? ? ?"]},
                    {"name": "Cyd", "stands": ["? 2 ? ? ?"]}, {"name": "Dee", "stands": ["? ? ? 4 ?"]}],
        "me": 0, "wires": {"blue": [1, 4], "yellow": [2, 3], "red": [1, 3]}, "facts": [],
    }
    an = solve_state(GameState.from_json(doc))
    red, yellow = an.types_of("RED"), an.types_of("YELLOW")
    every = frozenset(an.state.wires.copies())
    asks = [[(p, 0, j, red), (p, 0, j + 1, red)] for p in (1, 2, 3) for j in range(4)]
    asks += [[(p, 0, j, every - yellow), (p, 0, j + 1, every - yellow)] for p in (1, 2, 3) for j in range(4)]
    got = an.p_all_many(asks)
    maps = [an.forbids_all(c) for c in asks]
    assert got == pytest.approx([m if isinstance(m, float) else _one_by_one(an, m) for m in maps], abs=1e-12)
    assert any(0 < g < 1 for g in got[:12]) and any(0 < g < 1 for g in got[12:])


def _check_all_red(bob: str, cases: tuple) -> None:
    """On a small table with two reds and Bob's stand ``bob``: for each (Bob's slots, rerun?), "are these
    all red?" needs a rerun or is exactly 0 without one, as said, and agrees with the brute-force oracle
    (and the impossible ones are exactly 0, the others not)."""
    import oracle
    from bombbusters.table.wires import RED, colour_of

    doc = {"players": [{"name": "A", "stands": ["?1 ?1 ?2 ?3"]}, {"name": "B", "stands": [bob]},
                       {"name": "C", "stands": ["? ? ?"]}, {"name": "D", "stands": ["? ? ?"]}],
           "me": 0, "wires": {"blue": [1, 3], "red": [2, 3]}, "facts": []}
    state = GameState.from_json(doc)
    an = solve_state(state)
    reds = frozenset(t for t in state.wires.copies() if colour_of(t) == RED)
    res = oracle.solve(state)
    for slots, rerun in cases:
        conds = [(1, 0, j, reds) for j in slots]
        fmap = an.forbids_all(conds)
        assert isinstance(fmap, dict) == rerun, (slots, fmap)
        want = oracle.probability(state, lambda cfg: all(colour_of(cfg[(1, 0, j)]) == RED for j in slots), res)
        assert an.p_all(conds) == pytest.approx(float(want), abs=1e-12), slots
        assert (want > 0) == rerun, slots
        if not rerun:
            assert an.p_all(conds) == 0.0


def test_all_red_on_more_slots_than_reds_fit_is_zero_without_a_rerun():
    """'Are these slots all red?' of a sorted run: when no non-decreasing choice of the types each slot
    may hold, within their copies, exists (three slots, two reds), the chance is exactly 0 with no
    rerun; otherwise the rerun's answer, and both agree with the brute-force oracle."""
    from bombbusters.questions.forbid_maps import _in_order

    assert _in_order({0: {1, 2}, 3: {2}, 5: {2, 4}}, [1, 1, 1, 1, 1])  # 1, 2, 4
    assert not _in_order({0: {2}, 3: {2}, 5: {4}}, [1, 1, 1, 1, 1])  # type 2 twice, one copy
    assert _in_order({0: {2}, 3: {2}, 5: {4}}, [1, 1, 2, 1, 1])
    assert not _in_order({0: {3}, 3: {2}}, [1, 1, 1, 1])  # decreasing along the run
    _check_all_red("? ? ? ?", (([1, 2, 3], False), ([2, 3], True), ([0, 3], True)))


def test_all_red_over_a_run_and_its_x_slot_counts_every_red():
    """The copies are counted over all the slots of a question, not run by run: two slots of the sorted
    run and the stand's X slot cannot all be red with two reds in play (exactly 0, no rerun), while
    two of them can (a rerun, equal to the brute-force oracle)."""
    _check_all_red("? ? ? X?", (([1, 2, 3], False), ([1, 2], True), ([1, 3], True), ([2, 3], True)))


def test_an_analysis_keeps_each_conditions_chance(monkeypatch):
    """A forbid map's chance depends on the solve alone: asked again (the moves request's holdings after
    the analysis's, a lookahead's copy of the analysis), it is not rerun, and it is the same float."""
    from bombbusters.questions import analysis

    doc = {"players": [{"name": "A", "stands": ["?1 ?2 ?Y2 ?3"]}, {"name": "B", "stands": ["? ? ? ?"]},
                       {"name": "C", "stands": ["? ? ? ?"]}, {"name": "D", "stands": ["? ? ? ?"]}],
           "me": 0, "wires": {"blue": [1, 3], "yellow": [1, 2, 3], "red": [2]}, "facts": []}
    state = GameState.from_json(doc)
    asks = [([(p, 0)], v) for p in (1, 2, 3) for v in ("YELLOW", "RED", 2)] + [([(1, 0), (2, 0)], "YELLOW")]
    calls = []
    real = analysis.condition_ratios
    monkeypatch.setattr(analysis, "condition_ratios", lambda sol, maps: calls.append(len(maps)) or real(sol, maps))
    an = solve_state(state)
    first = an.p_none_many(asks)
    assert sum(calls) > 0
    calls.clear()
    assert an.p_none_many(asks) == first and an.p_none_many(asks[::-1]) == first[::-1]
    assert calls == []
    fresh = solve_state(state)  # a new solve answers the same questions afresh, with the same floats
    assert fresh.p_none_many(asks) == first and sum(calls) > 0
