"""The starting tokens: each player, clockwise from the captain, places the one the page recommends.

Why the advice's first blue slot: the rules put a starting token on a blue wire.  The advice
itself offers value and even/odd tokens on blue wires only, so there this is its first entry; for
x1/x2/x3 tokens (missions 24, 40) it also scores yellow wires, and where one ranks first the arena
places the best blue one instead of the page's first.
"""

from __future__ import annotations

from dataclasses import replace

from ..advice.indication import placed_token, rank_indications
from ..advice.table_edits import set_slots
from ..table.state import GameState
from ..table.wires import BLUE, colour_of
from .referee import Referee

__all__ = ["advised_token", "place_tokens"]


def advised_token(view: GameState, kind: str) -> tuple[int, int] | None:
    """(stand, slot) of the token the starting-token advice ranks first for ``me`` (None: no slot allows one)."""
    me = view.me
    assert me is not None
    for r in rank_indications(view, (kind,))[kind]:
        if colour_of(view.stand(me, r["stand"])[r["slot"]].wire) == BLUE:  # type: ignore[arg-type]
            return r["stand"], r["slot"]
    return None


def place_tokens(ref: Referee, kind: str) -> None:
    """Every player's starting token on the referee's table, of the mission's token kind."""
    if kind == "none":
        return
    n = len(ref.table.players)
    for i in range(n):
        q = (ref.table.captain + i) % n
        view = ref.view(q)
        spot = advised_token(view, kind)
        if spot is None:
            continue
        s, j = spot
        st = view.stand(q, s)
        token = placed_token(kind, st[j], st)
        assert token is not None
        ref.table = replace(ref.table, players=set_slots(ref.table, {(q, s, j): token}))
