"""Which blocks of a type a plain stand may hold from a given start, and the moves they make at one
type from a set of fill states, for the sparse walk.

Why apart from the walk: these are the rules of ``blocks.block_ok`` read for one start at a time
(every slot allows the type, none forbids it, an x-token's block has its length), kept per
(stand, type, start) — the walk asks the same few again and again.
"""

from __future__ import annotations

import functools
from operator import add

from ..compiler.problem import Problem, count_fits
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
                got = [(n, w) for n, w in _lengths(lo, k) if all(count_fits(n, m) for j, m in mults if f <= j < f + n)]
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
        if k and self.blue[t] and any(f <= j < f + k and not count_fits(k, m) for j, m in self.mults[s]):
            return None
        return INV_FACT[k]

    def option_map(self, s: int, t: int, f: int) -> dict:
        """:meth:`options` as {k: 1/k!}."""
        key = (s, t, f)
        got = self.map_cache.get(key)
        if got is None:
            got = self.map_cache[key] = dict(self.options(s, t, f))
        return got

    def moves(self, alpha: dict, t: int) -> tuple[dict, list[int]]:
        """Every move at type t from the states of ``alpha``: ({state: [(next state, ks, weight)]}, the
        stands whose fill is not one known number before and after t).

        A stand whose fill is one known number before and after t takes no block of it (k = 0,
        weight 1), and one whose fill is one number before and another after takes that block in
        every deal: late in the game that is most stands at most types, so only the others are
        walked; the last of them takes what the others leave (c - u)."""
        c, S = self.copies[t], len(self.rows)
        here, after = self.win[t], self.win[t + 1]
        moving = [s for s in range(S) if not here[s][0] == here[s][1] == after[s][0] == after[s][1]]
        base, w0, u0 = [0] * S, 1.0, 0  # the forced blocks
        free = []
        for s in moving:
            (lo, hi), (nlo, nhi) = here[s], after[s]
            if lo == hi and nlo == nhi:
                wk = self.forced(s, t, lo, nlo - lo)
                if wk is None:  # the one block the windows leave breaks a block rule: no deal
                    return {}, moving
                base[s], w0, u0 = nlo - lo, w0 * wk, u0 + nlo - lo
            else:
                free.append(s)
        if not free:
            return ({F: [(tuple(map(add, F, base)), tuple(base), w0)] for F in alpha} if u0 == c else {}), moving
        *head, last = free
        opt = self.options
        out: dict = {}
        for F in alpha:
            # partial choices on the head stands: (block lengths, weight, copies used)
            partial: list = [(base, w0, u0)]
            for s in head:
                ks_s = opt(s, t, F[s])
                if not ks_s:
                    partial = []
                    break
                grown = []
                for ks, w, u in partial:
                    for k, wk in ks_s:
                        if u + k > c:
                            break
                        nk = [*ks]  # (a short list: faster than .copy(), in wasm most)
                        nk[s] = k
                        grown.append((nk, w * wk, u + k))
                partial = grown
            if not partial:
                continue
            ks_last = self.option_map(last, t, F[last])
            found = []
            for ks, w, u in partial:
                wk = ks_last.get(c - u)
                if wk is not None:
                    full = [*ks]
                    full[last] = c - u
                    found.append((tuple(map(add, F, full)), tuple(full), w * wk))
            if found:
                out[F] = found
        return out, moving
