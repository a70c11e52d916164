"""Block laws read from a stand's move between the forward and the backward tables: each type's
block (start, length) on each stand, the law every slot law, detector and holding is read from.

Why apart from the passes (``tables``): the passes only move arrays; this is the one place that
turns a pair of them into laws, for plain stands, ``runs`` stands and the implicit stand.
"""

from __future__ import annotations

import numpy as np

from . import implicit
from .blocks import in_block
from .layout import Layout

__all__ = ["Joints"]


class Joints(Layout):
    """The block laws of one problem's stands (the base of :class:`~.tables.Tables`)."""

    #: (runs stand with X slots, type) -> law of its uncut copies of that type, filled by the backward pass
    uncut_counts: dict[tuple[int, int], np.ndarray]

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
