"""Analyse a state document: every hidden slot's distribution, holdings, deal count.

This is the one function behind the CLI's ``analyze`` and the bridge's
``analyze`` request, so both always print the same numbers.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import numpy as np

from .constraints import Compiled, compile_state
from .diagnose import explain_impossible
from .notation import CUT
from .problem import Problem, Solution
from .solver import condition_ratio, solve
from .state import GameState, value_matches
from .wires import label, value_of

__all__ = ["Analysis", "analyze", "analyze_state", "solve_state", "clear_recent", "scratch_solves", "holdings_json", "slots_json"]


@dataclass
class Analysis:
    """Solved cases of one state: everything else is read from their block laws."""

    state: GameState
    compiled: Compiled
    solutions: list[Solution]
    weights: np.ndarray  # probability of each case
    log_z: float

    def __post_init__(self) -> None:
        self._marginals: dict[int, np.ndarray] = {}
        self._value_types: dict = {}
        for t, u in enumerate(self.compiled.types):
            self._value_types.setdefault(value_of(u), []).append(t)

    def value_types(self, value) -> list[int]:
        """Type indices (in the DP) of a gameplay value."""
        return self._value_types.get(value, [])

    def sub_marginals(self, sub: int) -> np.ndarray:
        """P[pos, t]: probability that position pos of sub-stand ``sub`` holds type index t.

        Slot pos holds t when t's block [f, f+k) covers it: sum J[pos - r, k] over
        r < k, done for every type at once on padded block tables (sums only,
        so impossible values stay exactly 0).
        """
        if sub not in self._marginals:
            n = self.compiled.cases[0].substands[sub].n
            T = len(self.compiled.types)
            acc = np.zeros((n, T))
            for w, sol in zip(self.weights, self.solutions):
                if w == 0:
                    continue
                blocks = sol.blocks[sub]  # type: ignore[index]
                K = max(J.shape[1] for J in blocks) if blocks else 1
                table = np.zeros((T, n + 1, K))
                for t, J in enumerate(blocks):
                    table[t, :, : J.shape[1]] = J
                # tail[t, f, r] = P(block starts at f with length > r)
                tail = np.cumsum(table[:, :, ::-1], axis=2)[:, :, ::-1]
                for r in range(K - 1):
                    acc[r:, :] += w * tail[:, : n - r, r + 1].T
            tot = acc.sum(axis=1, keepdims=True)
            self._marginals[sub] = np.divide(acc, tot, out=np.zeros_like(acc), where=tot > 0)
        return self._marginals[sub]

    def slot_probs(self, p: int, s: int, j: int) -> dict[int, float]:
        """Exact distribution of slot j of stand (p, s) over wire types."""
        if (p, s) in self.compiled.known:
            return {self.compiled.known[(p, s)][j].wire: 1.0}  # type: ignore[dict-item]
        sub, pos = self.compiled.stands[(p, s)].where[j]
        row = self.sub_marginals(sub)[pos]
        return {self.compiled.types[t]: float(row[t]) for t in np.nonzero(row)[0]}

    def block_law(self, p: int, s: int, t_index: int) -> np.ndarray:
        """Joint law of (block start, length) of type index t on the sorted part of stand (p, s)."""
        sub = self.compiled.stands[(p, s)].subs[0]
        out = None
        for w, sol in zip(self.weights, self.solutions):
            if w == 0:
                continue
            J = sol.blocks[sub][t_index] * w  # type: ignore[index]
            out = J if out is None else out + J
        return out  # type: ignore[return-value]

    def p_none(self, p: int, s: int | None, value) -> float:
        """P(no uncut wire of gameplay ``value`` on stand s of player p (s None: any of theirs))."""
        keys = [(p, s)] if s is not None else [(p, x) for x in range(len(self.state.players[p].stands))]
        return self.p_none_on(keys, value)

    def p_none_on(self, keys: list[tuple[int, int]], value) -> float:
        """P(no uncut wire of gameplay ``value`` on any of these stands)."""
        for key in keys:
            if key in self.compiled.known and any(
                sl.state != CUT and value_matches(_known(sl), value) for sl in self.compiled.known[key]
            ):
                return 0.0
        subs = [x for key in keys if key in self.compiled.stands for x in self.compiled.stands[key].subs]
        ts = self.value_types(value)
        if not subs or not ts:
            return 1.0
        def restrict(subst: list) -> tuple[list[int], list[int]]:
            for x in subs:
                subst[x].no_uncut |= set(ts)
            return subs, ts

        return self._ratio(restrict)

    def _ratio(self, restrict) -> float:
        """P(the deal meets a condition that only changes some stands' moves), over every case.

        ``restrict(substands)`` edits copies of a case's sub-stands in place and
        returns (the sub-stands it touched, the type indices whose moves changed).
        """
        total = 0.0
        for w, sol, prob in zip(self.weights, self.solutions, self.compiled.cases):
            if w == 0:
                continue
            subst = [x.copy() for x in prob.substands]
            subs, ts = restrict(subst)
            p2 = Problem(prob.types, prob.copies, subst, prob.counters, prob.is_blue)
            total += w * condition_ratio(sol, p2, sorted(subs), sorted(ts))
        return min(1.0, total)

    # ---- conditioning: joint questions across slots --------------------------
    def _where(self, p: int, s: int, j: int):
        return self.compiled.stands[(p, s)].where[j]

    def types_of(self, value) -> frozenset[int]:
        """Every wire type (DP or known) of gameplay ``value``: the form conditions take."""
        return frozenset(t for t in self.state.wires.copies() if value_matches(t, value))

    def _known_fails(self, conds: list[tuple[int, int, int, frozenset]]) -> bool:
        """Is a condition on a stand outside the DP (every wire known) already false?"""
        return any(
            (p, s) in self.compiled.known and self.compiled.known[(p, s)][j].wire not in allowed
            for p, s, j, allowed in conds
        )

    def _masked_cases(self, conds: list[tuple[int, int, int, frozenset]]):
        """Copies of every case with the slots restricted to the given type sets (None: already false)."""
        if self._known_fails(conds):
            return None
        out = []
        for prob in self.compiled.cases:
            subst = [x.copy() for x in prob.substands]
            for p, s, j, allowed in conds:
                if (p, s) in self.compiled.stands:
                    sub, pos = self._where(p, s, j)
                    subst[sub].allowed[pos] &= np.array([t in allowed for t in prob.types], dtype=bool)
            out.append(Problem(prob.types, prob.copies, subst, prob.counters, prob.is_blue))
        return out

    def p_all(self, conds: list[tuple[int, int, int, frozenset]]) -> float:
        """P(every listed slot holds a type of its set).

        The condition is put on the moves, not the masks ("no other type's
        block may cover this slot"), so the fill windows stay the same and only
        the forward steps of the affected types are rerun against the stored
        backward table (:func:`condition_ratio`).
        """
        if self._known_fails(conds):
            return 0.0
        live = [(p, s, j, a) for p, s, j, a in conds if (p, s) in self.compiled.stands]
        if not live:
            return 1.0
        def restrict(subst: list) -> tuple[set, set]:
            subs, ts = set(), set()
            for p, s, j, allowed in live:
                sub, pos = self._where(p, s, j)
                for t, u in enumerate(self.compiled.types):
                    if u not in allowed:
                        subst[sub].forbid.setdefault(t, set()).add(pos)
                        subs.add(sub)
                        ts.add(t)
            return subs, ts

        return self._ratio(restrict)

    def conditioned(self, conds: list[tuple[int, int, int, frozenset]]) -> "tuple[float, Analysis | None]":
        """(P(conditions), the analysis given them): one full solve per case, cached."""
        key = tuple(conds)
        cache = self.__dict__.setdefault("_cond_cache", {})
        if key in cache:
            return cache[key]
        cases = self._masked_cases(conds)
        result: tuple = (0.0, None)
        if cases is not None:
            kept, sols, logs = [], [], []
            for w, sol, prob in zip(self.weights, self.solutions, cases):
                if w == 0 or not all(x.allowed.any(axis=1).all() for x in prob.substands):
                    continue
                s2 = solve(prob)
                if s2.log_z > -math.inf:
                    kept.append(prob)
                    sols.append(s2)
                    logs.append(math.log(w) + s2.log_z - sol.log_z)
            if sols:
                top = max(logs)
                ws = np.exp(np.array(logs) - top)
                p_cond = min(1.0, float(ws.sum() * math.exp(top)))
                comp = Compiled(self.compiled.types, kept, self.compiled.stands, self.compiled.known)
                log_z = self.log_z + math.log(p_cond) if p_cond > 0 else -math.inf
                result = (p_cond, Analysis(self.state, comp, sols, ws / ws.sum(), log_z))
        cache[key] = result
        return result

    def holding(self, p: int, s: int, value) -> dict:
        """Uncut wires of gameplay ``value`` on stand (p, s): P(any) and expected count, exactly.

        The whole law comes with it where it is one block law away (see
        :meth:`stand_holdings`); here: known stands, stands with X wires, and
        values spread over several types (yellow, red).
        """
        if (p, s) in self.compiled.known:
            n = sum(1 for sl in self.compiled.known[(p, s)] if sl.state != CUT and value_matches(_known(sl), value))
            return {"p_any": float(n > 0), "expected": float(n), "law": [0.0] * n + [1.0]}
        ts = self.value_types(value)
        if not ts:
            return {"p_any": 0.0, "expected": 0.0, "law": [1.0]}
        expected = 0.0
        for sub in self.compiled.stands[(p, s)].subs:
            uncut = self.compiled.cases[0].substands[sub].uncut
            expected += float(self.sub_marginals(sub)[uncut][:, ts].sum())
        return {"p_any": 1.0 - self.p_none(p, s, value), "expected": expected, "law": None}

    def stand_holdings(self, p: int, s: int, values: list) -> list[dict]:
        """:meth:`holding` for several values of one stand.

        On a stand of one sorted run, a blue value's law of uncut copies is read
        off its block law: all such values share one uncut-count table and one
        bincount.
        """
        if (p, s) in self.compiled.known or len(self.compiled.stands[(p, s)].subs) != 1:
            return [self.holding(p, s, v) for v in values]
        sub = self.compiled.stands[(p, s)].subs[0]
        uncut = self.compiled.cases[0].substands[sub].uncut
        expected = self.sub_marginals(sub)[uncut].sum(axis=0).tolist()  # uncut copies of each type
        singles = [self.value_types(v)[0] for v in values if len(self.value_types(v)) == 1]
        rows: dict[int, tuple] = {}
        if singles:
            blocks = [self.block_law(p, s, t) for t in singles]
            K = max(J.shape[1] for J in blocks)
            table = np.zeros((len(singles), uncut.shape[0] + 1, K))
            for i, J in enumerate(blocks):
                table[i, :, : J.shape[1]] = J
            n_unc = int(uncut.sum())
            idx = (np.arange(len(singles))[:, None, None] * (n_unc + 1) + _uncut_counts(uncut, K)[None]).ravel()
            mat = np.bincount(idx, table.ravel(), minlength=len(singles) * (n_unc + 1)).reshape(len(singles), -1)
            mat = mat / mat.sum(axis=1, keepdims=True)
            last = (mat.shape[1] - 1 - np.argmax(mat[:, ::-1] > 0, axis=1)).tolist()
            rows = dict(zip(singles, zip(mat.tolist(), last, (1.0 - mat[:, 0]).tolist())))
        out = []
        for v in values:
            ts = self.value_types(v)
            if len(ts) == 1:
                row, top, p_any = rows[ts[0]]
                out.append({"p_any": p_any, "expected": float(expected[ts[0]]), "law": row[: top + 1]})
            else:
                out.append(self.holding(p, s, v))
        return out


def _known(slot) -> int:
    assert slot.wire is not None  # every slot of a stand outside the DP is known
    return slot.wire


def _uncut_counts(uncut: np.ndarray, K: int) -> np.ndarray:
    """count[f, k]: uncut slots in the block [f, f+k) of a run with these uncut flags."""
    n = uncut.shape[0]
    cum = np.concatenate([[0], np.cumsum(uncut, dtype=int)])
    f = np.arange(n + 1)[:, None]
    k = np.arange(K)[None, :]
    return cum[np.minimum(f + k, n)] - cum[f]


#: the last few solved states: the page asks "analyze" then "moves" for the same table
_RECENT: "OrderedDict[str, Analysis]" = OrderedDict()
_RECENT_SIZE = 4


def clear_recent() -> None:
    """Forget recent solves (benchmarks time the whole work)."""
    _RECENT.clear()


@contextmanager
def scratch_solves() -> Iterator[None]:
    """Solves made inside leave the recent-solves cache as it was (the warm-up's table is no one's)."""
    saved = OrderedDict(_RECENT)
    try:
        yield
    finally:
        _RECENT.clear()
        _RECENT.update(saved)


def solve_state(state: GameState, reuse: bool = False) -> Analysis:
    """Solve every case of a checked state; raise InconsistentStateError if no deal fits.

    Every solve is remembered for a while; ``reuse`` answers from a recent
    solve of the same table (moves and advice follow an analysis of it).
    """
    doc = state.to_json()
    for k in ("available", "tokens"):  # advice options, not part of the table
        doc.pop(k, None)
    key = json.dumps(doc, sort_keys=True)
    if reuse and key in _RECENT:
        _RECENT.move_to_end(key)
        return _RECENT[key]
    an = _solve_state(state)
    _RECENT[key] = an
    while len(_RECENT) > _RECENT_SIZE:
        _RECENT.popitem(last=False)
    return an


def _solve_state(state: GameState) -> Analysis:
    compiled = compile_state(state)
    if compiled.impossible is None and compiled.cases:
        sols = [solve(c) for c in compiled.cases]
        logs = np.array([s.log_z for s in sols])
        if np.isfinite(logs).any():
            top = logs[np.isfinite(logs)].max()
            w = np.where(np.isfinite(logs), np.exp(logs - top), 0.0)
            total = w.sum()
            return Analysis(state, compiled, sols, w / total, top + math.log(total))
    raise explain_impossible(state, compiled.impossible)


def _log10_deals(an: Analysis) -> float:
    """log10 of the number of tile-level deals of the wires outside the observer's stands."""
    outside, runs = an.compiled.deal_factors(an.state.me)
    lf = sum(math.lgamma(c + 1) for c in outside.values()) - sum(math.lgamma(k + 1) for k in runs)
    return (an.log_z + lf) / math.log(10)


def holdings_json(state: GameState, an: Analysis) -> list[dict]:
    """Who holds what: for every stand ``me`` does not hold and every value in play."""
    values = sorted({value_of(t) for t in state.wires.copies()}, key=lambda v: (isinstance(v, str), v))
    out = []
    for p, s in state.stand_keys():
        if p == state.me:
            continue
        for v, h in zip(values, an.stand_holdings(p, s, values)):
            out.append({"player": p, "stand": s, "value": v, **h})
    return out


def slots_json(state: GameState, an: Analysis) -> list[dict]:
    """One entry per uncut slot of every stand ``me`` does not hold."""
    return [
        {"player": p, "stand": s, "slot": j, "probs": {label(t): v for t, v in sorted(an.slot_probs(p, s, j).items())}}
        for p, s in state.stand_keys()
        if p != state.me
        for j, slot in enumerate(state.stand(p, s))
        if slot.state != CUT
    ]


def analyze_state(state: GameState) -> dict:
    an = solve_state(state)
    return {"log10_deals": _log10_deals(an), "slots": slots_json(state, an), "holdings": holdings_json(state, an)}


def analyze(doc: Any) -> dict:
    """JSON state document in, JSON-able result out (see the CLI's ``analyze``)."""
    return analyze_state(GameState.from_json(doc))

