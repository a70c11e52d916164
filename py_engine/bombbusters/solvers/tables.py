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
from .blocks import in_block
from .layout import Layout

__all__ = ["Tables"]

#: a ``runs`` stand's axis goes first for its move when the axes after it hold fewer elements than this
FRONT_BELOW = 64


class Tables(Layout):
    """One problem's DP: the grid of :class:`~.layout.Layout` plus the arithmetic on it."""

    #: (runs stand with X slots, type) -> law of its uncut copies of that type, filled by the backward pass
    uncut_counts: dict[tuple[int, int], np.ndarray]

    # -- one explicit stand's move, forward / backward / joint ----------------
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

    def _units(self, s: int, t: int, c: int) -> list[bool]:
        """For each of :meth:`_pieces`, whether its weights are all exactly 1 (then it needs no product
        array: the forward and backward moves add the slice as it is, the same floats); built once."""
        key = (s, t, "unit")
        if key not in self.piece_cache:
            self.piece_cache[key] = [not self.exact and bool((wb == 1.0).all()) for *_rest, wb in self._pieces(s, t, c)]
        return self.piece_cache[key]

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

    def joint_stand(self, A: np.ndarray, B: np.ndarray, s: int, t: int, c: int) -> list[tuple[int, np.ndarray]]:
        """(sub-stand, block law J[f, k] of type t) for stand s, and for the X slots its states carry."""
        if s in self.runs:
            return self._joint_run(A, B, s, t, c)
        n = self.p.substands[s].n
        J = self.zeros((n + 1, min(c, n) + 1))
        (slo, shi), (dlo, dhi) = self.win[t][s], self.win[t + 1][s]
        ax = self.axis[s]
        others = tuple(i for i in range(self.nd) if i != ax)
        if self.exact:  # unnormalised, exactly: no shortcuts
            if self.trans[(s, t)] is None:
                v = (A * B).sum(axis=others)
                J[slo : slo + v.shape[0], 0] += v
                return [(s, J)]
        elif self.trans[(s, t)] is None:  # the type never lands here (k = 0; start f not tracked)
            J[slo, 0] = 1.0
            return [(s, J)]
        elif slo == shi and dlo == dhi and not self.caps:  # block forced by the known slots
            J[slo, dlo - slo] = 1.0
            return [(s, J)]
        for k, f0, src, dst, _red, wb in self._pieces(s, t, c):
            v = self._piece_mass(A[src], B[dst], wb, ax)
            J[f0 : f0 + v.shape[0], k] += v
        return [(s, J)]

    def _piece_mass(self, a: np.ndarray, b: np.ndarray, wb: np.ndarray, ax: int) -> np.ndarray:
        """sum(a * b * wb) over every axis but ``ax`` (wb varies along ``ax`` only): one fused einsum
        pass, no product array; the exact Fraction path keeps its plain products."""
        if self.exact:
            return (a * b * wb).sum(axis=tuple(i for i in range(a.ndim) if i != ax))
        axes = list(range(a.ndim))
        return np.einsum(a, axes, b, axes, [ax]) * wb.ravel()

    def _joint_run(self, A: np.ndarray, B: np.ndarray, s: int, t: int, c: int) -> list[tuple[int, np.ndarray]]:
        """Block laws of a ``runs`` stand: its run's J[f, k] and each X slot's, from one pass over its moves.

        A stand with X slots also gets, in ``self.uncut_counts[(s, t)]``, the law of how many of
        its uncut slots (run and X) hold type t: the X slots' blocks are not independent of the
        run's, so this is read here, where each move knows both (holdings need it).
        """
        st = self.p.substands[s]
        ax = self.axis[s]
        At, Bt = (np.ascontiguousarray(np.moveaxis(x, ax, 0)) for x in (A, B))
        J = self.zeros((st.n + 1, min(c, st.n) + 1))
        JX = [self.zeros((2, 2)) for _ in st.xs]
        tally = self.uncut_tally(s, J.shape[1])
        for (_k, (f, kr, xf, kx), _s, _d, _red, _wb), (src, dst, wb) in zip(self._pieces(s, t, c), self._front(s, t, c)):
            v = self._piece_mass(At[src], Bt[dst], wb, 0)
            np.add.at(J, (f, kr), v)
            for j, Jx in enumerate(JX):
                np.add.at(Jx, (xf[:, j], kx[:, j]), v)
            if tally is not None:
                np.add.at(tally[2], tally[0][kr, f] + kx @ tally[1], v)
        self.keep_uncut(s, t, tally)
        return [(s, J)] + list(zip(st.xs, JX))

    def uncut_tally(self, s: int, K: int) -> tuple | None:
        """For a stand with X slots (not on the exact path): (uncut run slots in each block [k, f], uncut X
        slots, zeroed law of the uncut copies) that its block laws fill; None for other stands."""
        st = self.p.substands[s]
        if not st.xs or self.exact:
            return None
        x_uncut = np.array([bool(self.p.substands[x].uncut[0]) for x in st.xs], dtype=int)
        return in_block(st.uncut, K), x_uncut, np.zeros(int(st.uncut.sum()) + len(st.xs) + 1)

    def keep_uncut(self, s: int, t: int, tally: tuple | None) -> None:
        """Keep the law :meth:`uncut_tally` started, normalised, for holdings (``uncut_counts``)."""
        if tally is not None:
            count = tally[2]
            self.uncut_counts[(s, t)] = count / count.sum() if count.sum() > 0 else count

    def implicit_backward(self, beta: np.ndarray, t: int, c: int) -> np.ndarray:
        """The backward table before the implicit stand's move at type t, over (u, grid)."""
        if self.zrun:
            return implicit.backward(self, beta, t, c)
        return beta[None] * self.zw[t][0]

    def joint_implicit(self, A: np.ndarray, beta: np.ndarray, t: int, c: int) -> list[tuple[int, np.ndarray]]:
        """Block laws of the implicit stand (and of its X slots, for a ``runs`` one)."""
        if self.zrun:
            return implicit.joint(self, A, beta, t, c)
        return [(self.z, self._joint_plain(A, beta, t, c))]  # type: ignore[list-item]

    def _joint_plain(self, A: np.ndarray, beta: np.ndarray, t: int, c: int) -> np.ndarray:
        """Block law of a plain implicit stand: group A * W * beta by (start f, length c - u) in one bincount."""
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
