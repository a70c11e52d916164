"""Turn a checked ``GameState`` into the solver's problem.

Every token and fact becomes an allowed-type set on a slot, a local rule on
a type's block (x1/x2/x3 on blue), a small counter (has / has not, red
counts), or something the stand's states carry (Labels, X wires tied to
their run, x-tokens that may be yellow: ``stand_states.py``).  No fact is
split into cases, so no combination of them multiplies the work.
Stands whose every wire is known (the observer's own) leave the DP: their
wires only scale the weight, so they are simply taken out of the pool.
The steps live in ``stands`` (the stands and what they carry) and
``fact_steps`` (one per kind of fact); this module runs them in order.
"""

from __future__ import annotations

import numpy as np

from ..table.state import GameState
from . import stands
from .compiled import Compiled, StandMap
from .compiler import Compiler
from .fact_steps import FACT_STEPS
from .problem import Problem

__all__ = ["Compiled", "StandMap", "compile_state"]


def compile_state(state: GameState) -> Compiled:
    """The solver problem of a checked state: pool, stands, discard piles, each fact, the problem."""
    c = Compiler(state)
    for key in c.unknown:
        stands.add_stand(c, key)
    stands.add_turned(c)
    stands.table_now(c)
    stands.add_discard_piles(c)
    nano = stands.add_nano_pile(c)
    stands.add_order(c)
    for fact in state.facts:
        FACT_STEPS[fact.kind](c, fact)
    mine = [c.dealt_slots(k) for k in c.unknown if k[0] == state.me]
    return Compiled(c.types, _cases(c), c.stands, c.known, c.impossible, mine, nano)


def _cases(c: Compiler) -> list[Problem]:
    """The one solver problem (a list, empty when some slot allows no type at all)."""
    # the compiler's own sub-stands: nothing else holds them, so the edits go on them, uncopied
    prob = Problem(c.types, c.copies, c.subs, [], c.tm.is_blue, [])
    for edit in c.base_edits:
        _apply(prob, edit)
    every = np.concatenate([x.allowed for x in prob.substands]) if prob.substands else np.ones((0, c.tm.T), bool)
    return [prob] if every.any(axis=1).all() else []


def _apply(prob: Problem, edit) -> None:
    kind = edit[0]
    if kind == "mask":
        _, sub, pos, m = edit
        st = prob.substands[sub]
        if not st.allowed.flags.writeable:  # a stand's kept arrays (``_plain_arrays``): edit a copy
            st.allowed = st.allowed.copy()
        st.allowed[pos] &= m
    elif kind == "label":
        prob.substands[edit[1]].labels.append(edit[2])
    elif kind == "order":
        prob.order.append((edit[1], edit[2]))
    else:
        prob.counters.append(edit[1])
