"""The starting tokens: each player, clockwise from the captain, places the one the page recommends.

Why the advice's first entry as it stands: the advice offers every kind of starting token on
blue wires only (the rules' setup), so what the page recommends is what the arena places.  Why
its choice is read too: the slot it picked says which other slots would have told the team more,
and players who leave that out trust their chances too little or too much (docs/arena.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from ..advice.indication import placed_token, rank_indications, token_choice_facts
from ..advice.table_edits import set_slots
from ..table.state import GameState
from .referee import Referee

__all__ = ["Chooser", "advised_token", "place_tokens"]


def advised_token(view: GameState, kind: str) -> tuple[int, int] | None:
    """(stand, slot) of the token the starting-token advice ranks first for ``me`` (None: no slot allows one)."""
    ranked = rank_indications(view, (kind,))[kind]
    return (ranked[0]["stand"], ranked[0]["slot"]) if ranked else None


#: how a player picks the slot of their starting token: (their view, the token kind) -> (stand, slot) or None
Chooser = Callable[[GameState, str], "tuple[int, int] | None"]


def place_tokens(ref: Referee, kind: str, choose: Chooser = advised_token, read_choice: bool = True) -> None:
    """Every player's starting token on the referee's table, of the mission's token kind, where ``choose``
    puts it (the page's advice; ``build_scripts/calibration_probe.py`` also tries a random blue wire).
    ``read_choice``: an advised value token also adds what its choice tells (``token_choice_facts``): the
    team knows the rule that placed it, so the arena's players read it as the page does when told the
    team places the advised tokens (off: ``build_scripts/calibration_probe.py --ignore-choice``)."""
    if kind == "none":
        return
    n = len(ref.table.players)
    for i in range(n):
        q = (ref.table.captain + i) % n
        view = ref.view(q)
        spot = choose(view, kind)
        if spot is None:
            continue
        s, j = spot
        st = view.stand(q, s)
        token = placed_token(kind, st[j], st)
        assert token is not None
        told = token_choice_facts(view, s, j) if read_choice and kind == "value" and choose is advised_token else ()
        ref.table = replace(ref.table, players=set_slots(ref.table, {(q, s, j): token}), facts=ref.table.facts + told)
