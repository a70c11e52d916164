"""The DP's state grid for one problem: windows, axes, each stand's moves as aligned slices.

Why apart from the passes (``tables.py``): this is the geometry, built once
per problem and shared by every pass and every conditioned rerun; the passes
only add and multiply arrays along it.
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

import numpy as np

from ..compiler.problem import Problem
from ..compiler.stand_states import StandStates
from . import implicit
from .blocks import (
    INV_FACT,
    INV_FACT_EXACT,
    block_table,
    counter_pieces,
    tight_windows,
    transitions,
    width,
)

__all__ = ["Layout"]


class _RunMove(NamedTuple):
    """One move of a ``runs`` stand at one type: what it takes, where it goes, what the block laws need."""

    k: int  # copies taken from the pool (run and X slots)
    d: tuple  # shift on every counter axis
    src: int  # position on the stand's axis before the step
    dst: int  # and after
    w: object  # weight (float, or Fraction on the exact path)
    f: int  # run fill before: the run block's start
    k_run: int  # run block length
    x_fills: tuple  # X fills before
    x_ks: tuple  # X block lengths (0/1)
    tags: tuple  # (Label tags, yellow tracker) before


class Layout:
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

    def _table(self, p: Problem, s: int):
        if s not in self.tables:
            self.tables[s] = block_table(p, s)
        return self.tables[s]

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

    def _transitions(self, p: Problem, sub: int, t: int, kmin: int, kmax: int | None) -> list:
        """Sub-stand ``sub``'s blocks at type t: (k, shift on every counter axis, weight per start f)."""
        nctr = len(p.counters)
        involved = [i for i in range(nctr) if sub in p.counters[i].substands and p.counters[i].types[t]]
        out = []
        for k, d, w in transitions(p, self._table(p, sub), t, int(p.copies[t]), involved, kmin, kmax, self.inv, sub):
            full = [0] * nctr
            for i, ci in enumerate(involved):
                full[ci] = d[i]
            out.append((k, tuple(full), w))
        return out

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

    def valid(self, s: int, row: int) -> np.ndarray:
        """The states of stand s (in ``runs``) on its axis after types < row (see :meth:`_prune_runs`)."""
        return self.valid_cache[(s, row)]

    def _prune_runs(self) -> None:
        """Keep, for each ``runs`` stand and row, the states in its fill windows that its own moves
        reach from the start and that still reach the full stand: most tag and yellow-count
        combinations never occur, and every state kept costs a slice of every array."""
        p = self.p
        for s, rs in self.runs.items():
            st = p.substands[s]
            rows = [
                set(rs.valid(self.win[r][s], [self.win[r][x] for x in st.xs]).tolist())
                for r in range(self.T + 1)
            ]
            reach = [rows[0] & {0}]
            for t in range(self.T):
                found = list(self._run_edges(p, s, t, sorted(reach[t]), rows[t + 1]))
                self.found_edges[(s, t)] = found  # _run_moves keeps those between kept states
                reach.append({e[1] for e in found})
            keep = reach[self.T]
            self.valid_cache[(s, self.T)] = np.array(sorted(keep), dtype=int)
            for t in range(self.T - 1, -1, -1):
                keep = {e[0] for e in self.found_edges[(s, t)] if e[1] in keep}
                self.valid_cache[(s, t)] = np.array(sorted(keep), dtype=int)

    def _run_edges(self, p: Problem, s: int, t: int, src: list[int], dst: set | dict):
        """Moves of a ``runs`` stand at type t from these states into ``dst``: (i, i2, k_run, X parts, weight, run part)."""
        rs, st = self.runs[s], p.substands[s]
        run_parts = self._transitions(p, s, t, 0, None)
        x_parts = [self._transitions(p, x, t, 0, 1) for x in st.xs]
        for i in src:
            f, xs = rs.states[i][0], rs.states[i][1]
            for kr, dr, wr in run_parts:
                if not wr[f]:
                    continue
                for combo in itertools.product(*x_parts):
                    w = wr[f] * math.prod(wx[xs[j]] for j, (_, _, wx) in enumerate(combo))
                    if not w:
                        continue
                    xset = tuple(j for j, (kxj, _, _) in enumerate(combo) if kxj)
                    i2 = i if kr == 0 and not xset else rs.move(i, t, kr, xset)
                    if i2 is not None and i2 in dst:
                        yield i, i2, kr, combo, w, dr

    def _run_moves(self, p: Problem, s: int, t: int) -> list["_RunMove"]:
        """Every move of a stand in ``runs`` at type t, between positions on its axis."""
        rs, nctr = self.runs[s], len(p.counters)
        spos = {int(j): q for q, j in enumerate(self.valid(s, t))}
        dpos = {int(j): q for q, j in enumerate(self.valid(s, t + 1))}
        # this problem's own edges were found while pruning; a conditioned copy (``modified``) finds its own
        found = self.found_edges.pop((s, t), None) if p is self.p else None
        if found is None:
            found = list(self._run_edges(p, s, t, list(spos), dpos))
        moves = []
        for i, i2, kr, combo, w, dr in found:
            if i not in spos or i2 not in dpos:
                continue
            f, xs, tags, y = rs.states[i]
            kx = tuple(kxj for kxj, _, _ in combo)
            d = tuple(dr[ci] + sum(dx[ci] for _, dx, _ in combo) for ci in range(nctr))
            moves.append(_RunMove(kr + sum(kx), d, spos[i], dpos[i2], w, f, kr, xs, kx, (tags, y)))
        return moves

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
            on_src, on_dst = slice(f0 - slo, f1 - slo), slice(f0 + k - dlo, f1 + k - dlo)
            for src, dst, red in self._indices(k, d, c, ax, on_src, on_dst):
                yield k, f0, src, dst, red, wb

    def _indices(self, k: int, d: tuple, c: int, ax: int, on_src, on_dst):
        """(src, dst, reduce axes) of a move taking k of c copies with counter shifts d;
        ``on_src``/``on_dst`` index the stand's axis (slices, or index arrays for ``runs``)."""
        base = 1 + len(self.gridded)
        for cp in counter_pieces(d, self.caps, self.ops):
            src: list = [slice(None)] * self.nd
            dst: list = [slice(None)] * self.nd
            src[0], dst[0] = slice(0, c + 1 - k), slice(k, c + 1)
            src[ax], dst[ax] = on_src, on_dst
            red = []
            for i, (ss, ds, r) in enumerate(cp):
                src[base + i], dst[base + i] = ss, ds
                if r:
                    red.append(base + i)
            yield tuple(src), tuple(dst), tuple(red)

    def _run_pieces(self, s: int, t: int, c: int):
        """A ``runs`` stand's move as (k, block data, src, dst, reduce axes, weights) with index arrays on its axis.

        A piece is one kind of move (copies, counter shifts, run length, X
        lengths, tags before): its sources are distinct and so are its
        destinations, so ``out[dst] += ...`` and ``out[src] += ...`` add every
        term.  Pieces go in a fixed order, so a conditioned rerun that only
        drops moves of zero mass adds the same floats in the same order and a
        certain event comes out exactly 1.  Block data:
        (run start f, run length, X fills, X lengths) per element, for the block laws.
        """
        ax = self.axis[s]
        groups: dict[tuple, list[_RunMove]] = {}
        for mv in self.trans[(s, t)] or ():
            groups.setdefault((mv.k, mv.d, mv.k_run, mv.x_ks, mv.tags), []).append(mv)
        for key in sorted(groups):
            g = groups[key]
            n = len(g)
            meta = (
                np.array([m.f for m in g]), np.array([m.k_run for m in g]),
                np.array([m.x_fills for m in g]).reshape(n, -1), np.array([m.x_ks for m in g]).reshape(n, -1),
            )
            shape = [1] * self.nd
            shape[ax] = n
            wb = np.array([m.w for m in g], dtype=object if self.exact else float).reshape(shape)
            src_i, dst_i = np.array([m.src for m in g]), np.array([m.dst for m in g])
            for src, dst, red in self._indices(g[0].k, g[0].d, c, ax, src_i, dst_i):
                yield g[0].k, meta, src, dst, red, wb

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
