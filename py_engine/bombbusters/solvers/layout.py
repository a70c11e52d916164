"""The DP's state grid for one problem: windows, axes, each stand's moves as aligned slices.

Why apart from the passes (``tables.py``): this is the geometry, built once
per problem and shared by every pass and every conditioned rerun; the passes
only add and multiply arrays along it.
"""

from __future__ import annotations

import numpy as np

from ..compiler.problem import Problem
from ..compiler.stand_states import StandStates
from . import implicit
from .blocks import (
    INV_FACT,
    INV_FACT_EXACT,
    tight_windows,
    width,
)
from .stand_moves import StandMoves

__all__ = ["Layout"]


class Layout(StandMoves):
    """One problem's state grid.

    Arrays in a step have axes (u, stands..., counters...), u = copies
    of the current type used so far.  Since every copy of every type lands
    somewhere, the fills always add up to the copies placed, so one stand (the
    "implicit" one, not touched by any counter) needs no axis: its fill is
    what the others leave, and its move takes the copies they did not use.

    A stand with Labels or X slots (``runs``) indexes its axis by the states
    of :class:`~.stand_states.StandStates` (run fill, X fills, colour tags)
    instead of the fill alone; its X slots' sub-stands have no axis of their
    own (``owned``), and its moves are index arrays rather than shifted slices.
    When every stand is such a stand (or the only plain one is a one-slot
    pile), one of them may be the implicit one (``zrun``, :mod:`.implicit`):
    it keeps an axis, last of the stands' (``gridded``), over its states less
    their fill.
    """

    def __init__(self, p: Problem, exact: bool = False, win: list | None = None):
        self.p = p
        self.exact = exact
        self.inv = INV_FACT_EXACT if exact else INV_FACT
        self.S = len(p.substands)
        self.T = len(p.types)
        self.caps = [c.target for c in p.counters]
        self.ops = ["eq" if c.op == "eq" else "ge" for c in p.counters]  # free counters saturate at cap
        nctr = len(p.counters)
        in_ctr = {s for c in p.counters for s in c.substands}
        self.runs: dict[int, StandStates] = {}
        self.owned: dict[int, int] = {}  # an X slot's sub-stand -> the stand whose states carry it
        for s, st in enumerate(p.substands):
            if st.labels or st.xs or st.ymult:
                self.runs[s] = StandStates(st.n, len(st.xs), st.labels, st.xmult, p.types, st.ymult)
                self.owned.update({x: s for x in st.xs})
        self.placed = np.concatenate([[0], np.cumsum(p.copies)])  # placed[t] = copies of types < t
        self.win = win if win is not None else tight_windows(p)
        self.trans: dict[tuple[int, int], list | None] = {}
        self.tables: dict[int, tuple] = {}
        self.piece_cache: dict[tuple, list] = {}  # (stand, type[, layout]) -> its move as pieces
        self.valid_cache: dict[tuple[int, int], np.ndarray] = {}
        self.found_edges: dict[tuple[int, int], list] = {}
        self._prune_runs()
        free = [s for s in range(self.S) if s not in in_ctr and s not in self.runs and s not in self.owned]
        self.z: int | None = None if exact else implicit.choose(self, free, in_ctr)
        self.zrun = self.z in self.runs  # its axis then holds its classes, its fill is implied
        self.zcls = implicit.classes(self) if self.zrun else []
        self.explicit = [s for s in range(self.S) if s != self.z and s not in self.owned]
        self.gridded = self.explicit + ([self.z] if self.z is not None and self.zrun else [])  # the stands with an axis
        self.axis = {s: 1 + i for i, s in enumerate(self.gridded)}
        self.nd = 1 + len(self.gridded) + nctr
        self.zw: list = []
        for t in range(self.T):
            for s in self.explicit:
                self.trans[(s, t)] = self._moves(p, s, t)
            self.zw.append(self._implicit_weights(t, int(p.copies[t])) if self.z is not None else None)
        self.order_masks = [self._order_mask(row) for row in range(self.T + 1)]

    def _order_mask(self, row: int) -> np.ndarray | None:
        """Which grid states after types < row keep every order relation (a moved wire between its
        neighbours); None when all do.  Wire a <= wire b fails exactly when b is placed and a is not."""
        m = None
        for (a, pa), (b, pb) in self.p.order:
            ok = (self._run_fill(b, row) <= pb) | (self._run_fill(a, row) > pa)
            m = ok if m is None else m & ok
        return None if m is None or m.all() else m

    def _run_fill(self, s: int, row: int) -> np.ndarray:
        """Sub-stand s's sorted fill after types < row, broadcast over the grid (no u axis)."""
        shape = [1] * (self.nd - 1)
        if s == self.z:
            return int(self.placed[row]) - self._grid_sum(row - 1)
        if s in self.runs:
            f = np.array([self.runs[s].states[i][0] for i in self.valid(s, row)], dtype=int)
        else:
            f = self.fills(s, row)
        shape[self.axis[s] - 1] = len(f)
        return f.reshape(shape)

    def ordered(self, arr: np.ndarray, row: int) -> np.ndarray:
        """``arr`` (a grid after types < row) with the states that break an order relation set to 0."""
        m = self.order_masks[row]
        return arr if m is None else np.where(m, arr, 0)

    def _moves(self, p: Problem, s: int, t: int) -> list | None:
        """Stand s's moves at type t with shifts on every counter axis; None when the step is the identity."""
        if s in self.runs:
            return self._run_moves(p, s, t)
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        kmin, kmax = max(0, dlo - shi), dhi - slo
        if kmax < kmin:
            return []
        involved = any(s in ctr.substands and ctr.types[t] for ctr in p.counters)
        if kmax == 0 and (slo, shi) == (dlo, dhi) and not involved and shi >= slo and self._table(p, s)[0][t, 0, slo : shi + 1].all():
            return None
        return self._transitions(p, s, t, kmin, kmax)

    def _grid_sum(self, t: int) -> np.ndarray:
        """Sum of the explicit stands' fills after type t, broadcast over the state grid."""
        g = np.zeros([1] * (self.nd - 1), dtype=int)
        for s in self.explicit:
            fills = self.fills(s, t + 1)
            shape = [1] * (self.nd - 1)
            shape[self.axis[s] - 1] = len(fills)
            g = g + fills.reshape(shape)
        return g

    def fills(self, s: int, row: int) -> np.ndarray:
        """The fill at each position of stand s's axis after types < row (X slots included)."""
        if s in self.runs:
            return self.runs[s].fill[self.valid(s, row)]
        lo, hi = self.win[row][s]
        return lo + np.arange(width(lo, hi))

    def _implicit_weights(self, t: int, c: int):
        """The implicit stand's move at type t: it takes k = c - u copies.  A plain stand's is
        (weights, f_pre) over (u, grid), f_pre its fill before; a ``runs`` stand's, :func:`.implicit.step`."""
        if self.zrun:
            return implicit.step(self, t, c)
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

    def _resized(self, arr: np.ndarray, s: int, row: int) -> np.ndarray:
        shape = list(arr.shape)
        shape[self.axis[s]] = len(self.fills(s, row))
        return self.zeros(shape)

    def zeros(self, shape) -> np.ndarray:
        return np.zeros(shape, dtype=object) if self.exact else np.zeros(shape)

    def final_index(self) -> tuple:
        idx: list = [0] * len(self.gridded)
        for cap, ctr in zip(self.caps, self.p.counters):
            idx.append(slice(None) if ctr.op == "free" else cap)
        return tuple(idx)
