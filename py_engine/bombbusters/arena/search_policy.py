"""The ``search`` policy: the team policy, with its closest calls settled by playing the game on.

Why only the close calls: even a short playout costs a few solves, so comparing moves on every turn
would make one game take minutes.  Where the team policy's best move is sure, or beats the next by more
than ``CLOSE`` in its score, the one-step order stands; else the first ``TOP`` moves are each played
first on the same ``WORLDS`` worlds drawn from the actor's exact posterior, the team policy plays on for
``leaf_value.DEPTH`` decisions and the table reached is scored by its estimated chance to win (a whole
playout costs ≈ 20 decisions: ``leaf_value.py`` says why this is the same comparison on average), and
the move worth most replaces the team policy's when it leads by ``SURE_Z`` standard errors of their
paired difference — *Think longer*'s comparison (``search.py``), shortened and with a fixed budget; the
page's thinking ahead is this search (:func:`refine`, the ``refine`` request).
The playouts know the Double Detectors already used; the equipment cards are left out of them (a view
carries the cards usable now, not the table's pile).
"""

from __future__ import annotations

import math
import zlib
from dataclasses import replace
from typing import Any

from ..advice.moves import rank_moves
from ..advice.team import takeable, team_choice
from ..questions.analysis import Analysis, solve_state
from ..table.state import GameState
from .leaf_value import DEPTH, applies
from .referee import Decision
from .search import MOVE_KEYS, compare_moves

__all__ = ["CLOSE", "SURE_Z", "TOP", "WORLDS", "clearly_better", "close_call", "decide", "pick", "refine",
           "refine_json", "searched"]

#: the team policy's score gap under which the first moves are played out
CLOSE = 0.05
#: how many of the first moves are compared
TOP = 3
#: the worlds each compared move is played on
WORLDS = 8
#: how many standard errors of the paired difference a move must win by to replace the team policy's
SURE_Z = 2.0


def decide(view: GameState, an: Analysis) -> Decision:
    """The team policy's decision, or the move worth most when played on where its first two are close."""
    got = refine(view, an)
    if not got["close"]:
        return Decision(got["move"], tuple(got["before"]))
    best = pick(got["won"])
    return Decision(got["moves"][best], tuple(got["before"]) if best == 0 else ())


def refine(view: GameState, an: Analysis | None = None, first: int = 0, n: int = WORLDS) -> dict:
    """The search on my view, on its worlds ``first`` … ``first + n − 1`` (the page asks in slices; world j is
    drawn alike in any slice): ``close`` (whether there is anything to play on: a close call, on a table the
    leaf value was fitted for, :func:`.leaf_value.applies`), the team policy's ``move``
    and the table cards it plays ``before`` it, and at a close call the ``moves`` compared (the team policy's
    first, in its order) with each one's values on those worlds (``won``) and the ``depth`` played."""
    an = an or solve_state(view, reuse=True)
    ranked, move, before = team_choice(view, rank_moves(view, an))
    order = [m for m in ranked if takeable(m)][:TOP]
    if not close_call(order) or not applies(view):
        return {"close": False, "move": move, "before": before}
    state, seed = searched(view)
    won: list[list[float]] = [[] for _ in order]
    for j in range(first, first + n):
        for row, w in zip(won, compare_moves(state, 1, seed + j, TOP, moves=order, depth=DEPTH, laws=an)["won"]):
            row += w
    return {"close": True, "move": move, "before": before, "moves": order, "won": won, "depth": DEPTH}


def pick(won: list[list[float]]) -> int:
    """The compared move chosen (index): the one worth most over the worlds, if it beats the team policy's
    first (index 0) clearly (:func:`clearly_better`), else the team policy's."""
    best = max(range(len(won)), key=lambda i: (sum(won[i]), -i))
    return best if best and clearly_better(won[best], won[0]) else 0


def refine_json(doc: Any, first: int = 0, n: int = WORLDS) -> dict:
    """Bridge entry: :func:`refine` on a state document, the moves as the ``search`` request names them; the
    page sums the slices and chooses by :func:`pick`'s rule (``web/table/refine.js``)."""
    got = refine(GameState.from_json(doc), first=first, n=n)
    out = {"close": got["close"], "worlds": WORLDS, "sure_z": SURE_Z}
    if got["close"]:
        out.update(moves=[{k: m[k] for k in MOVE_KEYS if k in m} for m in got["moves"]], won=got["won"],
                   first=first, depth=got["depth"])
    return out


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


def clearly_better(a: list[float], b: list[float], z: float = SURE_Z) -> bool:
    """Whether games ``a`` (won 1/0, or a chance) beat games ``b`` on the same worlds by ``z`` standard errors
    of their paired difference (all differences alike and above 0: better on every world).  Why not the bare count: the
    best of three noisy shares is too high by chance (the winner's curse), and a switch away from the
    team policy's move should be one the worlds agree on."""
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1)
    return mean > 0 and (var == 0 or mean >= z * math.sqrt(var / len(d)))

