"""The table after a move: cut slots, info tokens, the facts a cut pins, the detonator.

Why apart: the one-turn-ahead view and the playouts both write tables that could follow a move,
and both must write them exactly as the table app records them.
"""

from __future__ import annotations

from dataclasses import replace

from ..table.facts import Fact
from ..table.notation import CUT, INFO, Slot
from ..table.players import Player
from ..table.state import GameState, pin_facts
from ..table.wires import BLUE, YELLOW, colour_of, value_of
from .hidden_red import hidden_red_law

__all__ = ["After", "cut_own", "cut_slot", "set_slots", "token_slot", "with_cuts"]


_DETECTORS = {"double_detector", "triple_detector", "super_detector"}


def set_slots(state: GameState, changes: dict[tuple[int, int, int], Slot]) -> tuple[Player, ...]:
    """The players with these slots changed.  A stand no change touches stays the same tuple, so the
    compiler's per-stand readings (kept by identity) still serve it."""
    touched = {(p, s) for p, s, _j in changes}
    players = []
    for p, pl in enumerate(state.players):
        stands = tuple(
            tuple(changes.get((p, s, j), sl) for j, sl in enumerate(st)) if (p, s) in touched else st
            for s, st in enumerate(pl.stands)
        )
        players.append(Player(pl.name, stands))
    return tuple(players)


def cut_slot(state: GameState, spot: tuple[int, int, int], t: int | None) -> Slot:
    """The slot at ``spot`` cut, showing wire t; its other tokens (X, x-token, even/odd) stay."""
    return replace(state.stand(spot[0], spot[1])[spot[2]], state=CUT, wire=t, colour=None, not_value=None)


def token_slot(state: GameState, spot: tuple[int, int, int], t: int) -> Slot:
    """The slot at ``spot`` with the info token a failure puts there: the blue number, or yellow."""
    blue = colour_of(t) == BLUE
    return replace(state.stand(spot[0], spot[1])[spot[2]], state=INFO, wire=t if blue else None,
                   colour=None if blue else YELLOW)


def cut_own(table: GameState, wires: dict, q: int, value, count: int | None = None) -> dict:
    """Changes cutting player q's uncut wires of gameplay ``value``, leftmost first (``count`` of
    them; None: all); ``wires``: the wire at each spot, where known."""
    changes: dict = {}
    for s in range(len(table.players[q].stands)):
        for j, sl in enumerate(table.stand(q, s)):
            t = wires.get((q, s, j))
            if sl.state != CUT and t is not None and value_of(t) == value and (count is None or len(changes) < count):
                changes[(q, s, j)] = cut_slot(table, (q, s, j), t)
    return changes


def with_cuts(table: GameState, changes: dict) -> GameState:
    """The table with these slots changed (cuts), its "has"/"has not" facts pinned first."""
    return replace(table, players=set_slots(table, changes), facts=pin_facts(table, {spot[0] for spot in changes}))


class After:
    """Builds the table after an outcome of one move (cuts, token, facts, detonator)."""

    def __init__(self, state: GameState, move: dict):
        self.state, self.move = state, move
        me = state.me
        assert me is not None
        named = move.get("values") or ([move["value"]] if move["value"] is not None else [])
        self.facts = tuple(Fact("has", me, None, v) for v in named if v != "RED")
        self.mine = {(me, s, j): sl.wire for s, st in enumerate(state.players[me].stands) for j, sl in enumerate(st)}

    def success(self, spot: tuple[int, int, int] | None, t: int | None, v, count: int | None = 1) -> GameState:
        """The target cut (if any) and ``count`` of my wires of value v (None: all of them)."""
        changes = {spot: cut_slot(self.state, spot, t)} if spot is not None and t is not None else {}
        changes.update(cut_own(self.state, self.mine, self.state.me, v, count))  # type: ignore[arg-type]
        return with_cuts(self.state, changes)

    def failure(self, spot: tuple[int, int, int], t: int) -> GameState:
        st = self.state
        token = token_slot(st, spot, t)
        facts = st.facts + self.facts
        if self.move["kind"] in _DETECTORS:
            facts += (Fact("not_value", spot[0], spot[1], self.move["value"], tuple(self.move["slots"])),)
        ml = st.mistakes_left - 1 if st.mistakes_left is not None else None
        extra = dict(st.extra)
        if hidden_red_law(st) and colour_of(t) == BLUE:  # a shown blue value is not the hidden red one
            raw = extra.get("hidden_red_value")
            ruled = list(raw.get("ruled_out", [])) if isinstance(raw, dict) else []
            extra["hidden_red_value"] = {"ruled_out": sorted(set(ruled) | {value_of(t)})}
        return replace(st, players=set_slots(st, {spot: token}), facts=facts, mistakes_left=ml, extra=extra)
