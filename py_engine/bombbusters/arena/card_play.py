"""The arena's ``rank`` and ``advice`` policies with the free cards played by the team's rule
(``advice/free_cards.py``: when, and what each card chooses); ``run.POLICIES`` holds the wrapped ones,
while the ``win`` request's playouts keep the plain team policy."""

from __future__ import annotations

from dataclasses import replace

from ..advice.free_cards import coffee, free_card_play
from ..questions.analysis import Analysis
from ..table.state import GameState
from .game import Policy
from .referee import Decision

__all__ = ["playing_cards"]


def playing_cards(policy: Policy) -> Policy:
    """``policy`` with the free cards of the rule played before its move, or the Coffee Mug in place of a
    doubtful move.  Its own move decides "no sure move": ``rank`` and ``advice`` take a sure move
    whenever there is one (a sure cut scores 1, the most any move scores)."""
    def decide(view: GameState, an: Analysis) -> Decision:
        d = policy(view, an)
        uses, passed = free_card_play(view, d.move)
        if uses:
            return Decision(None, uses=uses)
        nxt = coffee(view, d.move)
        return Decision(None, ("11",), pass_to=nxt, told=passed) if nxt is not None else replace(d, told=passed)
    decide.__doc__ = f"{policy.__doc__ or ''} With the free cards of ``advice/free_cards.py``."
    return decide
