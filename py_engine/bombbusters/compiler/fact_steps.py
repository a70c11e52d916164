"""Compile steps for the facts: one per kind of fact (``FACT_STEPS``), each turning it into masks,
block rules, counters or Labels the stand's states carry.

Why one step per kind and never cases: cases multiply with every other fact on the table.
"""

from __future__ import annotations

import numpy as np

from ..table.errors import RuleError
from ..table.facts import COUNT_KINDS, Fact, value_matches
from ..table.facts_text import describe_fact
from ..table.state import GameState, fact_wires
from ..table.wires import BLUE, colour_of, value_of
from .compiler import Compiler
from .problem import Counter
from .shapes import value_count
from .stand_states import Label
from .stands import count_rule

__all__ = ["FACT_STEPS"]


def stand_of(fact: Fact) -> int:
    """The stand of a fact that names one (the parser fills it in for these kinds)."""
    assert fact.stand is not None
    return fact.stand


def presence(c: Compiler, fact: Fact) -> None:
    """has / has not: one (none) of the player's uncut wires holds the value.

    The wires are :func:`~.state.fact_wires`: the fact's own list (those
    the player held uncut when it was learnt, wherever they are now), or the
    player's uncut wires now but their turned-around ones (T).
    """
    state = c.state
    spots = fact_wires(state, fact)
    seen = any(
        state.stand(p, s)[j].wire is not None and value_matches(state.stand(p, s)[j].wire, fact.value)  # type: ignore[arg-type]
        for p, s, j in spots
    )
    positions: dict[int, np.ndarray] = {}
    for spot in spots:
        at = c.locate(spot)
        if at is not None:
            positions.setdefault(at[0], np.zeros(c.subs[at[0]].n, dtype=bool))[at[1]] = True
    vm = c.tm.value_mask(fact.value)
    if fact.kind == "has":
        if seen:
            return
        if not positions or not vm.any():
            c.fail(_fact_text(state, fact))
            return
        c.base_edits.append(("counter", Counter(tuple(positions), vm, "presence", 1, "ge", positions)))
    else:  # none of these slots holds the value: a mask on each (no counter axis in the grid)
        if seen:
            c.fail(_fact_text(state, fact))
            return
        if vm.any():
            for sub, marked in positions.items():
                c.base_edits += [("mask", sub, int(j), ~vm) for j in np.flatnonzero(marked)]

def not_value(c: Compiler, fact: Fact) -> None:
    """A failed detector: none of these slots holds the value."""
    key = (fact.player, stand_of(fact))
    if key in c.known:
        if any(value_matches(c.known[key][j].known_wire, fact.value) for j in fact.slots):  # type: ignore[arg-type]
            c.fail(_fact_text(c.state, fact))
        return
    vm = c.tm.value_mask(fact.value)
    for j in fact.slots:
        sub, pos = c.stands[key].where[j]
        c.base_edits.append(("mask", sub, pos, ~vm))

def not_count(c: Compiler, fact: Fact) -> None:
    """An x-token that would have shown ``count`` on these slots was placed elsewhere: none of them holds a
    blue wire its stand was dealt ``count`` times (x-tokens count the stand as dealt, cut wires included)."""
    key = (fact.player, stand_of(fact))
    if key in c.known:  # every wire known, none moved
        st = c.known[key]
        values = [value_of(sl.known_wire) for sl in st]  # type: ignore[arg-type]
        if any(colour_of(st[j].known_wire) == BLUE and values.count(values[j]) == fact.count  # type: ignore[arg-type]
               for j in fact.slots):
            c.fail(_fact_text(c.state, fact))
        return
    left = tuple(k for k in range(1, 5) if k != fact.count)
    for j in fact.slots:
        p, s, dj = c.dealt.origin[(*key, j)]
        count_rule(c, c.dmaps[(p, s)], dj, left)


def colour_count(c: Compiler, fact: Fact) -> None:
    """How many red (yellow) wires a stand was dealt (open red deal; one yellow each): counted on the stand as dealt."""
    p = fact.player
    keys = [(p, s) for s in range(len(c.state.players[p].stands))] if fact.stand is None else [(p, fact.stand)]
    colour = COUNT_KINDS[fact.kind]
    c.not_after_nano(keys, _fact_text(c.state, fact))
    count = int(fact.count or 0) - sum(value_count(c.known[k], colour) for k in keys if k in c.known)
    subs = tuple(x for k in keys if k not in c.known for x in c.dmaps[k].subs)
    if count < 0 or (not subs and count):
        c.fail(_fact_text(c.state, fact))
    if subs:
        mask = c.tm.is_red if colour == "RED" else c.tm.is_yellow
        c.base_edits.append(("counter", Counter(subs, mask.copy(), "slots", count, "eq")))

def pair(c: Compiler, fact: Fact) -> None:
    """Label = / ≠: two slots of one stand hold the same (a different) gameplay value.

    Two wires dealt to one stand: a Label of that stand's states.  Two
    wires dealt to different stands (one has moved since): "same" on wires
    that cannot be yellow or red is the same type, i.e. each is <= the other.
    """
    key = (fact.player, stand_of(fact))
    a, b = fact.slots
    if key in c.known:
        st = c.known[key]
        same = value_of(st[a].known_wire) == value_of(st[b].known_wire)
        if same != (fact.kind == "same"):
            c.fail(_fact_text(c.state, fact))
        return
    oa, ob = c.dealt.origin[(*key, a)], c.dealt.origin[(*key, b)]
    if oa[:2] == ob[:2]:
        smap = c.dmaps[oa[:2]]
        pa, pb = sorted((c.stand_pos(smap, oa[2]), c.stand_pos(smap, ob[2])))
        c.base_edits.append(("label", smap.subs[0], Label(pa, pb, fact.kind == "same")))
        return
    wa, wb = c.stands[key].where[a], c.stands[key].where[b]
    st = c.state.stand(*key)
    multi = ~c.tm.is_blue & (c.tm.mask_of(st[a]) | c.tm.mask_of(st[b]))
    unsorted = st[a].unsorted or st[b].unsorted
    if fact.kind != "same" or multi.any() or unsorted:
        from ..table.facts_text import describe_fact

        raise RuleError(
            f"{describe_fact(c.state, fact)}: its two wires were dealt to different stands; only a Label = "
            "on two sorted wires that cannot be yellow or red can be followed across a move",
            player=fact.player, stand=key[1],
        )
    c.base_edits += [("order", wa, wb), ("order", wb, wa)]


#: fact kind -> the compile step that turns it into masks, block rules, counters or Labels
FACT_STEPS = {
    "has": presence,
    "has_not": presence,
    "not_value": not_value,
    "not_count": not_count,
    "red_count": colour_count,
    "yellow_count": colour_count,
    "same": pair,
    "different": pair,
}


def _fact_text(state: GameState, fact: Fact) -> str:
    return f"{describe_fact(state, fact)} contradicts the wires shown"
