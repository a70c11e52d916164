"""Who holds what: for a stand and a value, P(any uncut copy), the expected count and the law.

Read from an :class:`~.analysis.Analysis`: expected counts from slot
marginals, P(any) by conditioning, and for a blue value on a stand of one
sorted run the whole law of its uncut copies from the value's block law.
"""

from __future__ import annotations

import numpy as np

from ..solvers.blocks import in_block
from ..table.facts import value_matches
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import value_of
from .analysis import Analysis

__all__ = ["holding", "stand_holdings", "holdings_json"]


def holding(an: Analysis, p: int, s: int, value, p_none: float | None = None) -> dict:
    """Uncut wires of gameplay ``value`` on stand (p, s): P(any) and expected count, exactly.

    The whole law comes with it where it is one block law away (see
    :func:`stand_holdings`); here: known stands, stands with X wires, and
    values spread over several types (yellow, red).  ``p_none``: P(no such
    wire there), when the caller asked it already (see :func:`holdings_json`).
    """
    if (p, s) in an.compiled.known:
        return _certain(sum(1 for sl in an.compiled.known[(p, s)] if sl.state != CUT and value_matches(sl.known_wire, value)))
    ts = an.value_types(value)
    if not ts:
        return {"p_any": 0.0, "expected": 0.0, "law": [1.0]}
    expected = 0.0
    for sub, pos in an.uncut_positions(p, s).items():
        rows = an.marginal_rows(sub)
        expected += sum(rows[q][t] for q in pos for t in ts)
    if p_none is None:
        p_none = max(0.0, 1.0 - expected) if _at_most_one(an, p, s, value) else an.p_none(p, s, value)
    return {"p_any": 1.0 - p_none, "expected": expected, "law": None}


def _certain(n: int, entry: dict | None = None) -> dict:
    """The holding of a value whose uncut copies on the stand are known: n (written into ``entry``, a
    reply entry's head, when given: a late table's entries are mostly these)."""
    out = entry if entry is not None else {}
    out["p_any"], out["expected"], out["law"] = float(n > 0), float(n), [0.0] * n + [1.0]
    return out


def _at_most_one(an: Analysis, p: int, s: int, value) -> bool:
    """Whether stand (p, s) holds at most one uncut wire of ``value`` in every deal, so that P(any) is
    the expected count, with no rerun: one wire of its colour in play ("1 of 2" red), or one slot
    of the stand that may hold it."""
    group = {"YELLOW": an.state.wires.yellow, "RED": an.state.wires.red}.get(value)
    if group is not None and group.in_play <= 1:
        return True
    ts = an.value_types(value)
    live = 0
    for sub, pos in an.uncut_positions(p, s).items():
        rows = an.marginal_rows(sub)
        live += sum(1 for q in pos if any(rows[q][t] > 0 for t in ts))
    return live <= 1


def _x_stand_law(an: Analysis, p: int, s: int, values: list) -> dict | None:
    """For a stand of one sorted run and its X slots: {type index: law of its uncut copies}, read off the
    law the backward pass kept for such stands (``Tables.uncut_counts``); None for other stands."""
    smap = an.compiled.stands[(p, s)]
    run = smap.subs[0]
    st = an.compiled.cases[0].substands[run]
    if not smap.whole or not st.xs or list(smap.subs) != [run, *st.xs]:
        return None
    out: dict = {}
    for v in values:
        ts = an.value_types(v)
        if len(ts) != 1:
            continue
        law = None
        for w, sol in zip(an.weights, an.solutions):
            if not w:
                continue
            counts = getattr(sol.engine, "uncut_counts", {}).get((run, ts[0]))
            if counts is None:
                return None
            law = counts * w if law is None else law + counts * w
        out[ts[0]] = law
    return out


def stand_holdings(an: Analysis, p: int, s: int, values: list, nones: dict | None = None,
                   one: list | None = None) -> list[dict]:
    """:func:`holding` for several values of one stand, as the reply's entries (player, stand, value first).

    On a stand of one sorted run, a blue value's law of uncut copies is read
    off its block law: all such values share one uncut-count table and one
    bincount.  On a run with X slots it is the law the backward pass kept.
    ``nones``: {value: P(none here)} asked already, for the values it needs; ``one``: each value's
    type index when it has exactly one, else None (:func:`_one_type`), when the caller has them.
    """
    nones = nones or {}

    def entry(v, h: dict | None = None) -> dict:
        """The reply's entry for value v: ``h`` when given, else :func:`holding`'s."""
        return {"player": p, "stand": s, "value": v, **(h if h is not None else holding(an, p, s, v, nones.get(v)))}

    if (p, s) in an.compiled.known:  # every wire known: count them once
        held: dict = {}
        for sl in an.compiled.known[(p, s)]:
            if sl.state != CUT:
                v = value_of(sl.known_wire)
                held[v] = held.get(v, 0) + 1
        return [_certain(held.get(v, 0), {"player": p, "stand": s, "value": v}) for v in values]
    smap = an.compiled.stands[(p, s)]
    if len(smap.subs) != 1 or not smap.whole:  # (a stand of one run is not one with X slots)
        laws = _x_stand_law(an, p, s, values)
        if laws is not None:
            return [entry(v, _from_law(laws[an.value_types(v)[0]]) if len(an.value_types(v)) == 1 else None)
                    for v in values]
        return [entry(v) for v in values]
    sub = smap.subs[0]
    uncut = an.compiled.cases[0].substands[sub].uncut
    one = one if one is not None else _one_type(an, values)
    singles = [t for t in one if t is not None]
    marked = uncut.tolist()
    counts = an.count_laws(sub, marked) if singles else None
    if counts is not None:  # a plain-Python walk's count laws, read in plain Python
        return [entry(v) if t is None else {"player": p, "stand": s, "value": v, **_from_count_law(counts[t])}
                for v, t in zip(values, one)]
    rows = _block_rows(an, sub, uncut, singles) if singles else {}
    out = []
    for v, t in zip(values, one):
        if t is not None:
            row, top, p_any, mean = rows[t]
            out.append({"player": p, "stand": s, "value": v, "p_any": p_any, "expected": mean, "law": row[: top + 1]})
        else:
            out.append(entry(v))
    return out


def _from_count_law(law: list[float]) -> dict:
    """A holding from a plain-Python walk's law of the uncut copies."""
    if law[0] == 1.0:  # no uncut copy in any deal: most values on a late stand
        return {"p_any": 0.0, "expected": 0.0, "law": [1.0]}
    top = len(law) - 1
    while top > 0 and law[top] <= 0:
        top -= 1
    # the expected count is the law's mean (the uncut slots' marginals summed, the same number)
    return {"p_any": 1.0 - law[0], "expected": sum(i * q for i, q in enumerate(law) if q), "law": list(law[: top + 1])}


def _block_rows(an: Analysis, sub: int, uncut: np.ndarray, singles: list[int]) -> dict[int, tuple]:
    """{type: (law of its uncut copies, last possible count, P(any), expected)} for one-type values on a
    sorted run, read off their block laws: one uncut-count table and one bincount for all of them."""
    blocks = [an.block_law(sub, t) for t in singles]
    K = max(J.shape[1] for J in blocks)
    table = np.zeros((len(singles), uncut.shape[0] + 1, K))
    for i, J in enumerate(blocks):
        table[i, :, : J.shape[1]] = J
    n_unc = int(uncut.sum())
    idx = (np.arange(len(singles))[:, None, None] * (n_unc + 1) + in_block(uncut, K).T[None]).ravel()
    mat = np.bincount(idx, table.ravel(), minlength=len(singles) * (n_unc + 1)).reshape(len(singles), -1)
    mat = mat / mat.sum(axis=1, keepdims=True)
    last = (mat.shape[1] - 1 - np.argmax(mat[:, ::-1] > 0, axis=1)).tolist()
    expected = an.sub_marginals(sub)[uncut].sum(axis=0)[singles].tolist()
    return dict(zip(singles, zip(mat.tolist(), last, (1.0 - mat[:, 0]).tolist(), expected)))


def _from_law(law: np.ndarray) -> dict:
    """A holding from the law of the uncut copies (trailing impossible counts dropped)."""
    law = law / law.sum()
    top = int(np.nonzero(law)[0].max()) if law.any() else 0
    return {"p_any": float(1.0 - law[0]), "expected": float(np.arange(law.shape[0]) @ law), "law": law[: top + 1].tolist()}


def _one_type(an: Analysis, values: list) -> list:
    """Each value's type index in the DP when it has exactly one (a blue value), else None."""
    return [ts[0] if len(ts) == 1 else None for ts in map(an.value_types, values)]


def _rerun_values(an: Analysis, p: int, s: int, values: list, one: list) -> list:
    """The values whose P(any) on stand (p, s) :func:`stand_holdings` gets by a rerun (``Analysis.p_none``)."""
    if (p, s) in an.compiled.known:
        return []
    smap = an.compiled.stands[(p, s)]
    one_law = (len(smap.subs) == 1 and smap.whole) or _x_stand_law(an, p, s, []) is not None
    return [v for v, t in zip(values, one)
            if not (one_law and t is not None) and an.value_types(v) and not _at_most_one(an, p, s, v)]


def holdings_json(state: GameState, an: Analysis) -> list[dict]:
    """Who holds what: for every stand ``me`` does not hold and every value in play.

    The P(any) that need a rerun (values of several types: yellow, red) are asked all at once."""
    values = list(state.wires.values())
    one = _one_type(an, values)
    keys = [(p, s) for p, s in state.stand_keys() if p != state.me]
    asks = [((p, s), v) for p, s in keys for v in _rerun_values(an, p, s, values, one)]
    nones: dict = {}
    for ((p, s), v), q in zip(asks, an.p_none_many([([key], v) for key, v in asks])):
        nones.setdefault((p, s), {})[v] = q
    out = []
    for p, s in keys:
        out += stand_holdings(an, p, s, values, nones.get((p, s)), one)
    return out
