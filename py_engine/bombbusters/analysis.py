"""Analyse a state document: every hidden slot's distribution, holdings, deal count.

This is the one function behind the CLI's ``analyze`` and the bridge's
``analyze`` request, so both always print the same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .constraints import Compiled, compile_state
from .diagnose import explain_impossible
from .errors import InconsistentStateError
from .notation import CUT
from .solver import Counter, Solution, log_partition, solve
from .state import GameState, value_matches
from .wires import label, value_of

__all__ = ["Analysis", "analyze", "analyze_state", "solve_state"]


@dataclass
class Analysis:
    """Solved cases of one state: everything else is read from their block laws."""

    state: GameState
    compiled: Compiled
    solutions: list[Solution]
    weights: np.ndarray  # probability of each case
    log_z: float

    def slot_probs(self, p: int, s: int, j: int) -> dict[int, float]:
        """Exact distribution of slot j of stand (p, s) over wire types."""
        if (p, s) in self.compiled.known:
            return {self.compiled.known[(p, s)][j].wire: 1.0}  # type: ignore[dict-item]
        sub, pos = self.compiled.stands[(p, s)].where[j]
        acc = np.zeros(len(self.compiled.types))
        for w, sol in zip(self.weights, self.solutions):
            if w == 0:
                continue
            for t, J in enumerate(sol.blocks[sub]):  # type: ignore[index]
                for k in range(1, J.shape[1]):
                    lo = max(0, pos - k + 1)
                    acc[t] += w * J[lo : pos + 1, k].sum()
        total = acc.sum()
        return {self.compiled.types[t]: float(acc[t] / total) for t in np.nonzero(acc)[0]}

    def block_law(self, p: int, s: int, t_index: int) -> np.ndarray:
        """Joint law of (block start, length) of type index t on the sorted part of stand (p, s)."""
        sub = self.compiled.stands[(p, s)].subs[0]
        out = None
        for w, sol in zip(self.weights, self.solutions):
            J = sol.blocks[sub][t_index] * w  # type: ignore[index]
            out = J if out is None else out + J
        return out  # type: ignore[return-value]

    def holding_law(self, p: int, s: int, value) -> list[float]:
        """Law of the number of *uncut* wires of gameplay ``value`` on stand (p, s)."""
        if (p, s) in self.compiled.known:
            n = sum(1 for sl in self.compiled.known[(p, s)] if sl.state != CUT and value_matches(sl.wire, value))
            return [0.0] * n + [1.0]
        smap = self.compiled.stands[(p, s)]
        vm = np.array([value_matches(t, value) for t in self.compiled.types], dtype=bool)
        uncut = sum(int(self.compiled.cases[0].substands[x].uncut.sum()) for x in smap.subs)
        law = np.zeros(uncut + 1)
        if not vm.any():
            law[0] = 1.0
            return law.tolist()
        if len(smap.subs) == 1 and vm.sum() == 1:
            t = int(np.nonzero(vm)[0][0])
            J = self.block_law(p, s, t)
            cum = np.concatenate([[0], np.cumsum(self.compiled.cases[0].substands[smap.subs[0]].uncut)])
            for k in range(J.shape[1]):
                for f in np.nonzero(J[:, k])[0]:
                    law[cum[min(f + k, len(cum) - 1)] - cum[f]] += J[f, k]
        else:
            for w, prob in zip(self.weights, self.compiled.cases):
                if w == 0:
                    continue
                ctr = Counter(tuple(smap.subs), vm, "uncut", uncut, "free")
                extra = type(prob)(prob.types, prob.copies, prob.substands, prob.counters + [ctr], prob.is_blue)
                sol = solve(extra, blocks=False)
                marg = sol.counter_law
                axes = tuple(range(marg.ndim - 1))  # type: ignore[union-attr]
                law += w * (marg.sum(axis=axes) if axes else marg)  # type: ignore[union-attr]
        tot = law.sum()
        return (law / tot).tolist() if tot > 0 else law.tolist()


def solve_state(state: GameState) -> Analysis:
    """Solve every case of a checked state; raise InconsistentStateError if no deal fits."""
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
    """log10 of the number of tile-level deals of the wires outside the known stands."""
    lf = sum(math.lgamma(int(c) + 1) for c in an.compiled.cases[0].copies)
    return (an.log_z + lf) / math.log(10)


def analyze_state(state: GameState) -> dict:
    an = solve_state(state)
    slots = []
    holdings = []
    values = sorted({value_of(t) for t in state.wires.copies()}, key=lambda v: (isinstance(v, str), v))
    for p, s in state.stand_keys():
        if p == state.me:
            continue
        for j, slot in enumerate(state.stand(p, s)):
            if slot.state == CUT:
                continue
            probs = an.slot_probs(p, s, j)
            slots.append(
                {
                    "player": p,
                    "stand": s,
                    "slot": j,
                    "probs": {label(t): v for t, v in sorted(probs.items())},
                }
            )
        for v in values:
            law = an.holding_law(p, s, v)
            exp = sum(m * q for m, q in enumerate(law))
            holdings.append(
                {
                    "player": p,
                    "stand": s,
                    "value": v,
                    "p_any": float(1.0 - law[0]) if law else 0.0,
                    "expected": float(exp),
                    "law": [float(q) for q in law],
                }
            )
    return {"log10_deals": _log10_deals(an), "slots": slots, "holdings": holdings}


def analyze(doc: Any) -> dict:
    """JSON state document in, JSON-able result out (see the CLI's ``analyze``)."""
    return analyze_state(GameState.from_json(doc))


# used by diagnose; re-exported for callers that only need feasibility
__all__ += ["log_partition"]
