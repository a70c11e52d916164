"""A ``runs`` stand (Labels, x-tokens, X wires) as the DP's implicit stand, against the oracle.

The layout takes such a stand as the implicit one only when that makes the
arrays much smaller (real-size tables with a Label or x-token on every
stand); tiny random tables rarely are.  Here ``implicit.GAIN = 0`` makes it
take one whenever one may be, so that every check of the oracle suites
(laws, holdings, moves, reruns, worlds) runs through that path; and on the
hard real-size tables the default choice is checked against the plain one.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import gen
import pytest
from bombbusters.questions.analysis import clear_recent, solve_state
from bombbusters.solvers import implicit, reruns
from bombbusters.table.state import GameState
from test_moves import ITEMS, check_moves
from test_reruns import _forbid_maps, _one_by_one
from test_sampler import _check as check_worlds
from test_solver_vs_oracle import check_against_oracle, check_holdings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
from hard_states import hard_state  # noqa: E402


@pytest.fixture
def runs_implicit(monkeypatch):
    """Take a ``runs`` stand as the implicit one whenever one may be (no cached solve reused)."""
    monkeypatch.setattr(implicit, "GAIN", 0.0)
    clear_recent()
    yield
    clear_recent()


def _uses_runs_implicit(doc: dict) -> bool:
    clear_recent()
    an = solve_state(GameState.from_json(doc))
    return any(getattr(sol.engine, "zrun", False) for sol in an.solutions)


def _docs(base: int, count: int, **kw):
    """States with X wires or Labels where the path is taken (the rest are skipped)."""
    for seed, doc in gen.seeded_states(base, count, **kw):
        if _uses_runs_implicit(doc):
            yield seed, doc


@pytest.mark.parametrize("kw", [dict(x_slots=True), dict(facts=True, fact_kinds=("same", "different")),
                                dict(x_slots=True, facts=True, groups=True)], ids=["x", "labels", "all"])
def test_laws_holdings_and_moves(runs_implicit, kw):
    checked = 0
    for seed, doc in _docs(700_000 + 1000 * len(kw), 160, **kw):
        try:
            check_against_oracle(doc)
            check_holdings(doc)
            check_moves({**doc, "available": list(ITEMS)})
        except AssertionError as exc:  # pragma: no cover - name the seed
            raise AssertionError(f"seed {seed}: {exc}") from None
        checked += 1
    assert checked >= 40


def test_reruns_match_full_solves(runs_implicit, monkeypatch):
    rng = random.Random(77)
    checked = 0
    for _seed, doc in _docs(710_000, 80, x_slots=True, facts=True):
        an = solve_state(GameState.from_json(doc))
        maps = _forbid_maps(an, rng, 8)
        got = an.chances(maps)
        for g, w, m in zip(got, [_one_by_one(an, m) for m in maps], maps):
            assert g == pytest.approx(w, abs=1e-9), (m, doc)
            if not any(m.values()):
                assert g == 1.0, (m, doc)
            if w == 0.0:
                assert g == 0.0, (m, doc)
        monkeypatch.setattr(reruns, "BATCH_FLOATS", 1)
        assert an.chances(maps) == pytest.approx(got, abs=1e-12)
        monkeypatch.setattr(reruns, "BATCH_FLOATS", reruns.BATCH_FLOATS)
        checked += sum(1 for m in maps if any(m.values()))
    assert checked > 150


def test_worlds_follow_the_exact_law(runs_implicit):
    n = 0
    for seed, doc in _docs(720_000, 60, x_slots=True, facts=True):
        check_worlds(doc, seed)
        n += 1
    assert n >= 15


def _laws(doc: dict) -> dict:
    clear_recent()
    an = solve_state(GameState.from_json(doc))
    out = {}
    for p, s in an.state.stand_keys():
        for j in range(len(an.state.stand(p, s))):
            if p != an.state.me and an.state.stand(p, s)[j].wire is None:
                out[(p, s, j)] = an.slot_probs(p, s, j)
    return out


@pytest.mark.parametrize("seed", [7, 11, 24])
def test_hard_tables_agree_with_the_plain_implicit_stand(seed, monkeypatch):
    """Real-size tables: the default layout takes a ``runs`` stand as implicit; the laws are those
    of the layout that keeps the plain one (a one-slot pile), and the log of the deal count too."""
    doc = hard_state(seed)
    assert _uses_runs_implicit(doc)
    fast, z_fast = _laws(doc), solve_state(GameState.from_json(doc)).log_z
    monkeypatch.setattr(implicit, "GAIN", math.inf)
    assert not _uses_runs_implicit(doc)
    plain, z_plain = _laws(doc), solve_state(GameState.from_json(doc)).log_z
    clear_recent()
    assert abs(z_fast - z_plain) < 1e-9
    assert fast.keys() == plain.keys()
    for key, law in plain.items():
        assert set(fast[key]) == set(law), key
        for t, q in law.items():
            assert abs(fast[key][t] - q) < 1e-9, (key, t, fast[key][t], q)
