"""One whole game: starting tokens, then turns clockwise from the captain until the bomb is
defused or lost, each player deciding from their own view.

Why the truth check here: the arena is the one place that knows the deal, so every time a
player's view is solved it checks that the real wires are possible there (``truth_impossible``
counts the views where one is not: an engine bug, never expected).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..missions.preset import Mission
from ..questions.analysis import Analysis, solve_state
from ..table.errors import InconsistentStateError
from ..table.notation import CUT
from ..table.state import GameState
from .deal import Deal
from .referee import Decision, Referee
from .tokens import place_tokens

__all__ = ["GameResult", "Policy", "play_game", "truth_misses"]

#: a policy: (my view, its analysis) -> my decision
Policy = Callable[[GameState, Analysis], Decision]
#: a game stops (stuck) after this many turns: every turn cuts a wire or moves the detonator, so it never binds
_MAX_TURNS = 400


@dataclass
class GameResult:
    outcome: str  # "won", "red", "detonator", "stuck"
    turns: int
    taken: list  # (predicted chance, succeeded) per move with a chance
    sure_failures: int
    truth_impossible: int

    @property
    def won(self) -> bool:
        return self.outcome == "won"


def truth_misses(an: Analysis, view: GameState, world: dict) -> int:
    """How many slots hidden from the viewer hold a wire their analysis gives chance 0."""
    misses = 0
    for p, s in view.stand_keys():
        for j, sl in enumerate(view.stand(p, s)):
            if sl.state != CUT and sl.wire is None and an.slot_probs(p, s, j).get(world[(p, s, j)], 0.0) <= 0.0:
                misses += 1
    return misses


def play_game(deal: Deal, mission: Mission, policy: Policy, check_truth: bool = True) -> GameResult:
    """Play game ``deal`` with every player following ``policy``."""
    ref = Referee(deal.table, deal.world, mission, deal.cards)
    place_tokens(ref)
    n = len(ref.table.players)
    q, idle, turns, impossible = ref.table.captain, 0, 0, 0
    while ref.outcome is None:
        if turns >= _MAX_TURNS or idle >= n:
            ref.outcome = "stuck"
            break
        if not ref.uncut(q):
            q = (q + 1) % n
            continue
        view = ref.view(q)
        try:
            an = solve_state(view)
        except InconsistentStateError:
            impossible += 1
            ref.outcome = "stuck"
            break
        if check_truth and truth_misses(an, view, ref.world):
            impossible += 1
        d = policy(view, an)
        if d.move is None and not d.before:
            idle += 1
        else:
            idle = 0
            ref.play(q, d)
            turns += 1
        q = (q + 1) % n
    return GameResult(ref.outcome, turns, ref.taken, ref.sure_failures, impossible)
