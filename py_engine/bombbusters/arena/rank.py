"""The ``rank`` policy: the first move of today's ranking, items included as it ranks them, and the
free cards by the rule of ``card_play.py``.

Why keep it: it is what "My best cuts" listed first before the team policy; the arena measures
what following it wins.
"""

from __future__ import annotations

from ..advice.moves import rank_moves
from ..advice.team import takeable
from ..questions.analysis import Analysis
from ..table.state import GameState
from .card_play import with_cards
from .referee import Decision

__all__ = ["decide"]


def decide(view: GameState, an: Analysis) -> Decision:
    """The first ranked move that is allowed (a solo cut only when legal for sure)."""
    moves = rank_moves(view, an)
    return with_cards(view, moves, Decision(next((m for m in moves if takeable(m)), None)))
