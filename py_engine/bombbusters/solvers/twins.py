"""Twin sub-stands: stands the deal's law cannot tell apart, so a question about one answers the other.

Why: on a first turn every teammate's stand is alike (same size, nothing
learnt), and the deal's law is unchanged when two such stands trade their
wires.  A condition on one of them ("are these two slots of Bob's stand
red?") then has exactly the chance of the same condition on another's, and
the advice, which asks it of every teammate, reruns it once.  Twins are read
off the solver's problems alone: equal slot masks, cut slots, x-tokens,
Labels and conditions (none of them an X slot's, a moved wire's or an order
relation's), the same in every case, and the same part in every counter.
"""

from __future__ import annotations

from typing import Sequence

from ..compiler.problem import Problem

__all__ = ["twin_classes", "canonical"]


def twin_classes(cases: Sequence[Problem]) -> dict[int, tuple[int, ...]]:
    """{sub: its class, smallest first} for every sub-stand that has a twin (the others are left out)."""
    if not cases:
        return {}
    n_subs = len(cases[0].substands)
    if any(len(p.substands) != n_subs for p in cases):
        return {}
    apart: set[int] = set()  # subs a swap would move something else with: X slots, their runs, order relations
    for p in cases:
        for i, st in enumerate(p.substands):
            if st.xs:
                apart.add(i)
                apart.update(st.xs)
        apart.update(sub for pair in p.order for sub, _pos in pair)
    by_sign: dict[tuple, list[int]] = {}
    for i in range(n_subs):
        if i not in apart:
            by_sign.setdefault(tuple(_sign(p, i) for p in cases), []).append(i)
    return {i: tuple(group) for group in by_sign.values() if len(group) > 1 for i in group}


def _sign(p: Problem, i: int) -> tuple:
    """Everything of problem ``p`` that sub-stand i's law depends on, apart from its index."""
    st = p.substands[i]
    counters = tuple(
        (i in c.substands, None if c.positions is None or i not in c.positions else c.positions[i].tobytes())
        for c in p.counters
    )
    forbid = tuple(sorted((t, tuple(sorted(pos))) for t, pos in st.forbid.items() if pos))
    need = tuple(sorted((t, tuple(sorted(tuple(sorted(g)) for g in groups))) for t, groups in st.need.items()))
    return (st.allowed.shape, st.allowed.tobytes(), st.uncut.tobytes(), repr(st.mult), repr(st.labels),
            repr(st.xmult), repr(st.ymult), forbid, need, counters)


def canonical(fmap: dict, twins: dict[int, tuple[int, ...]]) -> dict:
    """The forbid map moved onto the first stands of each twin class (the same chance: a swap of twins).

    The parts of one class go, in a fixed order of their content, to the class's first members, so every
    map that a permutation of twins turns into another gets the same form."""
    if not twins or not any(sub in twins for sub in fmap):
        return fmap
    out: dict = {}
    parts: dict[tuple[int, ...], list] = {}
    for sub, per in fmap.items():
        if sub in twins:
            parts.setdefault(twins[sub], []).append(per)
        else:
            out[sub] = per
    for members, pers in parts.items():
        pers.sort(key=_content)
        out.update(zip(members, pers))
    return out


def _content(per: dict) -> tuple:
    return tuple(sorted((t, tuple(sorted(pos))) for t, pos in per.items() if pos))
