"""The slow exact path: slot laws and deal counts in Fractions, for tests.

Same compilation and the same DP as the fast solver, run in Python Fractions
(:func:`bombbusters.solver.solve_exact`), so the float path can be checked to
1e-9 and the oracle exactly, on small states.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..compiler.constraints import compile_state
from ..table.errors import InconsistentStateError
from ..table.state import GameState
from .solver import solve_exact

__all__ = ["exact_slot_distributions", "exact_deal_count"]


def _solved(state: GameState):
    comp = compile_state(state)
    if comp.impossible is not None:
        raise InconsistentStateError(f"No deal fits what was entered: {comp.impossible}")
    runs = [(prob, *solve_exact(prob)) for prob in comp.cases]
    total = sum((z for _p, z, _b in runs), Fraction(0))
    if total == 0:
        raise InconsistentStateError("No deal fits what was entered")
    return comp, runs, total


def exact_slot_distributions(state: GameState) -> dict[tuple[int, int, int], dict[int, Fraction]]:
    """{(player, stand, slot): {wire type: Fraction}} for every slot of every stand in the DP."""
    comp, runs, total = _solved(state)
    out: dict = {}
    for (p, s), smap in comp.stands.items():
        for j, (sub, pos) in smap.where.items():
            acc: dict[int, Fraction] = {}
            for _prob, z, blocks in runs:
                if z == 0:
                    continue
                for t, J in enumerate(blocks[sub]):
                    for k in range(1, J.shape[1]):
                        for f in range(max(0, pos - k + 1), pos + 1):
                            q = J[f, k]
                            if q:
                                acc[comp.types[t]] = acc.get(comp.types[t], Fraction(0)) + q * z / total
            out[(p, s, j)] = {t: q for t, q in acc.items() if q}
    return out


def exact_deal_count(state: GameState) -> int:
    """Tile-level deals of the wires outside the observer's stands (the CLI's 10**log10_deals)."""
    comp, _runs, total = _solved(state)
    outside, runs, back = comp.deal_factors(state.me)
    value = (total * math.prod(math.factorial(c) for c in outside.values()) * math.prod(math.factorial(k) for k in back)
             / math.prod(math.factorial(k) for k in runs))
    assert value.denominator == 1
    return int(value)
