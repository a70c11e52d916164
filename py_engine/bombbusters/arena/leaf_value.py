"""What a table reached part-way through a playout is worth: the chance the team then wins, estimated
from what the table shows.

Why: a whole playout costs ≈ 20 decisions of the team policy, so a search that plays three moves on
eight worlds to the end is far over the page's budget.  A playout stopped ``DEPTH`` decisions after the
move and scored by this estimate costs a few decisions and one solve, and its score is a chance, not a
0/1 outcome, so fewer worlds give the same precision.  What matters to the search is only that the
*difference* between two moves on the same worlds is the whole playouts' difference on average;
``build_scripts/truncation_probe.py`` measures it (docs/arena.md, "Cheaper playouts") and fitted
``WEIGHTS``.

The features are what the drawn world and the table show the referee (the world is the playout's, so it
may be read): the mistakes left, the uncut wires, those a token shows, the uncut values, and what the
engine makes of the public table (the share of uncut wires it is sure of, the mean bits of one's value).
"""

from __future__ import annotations

import math

from ..questions.analysis import solve_state
from ..table.kept import Kept, doc_key
from ..table.state import GameState
from ..table.wires import value_of
from .referee import Referee

__all__ = ["DEPTH", "FITTED_TOKENS", "WEIGHTS", "applies", "features", "leaf_value"]

#: the decisions played after the move before the table is scored (1 and 2 predicted alike, 1 costs less)
DEPTH = 1
#: logistic weights of (1, mistakes left, uncut/48, shown/48, uncut values/12, sure share, bits/4) after
#: ``DEPTH`` decisions: one fit over ``truncation_probe.py --public`` on missions 24 and 40 with 5 players
#: (seed 3, the close calls of games 0–14 of each, 2,156 playouts; docs/arena.md "Cheaper playouts").  No
#: token there shows a value (x-tokens), so the weight of ``shown`` is 0: no evidence either way.
WEIGHTS = (6.301, 0.906, -1.303, 0.0, 0.009, -7.689, -15.756)
#: the failure tokens of the tables the fit holds on: x1/x2/x3 (missions 24 and 40).  Measured outside it, on
#: mission 33 with 4 players (even/odd tokens), the search it scores lost 15.0 ± 5.0 points to the one-step
#: policy (100 deals, seed 9): the estimate is used only where it was fitted.
FITTED_TOKENS = ("multiplicity",)


def applies(state: GameState) -> bool:
    """Whether the estimate was fitted on tables like this one (its failure tokens: ``FITTED_TOKENS``)."""
    return state.extra.get("tokens") in FITTED_TOKENS


def features(ref: Referee, public: bool = True) -> list[float]:
    """What the table shows now, as numbers (the module's docstring); ``public``: with what the engine
    makes of the public table (one solve more)."""
    uncut = ref.uncut()
    shown = sum(1 for k in uncut if ref.table.stand(k[0], k[1])[k[2]].wire is not None)
    values = {value_of(ref.world[k]) for k in uncut}
    out = [1.0, float(ref.mistakes_left), len(uncut) / 48, shown / 48, len(values) / 12]
    if not public:
        return out
    if not uncut:
        return out + [1.0, 0.0]
    return out + _public_features(ref.table.public(), uncut)


#: public table -> (sure share, bits): the worlds of one close call often reach the same public table (two
#: in five leaves of a mission-40 game), and its features are the table's alone
_PUBLIC: "Kept[list[float]]" = Kept(512)


def _public_features(public: GameState, uncut: list) -> list[float]:
    """The share of uncut wires the engine is sure of on the public table, and the mean bits of one's value
    (one solve, kept for the same table)."""
    def make() -> list[float]:
        an = solve_state(public)
        laws = [an.slot_probs(*k) for k in uncut]
        sure = sum(1 for law in laws if max(law.values()) >= 1 - 1e-9)
        bits = sum(-sum(q * math.log2(q) for q in law.values() if q > 0) for law in laws)
        return [sure / len(uncut), bits / len(uncut) / 4]
    return list(_PUBLIC.get(doc_key(public), make))


def leaf_value(ref: Referee, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The estimated chance the team wins from the referee's table (the logistic fit on its features)."""
    x = sum(w * f for w, f in zip(weights, features(ref)))
    return 1 / (1 + math.exp(-max(-60.0, min(60.0, x))))
