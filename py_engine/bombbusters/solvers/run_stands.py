"""A stand with Labels, X slots or yellow counts (a ``runs`` stand): its states pruned to those its
moves reach, and its moves as index arrays on its axis.

Why apart from the plain stands' moves (``stand_moves``): a plain stand's move is a shifted slice;
a ``runs`` stand's is a list of (state before, state after) pairs, found once while pruning.
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

import numpy as np

from ..compiler.problem import Problem
from ..compiler.stand_states import StandStates

__all__ = ["RunStands"]


class _RunMove(NamedTuple):
    """One move of a ``runs`` stand at one type: what it takes, where it goes, what the block laws need."""

    k: int  # copies taken from the pool (run and X slots)
    d: tuple  # shift on every counter axis
    src: int  # position on the stand's axis before the step
    dst: int  # and after
    w: object  # weight (float, or Fraction on the exact path)
    f: int  # run fill before: the run block's start
    k_run: int  # run block length
    x_fills: tuple  # X fills before
    x_ks: tuple  # X block lengths (0/1)
    tags: tuple  # (Label tags, yellow tracker) before


class RunStands:
    """The ``runs`` stands' states and moves (the base of :class:`~.stand_moves.StandMoves`; the grid,
    :class:`~.layout.Layout`, sets what these read)."""

    p: Problem
    exact: bool
    inv: list
    T: int
    nd: int
    caps: list
    ops: list
    win: list
    runs: dict[int, StandStates]
    axis: dict[int, int]
    gridded: list[int]
    trans: dict[tuple[int, int], list | None]
    tables: dict[int, tuple]
    piece_cache: dict[tuple, list]
    valid_cache: dict[tuple[int, int], np.ndarray]
    found_edges: dict[tuple[int, int], list]

    def _transitions(self, p: Problem, sub: int, t: int, kmin: int, kmax: int | None) -> list:
        raise NotImplementedError  # :class:`~.stand_moves.StandMoves`

    def valid(self, s: int, row: int) -> np.ndarray:
        raise NotImplementedError  # :class:`~.stand_moves.StandMoves`

    def _indices(self, k: int, d: tuple, c: int, ax: int, on_src, on_dst):
        raise NotImplementedError  # :class:`~.stand_moves.StandMoves`

    def _prune_runs(self) -> None:
        """Keep, for each ``runs`` stand and row, the states in its fill windows that its own moves
        reach from the start and that still reach the full stand: most tag and yellow-count
        combinations never occur, and every state kept costs a slice of every array."""
        p = self.p
        for s, rs in self.runs.items():
            st = p.substands[s]
            rows = [
                set(rs.valid(self.win[r][s], [self.win[r][x] for x in st.xs]).tolist())
                for r in range(self.T + 1)
            ]
            reach = [rows[0] & {0}]
            for t in range(self.T):
                found = list(self._run_edges(p, s, t, sorted(reach[t]), rows[t + 1]))
                self.found_edges[(s, t)] = found  # _run_moves keeps those between kept states
                reach.append({e[1] for e in found})
            keep = reach[self.T]
            self.valid_cache[(s, self.T)] = np.array(sorted(keep), dtype=int)
            for t in range(self.T - 1, -1, -1):
                keep = {e[0] for e in self.found_edges[(s, t)] if e[1] in keep}
                self.valid_cache[(s, t)] = np.array(sorted(keep), dtype=int)

    def _run_edges(self, p: Problem, s: int, t: int, src: list[int], dst: set | dict):
        """Moves of a ``runs`` stand at type t from these states into ``dst``: (i, i2, k_run, X parts, weight, run part)."""
        rs, st = self.runs[s], p.substands[s]
        run_parts = self._transitions(p, s, t, 0, None)
        x_parts = [self._transitions(p, x, t, 0, 1) for x in st.xs]
        for i in src:
            f, xs = rs.states[i][0], rs.states[i][1]
            for kr, dr, wr in run_parts:
                if not wr[f]:
                    continue
                for combo in itertools.product(*x_parts):
                    w = wr[f] * math.prod(wx[xs[j]] for j, (_, _, wx) in enumerate(combo))
                    if not w:
                        continue
                    xset = tuple(j for j, (kxj, _, _) in enumerate(combo) if kxj)
                    i2 = i if kr == 0 and not xset else rs.move(i, t, kr, xset)
                    if i2 is not None and i2 in dst:
                        yield i, i2, kr, combo, w, dr

    def _run_moves(self, p: Problem, s: int, t: int) -> list["_RunMove"]:
        """Every move of a stand in ``runs`` at type t, between positions on its axis."""
        rs, nctr = self.runs[s], len(p.counters)
        spos = {int(j): q for q, j in enumerate(self.valid(s, t))}
        dpos = {int(j): q for q, j in enumerate(self.valid(s, t + 1))}
        # this problem's own edges were found while pruning; a conditioned copy (``modified``) finds its own
        found = self.found_edges.pop((s, t), None) if p is self.p else None
        if found is None:
            found = list(self._run_edges(p, s, t, list(spos), dpos))
        moves = []
        for i, i2, kr, combo, w, dr in found:
            if i not in spos or i2 not in dpos:
                continue
            f, xs, tags, y = rs.states[i]
            kx = tuple(kxj for kxj, _, _ in combo)
            d = tuple(dr[ci] + sum(dx[ci] for _, dx, _ in combo) for ci in range(nctr))
            moves.append(_RunMove(kr + sum(kx), d, spos[i], dpos[i2], w, f, kr, xs, kx, (tags, y)))
        return moves

    def _run_pieces(self, s: int, t: int, c: int):
        """A ``runs`` stand's move as (k, block data, src, dst, reduce axes, weights) with index arrays on its axis.

        A piece is one kind of move (copies, counter shifts, run length, X
        lengths, tags before): its sources are distinct and so are its
        destinations, so ``out[dst] += ...`` and ``out[src] += ...`` add every
        term.  Pieces go in a fixed order, so a conditioned rerun that only
        drops moves of zero mass adds the same floats in the same order and a
        certain event comes out exactly 1.  Block data:
        (run start f, run length, X fills, X lengths) per element, for the block laws.
        """
        ax = self.axis[s]
        groups: dict[tuple, list[_RunMove]] = {}
        for mv in self.trans[(s, t)] or ():
            groups.setdefault((mv.k, mv.d, mv.k_run, mv.x_ks, mv.tags), []).append(mv)
        for key in sorted(groups):
            g = groups[key]
            n = len(g)
            meta = (
                np.array([m.f for m in g]), np.array([m.k_run for m in g]),
                np.array([m.x_fills for m in g]).reshape(n, -1), np.array([m.x_ks for m in g]).reshape(n, -1),
            )
            shape = [1] * self.nd
            shape[ax] = n
            wb = np.array([m.w for m in g], dtype=object if self.exact else float).reshape(shape)
            src_i, dst_i = np.array([m.src for m in g]), np.array([m.dst for m in g])
            for src, dst, red in self._indices(g[0].k, g[0].d, c, ax, src_i, dst_i):
                yield g[0].k, meta, src, dst, red, wb
