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
    _as_block_rules(prob)
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


def _as_block_rules(prob: Problem) -> None:
    """Each "has" counter that only one plain sub-stand can satisfy, and through one type, becomes that
    run's block rule (``SubStand.need``).

    Why: a counter is an axis of the whole DP grid for every type, so a table with dozens of "has" facts
    (General Radar's answers, every failed cut's "the cutter holds that value") multiplies the grid by 2
    per fact; but the copies of one type on a sorted run form one block, so "one of these slots holds t"
    is "the block of t covers one of them", a rule on that run's moves alone.  Exact: the slots that
    cannot hold t (after every mask) are dropped first, and only where the rest lie on one run."""
    owned = {x for st in prob.substands for x in st.xs}
    kept = []
    for ctr in prob.counters:
        found = _one_run(prob, ctr, owned)
        if found is None:
            kept.append(ctr)
            continue
        s, t, positions = found
        prob.substands[s].need.setdefault(t, []).append(frozenset(positions))
    prob.counters = kept


def _one_run(prob: Problem, ctr, owned: set) -> tuple[int, int, list[int]] | None:
    """(run, type, slots) of a single-type "has" counter whose possible slots lie on one plain run."""
    if ctr.mode != "presence" or ctr.op != "ge" or ctr.target != 1 or ctr.positions is None:
        return None
    ts = np.flatnonzero(ctr.types)
    if len(ts) != 1:
        return None
    t = int(ts[0])
    where = []
    for s, mask in ctr.positions.items():
        js = [int(j) for j in np.flatnonzero(mask) if prob.substands[s].allowed[j, t]]
        if js:
            where.append((s, js))
    if len(where) != 1:
        return None
    s, js = where[0]
    st = prob.substands[s]
    if st.labels or st.xs or st.xmult or st.ymult or s in owned:
        return None
    return s, t, js
