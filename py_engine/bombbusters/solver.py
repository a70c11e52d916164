"""Value-major forward-backward DP over sorted stands (see design/exact-engine.md).

Walk the wire types in sort order; the state is the fill vector F (how many
slots of each stand hold a type placed so far) plus a few small counters.
Placing type t moves F to F + k with weight prod 1/k_s!; one forward and one
backward pass give, for every stand and type, the exact joint law of the
type's block (start f, length k): ``J[s][t][f, k]``.  Slot marginals, holdings
and detector odds are all read from these blocks.

Each fill axis only spans the fills that the known slots allow after type t
(a window), which is what makes late-game states cheap.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

__all__ = ["SubStand", "Counter", "Problem", "Solution", "solve", "log_partition"]


@dataclass
class SubStand:
    """A run of slots sorted among themselves: a stand, one X slot, or a discard pile.

    ``allowed[j, t]``: may slot j hold type index t.  ``mult``: (j, m) — the
    block of a *blue* type covering slot j has length m.  ``joins``/``splits``:
    (a, b) — the block covering slot a extends past b / ends at or before b.
    """

    allowed: np.ndarray
    uncut: np.ndarray
    origin: list = field(default_factory=list)
    mult: list = field(default_factory=list)
    joins: list = field(default_factory=list)
    splits: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return self.allowed.shape[0]


@dataclass
class Counter:
    """A small extra state axis: what it counts on which sub-stands and types.

    mode "slots" adds k (every slot of the block), "uncut" the uncut slots of
    the block, "presence" 1 if the block covers an uncut slot.  op "eq": the
    final count must equal ``target``; "ge": at least ``target`` (saturating);
    "free": no condition, the law of the final count is reported (cap = target).
    """

    substands: tuple[int, ...]
    types: np.ndarray
    mode: str
    target: int
    op: str = "eq"


@dataclass
class Problem:
    types: list[int]
    copies: np.ndarray
    substands: list[SubStand]
    counters: list[Counter] = field(default_factory=list)
    is_blue: np.ndarray | None = None


@dataclass
class Solution:
    log_z: float  # natural log of the relative number of deals; -inf if none
    blocks: list[list[np.ndarray]] | None  # blocks[s][t][f, k] normalised joint, or None
    counter_law: np.ndarray | None = None  # final joint law of "free" counters


def _windows(p: Problem) -> list[list[tuple[int, int]]]:
    """Row t+1: each stand's feasible fill window (lo, hi) after placing types 0..t (row 0: start).

    Fill F_s(t) must cover every slot whose allowed types are all <= t and no
    slot whose allowed types are all > t.  An empty window (hi < lo) means no deal.
    """
    T = len(p.types)
    tidx = np.arange(T)
    bounds = []
    for st in p.substands:
        mx = np.where(st.allowed, tidx, -1).max(axis=1) if st.n else np.zeros(0, int)
        mn = np.where(st.allowed, tidx, T).min(axis=1) if st.n else np.zeros(0, int)
        bounds.append((mx, mn))
    out = [[(0, 0) for _ in p.substands]]
    for t in range(T):
        row = []
        for st, (mx, mn) in zip(p.substands, bounds):
            must_le = np.nonzero(mx <= t)[0]
            lo = int(must_le.max()) + 1 if must_le.size else 0
            must_gt = np.nonzero(mn > t)[0]
            hi = int(must_gt.min()) if must_gt.size else st.n
            if t == T - 1:
                lo, hi = max(lo, st.n), min(hi, st.n)
            row.append((lo, hi))
        out.append(row)
    return out


def _transitions(p: Problem, s: int, t: int, c: int, counters_at: list[int]) -> list:
    """Moves of stand s at type t: list of (k, shifts per counter axis, weight per f)."""
    st = p.substands[s]
    n = st.n
    blue = bool(p.is_blue[t]) if p.is_blue is not None else True
    allowed_t = st.allowed[:, t]
    # run[f] = number of consecutive slots from f that allow t
    run = np.zeros(n + 1, dtype=int)
    for j in range(n - 1, -1, -1):
        run[j] = run[j + 1] + 1 if allowed_t[j] else 0
    uncut_cum = np.concatenate([[0], np.cumsum(st.uncut.astype(int))])
    out = []
    for k in range(0, min(c, n) + 1):
        f = np.arange(n + 1)
        ok = (f + k <= n) & (run >= k)
        if k > 0:
            end = f + k
            for j, m in st.mult if blue else ():
                covers = (f <= j) & (j < end)
                ok &= ~covers | (k == m)
            for a, b in st.joins:
                ok &= ~((f <= a) & (a < end)) | (end > b)
            for a, b in st.splits:
                ok &= ~((f <= a) & (a < end)) | (end <= b)
        if not ok.any():
            continue
        w = ok / math.factorial(k)
        if not counters_at:
            out.append((k, (), w))
            continue
        uncut_in = np.zeros(n + 1, dtype=int)
        valid_f = np.minimum(f + k, n)
        uncut_in = uncut_cum[valid_f] - uncut_cum[np.minimum(f, n)]
        incs = []
        for ci in counters_at:
            ctr = p.counters[ci]
            if s not in ctr.substands or not ctr.types[t]:
                incs.append(np.zeros(n + 1, dtype=int))
            elif ctr.mode == "slots":
                incs.append(np.full(n + 1, k))
            elif ctr.mode == "uncut":
                incs.append(uncut_in)
            else:
                incs.append((uncut_in > 0).astype(int))
        keys = np.stack(incs, axis=1)
        for d in {tuple(r) for r, good in zip(keys.tolist(), ok) if good}:
            sel = ok & np.all(keys == np.array(d), axis=1)
            out.append((k, d, sel / math.factorial(k)))
    return out


def _counter_pieces(d: tuple[int, ...], caps: list[int], ops: list[str]):
    """Aligned slices along counter axes for shifts d: yields (src slices, dst slices, reduce axes)."""
    per_axis = []
    for i, (di, cap, op) in enumerate(zip(d, caps, ops)):
        if di == 0:
            per_axis.append([(slice(None), slice(None), False)])
        elif op == "eq":
            if di > cap:
                return
            per_axis.append([(slice(0, cap + 1 - di), slice(di, cap + 1), False)])
        else:  # saturating
            pieces = []
            if cap - di > 0:
                pieces.append((slice(0, cap - di), slice(di, cap), False))
            pieces.append((slice(max(cap - di, 0), cap + 1), slice(cap, cap + 1), True))
            per_axis.append(pieces)
    yield from itertools.product(*per_axis)


def _width(lo: int, hi: int) -> int:
    return max(0, hi - lo + 1)


class _Engine:
    def __init__(self, p: Problem):
        self.p = p
        self.S = len(p.substands)
        self.T = len(p.types)
        self.win = _windows(p)
        self.caps = [c.target for c in p.counters]
        self.ops = ["ge" if c.op == "ge" else ("eq" if c.op == "eq" else "free") for c in p.counters]
        self.ops = [o if o != "free" else "ge" for o in self.ops]  # free counters saturate at cap
        self.trans: dict[tuple[int, int], list] = {}
        nctr = len(p.counters)
        for t in range(self.T):
            c = int(p.copies[t])
            for s in range(self.S):
                involved = [i for i in range(nctr) if s in p.counters[i].substands and p.counters[i].types[t]]
                tr = _transitions(p, s, t, c, involved)
                # expand the shift tuple to all counter axes
                full = []
                for k, d, w in tr:
                    dd = [0] * nctr
                    for i, ci in enumerate(involved):
                        dd[ci] = d[i]
                    full.append((k, tuple(dd), w))
                self.trans[(s, t)] = full

    # -- one stand's move, forward / backward / joint ------------------------
    def _pieces(self, s: int, t: int, c: int, src_lo: int, src_w: int, dst_lo: int, dst_w: int):
        ax = 1 + s
        nd = 1 + self.S + len(self.caps)
        for k, d, w in self.trans[(s, t)]:
            f0 = max(src_lo, dst_lo - k)
            f1 = min(src_lo + src_w, dst_lo + dst_w - k)
            if f1 <= f0:
                continue
            wf = w[f0:f1]
            if not wf.any():
                continue
            shape = [1] * nd
            shape[ax] = f1 - f0
            wb = wf.reshape(shape)
            for cp in _counter_pieces(d, self.caps, self.ops):
                src = [slice(None)] * nd
                dst = [slice(None)] * nd
                src[0], dst[0] = slice(0, c + 1 - k), slice(k, c + 1)
                src[ax] = slice(f0 - src_lo, f1 - src_lo)
                dst[ax] = slice(f0 + k - dst_lo, f1 + k - dst_lo)
                red = []
                for i, (ss, ds, r) in enumerate(cp):
                    src[1 + self.S + i], dst[1 + self.S + i] = ss, ds
                    if r:
                        red.append(1 + self.S + i)
                yield k, tuple(src), tuple(dst), tuple(red), wb

    def _resize(self, arr: np.ndarray, s: int, size: int) -> np.ndarray:
        shape = list(arr.shape)
        shape[1 + s] = size
        return np.zeros(shape)

    def forward_stand(self, A: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        out = self._resize(A, s, _width(dlo, dhi))
        for _k, src, dst, red, wb in self._pieces(s, t, c, slo, _width(slo, shi), dlo, _width(dlo, dhi)):
            x = A[src]
            if red:
                x = x.sum(axis=red, keepdims=True)
            out[dst] += x * wb
        return out

    def backward_stand(self, B: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        out = self._resize(B, s, _width(slo, shi))
        for _k, src, dst, _red, wb in self._pieces(s, t, c, slo, _width(slo, shi), dlo, _width(dlo, dhi)):
            out[src] += B[dst] * wb
        return out

    def joint_stand(self, A: np.ndarray, B: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        n = self.p.substands[s].n
        J = np.zeros((n + 1, min(c, n) + 1))
        ax = 1 + s
        for k, src, dst, _red, wb in self._pieces(s, t, c, slo, _width(slo, shi), dlo, _width(dlo, dhi)):
            prod = A[src] * B[dst] * wb
            axes = tuple(i for i in range(prod.ndim) if i != ax)
            v = prod.sum(axis=axes)
            f0 = src[ax].start + slo
            J[f0 : f0 + v.shape[0], k] += v
        return J

    # -- passes ---------------------------------------------------------------
    def start(self) -> np.ndarray:
        shape = [1] * self.S + [cap + 1 for cap in self.caps]
        a = np.zeros(shape)
        a[(0,) * len(shape)] = 1.0
        return a

    def forward(self) -> tuple[list[np.ndarray], float]:
        alphas = [self.start()]
        log_scale = 0.0
        for t in range(self.T):
            c = int(self.p.copies[t])
            A = np.zeros((c + 1,) + alphas[-1].shape)
            A[0] = alphas[-1]
            for s in range(self.S):
                A = self.forward_stand(A, s, t, c)
            a = A[c]
            m = float(a.max()) if a.size else 0.0
            if m <= 0:
                return alphas + [a], -math.inf
            alphas.append(a / m)
            log_scale += math.log(m)
        return alphas, log_scale

    def final_index(self) -> tuple:
        idx = [0] * self.S
        for cap, op, ctr in zip(self.caps, self.ops, self.p.counters):
            idx.append(slice(None) if ctr.op == "free" else cap)
        return tuple(idx)


def log_partition(p: Problem) -> float:
    """Natural log of the relative number of deals (forward pass only); -inf if none."""
    eng = _Engine(p)
    alphas, log_scale = eng.forward()
    if log_scale == -math.inf:
        return -math.inf
    z = float(np.sum(alphas[-1][eng.final_index()]))
    return log_scale + math.log(z) if z > 0 else -math.inf


def solve(p: Problem, blocks: bool = True) -> Solution:
    """Exact forward-backward: log Z and, if asked, every stand's block law for every type."""
    eng = _Engine(p)
    alphas, log_scale = eng.forward()
    if log_scale == -math.inf:
        return Solution(-math.inf, None)
    final = alphas[-1][eng.final_index()]
    z = float(np.sum(final))
    if z <= 0:
        return Solution(-math.inf, None)
    law = None
    if any(c.op == "free" for c in p.counters):
        law = np.asarray(final) / z
    log_z = log_scale + math.log(z)
    if not blocks:
        return Solution(log_z, None, law)
    # backward pass, computing each type's block laws on the way
    beta = np.zeros(alphas[-1].shape)
    beta[eng.final_index()] = 1.0
    out: list[list[np.ndarray]] = [[None] * eng.T for _ in range(eng.S)]  # type: ignore[list-item]
    for t in range(eng.T - 1, -1, -1):
        c = int(p.copies[t])
        fwd = [None] * (eng.S + 1)
        A = np.zeros((c + 1,) + alphas[t].shape)
        A[0] = alphas[t]
        fwd[0] = A
        for s in range(eng.S):
            fwd[s + 1] = eng.forward_stand(fwd[s], s, t, c)
        B = np.zeros((c + 1,) + beta.shape)
        B[c] = beta
        for s in range(eng.S - 1, -1, -1):
            J = eng.joint_stand(fwd[s], B, s, t, c)
            tot = J.sum()
            out[s][t] = J / tot if tot > 0 else J
            B = eng.backward_stand(B, s, t, c)
        beta = B[0]
        m = beta.max()
        if m > 0:
            beta = beta / m
    return Solution(log_z, out, law)
