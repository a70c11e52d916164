"""Value-major forward-backward DP over sorted stands (see design/exact-engine.md).

Walk the wire types in sort order; the state is the fill vector F (how many
slots of each stand hold a type placed so far) plus a few small counters.
Placing type t moves F to F + k with weight prod 1/k_s!; one forward and one
backward pass give, for every stand and type, the exact joint law of the
type's block (start f, length k): ``J[s][t][f, k]``.  Slot marginals, holdings
and detector odds are all read from these blocks.

Each fill axis only spans the fills that the known slots allow after type t
(a window), which is what makes late-game states cheap.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..compiler.problem import Counter, Problem, Solution, SubStand
from . import sparse, worlds
from .blocks import tight_windows
from .sparse import Sparse, Walk, suits
from .tables import Tables
from .worlds import Worlds

__all__ = ["SubStand", "Counter", "Problem", "Solution", "solve", "solve_exact", "log_partition"]


#: keep every step's partial arrays when they fit in this many floats (else recompute)
KEEP_PARTS_FLOATS = 4_000_000


def log_partition(p: Problem) -> float:
    """Natural log of the relative number of deals (forward pass only); -inf if none."""
    return solve(p, blocks=False).log_z


def solve(p: Problem, blocks: bool = True, engine: Tables | Walk | None = None, dense: bool = False) -> Solution:
    """Exact forward-backward: log Z and, if asked, every stand's block law for every type.

    ``engine``: the tables of p when they exist already (a conditioned copy, ``Tables.modified``).
    Unless ``dense`` (the sampler walks the dense grid), a plain problem with very few worlds takes
    the fillings walk (``worlds.py``), one with few reachable states the sparse walk (``sparse.py``)."""
    if isinstance(engine, Walk):
        return engine.solve(blocks)  # type: ignore[return-value]
    if engine is None:
        if not dense and p.substands and sparse._plain(p):
            sol = Worlds(p).solve(blocks, worlds.STEP_LIMIT)
            if sol is not None:
                return sol
        win = tight_windows(p)
        if not dense and suits(p, win):
            sol = Sparse(p, win).solve(blocks, sparse.MOVE_LIMIT)
            if sol is not None:
                return sol
        engine = Tables(p, win=win)
    eng = engine
    alphas, parts_all, scales = eng.forward(keep_parts=blocks)
    log_scale = scales[-1]
    if log_scale == -math.inf:
        return Solution(-math.inf, None)
    final = alphas[-1][eng.final_index()]
    z = float(np.sum(final))
    if z <= 0:
        return Solution(-math.inf, None)
    law = np.asarray(final) / z if any(c.op == "free" for c in p.counters) else None
    log_z = log_scale + math.log(z)
    if not blocks:
        return Solution(log_z, None, law)
    out, betas = _backward(eng, alphas, parts_all)
    return Solution(log_z, out, law, alphas, scales, betas, eng)


def _backward(eng: Tables, alphas: list, parts_all: list) -> tuple[list[list[np.ndarray]], list]:
    """The backward pass: every stand's block law of every type, and the rescaled betas.

    Walks the types last to first; at each, the implicit stand's block law
    comes first (it closes the step), then each explicit stand's, in reverse
    order of the forward step, from the forward partials and the backward
    table.  The partials are kept from the forward pass when they fit in
    :data:`KEEP_PARTS_FLOATS`, else recomputed one step at a time.
    """
    p = eng.p
    size = sum(a.size for parts in parts_all for a in parts)
    keep = size <= KEEP_PARTS_FLOATS
    beta = np.zeros(alphas[-1].shape)
    beta[eng.final_index()] = 1.0
    eng.uncut_counts = {}
    out: list[list[np.ndarray]] = [[None] * eng.T for _ in range(eng.S)]  # type: ignore[list-item]
    betas: list = [None] * (eng.T + 1)
    betas[eng.T] = beta
    for t in range(eng.T - 1, -1, -1):
        c = int(p.copies[t])
        parts = parts_all[t] if keep else eng.step_forward(alphas[t], t)
        parts_all[t] = None
        if eng.z is None:
            B = np.zeros((c + 1,) + beta.shape)
            B[c] = beta
        else:
            for sub, J in eng.joint_implicit(parts[-1], beta, t, c):
                out[sub][t] = _normalised(J)
            B = eng.implicit_backward(beta, t, c)
        for i in range(len(eng.explicit) - 1, -1, -1):
            s = eng.explicit[i]
            for sub, J in eng.joint_stand(parts[i], B, s, t, c):
                out[sub][t] = _normalised(J)
            B = eng.backward_stand(B, s, t, c)
        beta = eng.ordered(B[0], t)
        m = float(beta.max()) if beta.size else 0.0
        if m > 0:
            beta = beta / m
        betas[t] = beta
    return out, betas


def solve_exact(p: Problem) -> tuple[Fraction, list[list[np.ndarray]]]:
    """The slow exact path: the same DP in Fractions (no implicit stand, no rescaling).

    Returns Z = sum over configurations of prod 1/k! and every block law as
    Fractions; Z == 0 means no deal.  For tests and tiny states only.
    """
    eng = Tables(p, exact=True)
    alphas, _parts, scales = eng.forward(keep_parts=False)
    if scales[-1] == -math.inf:
        return Fraction(0), []
    z = Fraction(np.sum(alphas[-1][eng.final_index()]))
    if z == 0:
        return z, []
    beta = eng.zeros(alphas[-1].shape)
    beta[eng.final_index()] = Fraction(1)
    out: list[list] = [[None] * eng.T for _ in range(eng.S)]
    for t in range(eng.T - 1, -1, -1):
        c = int(p.copies[t])
        parts = eng.step_forward(alphas[t], t)
        B = eng.zeros((c + 1,) + beta.shape)
        B[c] = beta
        for i in range(len(eng.explicit) - 1, -1, -1):
            s = eng.explicit[i]
            for sub, J in eng.joint_stand(parts[i], B, s, t, c):
                out[sub][t] = J / z if J.sum() != 0 else J
            B = eng.backward_stand(B, s, t, c)
        beta = eng.ordered(B[0], t)
    return z, out


def _normalised(J: np.ndarray) -> np.ndarray:
    tot = J.sum()
    return J / tot if tot > 0 else J
