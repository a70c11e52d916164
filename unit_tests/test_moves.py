"""``moves.rank_moves`` against the brute-force oracle: every listed move's odds, exactly.

For ~1,000 random tiny games seen by a player holding every item, each move
must carry the oracle's probability of its event (1e-9), the best slot set for
a detector must be optimal over every slot set of its size, nothing that has
a chance may be missing, and the list must be ordered guaranteed-first then by
success.  Hand-made states a player checks at the table: test_moves_by_hand.py.
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from fractions import Fraction

import gen
import oracle
import pytest
from bombbusters.advice.moves import ITEMS, rank_moves
from bombbusters.table.notation import CUT
from bombbusters.table.state import GameState
from bombbusters.table.wires import RED, colour_of, value_of

TOL = 1e-9


def _vkey(v) -> tuple:
    return (isinstance(v, str), v)


class Exact:
    """Oracle answers for one state, with integer weights for speed."""

    def __init__(self, state: GameState):
        self.state = state
        res = oracle.solve(state)
        self.configs = [(cfg, int(w)) for cfg, w in res.configs]
        self.z = sum(w for _, w in self.configs)
        me = state.me
        self.targets = [(p, s) for p, s in state.stand_keys() if p != me]
        self.uncut = {
            (p, s): [j for j, sl in enumerate(state.stand(p, s)) if sl.state != CUT] for p, s in state.stand_keys()
        }
        mine = [sl for st in state.players[me].stands for sl in st if sl.state != CUT]
        self.mine = mine
        self.my_values = sorted({value_of(sl.wire) for sl in mine if colour_of(sl.wire) != RED}, key=_vkey)
        self._masks: dict = {}

    def prob(self, pred) -> Fraction:
        return Fraction(sum(w for cfg, w in self.configs if pred(cfg)), self.z)

    def masks(self, p: int, s: int, v) -> dict[tuple[int, int], int]:
        """{(mask of uncut slots holding value v, mask of uncut red slots): weight} on stand (p, s)."""
        key = (p, s, v)
        if key not in self._masks:
            out: dict[tuple[int, int], int] = {}
            for cfg, w in self.configs:
                m = r = 0
                for j in self.uncut[(p, s)]:
                    t = cfg[(p, s, j)]
                    if value_of(t) == v:
                        m |= 1 << j
                    if colour_of(t) == RED:
                        r |= 1 << j
                out[(m, r)] = out.get((m, r), 0) + w
            self._masks[key] = out
        return self._masks[key]

    def p_any(self, p: int, s: int, slots, v) -> Fraction:
        cm = sum(1 << j for j in slots)
        return Fraction(sum(w for (m, _r), w in self.masks(p, s, v).items() if m & cm), self.z)

    def p_all_red(self, p: int, s: int, slots) -> Fraction:
        cm = sum(1 << j for j in slots)
        return Fraction(sum(w for (_m, r), w in self.masks(p, s, None).items() if r & cm == cm), self.z)

    def p_slot(self, p: int, s: int, j: int, values) -> Fraction:
        return self.prob(lambda cfg: value_of(cfg[(p, s, j)]) in values)

    def p_red(self, p: int, s: int, j: int) -> Fraction:
        return self.prob(lambda cfg: colour_of(cfg[(p, s, j)]) == RED)

    def p_solo_legal(self, v) -> Fraction:
        me = self.state.me
        others = [(p, s) for p, s in self.state.stand_keys() if p != me]
        return self.prob(
            lambda cfg: not any(value_of(cfg[(p, s, j)]) == v for p, s in others for j in self.uncut[(p, s)])
        )


def close(got: float, want: Fraction, what: str, ctx) -> None:
    assert isinstance(got, float) and math.isfinite(got), (what, got, ctx)
    assert abs(got - float(want)) <= TOL, (what, got, float(want), ctx)
    if want == 1:
        assert got == 1.0, (what, "certain but not exactly 1.0", got, ctx)
    if want == 0:
        assert got == 0.0 or abs(got) <= TOL, (what, got, ctx)


@dataclass
class _Case:
    """One state under test: its document, the exact reference, and what me holds and may use."""

    doc: dict
    state: GameState
    ex: Exact
    items: set
    held: dict

    @property
    def mv(self) -> list:
        return self.ex.my_values


def check_moves(doc: dict, ex: Exact | None = None) -> list[dict]:
    """Every property of the brief, for one state document with ``me`` a player."""
    state = GameState.from_json(doc)
    ex = ex or Exact(state)
    moves = rank_moves(state)
    json.dumps(moves, allow_nan=False)
    held = {v: sum(1 for sl in ex.mine if value_of(sl.wire) == v) for v in ex.my_values}
    case = _Case(doc, state, ex, set(doc.get("available", ["double_detector"])), held)
    seen: dict[tuple, dict] = {}
    for m in moves:
        _check_fields(case, m)
        check = _KIND_CHECKS.get(m["kind"])
        assert check is not None, f"unknown move kind {m['kind']!r}"
        key = check(case, m)
        assert key not in seen, ("move listed twice", key, doc)
        seen[key] = m
    _check_nothing_missing(case, moves, seen)
    # order: guaranteed first, then non-increasing success
    flags = [m["guaranteed"] for m in moves]
    assert flags == sorted(flags, reverse=True), doc
    rest = [m["p_success"] for m in moves if not m["guaranteed"]]
    assert all(a >= b - 1e-12 for a, b in zip(rest, rest[1:])), (rest, doc)  # chances equal to 1e-12 tie
    return moves


def _check_fields(case: _Case, m: dict) -> None:
    """Every move: probabilities in [0, 1] that add up, targets a teammate's uncut slots."""
    ctx = (m, case.doc)
    for f in ("p_success", "p_red", "p_advance", "p_explode"):
        assert type(m[f]) is float and math.isfinite(m[f]) and -TOL <= m[f] <= 1 + TOL, (f, ctx)
    assert type(m["guaranteed"]) is bool and m["guaranteed"] == (m["p_success"] == 1.0), ctx
    if m["kind"] in ("dual_cut", "x_or_y_ray", "double_detector", "triple_detector", "super_detector"):
        p, s = m["player"], m["stand"]
        assert p != case.state.me and (p, s) in case.ex.targets, ("targets one's own stand", ctx)
        assert m["slots"] and all(j in case.ex.uncut[(p, s)] for j in m["slots"]), ("cut or unknown slot", ctx)
        assert len(set(m["slots"])) == len(m["slots"]), ctx
        assert m["p_advance"] == pytest.approx(1.0 - m["p_success"] - m["p_red"], abs=TOL), ctx
    else:
        assert m["player"] is None and m["p_advance"] == 0.0 and m["p_red"] == 0.0, ctx
    ml = case.state.mistakes_left
    assert m["p_explode"] == pytest.approx(m["p_red"] + (m["p_advance"] if ml == 0 else 0.0), abs=TOL), ctx


def _check_dual(case: _Case, m: dict) -> tuple:
    ex, ctx = case.ex, (m, case.doc)
    p, s, (j,), v = m["player"], m["stand"], m["slots"], m["value"]
    assert v in case.mv, ("names a value me does not hold uncut", ctx)
    close(m["p_success"], ex.p_slot(p, s, j, {v}), "dual_cut p_success", ctx)
    close(m["p_red"], ex.p_red(p, s, j), "dual_cut p_red", ctx)
    return ("dual_cut", p, s, j, v)


def _check_xray(case: _Case, m: dict) -> tuple:
    ex, mv, ctx = case.ex, case.mv, (m, case.doc)
    p, s, (j,), vals = m["player"], m["stand"], m["slots"], m["values"]
    assert "x_or_y_ray" in case.items and len(vals) == 2 and len(set(vals)) == 2, ctx
    assert all(v in mv for v in vals), ("names a value me does not hold uncut", ctx)
    close(m["p_success"], ex.p_slot(p, s, j, set(vals)), "x_or_y p_success", ctx)
    close(m["p_red"], ex.p_red(p, s, j), "x_or_y p_red", ctx)
    best = max(ex.p_slot(p, s, j, set(pair)) for pair in itertools.combinations(mv, 2))
    assert float(best) <= m["p_success"] + TOL, ("x_or_y pair not optimal", float(best), ctx)
    return ("x_or_y_ray", p, s, j)


def _check_detector(case: _Case, m: dict) -> tuple:
    ex, ctx, kind = case.ex, (m, case.doc), m["kind"]
    p, s, v = m["player"], m["stand"], m["value"]
    size = 2 if kind == "double_detector" else 3
    assert kind in case.items and len(m["slots"]) == size, ctx
    assert v in case.mv and v != "RED", ("names a value me does not hold uncut", ctx)
    if kind == "triple_detector":
        assert v != "YELLOW", ("triple detector names YELLOW", ctx)
    close(m["p_success"], ex.p_any(p, s, m["slots"], v), f"{kind} p_success", ctx)
    close(m["p_red"], ex.p_all_red(p, s, m["slots"]), f"{kind} p_red", ctx)
    best = max(ex.p_any(p, s, c, v) for c in itertools.combinations(ex.uncut[(p, s)], size))
    assert float(best) <= m["p_success"] + TOL, (f"{kind} slot set not optimal", float(best), ctx)
    return (kind, p, s, v)


def _check_super(case: _Case, m: dict) -> tuple:
    ex, ctx = case.ex, (m, case.doc)
    p, s, v = m["player"], m["stand"], m["value"]
    assert "super_detector" in case.items and v in case.mv and v not in ("YELLOW", "RED"), ctx
    js = _super_slots(case, p, s)
    assert sorted(m["slots"]) == js, ctx
    close(m["p_success"], ex.p_any(p, s, js, v), "super p_success", ctx)
    close(m["p_red"], ex.p_all_red(p, s, js), "super p_red", ctx)
    return ("super_detector", p, s, v)


def _super_slots(case: _Case, p: int, s: int) -> list[int]:
    """The whole stand but its X wire, which equipment ignores (20, 35)."""
    return [j for j in case.ex.uncut[(p, s)] if not case.state.stand(p, s)[j].unsorted]


def _check_solo(case: _Case, m: dict) -> tuple:
    ctx, v = (m, case.doc), m["value"]
    assert v in case.mv, ("names a value me does not hold uncut", ctx)
    close(m["p_success"], case.ex.p_solo_legal(v), "solo p_success", ctx)
    assert m["p_legal"] == m["p_success"] and m["count"] == case.held[v], ctx
    me = case.state.me
    assert me is not None
    want_slots = [
        (s, j) for s, st in enumerate(case.state.players[me].stands) for j, sl in enumerate(st)
        if sl.state != CUT and value_of(sl.wire) == v
    ]
    assert [tuple(x) for x in m["slots"]] == want_slots, ctx
    return ("solo_cut", v)


def _check_fast_pass(case: _Case, m: dict) -> tuple:
    v = m["value"]
    assert "fast_pass" in case.items and v in case.mv and case.held[v] >= 2 and m["p_success"] == 1.0, (m, case.doc)
    return ("fast_pass", v)


def _check_reveal_red(case: _Case, m: dict) -> tuple:
    mine = case.ex.mine
    assert mine and all(colour_of(sl.wire) == RED for sl in mine) and m["p_success"] == 1.0, (m, case.doc)
    return ("reveal_red",)


#: move kind -> its check against the exact reference, returning the move's identity
_KIND_CHECKS = {
    "dual_cut": _check_dual,
    "x_or_y_ray": _check_xray,
    "double_detector": _check_detector,
    "triple_detector": _check_detector,
    "super_detector": _check_super,
    "solo_cut": _check_solo,
    "fast_pass": _check_fast_pass,
    "reveal_red": _check_reveal_red,
}


def _check_nothing_missing(case: _Case, moves: list[dict], seen: dict) -> None:
    """Nothing with a chance is missing, and nothing without one is listed."""
    ex, mv, items, doc = case.ex, case.mv, case.items, case.doc
    for m in moves:
        if m["kind"] not in ("fast_pass", "reveal_red"):
            assert m["p_success"] > 0, (m, doc)
    for p, s in ex.targets:
        js = ex.uncut[(p, s)]
        for j in js:
            for v in mv:
                if ex.p_slot(p, s, j, {v}) > 0:
                    assert ("dual_cut", p, s, j, v) in seen, ("dual cut missing", p, s, j, v, doc)
            if "x_or_y_ray" in items and len(mv) >= 2 and ex.p_slot(p, s, j, set(mv)) > 0:
                assert ("x_or_y_ray", p, s, j) in seen, ("x_or_y missing", p, s, j, doc)
        for kind, size in (("double_detector", 2), ("triple_detector", 3)):
            if kind not in items or len(js) < size:
                continue
            for v in mv:
                if v == "YELLOW":  # no detector names yellow (the rulebook's FAQ)
                    continue
                if ex.p_any(p, s, js, v) > 0:
                    assert (kind, p, s, v) in seen, (kind, "missing", p, s, v, doc)
        if "super_detector" in items and _super_slots(case, p, s):
            for v in mv:
                if v != "YELLOW" and ex.p_any(p, s, _super_slots(case, p, s), v) > 0:
                    assert ("super_detector", p, s, v) in seen, ("super missing", p, s, v, doc)
    for v in mv:
        if ex.p_solo_legal(v) > 0:
            assert ("solo_cut", v) in seen, ("solo cut missing", v, doc)
        if "fast_pass" in items and case.held[v] >= 2:
            assert ("fast_pass", v) in seen, ("fast pass missing", v, doc)
    if ex.mine and all(colour_of(sl.wire) == RED for sl in ex.mine):
        assert ("reveal_red",) in seen, doc


# --------------------------------------------------------------------------
# random tiny games: ~1,000 states, me a player holding every item

_BATCHES = {
    "default": dict(),
    "two_players": dict(n_players=2),
    "five_players": dict(n_players=5),
    "a_of_b": dict(groups=True),
    "x_slots": dict(x_slots=True),
    "facts": dict(facts=True),
    "larger": dict(max_configs=30_000),
}
_COUNTS = {"default": 350, "two_players": 100, "five_players": 100, "a_of_b": 125, "x_slots": 125,
           "facts": 100, "larger": 100}


@pytest.mark.parametrize("batch", sorted(_BATCHES))
def test_moves_against_oracle(batch):
    kw = _BATCHES[batch]
    rng_seed = sum(map(ord, batch))
    totals: dict[str, int] = {}
    for seed, doc in gen.seeded_states(rng_seed * 10_000, _COUNTS[batch], **kw):
        doc["available"] = list(ITEMS)
        try:
            moves = check_moves(doc)
        except AssertionError as exc:  # pragma: no cover - name the seed
            raise AssertionError(f"batch {batch}, seed {seed}: {exc}") from None
        for m in moves:
            totals[m["kind"]] = totals.get(m["kind"], 0) + 1
    assert totals.get("dual_cut", 0) > 0 and totals.get("double_detector", 0) > 0
