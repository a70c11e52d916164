"""Irreducible sets of table entries, and existence questions made small.

Why a module of its own: "which entries force this?" (``explain.py``) and "which
entries conflict?" (``diagnose.py``) are the same search — drop entries while
a monotone property still holds — over the same kind of question, whether some
deal fits a table, which :func:`folded` makes cheaper on nearly empty tables.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from ..compiler.problem import Problem, SubStand
from ..table.notation import HIDDEN, Slot
from ..table.players import Player
from ..table.state import GameState, pin_facts

__all__ = ["Entry", "entry_json", "table_entries", "without", "minimal", "folded"]

Entry = tuple  # ("slot", player, stand, slot) | ("fact", index)


def entry_json(e: Entry, text: str) -> dict:
    """An entry as the bridge gives it, so the page can find what put it on the table (a slot, or the
    fact at an index of the state document's ``facts``)."""
    if e[0] == "fact":
        return {"kind": "fact", "fact": e[1], "text": text}
    return {"kind": "slot", "player": e[1], "stand": e[2], "slot": e[3], "text": text}


def _blank(sl: Slot) -> Slot:
    """The slot with nothing learnt about it: hidden, only where it sits (an X wire stays unsorted, a
    turned-around wire turned: that is how it was dealt, not something learnt)."""
    return Slot(HIDDEN, unsorted=sl.unsorted, turned=sl.turned)


def table_entries(state: GameState, mine: bool = True) -> list[Entry]:
    """What the table says, entry by entry: each slot that shows anything (``mine``: my own wires
    too), then each fact."""
    out: list[Entry] = [
        ("slot", p, s, j)
        for p, s in state.stand_keys() if mine or p != state.me
        for j, sl in enumerate(state.stand(p, s)) if _blank(sl) != sl
    ]
    return out + [("fact", i) for i in range(len(state.facts))]


def without(state: GameState, drop: set) -> GameState:
    """The table with these entries left out.  One of my wires left out makes it an observer's table
    (``me`` unset: the others I still know stay known), since my own stand must be fully known.

    A has / has-not fact keeps speaking of the wires it spoke of (pinned), so a cut wire left blank
    does not fall under "Ann has no 1": every reduced table is one the real deal fits, and leaving
    an entry out only ever widens what is possible."""
    blanked = {e[1] for e in drop if e[0] == "slot"}
    players = tuple(
        Player(pl.name, tuple(tuple(_blank(sl) if ("slot", p, s, j) in drop else sl for j, sl in enumerate(st))
                              for s, st in enumerate(pl.stands)))
        for p, pl in enumerate(state.players)
    )
    facts = tuple(f for i, f in enumerate(pin_facts(state, blanked)) if ("fact", i) not in drop)
    me = None if any(e[0] == "slot" and e[1] == state.me for e in drop) else state.me
    return replace(state, players=players, facts=facts, me=me)


def minimal(entries: list, holds: Callable[[list], bool]) -> list:
    """A subset that still ``holds`` and loses it without any one of its entries (holds is monotone)."""
    keep = list(entries)
    chunk = max(1, len(keep) // 2)
    while True:
        i = 0
        while i < len(keep):
            trial = keep[:i] + keep[i + chunk:]
            if holds(trial):
                keep = trial
            else:
                i += chunk
        if chunk == 1:
            return keep
        chunk = max(1, chunk // 2)


def folded(prob: Problem, keep: int = -1) -> Problem:
    """The same question of existence with every unconstrained sub-stand folded into one.

    Why it is the same question: a sorted stand whose slots may hold anything, which no counter,
    order relation or rule touches, takes any multiset of its size; several of them together take
    any multiset of their total size, exactly like one such stand.  A nearly empty table then has
    one free stand instead of four, and its DP one axis instead of four.
    """
    touched = {x for c in prob.counters for x in c.substands} | {a for rel in prob.order for a, _pos in rel}
    free = [
        i for i, st in enumerate(prob.substands)
        if i != keep and i not in touched and st.allowed.all() and st.uncut.all()
        and not (st.mult or st.labels or st.xs or st.xmult or st.ymult or st.forbid or st.need)
    ]
    owned = {x for st in prob.substands for x in st.xs}
    free = [i for i in free if i not in owned]
    if len(free) < 2:
        return prob
    rest = [i for i in range(len(prob.substands)) if i not in free]
    index = {old: new for new, old in enumerate(rest)}
    n = sum(prob.substands[i].n for i in free)
    T = len(prob.types)
    sink = SubStand(np.ones((n, T), dtype=bool), np.ones(n, dtype=bool))
    subs = []
    for i in rest:
        st = prob.substands[i].copy()
        st.xs = [index[x] for x in st.xs]
        subs.append(st)
    counters = [replace(c, substands=tuple(index[x] for x in c.substands),
                        positions=None if c.positions is None else {index[x]: v for x, v in c.positions.items()})
                for c in prob.counters]
    order = [((index[a], pa), (index[b], pb)) for (a, pa), (b, pb) in prob.order]
    return replace(prob, substands=subs + [sink], counters=counters, order=order)
