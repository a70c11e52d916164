"""The ``advice`` policy: the team policy of ``advice/team.py``, the one the app advises.

Why a thin wrapper: the page's "My best cuts", *Estimate* and this policy must choose the same
move on the same table, so all three call :func:`~..advice.team.team_choice`.
"""

from __future__ import annotations

from ..advice.moves import rank_moves
from ..advice.team import team_choice
from ..questions.analysis import Analysis
from ..table.state import GameState
from .referee import Decision

__all__ = ["decide"]


def decide(view: GameState, an: Analysis) -> Decision:
    _order, move, before = team_choice(view, rank_moves(view, an))
    return Decision(move, tuple(before))
