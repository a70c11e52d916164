"""The ``greedy`` policy: the dual or solo cut with the highest chance of success, no items.

Why keep it: it is what the earlier calculator recommends, the baseline a team policy must beat.
"""

from __future__ import annotations

from dataclasses import replace

from ..advice.moves import rank_moves
from ..advice.team import takeable
from ..questions.analysis import Analysis
from ..table.state import GameState
from .referee import Decision

__all__ = ["decide"]

_KINDS = ("dual_cut", "solo_cut", "reveal_red")


def decide(view: GameState, an: Analysis) -> Decision:
    """The first move of the ranking (chance first) among plain cuts; a solo cut only when legal for sure."""
    plain = replace(view, extra={**view.extra, "available": []})
    return Decision(next((m for m in rank_moves(plain, an) if m["kind"] in _KINDS and takeable(m)), None))
