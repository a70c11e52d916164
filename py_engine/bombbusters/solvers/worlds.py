"""Very few worlds left: each stand's possible fillings listed, then a DP over the stands.

Why a third walk of the same deal law: on the last turns a table has a
handful of hidden slots, each boxed in by cut neighbours, and even the
sparse walk's fixed cost (its windows and one step per wire type, for every
stand) outweighs the worlds themselves.  Here each sub-stand's fillings of
its hidden positions are listed once (a gap between two known wires takes a
non-decreasing run of the types its slots allow), and a forward-backward pass
over the stands, whose state is the copies of the still-open types used so
far, weighs them: a deal's weight is the same product of 1/k! (k: the copies
of a type on a stand) as the other walks', so Z, every slot law, count law,
block law and conditioned ratio are theirs.  The solver takes this path for
plain problems (``sparse._plain``) whose fillings and DP stay within small
budgets, and hands the others on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..compiler.problem import Problem, Solution
from .fillings import (
    Fill,
    FillLayout,
    backward_over,
    fillings,
    forward_over,
    layout_of,
    one_stand_chance,
    rule_checks,
    runs_between,
)
from .fillings import block_masses as fill_block_masses
from .fillings import count_laws as fill_count_laws
from .fillings import marginals as fill_marginals
from .sparse import BlockLaws, Walk

__all__ = ["Worlds", "FREE_LIMIT", "FILL_LIMIT", "STEP_LIMIT"]

#: the solver's walk gives up on a problem with more positions of several possible types than this ...
FREE_LIMIT = 12
#: ... or more fillings, all sub-stands together, than this (a gap's runs too) ...
FILL_LIMIT = 32
#: ... or more (state, filling) pairs in the DP over the stands than this: past these the sparse walk
#: is as fast (measured on the side-by-side tables)
STEP_LIMIT = 400


class Worlds(Walk):
    """One plain problem's fillings per sub-stand and the stand-by-stand DP over them.

    ``fills[s]``: the sub-stand's fillings; ``alphas[s]``: {copies of the open types used by
    sub-stands < s (one integer, a field per type): weight}; ``betas[s]``: the completion weight
    of each; ``probs[s]``: each filling's probability.
    """

    #: a rerun here (a few stands' fillings) costs less than finding twin stands
    twin_keys = False
    #: :meth:`marginals` and :meth:`count_laws` normalise the rows the fillings summed; the others are
    #: exact (one 1.0), so a lone walk's rows need no pass of ``slot_laws.mixed``
    rows_normalised = True

    def __init__(self, p: Problem):
        self.p = p
        self.S, self.T = len(p.substands), len(p.types)
        self.copies = p.copies.tolist()
        self.blue = p.is_blue.tolist() if p.is_blue is not None else [True] * self.T
        self.fills: list[list[Fill]] = []
        self.probs: list[list[float]] = []
        self.layouts: list[FillLayout] = []  # per sub-stand: its positions read (known types, free positions)
        self.alphas: list[dict] = []
        self.betas: list[dict] = []
        self._masses: dict[int, dict] = {}
        self.masses = _Masses(self)

    def solve(self, blocks: bool = True, budget: int | None = None) -> Solution | None:
        """:func:`~.solver.solve` on the listed worlds; None past a limit (:data:`FREE_LIMIT`,
        :data:`FILL_LIMIT`, and ``budget`` (state, filling) pairs of the DP)."""
        subs = self.p.substands
        if budget is not None and sum(np.count_nonzero(st.uncut) for st in subs) > FREE_LIMIT:
            return None  # (an uncut slot may be free; a cut one is known)
        left = list(self.copies)
        self.layouts = [layout_of(st) for st in subs]
        for lay in self.layouts:
            for t, k in lay.base.items():
                left[t] -= k
        n_free = sum(len(lay.free) for lay in self.layouts)
        if any(c < 0 for c in left) or sum(left) != n_free:  # every copy left goes to a free position
            return Solution(-math.inf, None)
        if budget is not None and n_free > FREE_LIMIT:
            return None
        all_gaps = self._gap_runs(left, FILL_LIMIT if budget is not None else None)
        if all_gaps is None:
            return None
        # the DP state: the copies used so far of each type still to place, one integer of a ``width``-bit
        # field per type (no sum carries); a state is dropped once a field passes its copies left (it never
        # comes back): adding 2^(width-1) - 1 - left to each field sets that field's top bit exactly then
        width = n_free.bit_length() + 1  # (each field counts at most n_free copies)
        digit = {t: 1 << (width * i) for i, t in enumerate(t for t, c in enumerate(left) if c)}
        need = sum(left[t] * d for t, d in digit.items())
        top = (1 << (width - 1)) - 1
        slack = sum((top - left[t]) * d for t, d in digit.items())
        over = sum((top + 1) * d for d in digit.values())
        self.fills = [fillings(self.layouts[s], subs[s].mult, self.blue, gaps, digit) for s, gaps in enumerate(all_gaps)]
        alphas = forward_over(self.fills, slack, over, budget)
        if alphas is None:
            return None
        self.alphas = alphas
        z = self.alphas[-1].get(need, 0.0)
        if z <= 0:
            return Solution(-math.inf, None)
        if not blocks:
            return Solution(math.log(z), None)
        self.betas, self.probs = backward_over(self.fills, self.alphas, need, z)
        return Solution(math.log(z), BlockLaws(self), None, None, None, None, self)

    def _gap_runs(self, left: list[int], limit: int | None) -> list[list[list[tuple]]] | None:
        """Each sub-stand's gaps, each as the runs of types it may take (only types with copies still
        to place); None past ``limit`` runs in a gap or fillings over all sub-stands."""
        all_gaps: list[list[list[tuple]]] = []
        for lay in self.layouts:
            if not lay.ok:
                all_gaps.append([[]])
                continue
            gaps = []
            for (_, _, lo, hi), opts in zip(lay.gaps, lay.gap_opts):
                runs = runs_between([[t for t in ts if left[t]] for ts in opts], lo, hi, limit)
                if runs is None:
                    return None
                gaps.append(runs)
            all_gaps.append(gaps)
        if limit is not None and sum(math.prod(len(g) for g in gaps) for gaps in all_gaps) > FILL_LIMIT:
            return None
        return all_gaps

    def marginals(self, sub: int) -> list[list[float]]:
        """P[pos][t] that position pos of sub-stand ``sub`` holds type t (:func:`~.fillings.marginals`)."""
        return fill_marginals(self.layouts[sub], self.fills[sub], self.probs[sub], self.T)

    def count_laws(self, sub: int, marked: list[bool]) -> list:
        """For every type t: the law of how many ``marked`` positions of sub-stand ``sub`` hold t
        (:func:`~.fillings.count_laws`)."""
        return fill_count_laws(self.layouts[sub], self.fills[sub], self.probs[sub], self.T, marked)

    def block_masses(self, sub: int) -> dict:
        """{(t, f, k): P(type t's block on sub-stand ``sub`` is [f, f+k))}, every type's (k = 0 too)."""
        got = self._masses.get(sub)
        if got is None:
            got = self._masses[sub] = fill_block_masses(self.fills[sub], self.probs[sub], self.T)
        return got

    def modified(self, p: Problem, subs: list[int], t_indices: list[int]) -> "Worlds":
        """The walk of p, our problem with some blocks forbidden (a conditioned solve): listed afresh."""
        return Worlds(p)

    def ratios(self, forbids: list[dict]) -> list[float]:
        """P(the deal meets each forbid map {sub: {type: positions}}): the forward pass rerun from the
        first sub-stand the map names to its last, without the fillings it rules out, against the
        stored betas."""
        out = []
        for fmap in forbids:
            rules = {sub: [(t, pos) for t, pos in per.items() if pos] for sub, per in fmap.items()}
            rules = {sub: r for sub, r in rules.items() if r}
            if not rules:
                out.append(1.0)
                continue
            s0, s1 = min(rules), max(rules)
            if s0 == s1:  # one sub-stand: its fillings' probabilities, no rerun
                out.append(one_stand_chance(self.layouts[s0], self.fills[s0], self.probs[s0], rules[s0]))
                continue
            a = self.alphas[s0]
            for s in range(s0, s1 + 1):
                every, checks = rule_checks(self.layouts[s], rules.get(s, ()))
                nxt: dict = {}
                for f in self.fills[s]:
                    if every or any(f.chosen[i] == t for i, t in checks):
                        continue
                    for u, x in a.items():
                        v = u + f.use
                        nxt[v] = nxt.get(v, 0.0) + x * f.weight
                a = nxt
            out.append(self._ratio(a, s1 + 1))
        return out


class _Masses(Sequence):
    """``Worlds.masses[sub]``: the block masses the other walks keep, made when first asked."""

    def __init__(self, walk: Worlds):
        self.walk = walk

    def __len__(self) -> int:
        return self.walk.S

    def __getitem__(self, sub):  # type: ignore[override]
        return self.walk.block_masses(sub)
