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

from ..compiler.problem import Problem

__all__ = ["windows", "tight_windows", "block_table", "block_ok", "transitions", "counter_pieces", "in_block", "width", "INV_FACT", "INV_FACT_EXACT"]


def windows(p: Problem) -> list[list[tuple[int, int]]]:
    """Row t+1: each stand's feasible fill window (lo, hi) after placing types 0..t (row 0: start).

    Fill F_s(t) must cover every slot whose allowed types are all <= t and no
    slot whose allowed types are all > t.  An empty window (hi < lo) means no deal.
    A dozen numpy calls for all stands at once: late-game tables are solved in well under a
    millisecond, and a Python loop over every slot and type costs more than that here.
    """
    lo, hi = _bounds(p)
    return _rows(p, lo, hi)


def tight_windows(p: Problem) -> list[list[tuple[int, int]]]:
    """:func:`windows`, each also held to what the copies placed so far and the copies still to come allow."""
    lo, hi = _bounds(p)
    if lo.size:
        placed = np.cumsum(p.copies)
        sizes = np.array([st.n for st in p.substands])[:, None]
        lo = np.maximum(lo, sizes - (placed[-1] - placed)[None, :])
        hi = np.minimum(hi, placed[None, :])
    return _rows(p, lo, hi)


def _rows(p: Problem, lo: np.ndarray, hi: np.ndarray) -> list[list[tuple[int, int]]]:
    """Row 0 (the start) and one row per type: every stand's (lo, hi)."""
    start = [(0, 0) for _ in p.substands]
    if not lo.size:  # no stand (or no type)
        return [start] + [[] for _ in p.types]
    return [start] + [list(zip(a, b)) for a, b in zip(lo.T.tolist(), hi.T.tolist())]


def _bounds(p: Problem) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi)[s, t]: the least and greatest fill of stand s after types 0..t that its slots' allowed
    types permit (before the copies are counted)."""
    S, T = len(p.substands), len(p.types)
    if not S or not T:
        return np.zeros((S, T), dtype=int), np.zeros((S, T), dtype=int)
    sizes = np.array([st.n for st in p.substands])
    every = np.concatenate([st.allowed for st in p.substands])
    stand = np.repeat(np.arange(S), sizes)
    pos = np.arange(len(stand)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    # each slot's least and greatest type (T and -1 if none: it is in every window's way)
    has = every.any(axis=1)
    first = np.where(has, every.argmax(axis=1), T)
    last = np.where(has, T - 1 - every[:, ::-1].argmax(axis=1), -1)
    lo_at = np.zeros((S, T), dtype=int)  # slots that must be filled once type t is placed (from last <= t)
    np.maximum.at(lo_at, (stand, np.maximum(last, 0)), pos + 1)
    hi_at = np.repeat(sizes[:, None], T, axis=1)  # the first slot that no type <= t may fill (from first > t)
    sel = (first >= 1) & (first <= T)
    np.minimum.at(hi_at, (stand[sel], first[sel] - 1), pos[sel])
    lo = np.maximum.accumulate(lo_at, axis=1)
    hi = np.minimum.accumulate(hi_at[:, ::-1], axis=1)[:, ::-1].copy()
    lo[:, -1] = np.maximum(lo[:, -1], sizes)
    hi[:, -1] = np.minimum(hi[:, -1], sizes)
    return lo, hi


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
    for t, groups in st.need.items():  # the block must cover one of each set (so it cannot be empty)
        for positions in groups:
            hit = np.zeros(ok[t].shape, dtype=bool)
            for a in positions:
                hit |= covers(a)
            ok[t] &= hit
    if st.mult:
        blue = p.is_blue if p.is_blue is not None else np.ones(T, dtype=bool)
        rule = np.ones((K, n + 1), dtype=bool)
        for j, m in st.mult:
            rule &= ~covers(j) | np.isin(ks, m)  # m: an x-token's count, or the counts a not_count leaves
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
