"""The ``rank`` policy: the first move of today's ranking, items included as it ranks them.

Why keep it: it is what "My best cuts" listed first before the team policy; the arena measures
what following it wins.
"""

from __future__ import annotations

from ..advice.moves import rank_moves
from ..advice.team import takeable
from ..questions.analysis import Analysis
from ..table.state import GameState
from .referee import Decision

__all__ = ["decide"]


def decide(view: GameState, an: Analysis) -> Decision:
    """The first ranked move that is allowed (a solo cut only when legal for sure)."""
    return Decision(next((m for m in rank_moves(view, an) if takeable(m)), None))
