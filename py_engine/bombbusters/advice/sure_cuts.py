"""Sure cuts on a table: mine (slots certain to me whose value I hold, values I may cut solo for
sure) and each teammate's (slots an info token shows, with the chance they hold its value).

Why apart: the one-turn-ahead view counts the sure cuts each outcome opens, and a team policy
looks at the same figure.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..questions.analysis import Analysis
from ..table.notation import CUT, INFO
from ..table.state import GameState
from ..table.wires import RED, colour_of, value_of
from .odds import avoid_chance

__all__ = ["count_sure", "new_sure", "sure_cuts"]


def _values_by_slot(an: Analysis, state: GameState, keys) -> dict[tuple[int, int, int], set]:
    """{uncut slot: the gameplay values it may hold} for the uncut slots of these stands.

    Read off each sub-stand's marginal table at once (one row per slot), since a lookahead asks
    this of every slot after every outcome."""
    comp = an.compiled
    values = [value_of(t) for t in comp.types]
    tables: dict = {}
    out = {}
    for p, s in keys:
        for j, sl in enumerate(state.stand(p, s)):
            if sl.state == CUT:
                continue
            if (p, s) in comp.known:
                out[(p, s, j)] = {value_of(comp.known[(p, s)][j].known_wire)}
                continue
            sub, pos = comp.stands[(p, s)].where[j]
            if sub not in tables:
                tables[sub] = an.sub_marginals(sub) > 0
            out[(p, s, j)] = {values[t] for t in np.flatnonzero(tables[sub][pos])}
    return out


def _shown(state: GameState) -> dict[tuple[int, int, int], Any]:
    """Uncut slots whose value the table shows (an info token with its number, or a yellow one)."""
    out = {}
    for p, s in state.stand_keys():
        for j, sl in enumerate(state.stand(p, s)):
            if sl.state == INFO:
                out[(p, s, j)] = value_of(sl.wire) if sl.wire is not None else "YELLOW"
    return out


def sure_cuts(state: GameState, an: Analysis) -> tuple[set, dict[int, dict]]:
    """(my sure cuts, {teammate: {slot the table shows: P(they hold its value)}}) on one table.

    My sure cuts: ``(player, stand, slot)`` of teammates' slots certain to me whose value I
    hold, and ``("solo", value)`` for values I may cut solo for sure (no uncut slot of another
    player may hold it: each has chance exactly 0).  A teammate's: the uncut slots, not
    theirs, whose value an info token shows, each with the chance (to me) that they hold it.
    """
    me = state.me
    assert me is not None
    my_values = {value_of(sl.wire) for st in state.players[me].stands for sl in st
                 if sl.state != CUT and sl.wire is not None and colour_of(sl.wire) != RED}
    others = [k for k in state.stand_keys() if k[0] != me]
    may = _values_by_slot(an, state, others)
    mine: set = {k for k, vals in may.items() if len(vals) == 1 and next(iter(vals)) in my_values}
    possible: set = set().union(*may.values()) if may else set()
    mine |= {("solo", v) for v in my_values if v not in possible}
    team: dict[int, dict] = {}
    held: dict = {}
    shown = _shown(state)
    for q in range(len(state.players)):
        if q == me:
            continue
        for key, v in shown.items():
            if key[0] == q or v == "RED":
                continue
            if (q, v) not in held:
                held[(q, v)] = 1.0 - _p_none(state, an, q, v)
            if held[(q, v)] > 0:
                team.setdefault(q, {})[key] = held[(q, v)]
    return mine, team


def _p_none(state: GameState, an: Analysis, q: int, v) -> float:
    """P(player q holds no uncut wire of value v): off the value's block law where q has one stand
    (``moves.avoid_chance``), else by conditioning."""
    if len(state.players[q].stands) == 1:
        slots = [j for j, sl in enumerate(state.stand(q, 0)) if sl.state != CUT]
        return avoid_chance(an, q, 0, slots, an.types_of(v))
    return an.p_none(q, None, v)


def count_sure(sure: tuple) -> tuple[int, dict[int, float]]:
    mine, team = sure
    return len(mine), {q: float(sum(d.values())) for q, d in team.items()}


def new_sure(now: tuple, then: tuple) -> tuple[int, dict[int, float]]:
    """Sure cuts in ``then`` that ``now`` did not have: mine one each, a teammate's by its chance."""
    mine = len(then[0] - now[0])
    team = {}
    for q, d in then[1].items():
        had = now[1].get(q, {})
        x = float(sum(v for key, v in d.items() if key not in had))
        if x > 0:
            team[q] = x
    return mine, team
