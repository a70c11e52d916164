"""The DP's state grid for one problem: windows, axes, each stand's moves as aligned slices.

Why apart from the passes (``tables.py``): this is the geometry, built once
per problem and shared by every pass and every conditioned rerun; the passes
only add and multiply arrays along it.
"""

from __future__ import annotations

import numpy as np

from .blocks import INV_FACT, INV_FACT_EXACT, block_table, counter_pieces, transitions, width, windows
from .labels import RunStates
from .problem import Problem

__all__ = ["Layout"]


class Layout:
    """One problem's state grid.

    Arrays in a step have axes (u, explicit stands..., counters...), u = copies
    of the current type used so far.  Since every copy of every type lands
    somewhere, the fills always add up to the copies placed, so one stand (the
    "implicit" one, not touched by any counter) needs no axis: its fill is
    what the others leave, and its move takes the copies they did not use.

    A run with Labels (``runs``) indexes its axis by the states of
    :class:`~.labels.RunStates` (fill, colour tags) instead of the fill alone;
    its moves are then index arrays rather than shifted slices.
    """

    def __init__(self, p: Problem, exact: bool = False):
        self.p = p
        self.exact = exact
        self.inv = INV_FACT_EXACT if exact else INV_FACT
        self.S = len(p.substands)
        self.T = len(p.types)
        self.caps = [c.target for c in p.counters]
        self.ops = ["eq" if c.op == "eq" else "ge" for c in p.counters]  # free counters saturate at cap
        nctr = len(p.counters)
        in_ctr = {s for c in p.counters for s in c.substands}
        self.runs = {s: RunStates(st.n, st.labels, p.types) for s, st in enumerate(p.substands) if st.labels}
        free = [s for s in range(self.S) if s not in in_ctr and s not in self.runs]
        self.z: int | None = max(free, key=lambda s: p.substands[s].n) if free and not exact else None
        self.explicit = [s for s in range(self.S) if s != self.z]
        self.axis = {s: 1 + i for i, s in enumerate(self.explicit)}
        self.nd = 1 + len(self.explicit) + nctr
        cum = np.concatenate([[0], np.cumsum(p.copies)])
        self.placed = cum  # placed[t] = copies of types < t
        total = int(cum[-1])
        win = windows(p)
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
            self.tables[s] = block_table(p, s)
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
        for k, d, w in transitions(p, table, t, c, involved, kmin, kmax, self.inv):
            dd = [0] * nctr
            for i, ci in enumerate(involved):
                dd[ci] = d[i]
            full.append((k, tuple(dd), w))
        return full

    def _grid_sum(self, t: int) -> np.ndarray:
        """Sum of the explicit stands' fills after type t, broadcast over the state grid."""
        g = np.zeros([1] * (self.nd - 1), dtype=int)
        for s in self.explicit:
            fills = self.fills(s, self.win[t + 1][s])
            shape = [1] * (self.nd - 1)
            shape[self.axis[s] - 1] = len(fills)
            g = g + fills.reshape(shape)
        return g

    def fills(self, s: int, lo_hi: tuple[int, int]) -> np.ndarray:
        """The fill at each position of stand s's axis, in a window."""
        lo, hi = lo_hi
        if s in self.runs:
            i0, i1 = self.runs[s].span(lo, hi)
            return self.runs[s].fill[i0:i1]
        return lo + np.arange(width(lo, hi))

    def _implicit_weights(self, t: int, c: int):
        """(weights, f_pre) over (u, grid): the implicit stand takes k = c - u copies from fill f_pre."""
        z = self.z
        assert z is not None
        n = self.p.substands[z].n
        ok = self._table(self.p, z)[0][t]
        W = np.zeros((n + 1, c + 1))
        kk = min(c + 1, ok.shape[0])
        W[:, :kk] = (ok[:kk] * np.array(INV_FACT[:kk])[:, None]).T
        g = self._grid_sum(t)
        u = np.arange(c + 1).reshape([c + 1] + [1] * (self.nd - 1))
        f_pre = int(self.placed[t]) - g + u
        k = c - u
        ok = (f_pre >= 0) & (f_pre + k <= n)
        fi = np.where(ok, f_pre, 0)
        weights = np.where(ok, W[fi, np.broadcast_to(k, fi.shape)], 0.0)
        return weights, np.where(ok, f_pre, -1)

    # -- one explicit stand's move as aligned slices ----------------------------
    def _pieces(self, s: int, t: int, c: int) -> list:
        """Aligned (k, f0, src, dst, reduce axes, weights) slices of stand s's move at type t, built once."""
        key = (s, t)
        cache = self.piece_cache
        if key not in cache:
            cache[key] = list(self._make_pieces(s, t, c))
        return cache[key]

    def _make_pieces(self, s: int, t: int, c: int):
        if s in self.runs:
            yield from self._run_pieces(s, t, c)
            return
        ax = self.axis[s]
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        sw, dw = width(slo, shi), width(dlo, dhi)
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
            for cp in counter_pieces(d, self.caps, self.ops):
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

    def _run_pieces(self, s: int, t: int, c: int):
        """A labelled run's move: (k, fills, src, dst, reduce axes, weights) with index arrays on its axis.

        Each piece's destinations are distinct (two tags may lead to one
        state), so that ``out[dst] += ...`` adds every term.
        """
        rs, ax = self.runs[s], self.axis[s]
        i0, i1 = rs.span(*self.win[t][s])
        j0, j1 = rs.span(*self.win[t + 1][s])
        base = 1 + len(self.explicit)
        for k, d, w in self.trans[(s, t)] or ():
            groups: list[list] = []  # each: (src, dst, fill, weight) with distinct dst
            for i in range(i0, i1):
                f = int(rs.fill[i])
                if f + k > rs.n or not w[f]:
                    continue
                j = i if k == 0 else rs.move(i, t, k)
                if j is None or not j0 <= j < j1:
                    continue
                g = next((g for g in groups if all(x[1] != j - j0 for x in g)), None)
                if g is None:
                    g = []
                    groups.append(g)
                g.append((i - i0, j - j0, f, w[f]))
            for g in groups:
                src_i, dst_i, fs, ws = (np.array(col) for col in zip(*g))
                shape = [1] * self.nd
                shape[ax] = len(g)
                wb = ws.reshape(shape)
                for cp in counter_pieces(d, self.caps, self.ops):
                    src = [slice(None)] * self.nd
                    dst = [slice(None)] * self.nd
                    src[0], dst[0] = slice(0, c + 1 - k), slice(k, c + 1)
                    src[ax], dst[ax] = src_i, dst_i
                    red = []
                    for i, (ss, ds, r) in enumerate(cp):
                        src[base + i], dst[base + i] = ss, ds
                        if r:
                            red.append(base + i)
                    yield k, fs, tuple(src), tuple(dst), tuple(red), wb

    def _resized(self, arr: np.ndarray, s: int, lo_hi: tuple[int, int]) -> np.ndarray:
        shape = list(arr.shape)
        shape[self.axis[s]] = len(self.fills(s, lo_hi))
        return self.zeros(shape)

    def zeros(self, shape) -> np.ndarray:
        return np.zeros(shape, dtype=object) if self.exact else np.zeros(shape)

    def final_index(self) -> tuple:
        idx: list = [0] * len(self.explicit)
        for cap, ctr in zip(self.caps, self.p.counters):
            idx.append(slice(None) if ctr.op == "free" else cap)
        return tuple(idx)
