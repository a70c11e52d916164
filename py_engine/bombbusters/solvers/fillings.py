"""A sub-stand's fillings: its positions read once (known types, free positions, the gaps between
known wires) and every non-decreasing run of types a gap may take, each filling weighed.

Why apart from the walk over the stands (``worlds``): what a stand may hold is read from its mask
alone, and kept by mask, so the stands that stay as they were turn to turn are read once.
"""

from __future__ import annotations

import functools
import itertools

from ..compiler.problem import SubStand, count_fits
from .blocks import INV_FACT

__all__ = ["Fill", "FillLayout", "backward_over", "block_masses", "certain_rows", "count_laws", "fillings", "forward_over", "layout_of", "marginals",
           "normalise", "one_stand_chance", "rule_checks", "runs_between"]


class FillLayout:
    """A sub-stand's positions read from its mask: each one's types (less its forbidden ones), the
    known ones' types (-1 where free), the free ones, the known types' counts and their weight
    (product of 1/k!), and each gap of free positions as (start, end, least type, greatest type) with
    its positions' types within those bounds: a gap lies between the known types around it (a sorted
    stand).  ``ok``: no position is empty and the known types do not decrease."""

    def __init__(self, allowed, forbid: dict):
        opts = [[row.index(True)] if row.count(True) == 1 else [t for t, ok in enumerate(row) if ok]
                for row in allowed.tolist()]
        if forbid:
            opts = [[t for t in ts if j not in forbid.get(t, ())] for j, ts in enumerate(opts)]
        self.opts = opts
        n, T = len(opts), allowed.shape[1]
        self.fixed = fixed = [ts[0] if len(ts) == 1 else -1 for ts in opts]
        self.free = [j for j, t in enumerate(fixed) if t < 0]
        self.free_at = {j: i for i, j in enumerate(self.free)}  # a free position's index in a filling's run
        self.base: dict[int, int] = {}
        for t in fixed:
            if t >= 0:
                self.base[t] = self.base.get(t, 0) + 1
        self.weight = 1.0
        for k in self.base.values():
            self.weight *= INV_FACT[k]
        known = [t for t in fixed if t >= 0]
        self.ok = all(opts) and all(a <= b for a, b in zip(known, known[1:]))
        self.gaps: list[tuple[int, int, int, int]] = []
        self.gap_opts: list[list[list[int]]] = []  # per gap, each position's types within the gap's bounds
        prev, j = 0, 0
        while j < n:
            if fixed[j] >= 0:
                prev = fixed[j]
                j += 1
                continue
            k = j
            while k < n and fixed[k] < 0:
                k += 1
            hi = fixed[k] if k < n else T - 1
            self.gaps.append((j, k, prev, hi))
            self.gap_opts.append([[t for t in opts[i] if prev <= t <= hi] for i in range(j, k)])
            j = k


#: sub-stands already read, by mask: (shape, bytes) -> layout (read only)
_LAYOUTS: dict[tuple, FillLayout] = {}


class Fill:
    """One filling of a sub-stand: the free positions' types, its weight (the product of 1/k! over
    its types), each type's copies among them and the open types' copies it uses (``Worlds.solve``'s
    integer)."""

    __slots__ = ("fixed", "free", "chosen", "weight", "counts", "use", "_full")

    def __init__(self, fixed: list, free: list, chosen: tuple, weight: float, counts: dict):
        self.fixed, self.free, self.chosen, self.weight, self.counts = fixed, free, chosen, weight, counts
        self.use = 0
        self._full: list | None = None

    @property
    def full(self) -> list:
        """Its types position by position (made when first asked: conditions and block laws read it)."""
        if self._full is None:
            self._full = list(self.fixed)
            for j, t in zip(self.free, self.chosen):
                self._full[j] = t
        return self._full


def runs_between(opts: list[list[int]], lo: int, hi: int, limit: int | None) -> list[tuple] | None:
    """Every non-decreasing run of types, one per position, each from its position's options and
    within [lo, hi]; None past ``limit`` runs."""
    runs: list[tuple] = [()]
    for ts in opts:
        runs = [r + (t,) for r in runs for t in ts if (r[-1] if r else lo) <= t <= hi]
        if limit is not None and len(runs) > limit:
            return None
    return runs


@functools.lru_cache(maxsize=16)
def certain_rows(n: int) -> dict[int, tuple]:
    """{i: a law of n entries certain of i} (read only): a known position's slot law over n types, or a
    type's certain count law."""
    return {i: tuple(1.0 if u == i else 0.0 for u in range(n)) for i in range(n)}


def normalise(rows) -> None:
    """Each row divided by its sum, where that is not exactly 1 (``slot_laws.mixed``'s rule, so a lone
    walk's rows are the same numbers either way)."""
    for row in rows:
        tot = sum(row)
        if tot > 0 and tot != 1.0:
            row[:] = [q / tot for q in row]


def layout_of(st: SubStand) -> FillLayout:
    """A sub-stand read once: made per mask (and kept) unless it has forbidden positions."""
    if st.forbid:
        return FillLayout(st.allowed, st.forbid)
    key = (st.allowed.shape, st.allowed.tobytes())
    got = _LAYOUTS.get(key)
    if got is None:
        if len(_LAYOUTS) >= 256:  # the stands of a few recent tables: most stay as they were turn to turn
            _LAYOUTS.clear()
        got = _LAYOUTS[key] = FillLayout(st.allowed, {})
    return got


def fillings(lay: FillLayout, mult: list, blue: list, gaps: list[list[tuple]], digit: dict[int, int]) -> list[Fill]:
    """Every filling of a sub-stand: one run per gap, kept if its x-tokens (``mult``) hold, weighed,
    with the copies it uses as the walk's integer (``digit``: each type's field)."""
    fixed, free, base = lay.fixed, lay.free, lay.base
    out = []
    for parts in itertools.product(*gaps):
        chosen = tuple(t for part in parts for t in part)
        counts: dict[int, int] = {}
        for t in chosen:
            counts[t] = counts.get(t, 0) + 1
        w = lay.weight  # the known wires' product of 1/k!, each type the run adds to: 1/(b+k)! for 1/b!
        for t, k in counts.items():
            b = base.get(t, 0)
            w *= INV_FACT[b + k] / INV_FACT[b]
        f = Fill(fixed, free, chosen, w, counts)
        if mult:
            full = f.full
            if any(blue[full[j]] and not count_fits(base.get(full[j], 0) + counts.get(full[j], 0), m) for j, m in mult):
                continue
        f.use = sum(digit[t] * k for t, k in counts.items())
        out.append(f)
    return out


def marginals(lay: FillLayout, fills: list[Fill], probs: list[float], T: int) -> list[list[float]]:
    """P[pos][t] that position pos holds type t, given each filling's probability: 1 on a known position,
    the fillings' probabilities on a free one (those rows normalised here)."""
    certain = certain_rows(T)  # a known position's row: shared, read only (a tuple)
    free = lay.free
    rows: list = [certain.get(t) for t in lay.fixed]
    for j in free:
        rows[j] = [0.0] * T
    for f, q in zip(fills, probs):
        for j, t in zip(free, f.chosen):
            rows[j][t] += q
    normalise(rows[j] for j in free)
    return rows


def count_laws(lay: FillLayout, fills: list[Fill], probs: list[float], T: int, marked: list[bool]) -> list:
    """For every type t: the law of how many ``marked`` positions hold t (a type no filling takes: one
    certain count, a shared read-only row; the others normalised here)."""
    top = marked.count(True)
    base = [0] * T
    for j, t in enumerate(lay.fixed):
        if t >= 0 and marked[j]:
            base[t] += 1
    moving = {t for f in fills for t in f.chosen}
    certain = certain_rows(top + 1)  # a type no filling takes: its count is certain (a shared row)
    laws: list = [[0.0] * (top + 1) if t in moving else certain[base[t]] for t in range(T)]
    marked_free = [i for i, j in enumerate(lay.free) if marked[j]]
    every = len(marked_free) == len(lay.free)  # (the holdings mark every uncut position: the free ones too)
    for f, q in zip(fills, probs):
        if every:
            counts = f.counts
        else:
            counts = {}
            for i in marked_free:
                t = f.chosen[i]
                counts[t] = counts.get(t, 0) + 1
        for t in moving:
            laws[t][base[t] + counts.get(t, 0)] += q
    normalise(laws[t] for t in moving)
    return laws


def block_masses(fills: list[Fill], probs: list[float], T: int) -> dict:
    """{(t, f, k): P(type t's block is [f, f+k))}, every type's (k = 0 too)."""
    got: dict = {}
    for f, q in zip(fills, probs):
        if not q:  # (a filling no deal completes may hold more copies than there are)
            continue
        counts = [0] * T
        for t in f.full:
            counts[t] += 1
        start = 0
        for t, k in enumerate(counts):
            got[(t, start, k)] = got.get((t, start, k), 0.0) + q
            start += k
    return got


def rule_checks(lay: FillLayout, rule) -> tuple[bool, list]:
    """A rule [(t, positions)] on a sub-stand read against its layout: (a known position holds one of
    its types, so every filling breaks it; [(i, t)]: the free positions to check, as indices into
    a filling's ``chosen``)."""
    fixed, at = lay.fixed, lay.free_at
    checks = []
    for t, pos in rule:
        for j in pos:
            if fixed[j] < 0:
                checks.append((at[j], t))
            elif fixed[j] == t:
                return True, []
    return False, checks

def one_stand_chance(lay: FillLayout, fills: list[Fill], probs: list[float], rule: list) -> float:
    """P(no filling of a sub-stand puts a type of ``rule`` [(t, positions)] on its positions): the
    ruled-out fillings' probabilities summed; exactly 1 when none of them happens and exactly 0 when
    only they do, as a rerun gives (a chance of 1 or 0 is a certainty the ranking shows)."""
    kept = gone = 0.0
    every, checks = rule_checks(lay, rule)
    for f, q in zip(fills, probs):
        if every or any(f.chosen[i] == t for i, t in checks):
            gone += q
        else:
            kept += q
    if not gone:
        return 1.0
    if not kept:
        return 0.0
    return min(1.0, kept / (kept + gone))


def forward_over(fills: list[list[Fill]], slack: int, over: int, budget: int | None) -> list[dict] | None:
    """The forward pass over the sub-stands' fillings: alphas[s] = {copies used by sub-stands < s (one
    integer, a field per type): weight}; a state whose field passes its copies (``slack``, ``over``) is
    dropped; None past ``budget`` (state, filling) pairs."""
    a: dict = {0: 1.0}
    alphas = [a]
    steps = 0
    for row in fills:
        nxt: dict = {}
        for u, x in a.items():
            for f in row:
                v = u + f.use
                if not (v + slack) & over:
                    nxt[v] = nxt.get(v, 0.0) + x * f.weight
        steps += len(a) * len(row)
        if budget is not None and steps > budget:
            return None
        alphas.append(nxt)
        a = nxt
    return alphas


def backward_over(fills: list[list[Fill]], alphas: list[dict], need: int, z: float) -> tuple[list[dict], list[list[float]]]:
    """The backward pass: (betas[s], the completion weight of each state before sub-stand s; each
    filling's probability)."""
    beta: dict = {need: 1.0}
    betas = [beta]
    probs_all: list[list[float]] = [[] for _ in fills]
    for s in range(len(fills) - 1, -1, -1):
        prev: dict = {}
        probs = []
        for f in fills[s]:
            q = 0.0
            for u, x in alphas[s].items():
                b = beta.get(u + f.use)
                if b:
                    q += x * b
                    prev[u] = prev.get(u, 0.0) + f.weight * b
            probs.append(q * f.weight / z)
        probs_all[s] = probs
        beta = prev
        betas.insert(0, beta)
    return betas, probs_all
