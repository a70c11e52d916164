"""A solved state: its slot laws, the questions that condition the deal, and recent solves.

Every answer about a table (slot laws, holdings, moves, token advice) starts
from :func:`solve_state`, which solves each case of the compiled state once
and keeps the last few, since the page asks several questions of one table.
The replies built from it are in ``report.py`` (analyze), ``holdings.py`` and
``moves.py``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import replace
from typing import Iterator

import numpy as np

from ..compiler.constraints import Compiled, compile_state
from ..solvers.reruns import condition_ratios, forbid_into
from ..solvers.solver import solve
from ..solvers.twins import canonical, twin_classes
from ..table.state import GameState
from .diagnose import explain_impossible
from .forbid_maps import ForbidMaps
from .slot_laws import SlotLaws

__all__ = ["SlotLaws", "Analysis", "solve_state", "solve_or_none", "clear_recent", "scratch_solves", "FACTS_FROM_TOKENS"]


def _map_key(fmap: dict) -> tuple:
    """A forbid map as a hashable key: {sub: {type: positions}} with every level sorted."""
    return tuple(sorted((sub, tuple(sorted((t, tuple(sorted(pos))) for t, pos in per.items() if pos)))
                        for sub, per in fmap.items()))


class Analysis(ForbidMaps):
    """The exact answer to every question about one state that conditions the deal.

    P(no uncut wire of a value on some stands), P(every listed slot holds one
    of its types), and the whole analysis given such a condition: each by
    rerunning the few forward steps the condition changes against the stored
    backward table, or, for a full conditioned analysis, one solve per case.
    """

    def p_none(self, p: int, s: int | None, value) -> float:
        """P(no uncut wire of gameplay ``value`` on stand s of player p (s None: any of theirs))."""
        keys = [(p, s)] if s is not None else [(p, x) for x in range(len(self.state.players[p].stands))]
        return self.p_none_on(keys, value)

    def p_none_on(self, keys: list[tuple[int, int]], value) -> float:
        """P(no uncut wire of gameplay ``value`` on any of these stands)."""
        return self.p_none_many([(keys, value)])[0]

    def p_none_many(self, questions: list[tuple[list[tuple[int, int]], object]]) -> list[float]:
        """:meth:`p_none_on` for each (stands, value), the reruns of all of them done together."""
        return self.chances([self.forbids_none(keys, value) for keys, value in questions])

    def p_all(self, conds: list[tuple[int, int, int, frozenset]]) -> float:
        """P(every listed slot holds a type of its set).

        Only the forward steps of the affected types are rerun against the stored backward
        table (:func:`~.reruns.condition_ratios`).
        """
        return self.p_all_many([conds])[0]

    def p_all_many(self, questions: list[list[tuple[int, int, int, frozenset]]]) -> list[float]:
        """:meth:`p_all` for each list of conditions, the reruns of all of them done together."""
        return self.chances([self.forbids_all(conds) for conds in questions])

    def twins(self) -> dict[int, tuple[int, ...]]:
        """Sub-stands the deal's law cannot tell apart (:func:`~.twins.twin_classes` of the solved cases)."""
        got = self.__dict__.get("_twins")
        if got is None:
            got = self.__dict__["_twins"] = twin_classes(self.compiled.cases)
        return got

    def chances(self, maps: list) -> list[float]:
        """Each forbid map's probability over every case (a float in the list is already the answer);
        the reruns of all of them done together (:func:`~.reruns.condition_ratios`)."""
        out = [m if isinstance(m, float) else 0.0 for m in maps]
        if all(isinstance(m, float) for m in maps):
            return out
        walks = self._walks()
        if walks is not None and not any(w.twin_keys for _, w in walks):
            # every case on the fillings walk: a rerun costs less than keying and keeping its answer
            live = [i for i, m in enumerate(maps) if not isinstance(m, float)]
            for i, q in zip(live, self._rerun([maps[i] for i in live])):
                out[i] = q
            return out
        cache = self.__dict__.setdefault("_chances", {})  # a map's chance is the solve's alone: kept
        twins = self.twins()  # a map on a stand and the same map on its twin: one key, one rerun
        keys = {i: _map_key(canonical(m, twins)) for i, m in enumerate(maps) if not isinstance(m, float)}
        todo = list(dict.fromkeys(k for k in keys.values() if k not in cache))
        if todo:
            fresh = {k: maps[i] for i, k in reversed(list(keys.items()))}
            cache.update(zip(todo, self._rerun([fresh[k] for k in todo])))
        for i, k in keys.items():
            out[i] = cache[k]
        return out

    def _rerun(self, maps: list[dict]) -> list[float]:
        """Each forbid map's probability: every case's ratio (``reruns.condition_ratios``), weighed."""
        total = [0.0] * len(maps)
        for w, sol in zip(self.weights.tolist(), self.solutions):
            if w:
                total = [a + w * q for a, q in zip(total, condition_ratios(sol, maps))]
        return [min(1.0, q) for q in total]

    def conditioned(self, conds: list[tuple[int, int, int, frozenset]]) -> "tuple[float, Analysis | None]":
        """(P(conditions), the analysis given them): one forward-backward per case on its stored grid, cached."""
        key = tuple(conds)
        cache = self.__dict__.setdefault("_cond_cache", {})
        if key in cache:
            return cache[key]
        result: tuple = (0.0, None)
        fmap = self.forbids_all(conds)
        if fmap == 1.0:
            result = (1.0, self)
        elif not isinstance(fmap, float):
            subs = sorted(fmap)
            ts = sorted({t for per_type in fmap.values() for t in per_type})
            kept, sols, logs = [], [], []
            for w, sol, prob in zip(self.weights, self.solutions, self.compiled.cases):
                if w == 0:
                    continue
                p2 = replace(prob, substands=forbid_into(prob.substands, fmap))
                # the case's own grid, with only the changed moves rebuilt: no new layout per condition
                s2 = solve(p2, engine=sol.engine.modified(p2, subs, ts))  # type: ignore[union-attr,arg-type]
                if s2.log_z > -math.inf:
                    kept.append(p2)
                    sols.append(s2)
                    logs.append(math.log(w) + s2.log_z - sol.log_z)
            if sols:
                top = max(logs)
                ws = np.exp(np.array(logs) - top)
                p_cond = min(1.0, float(ws.sum() * math.exp(top)))
                comp = Compiled(self.compiled.types, kept, self.compiled.stands, self.compiled.known)
                log_z = self.log_z + math.log(p_cond) if p_cond > 0 else -math.inf
                result = (p_cond, Analysis(self.state, comp, sols, ws / ws.sum(), log_z))
        cache[key] = result
        return result


#: the last few solved states: the page asks "analyze" then "moves" for the same table.  Entry number ->
#: [state, its table key (made when a lookup first needs it: a lone analysis never pays for it), analysis]
_RECENT: "OrderedDict[int, list]" = OrderedDict()
_RECENT_SIZE = 4
_ENTRY = itertools.count()


def clear_recent() -> None:
    """Forget recent solves (benchmarks time the whole work)."""
    _RECENT.clear()


@contextmanager
def scratch_solves() -> Iterator[None]:
    """Solves made inside leave the recent-solves cache as it was (the warm-up's table is no one's)."""
    saved = OrderedDict(_RECENT)
    try:
        yield
    finally:
        _RECENT.clear()
        _RECENT.update(saved)


#: the state document's key: the indices of its facts read from teammates' starting tokens
#: (``advice.starting_tokens``), so *Why?* can say where such a fact came from
FACTS_FROM_TOKENS = "facts_from_tokens"

#: what the advice reads of a state document and the solve never does (items, token variant, constraint
#: cards and mission rules, mistakes left, mission 11's hidden value, whose turn, where facts came from):
#: a moves request on the table an analysis just solved, which carries these, is answered from that solve
ADVICE_ONLY = ("available", "tokens", "constraints", "rules", "mistakes_left", "hidden_red_value", "turn",
               FACTS_FROM_TOKENS, "failure_tokens", "double_detector", "false_tokens")


def solve_state(state: GameState, reuse: bool = False) -> Analysis:
    """Solve every case of a checked state; raise InconsistentStateError if no deal fits.

    Every solve is remembered for a while; ``reuse`` answers from a recent
    solve of the same table (moves and advice follow an analysis of it).
    """
    key = None
    if reuse and _RECENT:  # (with nothing to look up, the key is made when a later request first needs it)
        key = _table_key(state)
        for n, entry in reversed(_RECENT.items()):  # the newest first
            if entry[1] is None:
                entry[1] = _table_key(entry[0])
            if entry[1] == key:
                _RECENT.move_to_end(n)
                return entry[2]
    an = _solve_state(state)
    _RECENT[next(_ENTRY)] = [state, key, an]
    while len(_RECENT) > _RECENT_SIZE:
        _RECENT.popitem(last=False)
    return an


def _table_key(state: GameState) -> str:
    """The state document without what only the advice reads: equal keys, the same solve."""
    doc = state.to_json()
    for k in ADVICE_ONLY:
        doc.pop(k, None)
    return json.dumps(doc, sort_keys=True)


def _solve_state(state: GameState) -> Analysis:
    compiled = compile_state(state)
    an = _solved(state, compiled)
    if an is None:
        raise explain_impossible(state, compiled.impossible)
    return an


def solve_or_none(state: GameState) -> Analysis | None:
    """The analysis of a checked state, or None if no deal fits it: no explanation sought, no recent solve
    forgotten (a table that may follow a move, ``advice.lookahead``, is often impossible)."""
    return _solved(state, compile_state(state))


def _solved(state: GameState, compiled: Compiled) -> Analysis | None:
    if compiled.impossible is None and compiled.cases:
        sols = [solve(c) for c in compiled.cases]
        logs = [s.log_z for s in sols]
        top = max(logs)
        if top > -math.inf:  # each case weighed by its deals, in plain floats (most tables have one case)
            w = [math.exp(x - top) if x > -math.inf else 0.0 for x in logs]
            total = sum(w)
            return Analysis(state, compiled, sols, np.array(w) / total, top + math.log(total))
    return None
