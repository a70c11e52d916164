"""The solver's input and output: sub-stands, counters, a problem, its solution.

Why a module of its own: ``constraints`` builds these from a game state and
``solver`` walks them; neither needs the other's internals to read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Sequence

import numpy as np

__all__ = ["SubStand", "Counter", "Problem", "Solution", "StepTables", "count_fits"]


def count_fits(k: int, m: "int | tuple[int, ...]") -> bool:
    """Whether k copies meet a count rule of ``mult``/``xmult``: an x-token's count (an int), or the counts
    a "not_count" fact leaves (a tuple)."""
    return k == m if isinstance(m, int) else k in m


@dataclass
class SubStand:
    """A run of slots sorted among themselves: a stand, one X slot, or a discard pile.

    ``allowed[j, t]``: may slot j hold type index t.  ``mult``: (j, m) — the
    block of a *blue* type covering slot j has length m (an int: an x-token; a tuple: one of those
    lengths, what a "not_count" fact leaves; see :func:`count_fits`).  ``labels``: Label =/≠
    on two of its slots; ``xs``: the stand's X slots; ``xmult``: x-tokens that
    count the X slots too; ``ymult``: x-tokens on slots that may be
    yellow — all carried in the stand's states (``stand_states.py``).
    ``forbid``: positions a type's block may not cover.  ``need``: for a type, sets of positions its block
    must cover one of each (a "has" fact whose value only this run can hold: ``constraints._as_block_rules``).
    """

    allowed: np.ndarray
    uncut: np.ndarray
    mult: list = field(default_factory=list)
    labels: list = field(default_factory=list)  # stand_states.Label
    xs: list = field(default_factory=list)  # the stand's X slots' sub-stands, carried in this run's states
    xmult: list = field(default_factory=list)  # (pos, m): x-token whose count spans the run and the X slots
    ymult: list = field(default_factory=list)  # (pos, m): x-token on a slot that may be yellow
    forbid: dict = field(default_factory=dict)  # type index -> positions its block may not cover
    need: dict = field(default_factory=dict)  # type index -> [positions]: its block covers one of each

    def copy(self) -> "SubStand":
        return SubStand(
            self.allowed.copy(), self.uncut, list(self.mult), list(self.labels), list(self.xs),
            list(self.xmult), list(self.ymult), {t: set(v) for t, v in self.forbid.items()},
            {t: list(v) for t, v in self.need.items()},
        )

    @property
    def n(self) -> int:
        return self.allowed.shape[0]


@dataclass
class Counter:
    """A small extra state axis: what it counts on which sub-stands and types.

    mode "slots" adds k (every slot of the block), "presence" 1 if the block
    covers an uncut slot (or one of ``positions``, where given).  op "eq": the
    final count must equal ``target``; "ge": at least ``target`` (saturating);
    "free": no condition, the law of the final count is reported (cap = target).
    """

    substands: tuple[int, ...]
    types: np.ndarray
    mode: str
    target: int
    op: str = "eq"
    positions: dict | None = None  # sub -> bool[n]: the slots "presence" looks at (default: the uncut ones)


@dataclass
class Problem:
    types: list[int]
    copies: np.ndarray
    substands: list[SubStand]
    counters: list[Counter] = field(default_factory=list)
    is_blue: np.ndarray | None = None
    #: ((sub, pos), (sub, pos)): the first wire's type is <= the second's (a moved wire and its neighbours)
    order: list = field(default_factory=list)


class StepTables(Protocol):
    """What a solution keeps to answer conditioned questions: ``tables.Tables`` (the dense grid, whose
    forward steps ``reruns.py`` reruns) or ``sparse.Sparse`` (the reachable states' moves).

    A protocol, so that this module needs nothing from the solver.
    """

    def modified(self, p: Problem, subs: list[int], t_indices: list[int]) -> "StepTables": ...


@dataclass
class Solution:
    log_z: float  # natural log of the relative number of deals; -inf if none
    blocks: Sequence[list[np.ndarray]] | None  # blocks[s][t][f, k] normalised joint, or None
    counter_law: np.ndarray | None = None  # final joint law of "free" counters
    # forward/backward tables, kept so that conditioned questions can rerun a few steps
    alphas: list | None = None  # alphas[t]: state after types < t, rescaled
    log_scales: list | None = None  # log of the factor taken out of alphas[t]
    betas: list | None = None  # betas[t]: completion weight from alphas[t]'s state, rescaled
    engine: StepTables | None = None
