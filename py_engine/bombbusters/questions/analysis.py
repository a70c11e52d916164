"""A solved state: its slot laws, the questions that condition the deal, and recent solves.

Every answer about a table (slot laws, holdings, moves, token advice) starts
from :func:`solve_state`, which solves each case of the compiled state once
and keeps the last few, since the page asks several questions of one table.
The replies built from it are in ``report.py`` (analyze), ``holdings.py`` and
``moves.py``.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Iterator

import numpy as np

from ..compiler.constraints import Compiled, compile_state
from ..compiler.problem import Solution
from ..solvers.reruns import condition_ratios, forbid_into
from ..solvers.solver import solve
from ..solvers.sparse import Walk
from ..solvers.twins import canonical, twin_classes
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import value_of
from .diagnose import explain_impossible

__all__ = ["SlotLaws", "Analysis", "solve_state", "clear_recent", "scratch_solves"]


@dataclass
class SlotLaws:
    """Solved cases of one state, and what is read straight off their block laws.

    Slot marginals and block laws come from the stored solutions alone; the
    questions that need a condition on the deal are :class:`Analysis`'s.
    """

    state: GameState
    compiled: Compiled
    solutions: list[Solution]
    weights: np.ndarray  # probability of each case
    log_z: float

    def __post_init__(self) -> None:
        self._marginals: dict[int, np.ndarray] = {}
        self._rows: dict[int, list[list[float]]] = {}
        # (weight, walk) of every case that counts, when all were solved on a plain-Python walk (sparse or fillings)
        walks = [(float(w), sol.engine) for w, sol in zip(self.weights, self.solutions) if w != 0]
        self._walk_list = walks if all(isinstance(e, Walk) for _, e in walks) else None
        self._types_of: dict = {}
        self._uncut: dict = {}  # (p, s) -> (the state read, its uncut positions)
        self._known_values: dict = {}  # (p, s) -> (the state read, the values of its uncut wires)
        self._live_types: dict = {}  # (p, s) -> (the state read, :meth:`_live`)
        #: each DP type's gameplay value, and {value: its type indices} (read only, shared per set of types)
        self.type_values, self._value_types = _value_tables(tuple(self.compiled.types))

    def value_types(self, value) -> list[int]:
        """Type indices (in the DP) of a gameplay value."""
        return self._value_types.get(value, [])

    def sub_marginals(self, sub: int) -> np.ndarray:
        """P[pos, t]: probability that position pos of sub-stand ``sub`` holds type index t.

        Slot pos holds t when t's block [f, f+k) covers it: sum J[pos - r, k] over
        r < k, done for every type at once on padded block tables (sums only,
        so impossible values stay exactly 0).
        """
        if sub not in self._marginals:
            n = self.compiled.cases[0].substands[sub].n
            T = len(self.compiled.types)
            if self._walks() is not None:  # few worlds: summed in plain Python (marginal_rows)
                self._marginals[sub] = np.array(self.marginal_rows(sub), dtype=float).reshape(n, T)
                return self._marginals[sub]
            acc = np.zeros((n, T))
            for w, sol in zip(self.weights, self.solutions):
                if w == 0:
                    continue
                blocks = sol.blocks[sub]  # type: ignore[index]
                K = max(J.shape[1] for J in blocks) if blocks else 1
                table = np.zeros((T, n + 1, K))
                for t, J in enumerate(blocks):
                    table[t, :, : J.shape[1]] = J
                # tail[t, f, r] = P(block starts at f with length > r)
                tail = np.cumsum(table[:, :, ::-1], axis=2)[:, :, ::-1]
                for r in range(K - 1):
                    acc[r:, :] += w * tail[:, : n - r, r + 1].T
            tot = acc.sum(axis=1, keepdims=True)
            self._marginals[sub] = np.divide(acc, tot, out=np.zeros_like(acc), where=tot > 0)
        return self._marginals[sub]

    @property
    def on_sparse_walk(self) -> bool:
        """Whether every case that counts was solved on a plain-Python walk, sparse or fillings (else on the
        dense grid)."""
        return self._walk_list is not None

    def _walks(self) -> list[tuple[float, Walk]] | None:
        """(weight, walk) of every case that counts, when all were solved on a plain-Python walk."""
        return self._walk_list  # type: ignore[return-value]

    def count_laws(self, sub: int, marked: list[bool]) -> list[list[float]] | None:
        """For every type, the law of how many ``marked`` positions of sub-stand ``sub`` its block covers,
        normalised; None unless every case was solved on a plain-Python walk (then it is a few sums)."""
        walks = self._walks()
        if walks is None:
            return None
        return _mixed(walks, lambda walk: walk.count_laws(sub, marked))

    def slot_probs(self, p: int, s: int, j: int) -> dict[int, float]:
        """Exact distribution of slot j of stand (p, s) over wire types."""
        if (p, s) in self.compiled.known:
            return {self.compiled.known[(p, s)][j].wire: 1.0}  # type: ignore[dict-item]
        types = self.compiled.types
        return {types[t]: q for t, q in enumerate(self.slot_row(p, s, j)) if q}

    def slot_row(self, p: int, s: int, j: int) -> list[float]:
        """Slot j of a stand in the DP (not a known one): P[t] that it holds type index t."""
        sub, pos = self.compiled.stands[(p, s)].where[j]
        return self.marginal_rows(sub)[pos]

    def marginal_rows(self, sub: int) -> list[list[float]]:
        """:meth:`sub_marginals` as plain floats, made once per sub-stand: what is read slot by slot."""
        rows = self._rows.get(sub)
        if rows is None:
            walks = self._walks()
            if walks is None:
                rows = self.sub_marginals(sub).tolist()
            else:
                rows = _mixed(walks, lambda walk: walk.marginals(sub))
            self._rows[sub] = rows
        return rows

    def block_entries(self, sub: int, t_index: int) -> list[tuple[int, int, float]] | None:
        """(f, k, P) for every place type index t's block on sub-stand ``sub`` may take, as plain floats
        from a plain-Python walk's masses; None unless every case was solved on one."""
        walks = self._walks()
        if walks is None:
            return None
        out: dict = {}
        for w, walk in walks:
            for (t, f, k), m in walk.masses[sub].items():
                if t == t_index:
                    out[(f, k)] = out.get((f, k), 0.0) + w * m
        tot = sum(out.values())
        return [(f, k, m / tot) for (f, k), m in out.items()] if tot > 0 else []

    def block_law(self, sub: int, t_index: int) -> np.ndarray:
        """Joint law of (block start, length) of type index t on sub-stand ``sub``."""
        out = None
        for w, sol in zip(self.weights, self.solutions):
            if w == 0:
                continue
            J = sol.blocks[sub][t_index] * w  # type: ignore[index]
            out = J if out is None else out + J
        return out  # type: ignore[return-value]

    def uncut_positions(self, p: int, s: int) -> dict[int, list[int]]:
        """Stand (p, s)'s uncut slots as {sub: [pos]}: where its wires sit in the DP, moved or not."""
        got = self._uncut.get((p, s))
        if got is not None and got[0] is self.state:  # a lookahead's copy (another state) keeps its own
            return got[1]
        out: dict[int, list[int]] = {}
        smap = self.compiled.stands[(p, s)]
        for j, sl in enumerate(self.state.stand(p, s)):
            if sl.state != CUT:
                sub, pos = smap.where[j]
                out.setdefault(sub, []).append(pos)
        self._uncut[(p, s)] = (self.state, out)
        return out

    def owned_x(self) -> set[int]:
        """Sub-stands that are one X slot (unsorted wire) of some stand."""
        return {x for st in self.compiled.cases[0].substands for x in st.xs}

    def _where(self, p: int, s: int, j: int):
        return self.compiled.stands[(p, s)].where[j]

    def types_of(self, value) -> frozenset[int]:
        """Every wire type (DP or known) of gameplay ``value``: the form conditions take (asked per slot
        and value by the moves, so kept)."""
        got = self._types_of.get(value)
        if got is None:
            got = self._types_of[value] = self.state.wires.types_of(value)
        return got


@functools.lru_cache(maxsize=64)
def _value_tables(types: tuple) -> tuple[list, dict]:
    """(each type's gameplay value, {gameplay value: its type indices}) of a DP's types (read only:
    shared by the analyses of tables with these types)."""
    values = [value_of(u) for u in types]
    out: dict = {}
    for t, v in enumerate(values):
        out.setdefault(v, []).append(t)
    return values, out


def _map_key(fmap: dict) -> tuple:
    """A forbid map as a hashable key: {sub: {type: positions}} with every level sorted."""
    return tuple(sorted((sub, tuple(sorted((t, tuple(sorted(pos))) for t, pos in per.items() if pos)))
                        for sub, per in fmap.items()))


def _in_order(live: dict[int, set[int]], copies) -> bool:
    """Can the positions of one sorted run each hold one of their types ({pos: type indices}), the types
    never decreasing along the run and none used more than its copies?  If not, no deal meets the
    condition, and its chance is exactly 0 with no rerun (detectors asking "are these all red?" of
    more slots than reds fit there).  Greedy: each position takes the least type it can."""
    used: dict[int, int] = {}
    prev = -1
    for pos in sorted(live):
        t = min((t for t in live[pos] if t >= prev and used.get(t, 0) < copies[t]), default=None)
        if t is None:
            return False
        used[t] = used.get(t, 0) + 1
        prev = t
    return True


def _mixed(walks: list[tuple[float, Walk]], read) -> list[list[float]]:
    """The cases' rows ``read(walk)`` mixed by case weight, each row then normalised (slot laws, count laws)."""
    rows = read(walks[0][1])
    if len(walks) == 1 and getattr(walks[0][1], "rows_normalised", False):
        return rows
    if len(walks) > 1:
        w0 = walks[0][0]
        rows = [[w0 * q for q in r] for r in rows]
        for w, walk in walks[1:]:
            rows = [[a + w * q for a, q in zip(ra, r)] for ra, r in zip(rows, read(walk))]
    for row in rows:
        tot = sum(row)
        if tot > 0 and tot != 1.0:  # (most rows of a late table are one certain entry)
            row[:] = [q / tot for q in row]
    return rows


class Analysis(SlotLaws):
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

    def forbids_none(self, keys: list[tuple[int, int]], value) -> dict | float:
        """The forbid map of "no uncut wire of ``value`` on these stands", or the answer when it needs none."""
        return self.forbids_none_each(keys, [value])[0]

    def forbids_none_each(self, keys: list[tuple[int, int]], values: list) -> list:
        """:meth:`forbids_none` for each value on the same stands (a solo cut's legality, per value of mine):
        the stands read once."""
        known = [self.known_values(*key) for key in keys if key in self.compiled.known]
        where: dict = {}  # type index -> [(sub, positions)] over these stands, in stand order
        for key in keys:
            if key in self.compiled.stands:
                for t, per in self._live(*key).items():
                    where.setdefault(t, []).extend(per.items())
        out: list = []
        for value in values:
            if any(value in vals for vals in known):  # cut or not: as the state says (a lookahead cuts some)
                out.append(0.0)
                continue
            # only where some deal puts the type: other rules change nothing, and fewer types rerun fewer steps
            fmap: dict = {}
            for t in self.value_types(value):
                for x, pos in where.get(t, ()):
                    fmap.setdefault(x, {}).setdefault(t, set()).update(pos)
            out.append(fmap if fmap else 1.0)
        return out

    def _live(self, p: int, s: int) -> dict:
        """{type index: {sub: [pos]}}: where some deal puts each type among stand (p, s)'s uncut slots
        (read once per stand: the moves ask "none of v here?" for every value)."""
        got = self._live_types.get((p, s))
        if got is None or got[0] is not self.state:
            live: dict = {}
            for x, pos in self.uncut_positions(p, s).items():
                rows = self.marginal_rows(x)
                for q in pos:
                    for t, m in enumerate(rows[q]):
                        if m > 0:
                            live.setdefault(t, {}).setdefault(x, []).append(q)
            got = self._live_types[(p, s)] = (self.state, live)
        return got[1]

    def known_values(self, p: int, s: int) -> set:
        """The gameplay values of the uncut wires of a stand outside the DP (every wire known), cut or
        not as the state says (a lookahead's copy cuts some): asked per value by the moves, so kept."""
        got = self._known_values.get((p, s))
        if got is None or got[0] is not self.state:
            vals = {value_of(sl.known_wire) for sl, now in zip(self.compiled.known[(p, s)], self.state.stand(p, s))
                    if now.state != CUT}
            got = self._known_values[(p, s)] = (self.state, vals)
        return got[1]

    def _known_fails(self, conds: list[tuple[int, int, int, frozenset]]) -> bool:
        """Is a condition on a stand outside the DP (every wire known) already false?"""
        return any(
            (p, s) in self.compiled.known and self.compiled.known[(p, s)][j].wire not in allowed
            for p, s, j, allowed in conds
        )

    def forbids_all(self, conds: list[tuple[int, int, int, frozenset]]) -> dict | float:
        """The forbid map of "every listed slot holds one of its types", or the answer when it needs none.

        Put on the moves, not the masks ("no other type's block may cover this slot"), so the
        fill windows stay the same and the stored tables can be reused."""
        if not conds:
            return 1.0
        if self._known_fails(conds):
            return 0.0
        fmap: dict = {}
        live: dict = {}  # sub -> {pos: the type indices some deal puts there that the condition allows}
        for p, s, j, allowed in conds:
            if (p, s) not in self.compiled.stands:
                continue
            sub, pos = self._where(p, s, j)
            row = self.marginal_rows(sub)[pos]
            ok = set()
            for t, u in enumerate(self.compiled.types):
                if row[t] > 0:  # a type no deal puts here needs no rule
                    if u in allowed:
                        ok.add(t)
                    else:
                        fmap.setdefault(sub, {}).setdefault(t, set()).add(pos)
            here = live.setdefault(sub, {})
            here[pos] = here[pos] & ok if pos in here else ok
        copies = self.compiled.cases[0].copies
        if any(not _in_order(here, copies) for here in live.values()):
            return 0.0
        # more slots than copies of every type they may hold, over all their runs and X slots ("are
        # these three slots all red?" with two reds in play, one of them an X slot): exactly 0
        may_hold = set().union(*(ts for here in live.values() for ts in here.values()))
        if sum(map(len, live.values())) > sum(copies[t] for t in may_hold):
            return 0.0
        return fmap if fmap else 1.0

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


#: what the advice reads of a state document and the solve never does (items, token variant, constraint
#: cards and mission rules, mistakes left, mission 11's hidden value, whose turn): a moves request on the
#: table an analysis just solved, which carries these, is answered from that solve
ADVICE_ONLY = ("available", "tokens", "constraints", "rules", "mistakes_left", "hidden_red_value", "turn")


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
    if compiled.impossible is None and compiled.cases:
        sols = [solve(c) for c in compiled.cases]
        logs = [s.log_z for s in sols]
        top = max(logs)
        if top > -math.inf:  # each case weighed by its deals, in plain floats (most tables have one case)
            w = [math.exp(x - top) if x > -math.inf else 0.0 for x in logs]
            total = sum(w)
            return Analysis(state, compiled, sols, np.array(w) / total, top + math.log(total))
    raise explain_impossible(state, compiled.impossible)
