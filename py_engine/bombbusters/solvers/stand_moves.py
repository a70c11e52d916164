"""One stand's moves at one type, as the passes use them: its blocks' transitions, and the move as
aligned slices (a plain stand) or index arrays (a ``runs`` stand: Labels, X slots, yellow counts).

Why apart from the grid (``layout``): the grid decides which states exist; this decides how one
stand steps between them, and a ``runs`` stand's states are pruned here to those its moves reach.
"""

from __future__ import annotations

import math

import numpy as np

from ..compiler.problem import Problem
from .blocks import block_table, counter_pieces, transitions, width
from .run_stands import RunStands

__all__ = ["FRONT_BELOW", "StandMoves"]

#: a ``runs`` stand's axis goes first for its move when the axes after it hold fewer elements than this
FRONT_BELOW = 64


class StandMoves(RunStands):
    """Each stand's moves of one problem, built once (the base of :class:`~.layout.Layout`, which sets
    the grid these read: windows, axes, the stands in ``runs``)."""


    def _table(self, p: Problem, s: int):
        if s not in self.tables:
            self.tables[s] = block_table(p, s)
        return self.tables[s]

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

    def valid(self, s: int, row: int) -> np.ndarray:
        """The states of stand s (in ``runs``) on its axis after types < row (see :meth:`_prune_runs`)."""
        return self.valid_cache[(s, row)]

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

    # -- the pieces as the passes read them -------------------------------------
    def _units(self, s: int, t: int, c: int) -> list[bool]:
        """For each of :meth:`_pieces`, whether its weights are all exactly 1 (then it needs no product
        array: the forward and backward moves add the slice as it is, the same floats); built once."""
        key = (s, t, "unit")
        if key not in self.piece_cache:
            self.piece_cache[key] = [not self.exact and bool((wb == 1.0).all()) for *_rest, wb in self._pieces(s, t, c)]
        return self.piece_cache[key]

    @staticmethod
    def _front_first(A: np.ndarray, ax: int) -> bool:
        """Whether a ``runs`` stand's move is cheaper with its axis moved first: when the axes after
        it are small, each index of its arrays picks a few scattered elements, not a row."""
        return math.prod(A.shape[ax + 1 :]) < FRONT_BELOW

    def _front(self, s: int, t: int, c: int) -> list:
        """A ``runs`` stand's pieces with its axis first: (src, dst, weights).  There its index arrays
        pick whole contiguous rows, where on a later axis they gather strided elements (2-3x the time)."""
        key = (s, t, "front")
        if key not in self.piece_cache:
            ax = self.axis[s]
            self.piece_cache[key] = [
                (src[ax : ax + 1] + src[:ax] + src[ax + 1 :], dst[ax : ax + 1] + dst[:ax] + dst[ax + 1 :],
                 wb.reshape((-1,) + (1,) * (self.nd - 1)))
                for _k, _w, src, dst, _red, wb in self._pieces(s, t, c)
            ]
        return self.piece_cache[key]
