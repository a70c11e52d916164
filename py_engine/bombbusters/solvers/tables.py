"""One problem's DP tables: each stand's move run forward, backward or as a block law, and the forward pass.

The state after type t is the fill vector of the stands plus a few small
counters (see ``solver.py`` and design/exact-engine.md); ``layout.py`` lays
that grid out, this module moves arrays along it, and ``solver.py`` chains
the steps into the forward and backward passes.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..compiler.problem import Problem
from . import implicit
from .joints import Joints

__all__ = ["Tables"]

class Tables(Joints):
    """One problem's DP: the grid of :class:`~.layout.Layout` plus the passes on it (the block laws the
    backward pass reads: :class:`~.joints.Joints`)."""

    # -- one explicit stand's move, forward / backward ------------------------
    def forward_stand(self, A: np.ndarray, s: int, t: int, c: int, lead: int = 0, weigh=None) -> np.ndarray:
        """Stand s's move at type t on A.  ``lead``: leading axes before the step's own (a batch of
        conditions, ``reruns.py``); ``weigh(k, block data, wb)``: each piece's weights for them, or None."""
        if self.trans[(s, t)] is None:
            return A
        if s in self.runs and self._front_first(A, self.axis[s] + lead):
            return self._forward_run(A, s, t, c, lead, weigh)
        shape = list(A.shape)
        shape[self.axis[s] + lead] = len(self.fills(s, t + 1))
        out = self.zeros(shape)
        pre = (slice(None),) * lead
        for (k, where, src, dst, red, wb), unit in zip(self._pieces(s, t, c), self._units(s, t, c)):
            x = A[pre + src]
            if red:
                x = x.sum(axis=tuple(r + lead for r in red), keepdims=True)
            w = weigh(k, where, wb) if weigh is not None else None
            if w is None and unit:  # every weight exactly 1 (no copy of t on this stand, say): x * 1 is x
                out[pre + dst] += x
            else:
                out[pre + dst] += x * (wb if w is None else w)
        return out

    def _forward_run(self, A: np.ndarray, s: int, t: int, c: int, lead: int, weigh) -> np.ndarray:
        """:meth:`forward_stand` of a ``runs`` stand, on A with the stand's axis first."""
        ax = self.axis[s] + lead
        At = np.ascontiguousarray(np.moveaxis(A, ax, 0))
        out = self.zeros((len(self.fills(s, t + 1)),) + At.shape[1:])
        pre = (slice(None),) * lead
        ones = (1,) * (A.ndim - 1)
        for (k, where, _src, _dst, red, wb), (src, dst, w_front) in zip(self._pieces(s, t, c), self._front(s, t, c)):
            x = At[src[:1] + pre + src[1:]]
            if red:  # counter axes, which lie after the stand's: moving it first leaves their place
                x = x.sum(axis=tuple(r + lead for r in red), keepdims=True)
            w = weigh(k, where, wb) if weigh is not None else None
            out[dst[:1] + pre + dst[1:]] += x * (w_front.reshape((-1,) + ones) if w is None else np.moveaxis(w, ax, 0))
        return np.moveaxis(out, 0, ax)

    def backward_stand(self, B: np.ndarray, s: int, t: int, c: int) -> np.ndarray:
        if self.trans[(s, t)] is None:
            return B
        if s in self.runs and self._front_first(B, self.axis[s]):
            ax = self.axis[s]
            Bt = np.ascontiguousarray(np.moveaxis(B, ax, 0))
            out = self.zeros((len(self.fills(s, t)),) + Bt.shape[1:])
            for src, dst, w in self._front(s, t, c):
                out[src] += Bt[dst] * w
            return np.moveaxis(out, 0, ax)
        out = self._resized(B, s, t)
        for (_k, _f0, src, dst, _red, wb), unit in zip(self._pieces(s, t, c), self._units(s, t, c)):
            out[src] += B[dst] if unit else B[dst] * wb
        return out

    def implicit_backward(self, beta: np.ndarray, t: int, c: int) -> np.ndarray:
        """The backward table before the implicit stand's move at type t, over (u, grid)."""
        if self.zrun:
            return implicit.backward(self, beta, t, c)
        return beta[None] * self.zw[t][0]

    # -- passes ---------------------------------------------------------------

    def start(self) -> np.ndarray:
        shape = [1] * len(self.gridded) + [cap + 1 for cap in self.caps]
        a = self.zeros(shape)
        a[(0,) * len(shape)] = Fraction(1) if self.exact else 1.0
        return a

    def step_forward(self, alpha: np.ndarray, t: int, lead: int = 0, weigh=None, weighed=None) -> list[np.ndarray]:
        """Partials A_0 .. A_E of type t's step (A_E: after every explicit stand); ``lead``, ``weigh``:
        as :meth:`forward_stand`, ``weigh(s, k, block data, wb)``, asked only of the stands in
        ``weighed`` when that is given (the others move as they are)."""
        c = int(self.p.copies[t])
        A = self.zeros(alpha.shape[:lead] + (c + 1,) + alpha.shape[lead:])
        A[(slice(None),) * lead + (0,)] = alpha
        parts = [A]
        for s in self.explicit:
            w = None if weigh is None or (weighed is not None and s not in weighed) else (
                lambda k, w, wb, s=s: weigh(s, k, w, wb))
            A = self.forward_stand(A, s, t, c, lead, w)
            parts.append(A)
        return parts

    def finish(self, A: np.ndarray, t: int, lead: int = 0, implicit_w=None) -> np.ndarray:
        """The state after type t, from the step's last partial: every copy placed, order relations kept.
        ``implicit_w``: the implicit stand's move weights when not its own (``reruns.py``)."""
        c = int(self.p.copies[t])
        pre = (slice(None),) * lead
        if self.z is None:
            return self.ordered(A[pre + (c,)], t + 1)
        if self.zrun:
            return self.ordered(implicit.finish(self, A, t, lead, implicit_w), t + 1)
        w = self.zw[t][0] if implicit_w is None else implicit_w
        return self.ordered((A * w).sum(axis=lead), t + 1)

    def forward(self, keep_parts: bool) -> tuple[list[np.ndarray], list, list[float]]:
        """Rescaled alphas, step partials (if kept) and cumulative log scales (-inf: no deal)."""
        alphas = [self.start()]
        parts_all: list = []
        scales = [0.0]
        self.factors: list[float] = [1.0]  # factors[t]: what alphas[t] was divided by (reruns divide alike)
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
            self.factors.append(m)
            scales.append(scales[-1] + math.log(m))
        return alphas, parts_all, scales

    def modified(self, p: Problem, subs: list[int], t_indices: list[int]) -> "Tables":
        """A shallow copy for problem ``p``, which differs from ours only in these sub-stands' moves
        at these types (same masks, same counters), so the tables of both stay aligned."""
        eng = object.__new__(Tables)
        eng.__dict__.update(self.__dict__)
        eng.p = p
        eng.trans = dict(self.trans)
        eng.zw = list(self.zw)
        owners = sorted({self.owned.get(x, x) for x in subs})
        eng.tables = {k: v for k, v in self.tables.items() if k not in subs and k not in owners}
        eng.piece_cache = {k: v for k, v in self.piece_cache.items() if k[0] not in owners}
        for t in t_indices:
            for s in owners:
                if s == self.z:
                    eng.zw[t] = eng._implicit_weights(t, int(p.copies[t]))
                else:
                    eng.trans[(s, t)] = eng._moves(p, s, t)
        return eng
