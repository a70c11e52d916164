"""The fillings walk (very few worlds), the sparse walk (few reachable states) and the dense grid, each
against the oracle.

The solver picks a plain-Python walk for small plain tables, which most of
the oracle suites' tiny random states are; so here each path is forced in
turn on the same states and checked against the brute-force oracle (laws,
deal count, holdings, moves with every item, batched conditions), and the
choice itself is checked: big tables go dense, late ones to a walk, and a
walk that outgrows its budget hands over with the same answer.
"""

from __future__ import annotations

import math
import random

import gen
import pytest
from bombbusters.compiler.constraints import compile_state
from bombbusters.questions.analysis import clear_recent, solve_state
from bombbusters.questions.sampler import sample_worlds
from bombbusters.questions.slot_laws import mixed as _mixed
from bombbusters.solvers import sparse, worlds
from bombbusters.solvers.blocks import tight_windows
from bombbusters.solvers.solver import solve
from bombbusters.solvers.sparse import Sparse
from bombbusters.solvers.tables import Tables
from bombbusters.solvers.worlds import Worlds
from bombbusters.table.state import GameState
from test_moves import ITEMS, check_moves
from test_reruns import _forbid_maps, _one_by_one
from test_solver_vs_oracle import check_against_oracle, check_holdings

BATCHES = {"default": dict(), "five_players": dict(n_players=5), "a_of_b": dict(groups=True),
           "facts": dict(facts=True), "larger": dict(max_configs=30_000)}


PATHS = {"worlds": Worlds, "sparse": Sparse, "dense": Tables}


def _force(monkeypatch, path: str) -> None:
    if path == "worlds":
        for name in ("FREE_LIMIT", "FILL_LIMIT", "STEP_LIMIT"):
            monkeypatch.setattr(worlds, name, 10**9)
    else:
        monkeypatch.setattr(worlds, "FREE_LIMIT", -1)
    if path == "sparse":
        monkeypatch.setattr(sparse, "ESTIMATE_LIMIT", 10**15)
        monkeypatch.setattr(sparse, "MOVE_LIMIT", 10**9)
    elif path == "dense":
        monkeypatch.setattr(sparse, "ESTIMATE_LIMIT", -1)
    clear_recent()


def _engines(doc: dict) -> set[type]:
    clear_recent()
    return {type(sol.engine) for sol in solve_state(GameState.from_json(doc)).solutions}


@pytest.mark.parametrize("path", sorted(PATHS))
@pytest.mark.parametrize("batch", sorted(BATCHES))
def test_each_path_against_the_oracle(monkeypatch, path: str, batch: str) -> None:
    _force(monkeypatch, path)
    want = PATHS[path]
    on_path = 0
    for seed, doc in gen.seeded_states(sum(map(ord, batch)) * 1000 + 500_000, 90, **BATCHES[batch]):
        try:
            check_against_oracle(doc)
            check_holdings(doc)
            if seed % 3 == 0:
                check_moves({**doc, "available": list(ITEMS)})
        except AssertionError as exc:  # pragma: no cover - name the seed
            raise AssertionError(f"{path}, seed {seed}: {exc}") from None
        on_path += want in _engines(doc)
    assert on_path >= 15  # the forced path really answered


@pytest.mark.parametrize("path", sorted(PATHS))
def test_batched_conditions_match_full_solves(monkeypatch, path: str) -> None:
    """``Analysis.chances`` (each path's reruns from stored alphas) against a full solve per condition."""
    _force(monkeypatch, path)
    rng = random.Random(5)
    checked = 0
    for _seed, doc in gen.seeded_states(520_000, 60, groups=True):
        an = solve_state(GameState.from_json(doc))
        maps = _forbid_maps(an, rng, 8)
        for g, w, m in zip(an.chances(maps), [_one_by_one(an, m) for m in maps], maps):
            assert g == pytest.approx(w, abs=1e-9), (m, doc)
            if not any(m.values()):
                assert g == 1.0, (m, doc)
            if w == 0.0:
                assert g == 0.0, (m, doc)
        checked += sum(1 for m in maps if any(m.values()))
    assert checked > 200


def test_both_paths_give_the_same_solution() -> None:
    """Block laws and log Z of the two paths agree on plain states, conditioned solves included."""
    compared = 0
    for _seed, doc in gen.seeded_states(530_000, 150, max_configs=30_000):
        for case in compile_state(GameState.from_json(doc)).cases:
            if not sparse._plain(case):
                continue
            a, b = solve(case, dense=True), Sparse(case).solve()
            assert b is not None
            assert (a.log_z == -math.inf) == (b.log_z == -math.inf)
            if a.log_z == -math.inf:
                continue
            assert b.log_z == pytest.approx(a.log_z, abs=1e-9)
            for row_a, row_b in zip(a.blocks, b.blocks):  # type: ignore[arg-type]
                for Ja, Jb in zip(row_a, row_b):
                    assert Ja.shape == Jb.shape
                    # the dense grid leaves a type that never lands at its window's start: compare lengths
                    assert Jb.sum(axis=0) == pytest.approx(Ja.sum(axis=0), abs=1e-12)
                    if Ja.shape[1] > 1:
                        assert Jb[:, 1:] == pytest.approx(Ja[:, 1:], abs=1e-12)
            compared += 1
    assert compared >= 50


def test_a_walk_past_its_budget_hands_over_to_the_dense_grid(monkeypatch) -> None:
    monkeypatch.setattr(worlds, "FREE_LIMIT", -1)
    for _seed, doc in gen.seeded_states(540_000, 40):
        case = compile_state(GameState.from_json(doc)).cases[0]
        if not sparse._plain(case):
            continue
        walk = Sparse(case)
        if walk.forward() and sum(len(m) for mv in walk.moves for m in mv.values()) > 3:
            break
    else:  # pragma: no cover
        pytest.fail("no plain state with a few moves")
    assert Sparse(case).solve(budget=1) is None
    monkeypatch.setattr(sparse, "ESTIMATE_LIMIT", 10**15)
    monkeypatch.setattr(sparse, "MOVE_LIMIT", 1)
    got = solve(case)
    assert isinstance(got.engine, Tables)
    monkeypatch.setattr(sparse, "MOVE_LIMIT", 10**9)
    assert isinstance(solve(case).engine, Sparse)
    assert solve(case).log_z == pytest.approx(got.log_z, abs=1e-9)


def test_the_first_turn_goes_dense_a_late_table_sparse_and_the_last_turns_to_the_fillings() -> None:
    doc = {"players": [{"name": n, "stands": ["?"]} for n in "ABCDE"], "me": 0, "captain": 0,
           "wires": {"blue": [1, 12]}, "facts": [], "mistakes_left": 3}
    rng = random.Random(3)
    tiles = sorted(v for v in range(1, 13) for _ in range(4))
    rng.shuffle(tiles)
    hands = [sorted(tiles[i::5]) for i in range(5)]
    doc["players"][0]["stands"] = [" ".join(f"?{v}" for v in hands[0])]
    for p in range(1, 5):
        doc["players"][p]["stands"] = [" ".join("?" for _ in hands[p])]
    case = compile_state(GameState.from_json(doc)).cases[0]
    assert not sparse.suits(case, tight_windows(case))
    clear_recent()
    assert isinstance(solve_state(GameState.from_json(doc)).solutions[0].engine, Tables)
    # the same deal with all but four, then all but two wires of each teammate cut
    for hidden, path in (((1, 3, 5, 7), Sparse), ((3, 7), Worlds)):
        for p in range(1, 5):
            doc["players"][p]["stands"] = [" ".join("?" if j in hidden else str(v) for j, v in enumerate(hands[p]))]
        assert _engines(doc) == {path}


def test_worlds_are_drawn_alike_on_either_path(monkeypatch) -> None:
    """The sampler walks the dense grid for a sparse solve: the same seed, the same worlds."""
    for _seed, doc in gen.seeded_states(550_000, 12):
        _force(monkeypatch, "sparse")
        a = sample_worlds(GameState.from_json(doc), 30, 9)
        _force(monkeypatch, "dense")
        b = sample_worlds(GameState.from_json(doc), 30, 9)
        assert a == b


def test_cases_on_the_walk_are_mixed_by_weight_row_by_row() -> None:
    """Slot laws and count laws of several cases (the compiler makes one problem today) mix by case weight."""
    class Walk:
        def __init__(self, rows: list[list[float]]):
            self.rows = rows

    def read(walk: Walk) -> list[list[float]]:
        return [list(r) for r in walk.rows]

    a, b = Walk([[1.0, 0.0], [0.25, 0.75]]), Walk([[0.0, 1.0], [0.5, 0.5]])
    got = _mixed([(0.75, a), (0.25, b)], read)
    assert [q for r in got for q in r] == pytest.approx([0.75, 0.25, 0.3125, 0.6875])
    assert _mixed([(1.0, Walk([[2.0, 2.0], [0.0, 0.0]]))], read) == [[0.5, 0.5], [0.0, 0.0]]  # rows normalised
