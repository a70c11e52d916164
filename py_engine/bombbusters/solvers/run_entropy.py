"""Every slot's law and the deal's log k! term given that slot, from one walk: the starting-token advice's sums.

Why: the starting-token advice needs the entropy of a stand's contents given a value token on each of
its slots, for every value (``advice.stand_entropy``); that entropy is log Z + E[sum of log k!] over the
walk's blocks, conditioned.  Solving once per slot and value was most of an arena game (a cell of
mission 4 spent three fifths of its time there).  The expectation of an additive feature given one
slot's type is a forward-backward in the expectation semiring: beside each state's weight, the weight
times the feature of the paths so far (forward) and to the end (backward); a move then contributes
the weight and the feature of every path through it, at once for every slot its block covers.
Exact, the same sums in another order (tests: the per-slot solve to 1e-12).
"""

from __future__ import annotations

import math

from dataclasses import replace

from ..compiler.problem import Problem
from .sparse import Sparse, _plain

__all__ = ["slot_feature_masses", "walk_of", "walkable"]

_LG = [math.lgamma(k + 1) for k in range(64)]


def walkable(p: Problem) -> Problem | None:
    """The problem as a walk expresses it, or None (Labels, counters, order relations, x-tokens).

    Why X slots are no obstacle: a run carries its X slots in its states only so that a fact may tie them to
    it (an x-token counting them, a Label); with no such fact each X slot is a run of one slot of its own, the
    same moves and weights, so the walk takes the stands with their X slots set apart."""
    if not p.substands:
        return None
    if _plain(p):
        return p
    apart = replace(p, substands=[replace(st, xs=[]) for st in p.substands])
    return apart if _plain(apart) else None


def walk_of(p: Problem, engine: object) -> Sparse | None:
    """The sparse walk of a solved case: its own when it was solved on one, built afresh for a problem
    solved on the dense grid (a walk has no move limit here: it is walked once); None for a problem the walk
    cannot express (:func:`walkable`)."""
    if isinstance(engine, Sparse):
        return engine
    q = walkable(p)
    if q is None:
        return None
    walk = Sparse(q)
    z = walk.forward()
    if not z:
        return None
    walk.backward(z)
    return walk


def _forward_features(walk: Sparse) -> list[dict]:
    """Per step: {state: sum over the paths reaching it of weight x (sum of log k! of their blocks)}."""
    out: list[dict] = [{} for _ in range(walk.T + 1)]
    for t, moves in enumerate(walk.moves):
        a, af, nxt, moving = walk.alphas[t], out[t], out[t + 1], walk.moving[t]
        for F, found in moves.items():
            x, xf = a[F], af.get(F, 0.0)
            for G, ks, w in found:
                fm = sum(_LG[ks[s]] for s in moving)
                nxt[G] = nxt.get(G, 0.0) + w * (xf + x * fm)
    return out


def _backward_features(walk: Sparse) -> list[dict]:
    """Per step: {state: sum over its completions of weight x (sum of log k! of their blocks)}."""
    T = walk.T
    out: list[dict] = [{} for _ in range(T + 1)]
    out[T] = {walk.final: 0.0}
    for t in range(T - 1, -1, -1):
        beta, bf, cur, moving = walk.betas[t + 1], out[t + 1], out[t], walk.moving[t]
        for F, found in walk.moves[t].items():
            acc = 0.0
            for G, ks, w in found:
                bg = beta.get(G)
                if bg:
                    acc += w * (bf.get(G, 0.0) + sum(_LG[ks[s]] for s in moving) * bg)
            cur[F] = acc
    return out


def slot_feature_masses(walk: Sparse, want: dict[int, set[int]]) -> dict[tuple[int, int, int], tuple[float, float]]:
    """{(type index, sub, pos): (P(that position holds the type), E[sum of log k! ; it does])} for the
    positions ``want`` ({sub: positions}) of a solved walk; a type absent from a position is not listed."""
    T = walk.T
    z = walk.alphas[T].get(walk.final, 0.0) if len(walk.alphas) == T + 1 else 0.0
    if z <= 0:
        return {}
    fwd, bwd = _forward_features(walk), _backward_features(walk)
    out: dict[tuple[int, int, int], tuple[float, float]] = {}
    for t in range(T):
        a, af, beta, bf, moving = walk.alphas[t], fwd[t], walk.betas[t + 1], bwd[t + 1], walk.moving[t]
        for F, found in walk.moves[t].items():
            x, xf = a[F] / z, af.get(F, 0.0) / z
            for G, ks, w in found:
                bg = beta.get(G)
                if not bg:
                    continue
                p = x * w * bg
                ef = w * (xf * bg + x * sum(_LG[ks[s]] for s in moving) * bg + x * bf.get(G, 0.0))
                for sub, positions in want.items():
                    for pos in range(F[sub], F[sub] + ks[sub]):
                        if pos in positions:
                            key = (t, sub, pos)
                            got = out.get(key)
                            out[key] = (p, ef) if got is None else (got[0] + p, got[1] + ef)
    return out
