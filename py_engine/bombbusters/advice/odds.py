"""Exact chances the moves are ranked by: each slot's law over gameplay values, the chance a set of
slots avoids some types (a detector's miss), the best set of slots for a detector.

Why apart from the ranking: these read a solved table (block laws, slot laws, reruns) and know
nothing of turns, items or cards; the one-turn-ahead view asks the same questions.

Every figure is joint: read off one block law where one sorted run and one type decide it, else
asked of the analysis by conditioning — never a product of marginals.
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np

from ..questions.analysis import Analysis
from ..table.wires import value_of

__all__ = ["Odds", "all_of_type", "avoid_chance", "avoid_chances", "best_set", "share", "tie"]


def share(part: float, rest: float) -> float:
    """part / (part + rest): exactly 1.0 when rest is exactly 0, exactly 0.0 when part is."""
    return 1.0 if rest == 0.0 else part / (part + rest)


class Odds:
    """Per-slot distributions over gameplay values, on one analysis."""

    def __init__(self, an: Analysis):
        self.an = an
        self._pv: dict = {}

    def values(self, p: int, s: int, j: int) -> dict:
        """{value: P(slot j of stand (p, s) holds it)}: its slot law over types, summed value by value
        in type order."""
        key = (p, s, j)
        got = self._pv.get(key)
        if got is None:
            got = {}
            an = self.an
            if (p, s) in an.compiled.known:
                for t, q in an.slot_probs(p, s, j).items():
                    got[value_of(t)] = q
            else:  # its row by type index (``slot_probs`` keys it by wire)
                vals = an.type_values
                for t, q in enumerate(an.slot_row(p, s, j)):
                    if q:
                        v = vals[t]
                        got[v] = got.get(v, 0.0) + q
            self._pv[key] = got
        return got

    def single(self, p, s, j, good: set) -> tuple[float, float]:
        """(P(slot's value in good), P(red)) with an exact 1.0 when nothing else is possible."""
        pv = self.values(p, s, j)
        succ = sum(q for v, q in pv.items() if v in good)
        other = sum(q for v, q in pv.items() if v not in good)
        red = pv.get("RED", 0.0) if "RED" not in good and other != 0.0 else 0.0
        return share(succ, other), red


def avoid_chance(an: Analysis, p: int, s: int, slots: list[int], types: frozenset) -> float:
    """P(no slot of ``slots`` on stand (p, s) holds a type in ``types``), exactly."""
    return avoid_chances(an, [(p, s, slots, types)])[0]


def avoid_chances(an: Analysis, questions: list[tuple[int, int, list[int], frozenset]]) -> list[float]:
    """:func:`avoid_chance` for each (player, stand, slots, types).

    One blue type on the sorted run, or one slot: read off the block law or
    the slot's law.  Otherwise the condition "every slot holds another type",
    the reruns of all such questions done together (``Analysis.p_all_many``).
    """
    out: list = [_avoid_read(an, *q) for q in questions]
    rerun = [i for i, x in enumerate(out) if x is None]
    if rerun:
        every = frozenset(an.state.wires.copies())
        asks = [[(p, s, j, every - types) for j in slots] for p, s, slots, types in (questions[i] for i in rerun)]
        for i, q in zip(rerun, an.p_all_many(asks)):
            out[i] = q
    return out


def _avoid_read(an: Analysis, p: int, s: int, slots: list[int], types: frozenset) -> float | None:
    """:func:`avoid_chance` where the laws at hand answer it; None when it needs a rerun."""
    if not slots:
        return 1.0
    comp = an.compiled
    if (p, s) in comp.known:
        return 0.0 if any(comp.known[(p, s)][j].wire in types for j in slots) else 1.0
    smap = comp.stands[(p, s)]
    dp_types = [i for i, t in enumerate(comp.types) if t in types]
    run = smap.where[slots[0]][0]  # one sorted run holds them all: one block law
    on_run = [j for j in slots if smap.where[j][0] == run] if run not in an.owned_x() else []
    if len(dp_types) <= 1 and len(on_run) == len(slots) and smap.where:
        if not dp_types:
            return 1.0
        places = [smap.where[j][1] for j in slots]
        entries = an.block_entries(run, dp_types[0])
        if entries is not None:  # a plain-Python walk's few blocks, in plain Python
            touch = [any(f <= q < f + k for q in places) for f, k, _m in entries]
            return share(sum(m for (_f, _k, m), x in zip(entries, touch) if not x),
                          sum(m for (_f, _k, m), x in zip(entries, touch) if x))
        J = an.block_law(run, dp_types[0])
        pos = np.array(places)
        f = np.arange(J.shape[0])[:, None, None]
        k = np.arange(J.shape[1])[None, :, None]
        meets = ((f <= pos) & (pos < f + k)).any(axis=2)
        return share(float(J[~meets].sum()), float(J[meets].sum()))
    if len(slots) == 1:
        probs = an.slot_probs(p, s, slots[0])
        miss = sum(q for t, q in probs.items() if t not in types)
        return share(miss, sum(q for t, q in probs.items() if t in types))
    return None


def all_of_type(an: Analysis, p: int, s: int, slots: list[int], value) -> float | None:
    """P(every slot of ``slots`` holds gameplay ``value``) read off its block law, when the value is one
    DP type and the slots lie on one sorted run (one block covers them all); None otherwise."""
    comp = an.compiled
    dp_types = an.value_types(value)
    if (p, s) in comp.known or len(dp_types) != 1 or not slots:
        return None
    smap = comp.stands[(p, s)]
    run = smap.where[slots[0]][0]
    if run in an.owned_x() or any(smap.where[j][0] != run for j in slots):
        return None
    lo, hi = min(smap.where[j][1] for j in slots), max(smap.where[j][1] for j in slots)
    entries = an.block_entries(run, dp_types[0])
    if entries is not None:  # a plain-Python walk's few blocks, in plain Python
        return sum(m for f, k, m in entries if f <= lo and hi < f + k)
    J = an.block_law(run, dp_types[0])
    f = np.arange(J.shape[0])[:, None]
    k = np.arange(J.shape[1])[None, :]
    return float(J[(f <= lo) & (hi < f + k)].sum())


@functools.lru_cache(maxsize=64)
def _combos(n: int, size: int) -> np.ndarray:
    """Every set of ``size`` of n positions, as rows of indices (read only, shared)."""
    out = np.array(list(itertools.combinations(range(n), size)), dtype=np.intp).reshape(-1, size)
    out.flags.writeable = False
    return out


#: a detector's sets are sorted in plain Python up to this many (numpy's per-call cost is more there)
_FEW_SETS = 36


def best_set(an: Analysis, laws: list[dict], p: int, s: int, js: list[int], size: int, v, types) -> tuple | None:
    """The slot set of this size on stand (p, s) most likely to hold a ``v``: (P(miss), red proxy, slots).

    Branch and bound: the chance a set holds a ``v`` is at most the sum of its
    slots' chances, so sets are tried in order of that bound and the search
    stops once the best exact figure reaches the next bound.  Every figure
    compared is exact; ties go to the set whose least red-prone slot is safest.
    """
    # each slot's chances as ranking compares them (rounded once here, not per set); ``laws``: each
    # slot's law over values (``Odds.values``), read once per stand by the caller
    hit = [tie(law.get(v, 0.0)) for law in laws]
    risk = [tie(law.get("RED", 0.0)) for law in laws]
    # sets in order of (bound, high first; red proxy; slots), those that may hold a v at all
    if math.comb(len(js), size) <= _FEW_SETS:  # a late stand: a few sets, sorted in plain Python
        found = []
        for idx in itertools.combinations(range(len(js)), size):
            bound = min(1.0, sum(hit[i] for i in idx))
            if bound > 0:
                found.append((-bound, min(risk[i] for i in idx), tuple(js[i] for i in idx)))
        found.sort()
        ordered = [(-b, red, combo) for b, red, combo in found]
    else:
        sets = _combos(len(js), size)  # every set, as rows of indices into js
        bounds = np.minimum(1.0, np.array(hit)[sets].sum(axis=1))
        reds = np.array(risk)[sets].min(axis=1)
        slots = np.asarray(js)[sets]
        order = np.lexsort([slots[:, i] for i in range(size - 1, -1, -1)] + [reds, -bounds])
        ordered = [(float(bounds[i]), float(reds[i]), tuple(slots[i].tolist())) for i in order[bounds[order] > 0].tolist()]
    best = None
    for bound, red, combo in ordered:
        if best is not None and tie(1.0 - best[0]) >= bound:
            break
        # one set at a time (a batch of the next few cost more than it saved: the bound stops soon)
        key = (avoid_chance(an, p, s, list(combo), types), red, combo)
        if best is None or (tie(key[0]), tie(red), combo) < (tie(best[0]), tie(best[1]), best[2]):
            best = key
    if best is None or best[0] == 1.0:
        return None
    return best


def tie(x: float) -> float:
    """A chance as ranking compares it: equal chances reached by sums in another order (the sparse walk
    and the dense grid, say) stay equal, so ties fall to the same move whichever path solved the table."""
    return round(x, 12)
