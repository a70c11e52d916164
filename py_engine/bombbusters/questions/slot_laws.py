"""What is read straight off a solved table's block laws: each slot's law, each sub-stand's rows,
a type's block law, the uncut positions of each value.

Why apart from the conditioned questions (``analysis``): these need no rerun, and every reply
(slot laws, holdings, moves) reads them first.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..compiler.constraints import Compiled
from ..compiler.problem import Solution
from ..solvers.fillings import normalise
from ..solvers.sparse import Walk
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import value_of

__all__ = ["SlotLaws", "mixed"]


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
        return mixed(walks, lambda walk: walk.count_laws(sub, marked))

    def slot_probs(self, p: int, s: int, j: int) -> dict[int, float]:
        """Exact distribution of slot j of stand (p, s) over wire types."""
        if (p, s) in self.compiled.known:
            return {self.compiled.known[(p, s)][j].wire: 1.0}  # type: ignore[dict-item]
        types = self.compiled.types
        return {types[t]: q for t, q in enumerate(self.slot_row(p, s, j)) if q}

    def value_probs(self, p: int, s: int, j: int) -> dict[int | str, float]:
        """:meth:`slot_probs` by gameplay value (a blue number, "YELLOW", "RED"): what a player names or a
        token shows, whichever yellow or red wire it is."""
        out: dict[int | str, float] = {}
        for t, q in self.slot_probs(p, s, j).items():
            out[value_of(t)] = out.get(value_of(t), 0.0) + q
        return out

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
                rows = mixed(walks, lambda walk: walk.marginals(sub))
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


def mixed(walks: list[tuple[float, Walk]], read) -> list[list[float]]:
    """The cases' rows ``read(walk)`` mixed by case weight, each row then normalised (slot laws, count laws)."""
    rows = read(walks[0][1])
    if len(walks) == 1 and getattr(walks[0][1], "rows_normalised", False):
        return rows
    if len(walks) > 1:
        w0 = walks[0][0]
        rows = [[w0 * q for q in r] for r in rows]
        for w, walk in walks[1:]:
            rows = [[a + w * q for a, q in zip(ra, r)] for ra, r in zip(rows, read(walk))]
    normalise(rows)  # (most rows of a late table are one certain entry)
    return rows
