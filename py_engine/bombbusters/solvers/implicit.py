"""The implicit stand when it is a ``runs`` stand: its axis holds only its classes, its fill is implied.

Why: the fills of all stands add up to the copies placed, so one stand needs
no fill axis (``layout.py``).  When every hidden stand carries Labels,
x-tokens or an X wire, the only plain stand left may be a one-slot "a of b"
pile; the four full axes then hold one redundant fill, and 97 % of each array
is zero (a 5-player table with a Label or x-token on every stand).  Here such
a stand keeps an axis, but over its *classes* (X fills, Label tags, yellow
tracker: a state without its fill), a few where its states were thirty; its
fill is what the others leave, as for a plain implicit stand.

Its move closes each step: from class g with fill F it takes the k = c - u
copies the explicit stands left, into class g2.  Given (g, g2, F, k) that is
one move of :class:`~.stand_states.StandStates` (g2's X fills say which X
slots it filled, the rest is its run block), so the move is one weight table
per class pair, read at each grid element's F.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .blocks import width

__all__ = ["ZPiece", "ZStep", "choose", "classes", "step", "finish", "backward", "joint", "forbidden", "draw"]

#: a ``runs`` stand is taken as the implicit one when that makes the step arrays this much smaller
GAIN = 2.0


class ZPiece(NamedTuple):
    """The implicit ``runs`` stand's moves from class g (row t) into class g2 (row t + 1)."""

    g: int
    g2: int
    w: np.ndarray  # weight per (u, grid) element, its own axis of length 1
    xsum: int  # X slots filled before (its fill F less this is its run's fill)
    xs: tuple  # X fills before
    kx: tuple  # X slots the move fills (0/1 each)


class ZStep(NamedTuple):
    """The implicit ``runs`` stand's move at one type: its fill before, per (u, grid) element, and its pieces."""

    f_pre: np.ndarray
    pieces: list


def choose(lay, free: list[int], in_ctr: set) -> int | None:
    """The implicit stand: the largest plain free stand, unless a ``runs`` stand shrinks the arrays
    :data:`GAIN` times more (its classes against the plain stand's axis)."""
    p = lay.p
    plain = max(free, key=lambda s: p.substands[s].n) if free else None
    in_order = {sub for pair in p.order for sub, _pos in pair}
    cands = [
        s for s in lay.runs
        if not ({s, *p.substands[s].xs} & (in_ctr | in_order))
    ]
    if not cands:
        return plain

    def size(s: int, row: int, z: int) -> int:
        if s in lay.runs:
            v = lay.valid(s, row)
            return len({lay.runs[s].states[i][1:] for i in v}) if s == z else len(v)
        return 1 if s == z else width(*lay.win[row][s])

    def cost(z: int) -> int:
        return sum(
            (int(p.copies[t]) + 1) * int(np.prod([size(s, t + 1, z) for s in range(lay.S) if s not in lay.owned]))
            for t in range(lay.T)
        )

    best = min(cands, key=cost)
    return best if plain is None or GAIN * cost(best) < cost(plain) else plain


def classes(lay) -> list[dict]:
    """Per row, {class: position on the implicit stand's axis}: the classes of its valid states."""
    rs = lay.runs[lay.z]
    out = []
    for row in range(lay.T + 1):
        found = sorted({rs.states[i][1:] for i in lay.valid(lay.z, row).tolist()})
        out.append({cl: q for q, cl in enumerate(found)})
    return out


def step(lay, t: int, c: int) -> ZStep:
    """The implicit ``runs`` stand's move at type t, from the moves its pruning kept (or its own, for
    a conditioned copy of the layout, whose problem forbids some)."""
    z, p, rs = lay.z, lay.p, lay.runs[lay.z]
    vs, vd = set(lay.valid(z, t).tolist()), set(lay.valid(z, t + 1).tolist())
    found = lay.found_edges.pop((z, t), None)
    if found is None:
        found = list(lay._run_edges(p, z, t, sorted(vs), vd))
    st = p.substands[z]
    ntot = st.n + len(st.xs)
    src, dst = lay.zcls[t], lay.zcls[t + 1]
    tables: dict = {}
    for i, i2, kr, combo, w, _dr in found:
        kx = tuple(kxj for kxj, _, _ in combo)
        if i not in vs or i2 not in vd or kr + sum(kx) > c:  # more copies than the type has: no deal
            continue
        f, xs = rs.states[i][0], rs.states[i][1]
        key = (src[rs.states[i][1:]], dst[rs.states[i2][1:]])
        if key not in tables:
            tables[key] = (np.zeros((ntot + 1, c + 1)), xs, kx)
        tables[key][0][f + sum(xs), kr + sum(kx)] = w  # (g, g2, F, k) is one move: g2's X fills give kx
    u = np.arange(c + 1).reshape([c + 1] + [1] * (lay.nd - 1))
    f_pre = int(lay.placed[t]) - lay._grid_sum(t) + u
    k = np.broadcast_to(c - u, f_pre.shape)
    ok = (f_pre >= 0) & (f_pre <= ntot)
    fi = np.where(ok, f_pre, 0)
    pieces = []
    for (g, g2), (W, xs, kx) in sorted(tables.items()):
        w = np.where(ok, W[fi, k], 0.0)
        if w.any():
            pieces.append(ZPiece(g, g2, w, sum(xs), xs, kx))
    return ZStep(f_pre, pieces)


def _on(ax: int, g: int) -> tuple:
    """An index that keeps position g of axis ax (as a length-1 axis)."""
    return (slice(None),) * ax + (slice(g, g + 1),)


def finish(lay, A: np.ndarray, t: int, lead: int, weights: list | None) -> np.ndarray:
    """The state after type t from the step's last partial: the implicit stand takes the copies left.
    ``weights``: each piece's weights for a batch of conditions (:func:`forbidden`), else its own."""
    ax = lead + lay.axis[lay.z]
    shape = list(A.shape)
    del shape[lead]
    shape[ax - 1] = len(lay.zcls[t + 1])
    out = lay.zeros(shape)
    for i, pc in enumerate(lay.zw[t].pieces):
        w = pc.w if weights is None else weights[i]
        out[_on(ax - 1, pc.g2)] += (A[_on(ax, pc.g)] * w).sum(axis=lead)
    return out


def backward(lay, beta: np.ndarray, t: int, c: int) -> np.ndarray:
    """The backward table at the end of type t's explicit moves, over (u, grid): what the implicit
    stand's move makes of each state."""
    ax = lay.axis[lay.z]
    shape = [c + 1] + list(beta.shape)
    shape[ax] = len(lay.zcls[t])
    B = lay.zeros(shape)
    for pc in lay.zw[t].pieces:
        B[_on(ax, pc.g)] += beta[_on(ax - 1, pc.g2)][None] * pc.w
    return B


def joint(lay, A: np.ndarray, beta: np.ndarray, t: int, c: int) -> list[tuple[int, np.ndarray]]:
    """Block laws of the implicit stand at type t: its run's J[f, k] and each X slot's, and, with X
    slots, the law of its uncut copies of the type (``Tables.uncut_counts``, as ``_joint_run`` keeps)."""
    z = lay.z
    st = lay.p.substands[z]
    zst = lay.zw[t]
    ax = lay.axis[z]
    K = min(c, st.n) + 1
    J = np.zeros((st.n + 1, K))
    JX = [np.zeros((2, 2)) for _ in st.xs]
    tally = lay.uncut_tally(z, K)
    u = np.arange(c + 1).reshape([c + 1] + [1] * (lay.nd - 1))
    for pc in zst.pieces:
        v = A[_on(ax, pc.g)] * pc.w * beta[_on(ax - 1, pc.g2)][None]
        sel = v != 0
        if not sel.any():
            continue
        vv = v[sel]
        f = np.broadcast_to(zst.f_pre - pc.xsum, v.shape)[sel]
        kr = np.broadcast_to(c - u - sum(pc.kx), v.shape)[sel]
        J += np.bincount(f * K + kr, vv, minlength=(st.n + 1) * K).reshape(st.n + 1, K)
        tot = float(vv.sum())
        for j, Jx in enumerate(JX):
            Jx[pc.xs[j], pc.kx[j]] += tot
        if tally is not None:
            on_run, x_uncut, count = tally
            count += np.bincount(on_run[kr, f] + int(np.dot(pc.kx, x_uncut)), vv, minlength=count.shape[0])
    lay.keep_uncut(z, t, tally)
    return [(z, J)] + list(zip(st.xs, JX))


def forbidden(lay, t: int, c: int, cover: tuple) -> list[np.ndarray]:
    """Each piece's weights for a batch of conditions (rows, u, grid): 0 where a condition forbids
    the run block or an X slot it fills.  ``cover``: (cumulative forbidden run positions per row,
    forbidden X slots per row), as ``reruns._Masks`` keeps them."""
    cum, xs = cover
    n = cum.shape[1] - 1
    zst = lay.zw[t]
    u = np.arange(c + 1).reshape([c + 1] + [1] * (lay.nd - 1))
    out = []
    for pc in zst.pieces:
        f = np.clip(zst.f_pre - pc.xsum, 0, n)
        end = np.minimum(f + np.maximum(c - u - sum(pc.kx), 0), n)
        ok = cum[:, end] == cum[:, f]
        if any(pc.kx):
            hit = (xs[:, : len(pc.kx)] & np.array(pc.kx, dtype=bool)[None]).any(axis=1)
            ok = ok & ~hit.reshape((-1,) + (1,) * (ok.ndim - 1))
        out.append(pc.w[None] * ok)
    return out


def draw(lay, last: np.ndarray, t: int, c: int, y: list[np.ndarray], choose_rows, record) -> list[np.ndarray]:
    """For worlds at grid coordinates ``y`` after type t, draw the implicit stand's move in proportion
    to ``last`` (the step's last partial) and its weights; record its blocks; return [u] + y before it.

    ``choose_rows(W)``: a row index per column, drawn in proportion to W; ``record(sub, t, f, k)``."""
    z = lay.z
    zst = lay.zw[t]
    ax = lay.axis[z] - 1  # on the grid coordinates (no u axis)
    m = len(y[0])
    shape = last.shape[: ax + 1] + (1,) + last.shape[ax + 2 :]
    W = np.zeros((len(zst.pieces) * (c + 1), m))
    at_zero = list(y)
    at_zero[ax] = np.zeros(m, dtype=int)
    for i, pc in enumerate(zst.pieces):
        hit = y[ax] == pc.g2
        if not hit.any():
            continue
        src = [a[hit] for a in y]
        src[ax] = np.full(int(hit.sum()), pc.g)
        w = np.broadcast_to(pc.w, shape)[(slice(None), *[a[hit] for a in at_zero])]
        W[i * (c + 1) : (i + 1) * (c + 1), hit] = last[(slice(None), *src)] * w
    pick = choose_rows(W)
    which, u = np.divmod(pick, c + 1)
    f_pre = np.broadcast_to(zst.f_pre, shape)[(u, *at_zero)]
    pcs = zst.pieces
    xsum = np.array([pc.xsum for pc in pcs], dtype=int)[which]
    st = lay.p.substands[z]
    kx = np.array([pc.kx for pc in pcs], dtype=int).reshape(len(pcs), len(st.xs))[which]
    record(z, t, f_pre - xsum, c - u - kx.sum(axis=1))
    for j, x in enumerate(st.xs):
        record(x, t, np.zeros(m, dtype=int), kx[:, j])
    before = list(y)
    before[ax] = np.array([pc.g for pc in pcs], dtype=int)[which]
    return [u] + before
