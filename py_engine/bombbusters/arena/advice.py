"""The ``advice`` policy: the team policy of ``advice/team.py``, the one the app advises, and the
free cards by the rule of ``card_play.py``.

Why a thin wrapper: the page's "My best cuts", *Estimate* and this policy must choose the same
move on the same table, so all three call :func:`~..advice.team.team_choice`.
"""

from __future__ import annotations

from ..advice.moves import rank_moves
from ..advice.team import team_choice
from ..questions.analysis import Analysis
from ..table.state import GameState
from .card_play import with_cards
from .referee import Decision

__all__ = ["decide"]


def decide(view: GameState, an: Analysis) -> Decision:
    moves = rank_moves(view, an)
    _order, move, before = team_choice(view, moves)
    return with_cards(view, moves, Decision(move, tuple(before)))
