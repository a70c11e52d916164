"""The fillings walk (``worlds.py``) gives the sparse walk's numbers, and hands over past its limits.

The oracle suites run it against brute force (``test_sparse.py`` forces each
path); here it is held to the sparse walk on the same plain problems, number
for number: log Z, block laws, slot laws, count laws of random marked slots
and batched conditions; and each of its limits is checked to hand a problem
on to the sparse walk with the same answer.
"""

from __future__ import annotations

import math
import random

import gen
import numpy as np
import pytest
from bombbusters.compiler.constraints import compile_state
from bombbusters.solvers import sparse, worlds
from bombbusters.solvers.solver import solve
from bombbusters.solvers.sparse import Sparse
from bombbusters.solvers.worlds import Worlds
from bombbusters.table.state import GameState

BATCHES = [dict(), dict(n_players=5), dict(groups=True), dict(facts=True), dict(max_configs=30_000)]


def _plain_cases(base: int, count: int, **kw):
    for seed, doc in gen.seeded_states(base, count, **kw):
        for case in compile_state(GameState.from_json(doc)).cases:
            if sparse._plain(case):
                yield seed, case


def _forbid_maps(case, rng: random.Random, n: int) -> list[dict]:
    """Random conditions "no type t on these positions", on one or two sub-stands."""
    T, S = len(case.types), len(case.substands)

    def positions(sub: int) -> set:
        size = case.substands[sub].n
        return set(rng.sample(range(size), k=min(size, 1 + rng.randrange(2))))

    return [{sub: {rng.randrange(T): positions(sub) for _ in range(1 + rng.randrange(2))}
             for sub in rng.sample(range(S), k=min(S, 1 + rng.randrange(2)))} for _ in range(n)]


@pytest.mark.parametrize("batch", range(len(BATCHES)))
def test_the_fillings_walk_gives_the_sparse_walks_numbers(batch: int) -> None:
    rng = random.Random(batch)
    compared = 0
    for seed, case in _plain_cases(610_000 + 1000 * batch, 250, **BATCHES[batch]):
        a, w = Sparse(case).solve(), Worlds(case)
        b = w.solve()
        assert a is not None and b is not None
        assert (a.log_z == -math.inf) == (b.log_z == -math.inf), seed
        if a.log_z == -math.inf:
            continue
        assert b.log_z == pytest.approx(a.log_z, abs=1e-9), seed
        walk = a.engine
        for sub, st in enumerate(case.substands):
            for ra, rb in zip(walk.marginals(sub), w.marginals(sub)):
                assert rb == pytest.approx(ra, abs=1e-12), (seed, sub)
            marked = [rng.random() < 0.5 for _ in range(st.n)]
            for ra, rb in zip(walk.count_laws(sub, marked), w.count_laws(sub, marked)):
                assert rb == pytest.approx(ra, abs=1e-12), (seed, sub)
            for Ja, Jb in zip(a.blocks[sub], b.blocks[sub]):  # type: ignore[index]
                assert Ja.shape == Jb.shape
                assert np.allclose(Ja, Jb, atol=1e-12), (seed, sub)
        maps = _forbid_maps(case, rng, 6)
        assert w.ratios(maps) == pytest.approx(walk.ratios(maps), abs=1e-9), seed
        compared += 1
    assert compared >= 50


@pytest.mark.parametrize("limit", ["FREE_LIMIT", "FILL_LIMIT", "STEP_LIMIT"])
def test_a_problem_past_a_limit_goes_on_to_the_sparse_walk(monkeypatch, limit: str) -> None:
    for _seed, case in _plain_cases(620_000, 200, n_players=5):
        w = Worlds(case)
        sol = w.solve()
        if sol is not None and sol.log_z > -math.inf and sum(map(len, w.fills)) > 3 and len(w.fills) > 1:
            break
    else:  # pragma: no cover
        pytest.fail("no plain problem with a few fillings")
    assert isinstance(solve(case).engine, Worlds)
    monkeypatch.setattr(worlds, limit, 1 if limit != "FREE_LIMIT" else 0)
    assert Worlds(case).solve(True, worlds.STEP_LIMIT) is None
    got = solve(case)
    assert isinstance(got.engine, Sparse)
    assert got.log_z == pytest.approx(Worlds(case).solve().log_z, abs=1e-9)  # type: ignore[union-attr]
