"""Which blocks of a type a plain stand may hold from a given start, for the sparse walk.

Why apart from the walk: these are the rules of ``blocks.block_ok`` read for one start at a time
(every slot allows the type, none forbids it, an x-token's block has its length), kept per
(stand, type, start) — the walk asks the same few again and again.
"""

from __future__ import annotations

import functools

from ..compiler.problem import Problem
from .blocks import INV_FACT

__all__ = ["BlockOptions"]


@functools.lru_cache(maxsize=None)
def _lengths(lo: int, hi: int) -> list:
    """[(k, 1/k!)] for lo <= k <= hi (shared: read only)."""
    return [(k, INV_FACT[k]) for k in range(lo, hi + 1)]


class BlockOptions:
    """One plain problem's block options, kept as they are asked."""

    def __init__(self, p: Problem, win: list):
        self.win = win
        self.rows = [st.allowed.tolist() for st in p.substands]
        self.forbids = [st.forbid for st in p.substands]
        self.mults = [st.mult for st in p.substands]
        self.copies = p.copies.tolist()
        self.blue = p.is_blue.tolist() if p.is_blue is not None else [True] * len(p.types)
        self.opt_cache: dict = {}
        self.map_cache: dict = {}

    def options(self, s: int, t: int, f: int) -> list:
        """[(k, 1/k!)]: the blocks of type t stand s may hold from start f that end in its next window.

        The rules of ``blocks.block_ok``, for one start: every slot of the block allows t, covers
        no position forbidden to t, and a blue block over an x-token's slot has its length."""
        key = (s, t, f)
        got = self.opt_cache.get(key)
        if got is None:
            rows, mults = self.rows[s], self.mults[s]
            nlo, nhi = self.win[t + 1][s]
            top = min(self.copies[t], nhi - f, len(rows) - f)
            forbid = self.forbids[s].get(t, ())
            k = 0
            while k < top and rows[f + k][t] and f + k not in forbid:
                k += 1
            lo = max(0, nlo - f)
            if not (mults and self.blue[t] and any(f <= j < f + k for j, _m in mults)):
                got = _lengths(lo, k)
            else:
                got = [(n, w) for n, w in _lengths(lo, k) if all(n == m for j, m in mults if f <= j < f + n)]
            self.opt_cache[key] = got
        return got

    def forced(self, s: int, t: int, f: int, k: int) -> float | None:
        """1/k! if stand s may hold type t exactly on [f, f+k) (the rules of :meth:`options` for one
        block), else None: the block the windows leave a stand whose fill is one number before and
        after t, checked without listing the other lengths."""
        if k > self.copies[t]:
            return None
        rows, forbid = self.rows[s], self.forbids[s].get(t, ())
        for j in range(f, f + k):
            if not rows[j][t] or j in forbid:
                return None
        if k and self.blue[t] and any(f <= j < f + k and m != k for j, m in self.mults[s]):
            return None
        return INV_FACT[k]

    def option_map(self, s: int, t: int, f: int) -> dict:
        """:meth:`options` as {k: 1/k!}."""
        key = (s, t, f)
        got = self.map_cache.get(key)
        if got is None:
            got = self.map_cache[key] = dict(self.options(s, t, f))
        return got
