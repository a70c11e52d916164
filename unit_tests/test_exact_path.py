"""The slow exact path (Fractions through the same DP) equals the brute-force
oracle exactly and the fast float path to 1e-9, on generated tiny states."""

from __future__ import annotations

import math
import random

import gen
import oracle
import pytest
from bombbusters.questions.report import analyze
from bombbusters.solvers.exact import exact_deal_count, exact_slot_distributions
from bombbusters.table.state import GameState
from bombbusters.table.wires import label

SEEDS = range(10_000, 10_240)


@pytest.mark.parametrize("chunk", range(4))
def test_exact_path_equals_oracle_and_float_path(chunk):
    for seed in SEEDS[chunk::4]:
        doc = gen.random_state(random.Random(seed))
        state = GameState.from_json(doc)
        exact = exact_slot_distributions(state)
        brute = oracle.slot_distributions(state)
        fast = {(e["player"], e["stand"], e["slot"]): e["probs"] for e in analyze(doc)["slots"]}
        for key, dist in exact.items():
            if key[0] == state.me:
                continue
            assert dist == {t: q for t, q in brute[key].items() if q}, (seed, key)
            if key in fast:
                got = fast[key]
                assert set(got) == {label(t) for t in dist}, (seed, key)
                for t, q in dist.items():
                    assert abs(got[label(t)] - float(q)) < 1e-9, (seed, key, t)
        assert exact_deal_count(state) == oracle.total_weight(state), seed
        assert math.isclose(analyze(doc)["log10_deals"], math.log10(exact_deal_count(state)), abs_tol=1e-9)


def test_weighting_trap_pinned_on_the_exact_path():
    """Blue 1-2 (four 1s, four 2s) over two players with two stands of two: a cut 1 on
    the left of a stand leaves P(its right wire is 1) = 3/11, not the unknown-pool 3/7."""
    doc = {
        "players": [{"name": "A", "stands": ["1 ?", "? ?"]}, {"name": "B", "stands": ["? ?", "? ?"]}],
        "me": None,
        "wires": {"blue": [1, 2]},
    }
    from fractions import Fraction

    dist = exact_slot_distributions(GameState.from_json(doc))
    assert dist[(0, 0, 1)][10] == Fraction(3, 11)
