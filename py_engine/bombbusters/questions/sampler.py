"""Exact world sampler: independent whole deals drawn from the posterior.

Why forward filtering, backward sampling: the solver's forward pass already
holds, for every type t, the (rescaled) weight of every DP state after the
types before t.  Drawing the final state, then each type's moves from last to
first in proportion to ``alpha * move weight``, draws a deal with exactly its
posterior probability — no rejection, no Markov chain, and every world is
independent of the others.  All N worlds walk back together: each step is a
few numpy gathers over the N current states, so 20,000 worlds cost about as
much as a handful of solves.

A world is, per player, per stand, the wire label of every slot (cut and
known slots included), as ``analyze`` names wires.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..solvers import implicit
from ..solvers.solver import solve
from ..solvers.tables import Tables
from ..table.state import GameState
from ..table.wires import label
from .analysis import Analysis, solve_state
from .slot_laws import SlotLaws

__all__ = ["sample_types", "sample_worlds", "sample_deals", "sample_json"]


def _choose(weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per column, a row index drawn in proportion to the column's weights."""
    cum = np.cumsum(weights, axis=0)
    r = rng.random(weights.shape[1]) * cum[-1]
    return np.minimum((cum <= r[None, :]).sum(axis=0), weights.shape[0] - 1)


def _unreduced(piece: tuple, shape_prev: tuple) -> list[tuple]:
    """A piece whose source is summed along saturating counter axes, split into one piece per source cell.

    Sampling needs the source state itself, not the sum: each cell of a
    reduced axis becomes its own piece with the same destination.
    """
    k, f0, src, dst, red, wb = piece
    if not red:
        return [piece]
    ranges = [range(*src[a].indices(shape_prev[a])[:2]) for a in red]
    out = []
    for cells in itertools.product(*ranges):
        s2 = list(src)
        for a, q in zip(red, cells):
            s2[a] = slice(q, q + 1)
        out.append((k, f0, tuple(s2), dst, (), wb))
    return out


class _Walk:
    """The backward walk of N worlds through one solved case."""

    def __init__(self, eng: Tables, alphas: list, rng: np.random.Generator, n: int):
        self.eng, self.alphas, self.rng, self.n = eng, alphas, rng, n
        #: sub-stand -> list of (type index, block start per world, block length per world)
        self.blocks: dict[int, list[tuple[int, np.ndarray, np.ndarray]]] = {}

    def _record(self, sub: int, t: int, f: np.ndarray, k: np.ndarray) -> None:
        self.blocks.setdefault(sub, []).append((t, f, k))

    def start(self) -> list[np.ndarray]:
        """Grid coordinates of the final states, drawn from the last alpha (free counters vary)."""
        last = self.alphas[-1]
        if last.ndim == 0:  # one stand and no counter: the grid is a single state
            return []
        w = np.zeros(last.shape)
        idx = self.eng.final_index()
        w[idx] = last[idx]
        flat = w.ravel()
        cum = np.cumsum(flat)
        r = self.rng.random(self.n) * cum[-1]
        cells = np.minimum(np.searchsorted(cum, r, side="right"), flat.size - 1)
        return list(np.unravel_index(cells, last.shape))

    def run(self) -> None:
        eng = self.eng
        y = self.start()
        for t in range(eng.T - 1, -1, -1):
            y = self.step(t, y)

    def step(self, t: int, y: list[np.ndarray]) -> list[np.ndarray]:
        """Given each world's state after type t, draw its moves at t and return its state before."""
        eng = self.eng
        c = int(eng.p.copies[t])
        parts = eng.step_forward(self.alphas[t], t)
        if eng.z is None:
            coords = [np.full(self.n, c)] + y
        elif eng.zrun:
            coords = implicit.draw(eng, parts[-1], t, c, y, lambda W: _choose(W, self.rng), self._record)
        else:
            weights, f_pre = eng.zw[t]
            full = parts[-1] * weights
            per_u = full[(slice(None), *y)]  # type: ignore[arg-type]
            if per_u.ndim == 1:  # no grid axis: every world is in the one state
                per_u = np.repeat(per_u[:, None], self.n, axis=1)
            u = _choose(per_u, self.rng)
            f = np.broadcast_to(f_pre, full.shape)[(u, *y)]
            self._record(eng.z, t, f, c - u)
            coords = [u] + y
        for i in range(len(eng.explicit) - 1, -1, -1):
            s = eng.explicit[i]
            if eng.trans[(s, t)] is None:
                continue
            coords = self._stand_step(parts[i], parts[i + 1].shape, s, t, c, coords)
        assert not coords[0].any(), "every copy of the type is placed by some stand"
        return coords[1:]

    def _stand_step(self, A: np.ndarray, next_shape: tuple, s: int, t: int, c: int, coords: list) -> list:
        """Draw stand s's move at type t for every world: pieces weighed by the source state's alpha."""
        eng = self.eng
        pieces = [q for piece in eng._pieces(s, t, c) for q in _unreduced(piece, A.shape)]
        W = np.zeros((len(pieces), self.n))
        for i, piece in enumerate(pieces):
            ok, src, e = self._locate(piece, A.shape, next_shape, s, coords)
            if ok.any():
                vals = A[tuple(x[ok] for x in src)] * np.ravel(piece[5])[e[ok]]
                W[i, ok] = vals
        pick = _choose(W, self.rng)
        new = [x.copy() for x in coords]
        f = np.zeros(self.n, dtype=int)
        k = np.zeros(self.n, dtype=int)
        run = s in eng.runs
        xs = eng.p.substands[s].xs
        xk = np.zeros((self.n, len(xs)), dtype=int)
        for i, piece in enumerate(pieces):
            sel = pick == i
            if not sel.any():
                continue
            part = [x[sel] for x in coords]
            _ok, src, e = self._locate(piece, A.shape, next_shape, s, part)
            for a in range(len(new)):
                new[a][sel] = src[a]
            if run:
                meta = piece[1]
                f[sel], k[sel] = meta[0][e], meta[1][e]
                if xs:
                    xk[sel] = meta[3][e]
            else:
                f[sel], k[sel] = piece[1] + e, piece[0]
        self._record(s, t, f, k)
        for j, x in enumerate(xs):
            self._record(x, t, np.zeros(self.n, dtype=int), xk[:, j])
        return new

    def _locate(self, piece: tuple, prev_shape: tuple, next_shape: tuple, s: int, coords: list):
        """For worlds at ``coords`` (after the move): which lie in the piece's destination, their
        source coordinates, and their element of the piece (its start f offset, or its move)."""
        _k, _f0, src, dst, _red, _wb = piece
        ax = self.eng.axis[s]
        m = len(coords[0])
        ok = np.ones(m, dtype=bool)
        out = []
        e = np.zeros(m, dtype=int)
        for a, (sa, da) in enumerate(zip(src, dst)):
            x = coords[a]
            if isinstance(da, slice):
                d0, d1, _ = da.indices(next_shape[a])
                s0 = sa.indices(prev_shape[a])[0]
                ok &= (x >= d0) & (x < d1)
                out.append(np.clip(x - d0 + s0, 0, prev_shape[a] - 1))
                if a == ax:
                    e = np.clip(x - d0, 0, d1 - d0 - 1)
            else:  # a runs stand's axis: index arrays, distinct destinations
                inv = np.full(next_shape[a], -1)
                inv[da] = np.arange(len(da))
                el = inv[x]
                ok &= el >= 0
                e = np.maximum(el, 0)
                out.append(sa[e])
        return ok, out, e

    def types(self, sub: int, size: int) -> np.ndarray:
        """types[world, pos]: the type index at each position of a sub-stand (-1: none, a bug)."""
        out = np.full((self.n, size), -1, dtype=int)
        rows = np.arange(self.n)
        for t, f, k in self.blocks.get(sub, []):
            for r in range(int(k.max()) if k.size else 0):
                sel = k > r
                out[rows[sel], f[sel] + r] = t
        return out


def sample_types(laws: SlotLaws, n: int, seed: int) -> dict[int, np.ndarray]:
    """{sub-stand: types[world, pos]} for n worlds drawn from the posterior of a solved state."""
    rng = np.random.default_rng(seed)
    case = _choose(np.repeat(np.asarray(laws.weights, dtype=float)[:, None], n, axis=1), rng) if n else np.zeros(0, int)
    subs = laws.compiled.cases[0].substands
    out = {x: np.full((n, st.n), -1, dtype=int) for x, st in enumerate(subs)}
    for ci, sol in enumerate(laws.solutions):
        rows = np.nonzero(case == ci)[0]
        if not len(rows):
            continue
        if not isinstance(sol.engine, Tables):  # a sparse solve: the walk needs the dense grid
            sol = solve(laws.compiled.cases[ci], dense=True)
        walk = _Walk(sol.engine, sol.alphas, rng, len(rows))  # type: ignore[arg-type]
        walk.run()
        for x, st in enumerate(subs):
            out[x][rows] = walk.types(x, st.n)
    return out


def _deal_columns(state: GameState, n: int, seed: int,
                  laws: Analysis | None = None) -> dict[tuple[int, int, int], np.ndarray]:
    """{(player, stand, slot): the wire type there in each of n worlds}, cut and known slots included
    (``laws``: the state's analysis, when the caller holds it)."""
    laws = laws or solve_state(state, reuse=True)
    types = sample_types(laws, n, seed)
    comp = laws.compiled
    tarr = np.array(comp.types, dtype=int)
    out = {}
    for p, s in state.stand_keys():
        if (p, s) in comp.known:
            for j, sl in enumerate(comp.known[(p, s)]):
                out[(p, s, j)] = np.full(n, sl.known_wire, dtype=int)
            continue
        for j, (sub, pos) in comp.stands[(p, s)].where.items():
            out[(p, s, j)] = tarr[types[sub][:, pos]]
    return out


def sample_deals(state: GameState, n: int, seed: int,
                 laws: Analysis | None = None) -> list[dict[tuple[int, int, int], int]]:
    """The worlds of :func:`sample_worlds` as {(player, stand, slot): wire type} (for playouts; ``laws``: the
    state's analysis, when the caller holds it — a search drawing one world at a time solves it once)."""
    cols = _deal_columns(state, n, seed, laws)
    return [{k: int(v[w]) for k, v in cols.items()} for w in range(n)]


def sample_worlds(state: GameState, n: int, seed: int) -> list[list[list[list[str]]]]:
    """n independent worlds from the exact posterior of ``state``; the same seed, the same worlds."""
    cols = _deal_columns(state, n, seed)

    def labels(v: np.ndarray) -> list[str]:
        kinds, at = np.unique(v, return_inverse=True)
        return np.array([label(int(t)) for t in kinds], dtype=object)[at].tolist()

    columns = [[[labels(cols[(p, s, j)]) for j in range(len(state.stand(p, s)))]
                for s in range(len(pl.stands))] for p, pl in enumerate(state.players)]
    return [[[[slot[w] for slot in stand] for stand in player] for player in columns] for w in range(n)]


def sample_json(doc: Any, n: int = 1, seed: int = 0) -> dict:
    """``{"worlds": [...]}``: n worlds of the state document ``doc`` (see :func:`sample_worlds`)."""
    return {"worlds": sample_worlds(GameState.from_json(doc), n, seed)}
