"""Wires that change stands during a game (Walkie-Talkies, Grappling Hook): the referee's deal, the
table and the facts after the move, written as the table app writes them.

Why here and not in the referee: a move renumbers the slots of the stands it touches, so everything
keyed by a slot must follow — the true wires (``world``), the tokens (a wire keeps them but an x token,
which 24's FAQ discards), the facts (a has / has-not of a player who gives or takes is pinned to the wires it spoke of; a Label or
a detector's "not v" follows its slots, split per stand, and a Label whose two wires now sit on two
stands is dropped, as ``web/table/replay-table.js``'s ``placeFacts`` does), and the ``moves`` the
engine replays to find where each wire was dealt (``table/transfers.py``).  A receiver files the wire
in order among their sorted wires (after those of equal type: any place among equals tells the same).
"""

from __future__ import annotations

from dataclasses import replace

from ..table.facts import Fact
from ..table.notation import Slot
from ..table.players import Player
from ..table.state import GameState, pin_facts
from ..table.transfers import Move, Transfer

__all__ = ["Spot", "move_wires"]

Spot = tuple[int, int, int]


def move_wires(table: GameState, world: dict, kind: str, wires: list[tuple[Spot, tuple[int, int]]]
               ) -> tuple[GameState, dict]:
    """(the table, the true wires) after ``wires`` — each (the wire's spot now, the stand it goes to) —
    change stands at once; ``kind``: "walkie_talkies" or "grappling_hook"."""
    players = {src[0] for src, _ in wires} | {dst[0] for _, dst in wires}
    table = replace(table, facts=pin_facts(table, players))
    order = {k: [(k[0], k[1], j) for j in range(len(table.stand(*k)))] for k in {src[:2] for src, _ in wires} |
             {dst for _, dst in wires}}
    for src, _ in wires:
        order[src[:2]].remove(src)
    for src, dst in wires:
        order[dst].insert(_filed_at(table, world, order[dst], world[src]), src)
    where = {old: (*key, j) for key, olds in order.items() for j, old in enumerate(olds)}
    moved = {src for src, _ in wires}
    stands = {key: tuple(_carried(table.stand(*old[:2])[old[2]], old in moved) for old in olds)
              for key, olds in order.items()}
    new_players = tuple(Player(pl.name, tuple(stands.get((p, s), st) for s, st in enumerate(pl.stands)))
                        for p, pl in enumerate(table.players))
    move = Move(kind, tuple(Transfer(src, where[src]) for src, _ in wires))
    new_world = {where.get(k, k): t for k, t in world.items()}
    facts = tuple(g for f in table.facts for g in _follow(f, where))
    return replace(table, players=new_players, facts=facts, moves=table.moves + (move,)), new_world


def _carried(sl: Slot, moved: bool) -> Slot:
    """A slot as it lies after the move: a moved wire's x token is discarded (mission 24's FAQ on the
    Walkie-Talkies: it counted the stand the wire left), its other tokens go with it."""
    return replace(sl, multiplicity=None) if moved and sl.multiplicity is not None else sl


def _filed_at(table: GameState, world: dict, olds: list[Spot], t: int) -> int:
    """Where wire ``t`` goes in a stand whose slots (by their spots now) are ``olds``: after the last
    sorted wire of type ≤ t, never among the X or turned-around wires at its ends."""
    slots = [table.stand(*old[:2])[old[2]] for old in olds]
    ends = [i for i, sl in enumerate(slots) if sl.unsorted or sl.turned]
    sorted_part = [i for i in range(len(olds)) if i not in ends]
    if not sorted_part:  # only end wires: after a left-end turned wire (64), before a right-end one
        return 1 if len(olds) >= 2 else 0
    below = [i for i in sorted_part if world[olds[i]] <= t]
    return below[-1] + 1 if below else sorted_part[0]

def _follow(f: Fact, where: dict) -> list[Fact]:
    """Fact ``f`` with its slots where its wires are now (see the module's docstring)."""
    if f.kind in ("has", "has_not"):
        if f.wires is None:
            return [f]
        return [replace(f, wires=tuple(sorted(where.get(w, w) for w in f.wires)))]
    if not f.slots or f.stand is None:
        return [f]
    spots = [where.get((f.player, f.stand, j), (f.player, f.stand, j)) for j in f.slots]
    groups: dict = {}
    for p, s, j in spots:
        groups.setdefault((p, s), []).append(j)
    if len(groups) > 1 and f.kind not in ("not_value", "not_count"):  # slot by slot: it splits
        return []
    return [replace(f, player=p, stand=s, slots=tuple(sorted(js))) for (p, s), js in groups.items()]
