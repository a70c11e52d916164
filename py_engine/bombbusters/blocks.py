"""Which blocks a wire type may form on a sub-stand, and the moves they make in the DP.

Why a module of its own: these are pure functions of one problem (no DP
state), read by the tables in ``tables.py``; keeping them apart lets a reader
check the rules of a block (fits, allowed types, x-tokens, Labels, has / has
not) without the passes around them.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from .problem import Problem

__all__ = ["windows", "tight_windows", "block_table", "block_ok", "transitions", "counter_pieces", "in_block", "width", "INV_FACT", "INV_FACT_EXACT"]


def windows(p: Problem) -> list[list[tuple[int, int]]]:
    """Row t+1: each stand's feasible fill window (lo, hi) after placing types 0..t (row 0: start).

    Fill F_s(t) must cover every slot whose allowed types are all <= t and no
    slot whose allowed types are all > t.  An empty window (hi < lo) means no deal.
    In plain Python, O(slots + types) a stand: late-game tables are solved in well
    under a millisecond, and a few numpy calls a stand cost more than this.
    """
    cols = _columns(p)
    return [[(0, 0) for _ in p.substands]] + [[(lo[t], hi[t]) for lo, hi in cols] for t in range(len(p.types))]


def tight_windows(p: Problem) -> list[list[tuple[int, int]]]:
    """:func:`windows`, each also held to what the copies placed so far and the copies still to come allow."""
    cols = _columns(p)
    sizes = [st.n for st in p.substands]
    total = int(p.copies.sum())
    out = [[(0, 0) for _ in p.substands]]
    placed = 0
    for t, c in enumerate(p.copies.tolist()):
        placed += c
        left = total - placed
        out.append([(max(lo[t], n - left), min(hi[t], placed)) for (lo, hi), n in zip(cols, sizes)])
    return out


def _columns(p: Problem) -> list[tuple[list[int], list[int]]]:
    """Per stand, the lowest and highest fill after each type that its slots' allowed types permit."""
    T = len(p.types)
    cols = []
    for st in p.substands:
        n = st.n
        lo_at = [0] * (T + 1)  # lo_at[t]: slots that must be filled once type t is placed (from last <= t)
        hi_at = [n] * (T + 1)  # hi_at[t]: the first slot that no type <= t may fill (from first > t)
        for j, row in enumerate(st.allowed.tolist()):
            # the least and greatest type slot j allows (T and -1 if none: it is in every window's way)
            first, last = (row.index(True), T - 1 - row[::-1].index(True)) if True in row else (T, -1)
            lo_at[max(last, 0)] = max(lo_at[max(last, 0)], j + 1)
            if first >= 1:
                hi_at[first - 1] = min(hi_at[first - 1], j)
        lo, hi = [], [0] * T
        run = 0
        for t in range(T):
            run = max(run, lo_at[t])
            lo.append(run)
        run = n
        for t in range(T - 1, -1, -1):
            run = min(run, hi_at[t])
            hi[t] = run
        if T:
            lo[-1], hi[-1] = max(lo[-1], n), min(hi[-1], n)
        cols.append((lo, hi))
    return cols


def block_table(p: Problem, s: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`block_ok`'s ``ok[t, k, f]`` and ``uncut_in[k, f]`` (uncut slots in the block)."""
    ok = block_ok(p, s)
    return ok, in_block(p.substands[s].uncut, ok.shape[1])


def block_ok(p: Problem, s: int) -> np.ndarray:
    """For every type t, length k and start f: may stand s hold t exactly on [f, f+k)? (``ok[t, k, f]``)

    The block must fit, every slot in it must allow t, and the stand's block
    rules (x-tokens on blue types, has / has not) must hold; Labels are the
    run's states' business (``labels.py``).
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
    for t, positions in st.forbid.items():
        for a in positions:
            ok[t] &= ~((f <= a) & (a < end))
    covers = lambda a: (f <= a) & (a < end)  # noqa: E731
    if st.mult:
        blue = p.is_blue if p.is_blue is not None else np.ones(T, dtype=bool)
        rule = np.ones((K, n + 1), dtype=bool)
        for j, m in st.mult:
            rule &= ~covers(j) | (ks == m)
        ok[blue] &= rule
    return ok


INV_FACT = [1.0 / math.factorial(k) for k in range(64)]
INV_FACT_EXACT = [Fraction(1, math.factorial(k)) for k in range(64)]


def transitions(
    p: Problem, table, t: int, c: int, counters_at: list[int], kmin: int = 0, kmax: int | None = None,
    inv: list = INV_FACT, sub: int | None = None,
) -> list:
    """Moves of sub-stand ``sub`` at type t: list of (k, shifts per counter in ``counters_at``, weight per start f).

    ``inv[k]`` = 1/k! (Fractions on the exact path).  A "presence" counter
    looks at its own positions on this sub-stand when it names them, else at
    the uncut slots.
    """
    ok_all, uncut_in = table
    top = min(c, ok_all.shape[1] - 1) if kmax is None else min(c, ok_all.shape[1] - 1, kmax)
    looked_at = [_looked_at(p.counters[ci], sub, uncut_in) for ci in counters_at]
    out = []
    for k in range(kmin, top + 1):
        ok = ok_all[t, k]
        if not ok.any():
            continue
        if not counters_at:
            out.append((k, (), ok * inv[k]))
            continue
        incs = [np.full(ok.shape, k) if seen is None else (seen[k] > 0).astype(int) for seen in looked_at]
        keys = np.stack(incs, axis=-1)
        for d in {tuple(r) for r in keys[ok].tolist()}:
            sel = ok & np.all(keys == np.array(d), axis=1)
            out.append((k, d, sel * inv[k]))
    return out


def _looked_at(ctr, sub: int | None, uncut_in: np.ndarray) -> np.ndarray | None:
    """None for a "slots" counter (every slot of the block counts), else count[k, f] of the slots it looks at."""
    if ctr.mode == "slots":
        return None
    if ctr.positions is None:
        return uncut_in
    return in_block(ctr.positions[sub], uncut_in.shape[0])


def in_block(marked: np.ndarray, K: int) -> np.ndarray:
    """count[k, f]: marked slots in the block [f, f+k), k < K (uncut slots, or the slots a fact names)."""
    n = marked.shape[0]
    cum = np.concatenate([[0], np.cumsum(marked, dtype=int)])
    end = np.minimum(np.arange(n + 1)[None, :] + np.arange(K)[:, None], n)
    return cum[end] - cum[np.arange(n + 1)[None, :]]


def counter_pieces(d: tuple[int, ...], caps: list[int], ops: list[str]):
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


def width(lo: int, hi: int) -> int:
    return max(0, hi - lo + 1)
