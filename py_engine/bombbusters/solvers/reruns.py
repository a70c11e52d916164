"""Many conditions on one solved state at once: the forward steps they change, rerun as one batch.

Why: ranking moves asks dozens of questions of one table ("are both these
slots red?", "has this stand no yellow?"), each a few forward steps rerun
with some blocks forbidden.  On a late-game grid those steps are a few
hundred floats each, so one question at a time is all per-call cost.  Here
the alphas of every question of a call are stacked on a leading axis and
walk the stored moves of the unconditioned problem together; a forbidden
block is not a different move but the same move weighted 0 for that
question, and each question reruns only the steps from its first to its
last forbidden type.  Each ratio is taken, as a single rerun's would be,
against the stored alphas and betas: a question that forbids nothing is 1,
one that forbids every deal exactly 0.

A condition is a *forbid map* ``{sub-stand: {type index: positions}}``: the
block of that type on that sub-stand may cover none of the positions (the
meaning of ``SubStand.forbid``).
"""

from __future__ import annotations

import numpy as np

from ..compiler.problem import Solution
from .implicit import forbidden
from .sparse import Walk

__all__ = ["condition_ratios", "forbid_into", "both"]

#: floats one batch may hold per array (alphas times questions); larger calls are split
BATCH_FLOATS = 50_000


def both(a: dict | float, b: dict | float) -> dict | float:
    """The forbid map of two conditions at once (a float stands for a condition known true or false)."""
    if isinstance(a, float) or isinstance(b, float):
        if a == 0.0 or b == 0.0:
            return 0.0
        return b if a == 1.0 else a
    out = {sub: {t: set(pos) for t, pos in per_type.items()} for sub, per_type in a.items()}
    for sub, per_type in b.items():
        for t, positions in per_type.items():
            out.setdefault(sub, {}).setdefault(t, set()).update(positions)
    return out


def forbid_into(substands: list, forbids: dict) -> list:
    """Copies of ``substands`` with a forbid map added (for a full conditioned solve)."""
    out = [x.copy() for x in substands]
    for sub, per_type in forbids.items():
        for t, positions in per_type.items():
            out[sub].forbid.setdefault(t, set()).update(positions)
    return out


def condition_ratios(sol: Solution, forbids: list[dict]) -> list[float]:
    """P(the deal meets each forbid map) under the solved problem, exactly as a rerun of each would give.

    Each map reruns the steps from its first to its last forbidden type, from
    the stored alphas and against the stored betas; the maps whose steps
    overlap walk them together, so one numpy call serves all of them.
    """
    out = [1.0] * len(forbids)
    live = [i for i, f in enumerate(forbids) if any(any(per.values()) for per in f.values())]
    if not live:
        return out
    eng = sol.engine
    if isinstance(eng, Walk):
        return eng.ratios(forbids)
    step = [a.size * (int(c) + 1) for a, c in zip(sol.alphas, eng.p.copies)]  # type: ignore[union-attr,arg-type]
    chunks: list[list[int]] = [[]]
    used = 0
    for i in live:  # a chunk's arrays stay within BATCH_FLOATS: past the cache, one batch costs more than two
        types = [t for per in forbids[i].values() for t, pos in per.items() if pos]
        need = max(step[min(types) : max(types) + 1])
        if chunks[-1] and used + need > BATCH_FLOATS:
            chunks.append([])
            used = 0
        chunks[-1].append(i)
        used += need
    for chunk in chunks:
        for j, r in zip(chunk, _batch(sol, [forbids[j] for j in chunk])):
            out[j] = r
    return out


def _batch(sol: Solution, forbids: list[dict]) -> list[float]:
    eng = sol.engine
    masks = _Masks(eng, forbids)
    start: dict[int, list[int]] = {}
    for b, (t0, _t1) in enumerate(masks.spans):
        start.setdefault(t0, []).append(b)
    out = [0.0] * len(forbids)
    rows: list[int] = []  # the maps being rerun, in the order of a's first axis
    a = np.zeros((0,) + sol.alphas[0].shape)  # type: ignore[index]
    t, last = min(start), max(t1 for _t0, t1 in masks.spans)
    while t <= last:
        if not rows:  # nothing under way: on to the next map's first step
            t = min(t0 for t0 in start if t0 >= t)
        new = start.get(t, [])
        if new:
            fresh = np.broadcast_to(sol.alphas[t], (len(new),) + sol.alphas[t].shape)  # type: ignore[index]
            a = np.concatenate([a, fresh]) if rows else fresh
            rows += new
        a = _step(eng, a, t, masks, rows)
        if eng.factors[t + 1] != 1.0:  # type: ignore[union-attr]
            a = a / eng.factors[t + 1]  # type: ignore[union-attr]
        done = [i for i, b in enumerate(rows) if masks.spans[b][1] == t]
        if done:
            beta = sol.betas[t + 1]  # type: ignore[index]
            den = float(np.sum(sol.alphas[t + 1] * beta))  # type: ignore[index]
            nums = (a[done] * beta[None]).reshape(len(done), -1).sum(axis=1)
            for i, num in zip(done, nums.tolist()):
                out[rows[i]] = 0.0 if num <= 0 or den <= 0 else min(1.0, num / den)
            keep = [i for i in range(len(rows)) if masks.spans[rows[i]][1] != t]
            a = a[keep]
            rows = [rows[i] for i in keep]
        t += 1
    return out


class _Masks:
    """Per (explicit stand or implicit stand, type): which maps forbid which of its blocks."""

    def __init__(self, eng, forbids: list[dict]):
        self.eng = eng
        # (owner stand, t) -> {map: (run positions, X indices)}
        self.at: dict[tuple[int, int], dict] = {}
        self.spans: list[tuple[int, int]] = []  # each map's first and last forbidden type
        self._covers: dict = {}
        for b, fmap in enumerate(forbids):
            types = []
            for sub, per_type in fmap.items():
                owner = eng.owned.get(sub, sub)
                for t, positions in per_type.items():
                    if not positions:
                        continue
                    types.append(t)
                    run, xs = self.at.setdefault((owner, t), {}).setdefault(b, (set(), set()))
                    if owner == sub:
                        run.update(positions)
                    else:
                        xs.add(eng.p.substands[owner].xs.index(sub))
            self.spans.append((min(types), max(types)))

    def _cover(self, s: int, t: int, rows: list[int]) -> tuple | None:
        """(cumulative count of forbidden positions on stand s's run, per row, with a 0 in front;
        forbidden X slots per row), or None when no row forbids anything of type t there."""
        key = (s, t, tuple(rows))
        if key not in self._covers:
            self._covers[key] = self._make_cover(s, t, rows)
        return self._covers[key]

    def _make_cover(self, s: int, t: int, rows: list[int]) -> tuple | None:
        at = self.at.get((s, t))
        if not at or not any(b in at for b in rows):
            return None
        st = self.eng.p.substands[s]
        run = np.zeros((len(rows), st.n + 1))
        xs = np.zeros((len(rows), max(1, len(st.xs))), dtype=bool)
        for i, b in enumerate(rows):
            if b in at:
                run[i, [a + 1 for a in at[b][0]]] = 1
                xs[i, list(at[b][1])] = True
        return np.cumsum(run, axis=1), xs

    def plain(self, s: int, t: int, k: int, f: np.ndarray, rows: list[int]) -> np.ndarray | None:
        """(rows, len(f)): 1 where the block [f, f+k) of a plain stand is allowed for that row."""
        cov = self._cover(s, t, rows)
        if cov is None:
            return None
        cum = cov[0]
        return cum[:, f + k] == cum[:, f]

    def run(self, s: int, t: int, meta, rows: list[int]) -> np.ndarray | None:
        """(rows, moves): the same for a ``runs`` stand's moves (run block and X slots)."""
        cov = self._cover(s, t, rows)
        if cov is None:
            return None
        cum, xs = cov
        f, kr, _xf, kx = meta
        ok = cum[:, f + kr] == cum[:, f]
        if kx.shape[1]:
            ok &= ~(xs[:, None, : kx.shape[1]] & kx[None].astype(bool)).any(axis=2)
        return ok

    def implicit(self, t: int, c: int, rows: list[int]):
        """(rows, u, grid...) weights of the implicit stand's move, each map's forbidden blocks at 0
        (for a ``runs`` implicit stand, one such array per piece); None when no map forbids any."""
        eng = self.eng
        cov = self._cover(eng.z, t, rows)
        if cov is None:
            return None
        if eng.zrun:
            return forbidden(eng, t, c, cov)
        cum = cov[0]
        weights, f_pre = eng.zw[t]
        n = cum.shape[1] - 1
        # each row's "may the block [f, f+k) be placed" for every start and length: a small table,
        # then read at each state's (start, c - u) in one gather
        f, k = np.arange(n + 1)[:, None], np.arange(c + 1)[None, :]
        ok = (cum[:, np.minimum(f + k, n)] == cum[:, f]).reshape(len(rows), -1)
        u = np.arange(c + 1).reshape([c + 1] + [1] * (weights.ndim - 1))
        at = np.maximum(f_pre, 0) * (c + 1) + (c - u)
        return weights[None] * ok[:, at]


def _step(eng, a: np.ndarray, t: int, masks: _Masks, rows: list[int]) -> np.ndarray:
    """One type's forward step and finish on a batch of alphas (the tables' own, with a leading axis)."""
    def weigh(s: int, k: int, where, wb: np.ndarray) -> np.ndarray | None:
        if s in eng.runs:
            m = masks.run(s, t, where, rows)  # where: the moves' block data
        else:
            m = masks.plain(s, t, k, where + np.arange(wb.size), rows)  # where: the first block start
        if m is None:
            return None
        shape = [len(rows)] + [1] * wb.ndim
        shape[eng.axis[s] + 1] = wb.size
        return wb[None] * m.reshape(shape)

    # the stands some row forbids a block of this type on; the others' moves are the stored ones
    weighed = {s for s in eng.explicit if masks._cover(s, t, rows) is not None}
    parts = eng.step_forward(a, t, lead=1, weigh=weigh, weighed=weighed)
    c = int(eng.p.copies[t])
    w = masks.implicit(t, c, rows) if eng.z is not None else None
    return eng.finish(parts[-1], t, lead=1, implicit_w=w)
