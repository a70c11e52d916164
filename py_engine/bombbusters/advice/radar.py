"""What the General Radar would buy me: for each blue value I hold, my best cut with it now and once
every stand has answered whether it holds one (the ``radar`` request).

Why per value and by my cut with it: the card asks the whole table one value ("who has a 7?") and every
stand answers yes or no; what I can do with the answer is a dual cut naming that value, which I must
hold.  The answers are joint (the four 7s are somewhere), so each pattern of yes/no over my teammates'
stands is weighed by its exact chance — the deals that fit it over all the deals (``Analysis.log_z``) —
and my best cut with the value is read on the table with those answers as facts.  No product of
per-stand chances is taken.
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import product
from typing import Any

from ..questions.analysis import Analysis, solve_or_none, solve_state
from ..table.errors import StateError
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of

__all__ = ["radar_advice", "radar_json", "radar_value"]


def _best_cut(state: GameState, an: Analysis, v: int) -> float:
    """My best chance to cut ``v`` on a teammate's uncut wire (0 where none may hold it)."""
    me = state.me
    best = 0.0
    for p, s in state.stand_keys():
        if p == me:
            continue
        for j, sl in enumerate(state.stand(p, s)):
            if sl.state != CUT:
                best = max(best, sum(pr for t, pr in an.slot_probs(p, s, j).items() if value_of(t) == v))
    return best


def _answers(state: GameState, v: int) -> tuple[list[tuple[int, int]], tuple[Fact, ...]]:
    """(the teammates' stands whose answer is open, the facts of the answers already known: my own stands')."""
    me = state.me
    mine = tuple(Fact("has" if any(sl.state != CUT and sl.wire is not None and value_of(sl.wire) == v
                                   for sl in state.stand(p, s)) else "has_not", p, s, v)
                 for p, s in state.stand_keys() if p == me)
    return [(p, s) for p, s in state.stand_keys() if p != me], mine


def radar_value(state: GameState, v: int, an: Analysis | None = None) -> dict:
    """My best cut with ``v`` now, and its mean once the Radar has asked ``v`` (each pattern of answers
    weighed by its exact chance); ``sure``: the chance the answers leave me a sure cut with it."""
    an = an or solve_state(state, reuse=True)
    stands, mine = _answers(state, v)
    after = sure = total = 0.0
    for yes in product((True, False), repeat=len(stands)):
        facts = tuple(Fact("has" if y else "has_not", p, s, v) for (p, s), y in zip(stands, yes))
        given = solve_or_none(replace(state, facts=state.facts + mine + facts))
        if given is None:
            continue
        chance = math.exp(given.log_z - an.log_z)
        best = _best_cut(given.state, given, v)
        total += chance
        after += chance * best
        sure += chance * (best >= 1.0 - 1e-12)
    return {"value": v, "now": _best_cut(state, an, v), "after": after, "sure": sure, "total": total}


def radar_advice(state: GameState) -> dict:
    """:func:`radar_value` for every blue value I hold uncut, the most the Radar adds first."""
    me = state.me
    if me is None:
        raise StateError("the Radar's advice is for one player: set 'me'", field="me")
    an = solve_state(state, reuse=True)
    held = sorted({int(value_of(sl.wire)) for s in range(len(state.players[me].stands)) for sl in state.stand(me, s)
                   if sl.state != CUT and sl.wire is not None and colour_of(sl.wire) == BLUE})
    rows = [radar_value(state, v, an) for v in held]
    for r in rows:
        del r["total"]
    rows.sort(key=lambda r: (-(r["after"] - r["now"]), r["value"]))
    return {"values": rows}


def radar_json(doc: Any) -> dict:
    """Bridge/CLI entry: :func:`radar_advice` on a state document."""
    return radar_advice(GameState.from_json(doc))
