"""The ``analyze`` reply: every hidden slot's distribution, holdings, deal count.

This is the one function behind the CLI's ``analyze`` and the bridge's
``analyze`` request, so both always print the same numbers.
"""

from __future__ import annotations

import functools
import math
from typing import Any

from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import label
from .analysis import Analysis, solve_state
from .holdings import holdings_json

__all__ = ["analyze", "analyze_state", "slots_json", "nano_json"]


def _log10_deals(an: Analysis) -> float:
    """log10 of the number of tile-level deals of the wires outside the observer's stands."""
    outside, runs, back = an.compiled.deal_factors(an.state.me)
    lf = (sum(math.lgamma(c + 1) for c in outside.values()) + sum(math.lgamma(k + 1) for k in back)
          - sum(math.lgamma(k + 1) for k in runs))
    return (an.log_z + lf) / math.log(10)


def slots_json(state: GameState, an: Analysis) -> list[dict]:
    """One entry per uncut slot of every stand ``me`` does not hold, and per wire of mine I cannot see (turned around).

    Each law lists its wires in type order (the DP's types are in that order: one pass, no sort)."""
    out = []
    labels = _labels(tuple(an.compiled.types))
    for p, s in state.stand_keys():
        mine = p == state.me
        known = an.compiled.known.get((p, s))
        where = None if known is not None else an.compiled.stands[(p, s)].where
        for j, slot in enumerate(state.stand(p, s)):
            if slot.state == CUT or (mine and slot.wire is not None):
                continue
            if where is None:
                probs = {label(known[j].known_wire): 1.0}  # type: ignore[index]
            else:
                sub, pos = where[j]
                probs = {labels[t]: q for t, q in enumerate(an.marginal_rows(sub)[pos]) if q}
            out.append({"player": p, "stand": s, "slot": j, "probs": probs})
    return out


@functools.lru_cache(maxsize=64)
def _labels(types: tuple) -> list[str]:
    """The JSON key of each DP type (read only: shared by the replies of tables with these types)."""
    return [label(t) for t in types]


def nano_json(an: Analysis) -> dict:
    """Nano's pile (43): how many wires it holds and the law of the next one taken (a wire picked at
    random: the mean of the pile's slot laws)."""
    sub = an.compiled.nano_sub
    if sub is None:
        return {"left": 0, "probs": {}}
    law = an.sub_marginals(sub).mean(axis=0)
    return {"left": int(an.compiled.cases[0].substands[sub].n),
            "probs": {label(t): float(v) for t, v in zip(an.compiled.types, law) if v > 0}}


def analyze_state(state: GameState) -> dict:
    an = solve_state(state)
    out = {"log10_deals": _log10_deals(an), "slots": slots_json(state, an), "holdings": holdings_json(state, an)}
    if "nano" in state.extra:
        out["nano"] = nano_json(an)
    return out


def analyze(doc: Any) -> dict:
    """JSON state document in, JSON-able result out (see the CLI's ``analyze``)."""
    return analyze_state(GameState.from_json(doc))
