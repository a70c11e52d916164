"""Compare my best moves by playing the rest of the game out: the ``search`` request.

Why: *My best cuts* orders the moves one step deep (the team policy's score: the chance the cut
works, less what a mistake or a spent item costs), which cannot see what a move leaves for the turns
after — a probe that teaches, a risk that will have to be taken later anyway.  Here each of my first
``top`` moves is played on worlds drawn from the exact posterior of my view (``sampler.py``), then the
game goes on with every player following the team policy (the playouts of *Estimate*, ``win.py``), and
the share of games won is each move's worth.  The draws are **paired**: every candidate is played on
the same worlds with the same hidden cards drawn, so the difference between two moves is measured on
the same deals and its standard error is far smaller than either share's (SPARTA's single-agent search,
Lerer et al. 2020, played on request).

The table cards the policy plays before its move (Rewinder, Batteries, Stabilizer) are left to the
turns after, alike for every candidate.  The page asks in slices of one world and sums.  With a
``depth``, each playout stops that many decisions after my move and the table it reached is scored by
its estimated chance to win (``leaf_value.py``): the search policy's cheaper comparison.
"""

from __future__ import annotations

from typing import Any

from ..advice.moves import rank_moves
from ..advice.team import takeable, team_order
from ..questions.analysis import Analysis, solve_state
from ..table.errors import RuleError, StateError
from ..table.state import GameState
from . import advice
from .game import play_on
from .leaf_value import leaf_value
from .referee import Decision, Referee
from .win import Equipment, playout_referee, playout_start

__all__ = ["MOVE_KEYS", "TOP", "candidates", "compare_moves", "first_then_team", "play_value", "search_json"]

#: how many of my first moves are compared unless asked otherwise
TOP = 3

#: what identifies a move between the page's list and the reply
MOVE_KEYS = ("kind", "player", "stand", "slots", "value", "values", "mine")


def candidates(state: GameState, top: int = TOP) -> list[dict]:
    """My first ``top`` moves a player may take, in the team policy's order (the page's list)."""
    an = solve_state(state, reuse=True)
    return [m for m in team_order(rank_moves(state, an), state) if takeable(m)][:top]


def first_then_team(me: int, move: dict):
    """The team policy, but my first decision is ``move``."""
    done = [False]

    def decide(view: GameState, an: Analysis) -> Decision:
        if not done[0] and view.me == me:
            done[0] = True
            return Decision(move, read=False)  # a move tried, not one the team's rule chose: nothing to read
        return advice.decide(view, an)
    return decide


class _Horizon(Exception):
    """A truncated playout reached its depth."""


def play_value(ref: Referee, me: int, move: dict, first: int, depth: int | None = None) -> float:
    """The game on ``ref`` with my ``move`` first, then the team policy: 1 if won, else 0; with ``depth``,
    stopped that many decisions after my move (a free card played counts as one) and scored by
    :func:`.leaf_value.leaf_value` unless it ended sooner."""
    policy = first_then_team(me, move)
    if depth is None:
        return float(play_on(ref, policy, first, check_truth=False).won)
    calls = [0]

    def decide(view: GameState, an: Analysis) -> Decision:
        calls[0] += 1
        if calls[0] > depth + 1:
            raise _Horizon
        return policy(view, an)
    try:
        return float(play_on(ref, decide, first, check_truth=False).won)
    except _Horizon:
        return leaf_value(ref)


def compare_moves(state: GameState, n: int, seed: int, top: int = TOP, moves: list[dict] | None = None,
                  depth: int | None = None, laws: Analysis | None = None) -> dict:
    """My first ``top`` moves (or ``moves``, ranked already by the caller), each played first on the same
    ``n`` worlds drawn with this seed, then the team policy: per move, the games won on each world (1/0, in
    the worlds' order; with ``depth``, each playout's :func:`play_value`, a chance); ``laws``: the state's
    analysis, when the caller holds it."""
    from ..questions.sampler import sample_deals

    me = state.me
    if me is None:
        raise StateError("comparing moves is for one player: set 'me'", field="me")
    table, first, mistakes = playout_start(state)
    if first != me:
        raise RuleError(f"the moves compared are {state.players[me].name}'s: it must be their turn "
                        f"('turn' is {state.players[first].name})")
    moves = candidates(state, top) if moves is None else moves
    eq = Equipment(state.extra.get("equipment"), len(state.players))
    won: list[list[float]] = [[] for _ in moves]
    for i, world in enumerate(sample_deals(state, n, seed, laws)):
        for c, m in enumerate(moves):
            ref = playout_referee(table, world, mistakes, eq, draw=n * seed + i + 1)
            v = play_value(ref, me, m, first, depth)
            won[c].append(int(v) if depth is None else v)
    return {"moves": [{k: m[k] for k in MOVE_KEYS if k in m} for m in moves], "won": won, "n": n, "seed": seed}


def search_json(doc: Any, n: int = 1, seed: int = 0, top: int = TOP, depth: int | None = None) -> dict:
    """Bridge/CLI entry: :func:`compare_moves` on a state document."""
    return compare_moves(GameState.from_json(doc), n, seed, top, depth=depth)
