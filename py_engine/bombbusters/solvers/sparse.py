"""Few worlds left: the same DP over only the fill states some deal reaches, in plain Python.

Why a second walk of the same recursion: late in the game a table has a
handful of reachable fill vectors per type, and the dense grid's cost there
is not arithmetic but numpy's per-call overhead (a few hundred small array
operations per solve).  Here the states are dict keys, each type's moves are
listed once during the forward pass (state, next state, block lengths,
weight), and the backward pass, the block laws and every conditioned rerun
walk that list.  The weighting, the block rules (``blocks.block_ok``) and
the windows are the dense solver's, so both give the same numbers; the
solver takes this path only for problems whose stands are plain sorted runs
(no counters, Labels, X slots or order relations) and whose estimated work
is small (:func:`suits`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..compiler.problem import Problem, Solution
from .block_options import BlockOptions
from .blocks import tight_windows

__all__ = ["Walk", "Sparse", "BlockLaws", "suits", "ESTIMATE_LIMIT", "MOVE_LIMIT"]

#: a problem is tried on the sparse walk when its estimated moves (:func:`suits`) are at most this ...
ESTIMATE_LIMIT = 250_000
#: ... and the walk gives up for the dense grid past this many moves (measured: the sparse walk costs
#: about 2.7 us a move, all passes included, and the dense grid 2-4 ms on such tables: the two cost
#: about the same near 1,000 moves)
MOVE_LIMIT = 700


def _plain(p: Problem) -> bool:
    return not p.counters and not p.order and not any(
        st.labels or st.xs or st.xmult or st.ymult or st.need for st in p.substands
    )


def suits(p: Problem, win: list) -> bool:
    """Whether to try the sparse walk on p: plain stands, and a bound on its moves that is not far off.

    The bound, over the types, of the windows' product (the states after each type can be no
    more) times the product of each stand's possible block lengths, runs 100-1,000 times the
    moves actually found; it only spares the obviously large tables a walk that would give up."""
    if not p.substands or not _plain(p):
        return False
    work = 0
    for t, c in enumerate(p.copies.tolist()):
        states = moves = 1
        for (lo, hi), (nlo, nhi) in zip(win[t], win[t + 1]):
            if lo == hi == nlo == nhi:  # a stand whose fill is known before and after: one state, one move
                continue
            states *= max(0, hi - lo + 1)
            moves *= max(1, min(nhi - lo, c) - max(0, nlo - hi) + 1)
        work += states * moves
        if work > ESTIMATE_LIMIT:
            return False
    return True


class Walk:
    """A solve in plain Python (this module's :class:`Sparse`, ``worlds.Worlds``): what an analysis
    reads from it without the dense grid's arrays.

    ``masses[sub]``: {(t, f, k): P(type t's block on the sub-stand is [f, f+k))}, every type's;
    :meth:`marginals` and :meth:`count_laws` sum them (or the walk's own records) into the rows an
    analysis mixes; :meth:`ratios` answers batched conditions; :meth:`modified` gives the walk of a
    conditioned copy of the problem.
    """

    p: Problem
    S: int
    T: int
    copies: list
    masses: Sequence
    alphas: list[dict]  # the forward weights per step, and ...
    betas: list[dict]  # ... the completion weights, that reruns go against (:meth:`_ratio`)
    #: whether batched conditions are worth keying by twin stands (``Analysis.chances``)
    twin_keys = True
    #: whether :meth:`marginals` and :meth:`count_laws` return rows normalised as ``slot_laws.mixed`` would
    rows_normalised = False

    def solve(self, blocks: bool = True, budget: int | None = None) -> Solution | None:
        raise NotImplementedError

    def marginals(self, sub: int) -> list[list[float]]:
        raise NotImplementedError

    def count_laws(self, sub: int, marked: list[bool]) -> list[list[float]]:
        raise NotImplementedError

    def ratios(self, forbids: list[dict]) -> list[float]:
        raise NotImplementedError

    def modified(self, p: Problem, subs: list[int], t_indices: list[int]) -> "Walk":
        raise NotImplementedError

    def _ratio(self, a: dict, step: int) -> float:
        """A rerun's end: P(condition) from its forward weights ``a`` at ``step``, against the stored betas
        there (the unconditioned forward weights at ``step`` give the whole)."""
        beta = self.betas[step]
        num = sum(x * beta.get(v, 0.0) for v, x in a.items())
        den = sum(x * beta.get(v, 0.0) for v, x in self.alphas[step].items())
        return 0.0 if num <= 0 or den <= 0 else min(1.0, num / den)


class BlockLaws(Sequence):
    """A plain-Python solution's block laws, ``[sub][t]`` as J[f, k] (the dense solver's form), each
    sub-stand's made from its masses when first asked: a late-game analysis reads few of them."""

    def __init__(self, walk: Walk):
        self.walk = walk
        self.made: dict[int, list[np.ndarray]] = {}

    def __len__(self) -> int:
        return self.walk.S

    def __getitem__(self, sub):  # type: ignore[override]
        if not isinstance(sub, int) or not 0 <= sub < self.walk.S:
            raise IndexError(sub)
        got = self.made.get(sub)
        if got is None:
            w = self.walk
            n, cs = w.p.substands[sub].n, w.copies
            arr = np.zeros((w.T, n + 1, min(max(cs, default=0), n) + 1))
            if w.masses[sub]:
                idx = np.array(list(w.masses[sub].keys())).T
                arr[idx[0], idx[1], idx[2]] = list(w.masses[sub].values())
            tot = arr.sum(axis=(1, 2))
            arr /= np.where(tot > 0, tot, 1.0)[:, None, None]
            got = self.made[sub] = [arr[t, :, : min(cs[t], n) + 1] for t in range(w.T)]
        return got


class Sparse(Walk):
    """One problem's reachable states and moves, type by type.

    ``alphas[t]``: {fill vector after types < t: weight}; ``moves[t]``:
    {fill vector: [(next fill vector, block lengths, weight)]} for the states
    some deal reaches; ``betas[t]``: the completion weight of each state.
    """

    def __init__(self, p: Problem, win: list | None = None):
        self.p = p
        self.S, self.T = len(p.substands), len(p.types)
        self.win = win if win is not None else tight_windows(p)
        self.final = tuple(st.n for st in p.substands)
        self.copies = p.copies.tolist()
        self.blocks = BlockOptions(p, self.win)
        self.alphas: list[dict] = []
        self.moves: list[dict] = []
        self.betas: list[dict] = []
        self.masses: list[dict] = []  # per sub-stand {(t, f, k): P(t's block there is [f, f+k))}, by backward
        self.moving: list[list[int]] = []  # per type: the stands whose fill is not one known number before and after

    def forward(self, budget: int | None = None) -> float | None:
        """The forward pass; returns Z (the relative number of deals, 0 if none), or None once it
        has listed more than ``budget`` moves."""
        a: dict = {(0,) * self.S: 1.0}
        self.alphas, self.moves, self.moving = [a], [], []
        found = 0
        for t in range(self.T):
            mv, moving = self.blocks.moves(a, t)
            self.moving.append(moving)
            if budget is not None:
                found += sum(map(len, mv.values()))
                if found > budget:
                    return None
            nxt: dict = {}
            for F, out in mv.items():
                x = a[F]
                for G, _ks, w in out:
                    nxt[G] = nxt.get(G, 0.0) + x * w
            self.moves.append(mv)
            self.alphas.append(nxt)
            a = nxt
            if not a:
                break
        return a.get(self.final, 0.0) if len(self.alphas) == self.T + 1 else 0.0

    def backward(self, z: float) -> "BlockLaws":
        """The backward pass: the betas, and every sub-stand's block masses {(t, f, k): P} (:attr:`masses`),
        whose block laws J[f, k] are made when first asked."""
        S, T = self.S, self.T
        beta: dict = {self.final: 1.0}
        self.betas = [{} for _ in range(T + 1)]
        self.betas[T] = beta
        acc: list[dict] = [{} for _ in range(S)]  # per sub-stand: {(t, f, k): mass}
        for t in range(T - 1, -1, -1):
            a = self.alphas[t]
            prev: dict = {}
            moving = self.moving[t]
            for s in range(S):  # a stand whose fill is known before and after t holds no t in every deal
                if s not in moving:
                    acc[s][(t, self.win[t][s][0], 0)] = 1.0
            for F, found in self.moves[t].items():
                b = 0.0
                x = a[F] / z
                for G, ks, w in found:
                    bg = beta.get(G)
                    if bg:
                        wb = w * bg
                        b += wb
                        m = x * wb
                        for s in moving:
                            key = (t, F[s], ks[s])
                            d = acc[s]
                            d[key] = d.get(key, 0.0) + m
                if b:
                    prev[F] = b
            beta = prev
            self.betas[t] = beta
        self.masses = acc
        return BlockLaws(self)

    def solve(self, blocks: bool = True, budget: int | None = None) -> Solution | None:
        """:func:`~.solver.solve` on the sparse walk; None if the forward pass outgrew ``budget`` moves."""
        z = self.forward(budget)
        if z is None:
            return None
        if z <= 0:
            return Solution(-math.inf, None)
        if not blocks:
            return Solution(math.log(z), None)
        out = self.backward(z)
        return Solution(math.log(z), out, None, self.alphas, None, self.betas, self)

    def marginals(self, sub: int) -> list[list[float]]:
        """P[pos][t] that position pos of sub-stand ``sub`` holds type t, from the block masses."""
        rows = [[0.0] * self.T for _ in range(self.p.substands[sub].n)]
        for (t, f, k), m in self.masses[sub].items():
            for pos in range(f, f + k):
                rows[pos][t] += m
        return rows

    def count_laws(self, sub: int, marked: list[bool]) -> list[list[float]]:
        """For every type t: the law of how many ``marked`` positions of sub-stand ``sub`` its block covers."""
        cum = [0]
        for x in marked:
            cum.append(cum[-1] + bool(x))
        laws = [[0.0] * (cum[-1] + 1) for _ in range(self.T)]
        for (t, f, k), m in self.masses[sub].items():
            laws[t][cum[f + k] - cum[f]] += m
        return laws

    def modified(self, p: Problem, subs: list[int], t_indices: list[int]) -> "Sparse":
        """The walk of p, our problem with some blocks forbidden (a conditioned solve): built afresh, it is small."""
        return Sparse(p, self.win)

    def ratios(self, forbids: list[dict]) -> list[float]:
        """P(the deal meets each forbid map {sub: {type: positions}}), each rerun from its first forbidden
        type to its last, from the stored alphas against the stored betas (``reruns.condition_ratios``)."""
        out = []
        for fmap in forbids:
            rules: dict = {}
            for sub, per_type in fmap.items():
                for t, pos in per_type.items():
                    if pos:
                        rules.setdefault(t, []).append((sub, sorted(pos)))
            if not rules:
                out.append(1.0)
                continue
            t0, t1 = min(rules), max(rules)
            a = self.alphas[t0]
            for t in range(t0, t1 + 1):
                rule = rules.get(t, ())
                nxt: dict = {}
                for F, x in a.items():
                    for G, ks, w in self.moves[t].get(F, ()):
                        if any(F[s] <= q < F[s] + ks[s] for s, pos in rule for q in pos):
                            continue
                        nxt[G] = nxt.get(G, 0.0) + x * w
                a = nxt
            out.append(self._ratio(a, t1 + 1))
        return out
