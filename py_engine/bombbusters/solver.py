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
from fractions import Fraction

import numpy as np

from .problem import Counter, Problem, Solution, SubStand

__all__ = ["SubStand", "Counter", "Problem", "Solution", "solve", "solve_exact", "log_partition", "condition_ratio"]


def _windows(p: Problem) -> list[list[tuple[int, int]]]:
    """Row t+1: each stand's feasible fill window (lo, hi) after placing types 0..t (row 0: start).

    Fill F_s(t) must cover every slot whose allowed types are all <= t and no
    slot whose allowed types are all > t.  An empty window (hi < lo) means no deal.
    """
    T = len(p.types)
    tidx = np.arange(T)
    cols = []
    for st in p.substands:
        n = st.n
        if n == 0:
            cols.append((np.zeros(T, dtype=int), np.zeros(T, dtype=int)))
            continue
        mx = np.where(st.allowed, tidx, -1).max(axis=1)
        mn = np.where(st.allowed, tidx, T).min(axis=1)
        pos = np.arange(n)
        lo = np.where(mx[None, :] <= tidx[:, None], pos[None, :] + 1, 0).max(axis=1)
        hi = np.where(mn[None, :] > tidx[:, None], pos[None, :], n).min(axis=1)
        lo[-1], hi[-1] = max(lo[-1], n), min(hi[-1], n)
        cols.append((lo, hi))
    out = [[(0, 0) for _ in p.substands]]
    for t in range(T):
        out.append([(int(lo[t]), int(hi[t])) for lo, hi in cols])
    return out


def _block_table(p: Problem, s: int) -> tuple[np.ndarray, np.ndarray]:
    """For every type t, length k and start f: may stand s hold t exactly on [f, f+k)?

    Returns ``ok[t, k, f]`` and ``uncut_in[k, f]`` (uncut slots in the block).
    The block must fit, every slot in it must allow t, and the stand's block
    rules (x-tokens on blue types, joins/splits, has / has not) must hold.
    Built once per stand for all types, since a Python loop per (stand, type)
    is what late-game states would otherwise spend their time on.
    """
    st = p.substands[s]
    n, T = st.n, len(p.types)
    K = min(n, int(p.copies.max()) if T else 0) + 1
    idx = np.arange(n + 1)
    allowed = np.concatenate([st.allowed, np.zeros((1, T), dtype=bool)], axis=0)
    breaks = np.where(~allowed, idx[:, None], n + 1)
    run = np.minimum.accumulate(breaks[::-1], axis=0)[::-1] - idx[:, None]  # [f, t]
    ks = np.arange(K)[:, None]
    f = idx[None, :]
    end = f + ks
    fits = end <= n
    ok = fits[None, :, :] & (run.T[:, None, :] >= ks[None, :, :])
    uncut_cum = np.concatenate([[0], np.cumsum(st.uncut, dtype=int)])
    uncut_in = uncut_cum[np.minimum(end, n)] - uncut_cum[f]
    for t, positions in st.forbid.items():
        for a in positions:
            ok[t] &= ~((f <= a) & (a < end))
    for t in st.no_uncut:
        ok[t] &= uncut_in == 0
    covers = lambda a: (f <= a) & (a < end)  # noqa: E731
    if st.mult:
        blue = p.is_blue if p.is_blue is not None else np.ones(T, dtype=bool)
        rule = np.ones((K, n + 1), dtype=bool)
        for j, m in st.mult:
            rule &= ~covers(j) | (ks == m)
        ok[blue] &= rule
    for a, b in st.joins:
        ok &= ~covers(a) | (end > b)
    for a, b in st.splits:
        ok &= ~covers(a) | (end <= b)
    return ok, uncut_in


_INV_FACT = [1.0 / math.factorial(k) for k in range(64)]
_INV_FACT_EXACT = [Fraction(1, math.factorial(k)) for k in range(64)]


def _transitions(
    p: Problem, table, t: int, c: int, counters_at: list[int], kmin: int = 0, kmax: int | None = None,
    inv: list = _INV_FACT,
) -> list:
    """Moves of a stand at type t: list of (k, shifts per counter in ``counters_at``, weight per start f).

    ``inv[k]`` = 1/k! (Fractions on the exact path).
    """
    ok_all, uncut_in = table
    top = min(c, ok_all.shape[1] - 1) if kmax is None else min(c, ok_all.shape[1] - 1, kmax)
    out = []
    for k in range(kmin, top + 1):
        ok = ok_all[t, k]
        if not ok.any():
            continue
        if not counters_at:
            out.append((k, (), ok * inv[k]))
            continue
        incs = []
        for ci in counters_at:
            mode = p.counters[ci].mode
            incs.append(np.full(ok.shape, k) if mode == "slots" else (uncut_in[k] if mode == "uncut" else (uncut_in[k] > 0).astype(int)))
        keys = np.stack(incs, axis=-1)
        for d in {tuple(r) for r in keys[ok].tolist()}:
            sel = ok & np.all(keys == np.array(d), axis=1)
            out.append((k, d, sel * inv[k]))
    return out


def _counter_pieces(d: tuple[int, ...], caps: list[int], ops: list[str]):
    """Aligned slices along counter axes for shifts d: yields (src slices, dst slices, reduce axes)."""
    per_axis = []
    for di, cap, op in zip(d, caps, ops):
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
    """One problem's DP tables.

    Arrays in a step have axes (u, explicit stands..., counters...), u = copies
    of the current type used so far.  Since every copy of every type lands
    somewhere, the fills always add up to the copies placed, so one stand (the
    "implicit" one, not touched by any counter) needs no axis: its fill is
    what the others leave, and its move takes the copies they did not use.
    """

    def __init__(self, p: Problem, exact: bool = False):
        self.p = p
        self.exact = exact
        self.inv = _INV_FACT_EXACT if exact else _INV_FACT
        self.S = len(p.substands)
        self.T = len(p.types)
        self.caps = [c.target for c in p.counters]
        self.ops = ["eq" if c.op == "eq" else "ge" for c in p.counters]  # free counters saturate at cap
        nctr = len(p.counters)
        in_ctr = {s for c in p.counters for s in c.substands}
        free = [s for s in range(self.S) if s not in in_ctr]
        self.z: int | None = max(free, key=lambda s: p.substands[s].n) if free and not exact else None
        self.explicit = [s for s in range(self.S) if s != self.z]
        self.axis = {s: 1 + i for i, s in enumerate(self.explicit)}
        self.nd = 1 + len(self.explicit) + nctr
        cum = np.concatenate([[0], np.cumsum(p.copies)])
        self.placed = cum  # placed[t] = copies of types < t
        total = int(cum[-1])
        win = _windows(p)
        for t in range(self.T):
            for s, st in enumerate(p.substands):
                lo, hi = win[t + 1][s]
                lo = max(lo, st.n - (total - int(cum[t + 1])))
                hi = min(hi, int(cum[t + 1]))
                win[t + 1][s] = (lo, hi)
        self.win = win
        self.trans: dict[tuple[int, int], list | None] = {}
        self.tables: dict[int, tuple] = {}
        self.piece_cache: dict[tuple[int, int], list] = {}
        self.zw: list = []
        for t in range(self.T):
            for s in self.explicit:
                self.trans[(s, t)] = self._moves(p, s, t)
            self.zw.append(self._implicit_weights(t, int(p.copies[t])) if self.z is not None else None)

    def _table(self, p: Problem, s: int):
        if s not in self.tables:
            self.tables[s] = _block_table(p, s)
        return self.tables[s]

    def _moves(self, p: Problem, s: int, t: int) -> list | None:
        """Stand s's moves at type t with shifts on every counter axis; None when the step is the identity."""
        c = int(p.copies[t])
        nctr = len(p.counters)
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        involved = [i for i in range(nctr) if s in p.counters[i].substands and p.counters[i].types[t]]
        kmin, kmax = max(0, dlo - shi), dhi - slo
        if kmax < kmin:
            return []
        table = self._table(p, s)
        if kmax == 0 and (slo, shi) == (dlo, dhi) and not involved and shi >= slo and table[0][t, 0, slo : shi + 1].all():
            return None
        full = []
        for k, d, w in _transitions(p, table, t, c, involved, kmin, kmax, self.inv):
            dd = [0] * nctr
            for i, ci in enumerate(involved):
                dd[ci] = d[i]
            full.append((k, tuple(dd), w))
        return full

    def _grid_sum(self, t: int) -> np.ndarray:
        """Sum of the explicit stands' fills after type t, broadcast over the state grid."""
        g = np.zeros([1] * (self.nd - 1), dtype=int)
        for s in self.explicit:
            lo, hi = self.win[t + 1][s]
            shape = [1] * (self.nd - 1)
            shape[self.axis[s] - 1] = _width(lo, hi)
            g = g + (lo + np.arange(_width(lo, hi))).reshape(shape)
        return g

    def _implicit_weights(self, t: int, c: int):
        """(weights, f_pre) over (u, grid): the implicit stand takes k = c - u copies from fill f_pre."""
        z = self.z
        assert z is not None
        n = self.p.substands[z].n
        ok = self._table(self.p, z)[0][t]
        W = np.zeros((n + 1, c + 1))
        kk = min(c + 1, ok.shape[0])
        W[:, :kk] = (ok[:kk] * np.array(_INV_FACT[:kk])[:, None]).T
        g = self._grid_sum(t)
        u = np.arange(c + 1).reshape([c + 1] + [1] * (self.nd - 1))
        f_pre = int(self.placed[t]) - g + u
        k = c - u
        ok = (f_pre >= 0) & (f_pre + k <= n)
        fi = np.where(ok, f_pre, 0)
        weights = np.where(ok, W[fi, np.broadcast_to(k, fi.shape)], 0.0)
        return weights, np.where(ok, f_pre, -1)

    # -- one explicit stand's move, forward / backward / joint ----------------
    def _pieces(self, s: int, t: int, c: int) -> list:
        """Aligned (k, f0, src, dst, reduce axes, weights) slices of stand s's move at type t, built once."""
        key = (s, t)
        cache = self.piece_cache
        if key not in cache:
            cache[key] = list(self._make_pieces(s, t, c))
        return cache[key]

    def _make_pieces(self, s: int, t: int, c: int):
        ax = self.axis[s]
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        sw, dw = _width(slo, shi), _width(dlo, dhi)
        base = 1 + len(self.explicit)
        for k, d, w in self.trans[(s, t)] or ():
            f0 = max(slo, dlo - k)
            f1 = min(slo + sw, dlo + dw - k)
            if f1 <= f0:
                continue
            wf = w[f0:f1]
            if not wf.any():
                continue
            shape = [1] * self.nd
            shape[ax] = f1 - f0
            wb = wf.reshape(shape)
            for cp in _counter_pieces(d, self.caps, self.ops):
                src = [slice(None)] * self.nd
                dst = [slice(None)] * self.nd
                src[0], dst[0] = slice(0, c + 1 - k), slice(k, c + 1)
                src[ax] = slice(f0 - slo, f1 - slo)
                dst[ax] = slice(f0 + k - dlo, f1 + k - dlo)
                red = []
                for i, (ss, ds, r) in enumerate(cp):
                    src[base + i], dst[base + i] = ss, ds
                    if r:
                        red.append(base + i)
                yield k, f0, tuple(src), tuple(dst), tuple(red), wb

    def _resized(self, arr: np.ndarray, s: int, lo_hi: tuple[int, int]) -> np.ndarray:
        shape = list(arr.shape)
        shape[self.axis[s]] = _width(*lo_hi)
        return self.zeros(shape)

    def zeros(self, shape) -> np.ndarray:
        return np.zeros(shape, dtype=object) if self.exact else np.zeros(shape)

    def forward_stand(self, A: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        if self.trans[(s, t)] is None:
            return A
        out = self._resized(A, s, self.win[t + 1][s])
        for _k, _f0, src, dst, red, wb in self._pieces(s, t, c):
            x = A[src]
            if red:
                x = x.sum(axis=red, keepdims=True)
            out[dst] += x * wb
        return out

    def backward_stand(self, B: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        if self.trans[(s, t)] is None:
            return B
        out = self._resized(B, s, self.win[t][s])
        for _k, _f0, src, dst, _red, wb in self._pieces(s, t, c):
            out[src] += B[dst] * wb
        return out

    def joint_stand(self, A: np.ndarray, B: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        n = self.p.substands[s].n
        J = self.zeros((n + 1, min(c, n) + 1))
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        ax = self.axis[s]
        others = tuple(i for i in range(self.nd) if i != ax)
        if self.exact:  # unnormalised, exactly: no shortcuts
            if self.trans[(s, t)] is None:
                v = (A * B).sum(axis=others)
                J[slo : slo + v.shape[0], 0] += v
                return J
        elif self.trans[(s, t)] is None:  # the type never lands here (k = 0; start f not tracked)
            J[slo, 0] = 1.0
            return J
        elif slo == shi and dlo == dhi and not self.caps:  # block forced by the known slots
            J[slo, dlo - slo] = 1.0
            return J
        for k, f0, src, dst, _red, wb in self._pieces(s, t, c):
            v = (A[src] * B[dst] * wb).sum(axis=others)
            J[f0 : f0 + v.shape[0], k] += v
        return J

    def joint_implicit(self, A: np.ndarray, beta: np.ndarray, t: int, c: int) -> np.ndarray:
        """Block law of the implicit stand: group A * W * beta by (start f, length c - u) in one bincount."""
        z = self.z
        assert z is not None
        n = self.p.substands[z].n
        K = min(c, n) + 1
        J = np.zeros((n + 1, K))
        (slo, shi), (dlo, dhi) = self.win[t][z], self.win[t + 1][z]
        if slo == shi and dlo == dhi and not self.caps:  # block forced by the known slots
            J[slo, dlo - slo] = 1.0
            return J
        weights, f_pre = self.zw[t]
        full = A * beta[None] * weights
        prod = full.ravel()
        u = np.arange(c + 1).reshape([c + 1] + [1] * (weights.ndim - 1))
        idx = np.broadcast_to(f_pre * K + (c - u), full.shape).ravel()
        sel = (np.broadcast_to(f_pre, full.shape).ravel() >= 0) & (prod != 0)
        if sel.any():
            flat = np.bincount(idx[sel], prod[sel], minlength=(n + 1) * K)
            J += flat[: (n + 1) * K].reshape(n + 1, K)
        return J

    # -- passes ---------------------------------------------------------------
    def start(self) -> np.ndarray:
        shape = [1] * len(self.explicit) + [cap + 1 for cap in self.caps]
        a = self.zeros(shape)
        a[(0,) * len(shape)] = Fraction(1) if self.exact else 1.0
        return a

    def step_forward(self, alpha: np.ndarray, t: int) -> list[np.ndarray]:
        """Partials A_0 .. A_E of type t's step (A_E: after every explicit stand)."""
        c = int(self.p.copies[t])
        A = self.zeros((c + 1,) + alpha.shape)
        A[0] = alpha
        parts = [A]
        for s in self.explicit:
            A = self.forward_stand(A, s, t, c)
            parts.append(A)
        return parts

    def finish(self, A: np.ndarray, t: int) -> np.ndarray:
        c = int(self.p.copies[t])
        if self.z is None:
            return A[c]
        return (A * self.zw[t][0]).sum(axis=0)

    def forward(self, keep_parts: bool) -> tuple[list[np.ndarray], list, list[float]]:
        """Rescaled alphas, step partials (if kept) and cumulative log scales (-inf: no deal)."""
        alphas = [self.start()]
        parts_all: list = []
        scales = [0.0]
        for t in range(self.T):
            parts = self.step_forward(alphas[-1], t)
            parts_all.append(parts if keep_parts else None)
            a = self.finish(parts[-1], t)
            m = float(a.max()) if a.size else 0.0
            if m <= 0:
                return alphas + [a], parts_all, scales + [-math.inf]
            if self.exact:  # exact runs keep Fractions unscaled
                m = 1.0
            alphas.append(a / m if m != 1.0 else a)
            scales.append(scales[-1] + math.log(m))
        return alphas, parts_all, scales

    def modified(self, p: Problem, subs: list[int], t_indices: list[int]) -> "_Engine":
        """A shallow copy for problem ``p``, which differs from ours only in these sub-stands' moves
        at these types (same masks, same counters), so the tables of both stay aligned."""
        eng = object.__new__(_Engine)
        eng.__dict__.update(self.__dict__)
        eng.p = p
        eng.trans = dict(self.trans)
        eng.zw = list(self.zw)
        eng.tables = {k: v for k, v in self.tables.items() if k not in subs}
        eng.piece_cache = {k: v for k, v in self.piece_cache.items() if k[0] not in subs}
        for t in t_indices:
            for s in subs:
                if s == self.z:
                    eng.zw[t] = eng._implicit_weights(t, int(p.copies[t]))
                else:
                    eng.trans[(s, t)] = eng._moves(p, s, t)
        return eng

    def final_index(self) -> tuple:
        idx: list = [0] * len(self.explicit)
        for cap, ctr in zip(self.caps, self.p.counters):
            idx.append(slice(None) if ctr.op == "free" else cap)
        return tuple(idx)


#: keep every step's partial arrays when they fit in this many floats (else recompute)
KEEP_PARTS_FLOATS = 4_000_000


def log_partition(p: Problem) -> float:
    """Natural log of the relative number of deals (forward pass only); -inf if none."""
    return solve(p, blocks=False).log_z


def solve(p: Problem, blocks: bool = True) -> Solution:
    """Exact forward-backward: log Z and, if asked, every stand's block law for every type."""
    eng = _Engine(p)
    alphas, parts_all, scales = eng.forward(keep_parts=blocks)
    log_scale = scales[-1]
    if log_scale == -math.inf:
        return Solution(-math.inf, None)
    final = alphas[-1][eng.final_index()]
    z = float(np.sum(final))
    if z <= 0:
        return Solution(-math.inf, None)
    law = np.asarray(final) / z if any(c.op == "free" for c in p.counters) else None
    log_z = log_scale + math.log(z)
    if not blocks:
        return Solution(log_z, None, law)
    size = sum(a.size for parts in parts_all for a in parts)
    keep = size <= KEEP_PARTS_FLOATS
    beta = np.zeros(alphas[-1].shape)
    beta[eng.final_index()] = 1.0
    out: list[list[np.ndarray]] = [[None] * eng.T for _ in range(eng.S)]  # type: ignore[list-item]
    betas: list = [None] * (eng.T + 1)
    betas[eng.T] = beta
    for t in range(eng.T - 1, -1, -1):
        c = int(p.copies[t])
        parts = parts_all[t] if keep else eng.step_forward(alphas[t], t)
        parts_all[t] = None
        if eng.z is None:
            B = np.zeros((c + 1,) + beta.shape)
            B[c] = beta
        else:
            out[eng.z][t] = _normalised(eng.joint_implicit(parts[-1], beta, t, c))
            B = beta[None] * eng.zw[t][0]
        for i in range(len(eng.explicit) - 1, -1, -1):
            s = eng.explicit[i]
            out[s][t] = _normalised(eng.joint_stand(parts[i], B, s, t, c))
            B = eng.backward_stand(B, s, t, c)
        beta = B[0]
        m = float(beta.max()) if beta.size else 0.0
        if m > 0:
            beta = beta / m
        betas[t] = beta
    return Solution(log_z, out, law, alphas, scales, betas, eng)


def condition_ratio(sol: Solution, p2: Problem, subs: list[int], t_indices: list[int]) -> float:
    """P(the deal also satisfies p2) for a p2 that only changes these sub-stands' moves at these types.

    Reruns the forward steps from the first to the last changed type only, and
    closes with the stored backward table: a fraction of a full solve.
    """
    if not t_indices:
        return 1.0
    eng = sol.engine.modified(p2, subs, t_indices)  # type: ignore[union-attr]
    t0, t1 = min(t_indices), max(t_indices)
    a = sol.alphas[t0]  # type: ignore[index]
    log_extra = 0.0
    for t in range(t0, t1 + 1):
        a = eng.finish(eng.step_forward(a, t)[-1], t)
        m = float(a.max()) if a.size else 0.0
        if m <= 0:
            return 0.0
        a = a / m
        log_extra += math.log(m)
    beta = sol.betas[t1 + 1]  # type: ignore[index]
    num = float(np.sum(a * beta))
    den = float(np.sum(sol.alphas[t1 + 1] * beta))  # type: ignore[index]
    if num <= 0 or den <= 0:
        return 0.0
    return min(1.0, math.exp(math.log(num) - math.log(den) + log_extra - (sol.log_scales[t1 + 1] - sol.log_scales[t0])))  # type: ignore[index]


def solve_exact(p: Problem) -> tuple[Fraction, list[list[np.ndarray]]]:
    """The slow exact path: the same DP in Fractions (no implicit stand, no rescaling).

    Returns Z = sum over configurations of prod 1/k! and every block law as
    Fractions; Z == 0 means no deal.  For tests and tiny states only.
    """
    eng = _Engine(p, exact=True)
    alphas, _parts, scales = eng.forward(keep_parts=False)
    if scales[-1] == -math.inf:
        return Fraction(0), []
    z = Fraction(np.sum(alphas[-1][eng.final_index()]))
    if z == 0:
        return z, []
    beta = eng.zeros(alphas[-1].shape)
    beta[eng.final_index()] = Fraction(1)
    out: list[list] = [[None] * eng.T for _ in range(eng.S)]
    for t in range(eng.T - 1, -1, -1):
        c = int(p.copies[t])
        parts = eng.step_forward(alphas[t], t)
        B = eng.zeros((c + 1,) + beta.shape)
        B[c] = beta
        for i in range(len(eng.explicit) - 1, -1, -1):
            s = eng.explicit[i]
            J = eng.joint_stand(parts[i], B, s, t, c)
            out[s][t] = J / z if J.sum() != 0 else J
            B = eng.backward_stand(B, s, t, c)
        beta = B[0]
    return z, out


def _normalised(J: np.ndarray) -> np.ndarray:
    tot = J.sum()
    return J / tot if tot > 0 else J
