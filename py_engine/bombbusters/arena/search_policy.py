"""The ``search`` policy: the team policy, with its closest calls settled by playing the game out.

Why only the close calls: a playout costs a whole game of solves (≈ 0.2–0.4 s native), so comparing
moves on every turn would make one game take minutes.  Where the team policy's best move is sure, or
beats the next by more than ``CLOSE`` in its score, the one-step order stands; else the first ``TOP``
moves are each played first on the same ``WORLDS`` worlds drawn from the actor's exact posterior, the
team policy plays on, and the move that wins most replaces the team policy's when it wins by ``SURE_Z``
standard errors of their paired difference — the page's *Compare* (``search.py``), with a fixed budget.
The playouts know the Double Detectors already used; the equipment cards are left out of them (a view
carries the cards usable now, not the table's pile).
"""

from __future__ import annotations

import zlib
from dataclasses import replace

from ..advice.moves import rank_moves
from ..advice.team import takeable, team_choice
from ..questions.analysis import Analysis
from ..table.state import GameState
from .referee import Decision
from .search import compare_moves

__all__ = ["CLOSE", "SURE_Z", "TOP", "WORLDS", "clearly_better", "close_call", "decide", "searched"]

#: the team policy's score gap under which the first moves are played out
CLOSE = 0.05
#: how many of the first moves are compared
TOP = 3
#: the worlds each compared move is played on
WORLDS = 8
#: how many standard errors of the paired difference a move must win by to replace the team policy's
SURE_Z = 2.0


def decide(view: GameState, an: Analysis) -> Decision:
    """The team policy's decision, or the move that wins most when played out where its first two are close."""
    ranked, move, before = team_choice(view, rank_moves(view, an))
    base = Decision(move, tuple(before))
    order = [m for m in ranked if takeable(m)][:TOP]
    if not close_call(order):
        return base
    state, seed = searched(view)
    won = compare_moves(state, WORLDS, seed, TOP, moves=order)["won"]
    best = max(range(len(won)), key=lambda i: (sum(won[i]), -i))
    return Decision(order[best]) if best and clearly_better(won[best], won[0]) else base


def close_call(order: list[dict]) -> bool:
    """Whether the team policy's first moves (those it may take, in its order) are worth playing out: the first
    is not sure and the next is within ``CLOSE`` of it in the team's score."""
    return len(order) >= 2 and not order[0]["guaranteed"] and order[0]["score"] - order[1]["score"] <= CLOSE


def searched(view: GameState) -> tuple[GameState, int]:
    """The view as its moves are played out (my turn; the Double Detectors used, the equipment cards left
    out) and the seed of its worlds (the view's own: the same close call draws the same worlds)."""
    used = list(view.extra.get("used_detectors", []))
    state = replace(view, extra=dict(view.extra, turn=view.me, equipment={"double_detector_used": used}))
    return state, zlib.crc32(repr(view.to_json()).encode())


def clearly_better(a: list[int], b: list[int], z: float = SURE_Z) -> bool:
    """Whether games ``a`` beat games ``b`` on the same worlds by ``z`` standard errors of their paired
    difference (all differences alike and above 0: better on every world).  Why not the bare count: the
    best of three noisy shares is too high by chance (the winner's curse), and a switch away from the
    team policy's move should be one the worlds agree on."""
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1)
    return mean > 0 and (var == 0 or mean >= z * (var / len(d)) ** 0.5)

