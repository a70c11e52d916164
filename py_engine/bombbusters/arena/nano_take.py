"""A wire taken from Nano's face-down pile (mission 43): the referee's deal, the table and the facts
after the take, written as the table app writes it (a ``{"kind": "nano"}`` move, ``web/table/entries-moved.js``).

Why the taker files the wire at a random place among the wires of its type: the engine counts a wire
taken from Nano as dealt to the stand that took it (``table/transfers.py``), which is exact only if
where it is filed tells nothing more — a wire picked at random and filed in order lands at each place
of the stand alike only if, among equal wires, every place is as likely.  Nano's pile is every wire in
play that no stand holds (43 draws no "a of b" wires), so the referee keeps no pile of its own and a
playout's drawn world gives its pile too.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from ..table.errors import RuleError
from ..table.notation import CUT, Slot
from ..table.players import Player
from ..table.state import GameState, pin_facts
from ..table.transfers import Move, Transfer
from .wire_moves import _follow

__all__ = ["filed_at", "nano_pile", "take_from_nano", "taker_stand"]


def nano_pile(table: GameState, world: dict) -> list[int]:
    """The wires still in Nano's pile, sorted: those in play that no stand holds."""
    if table.wires.groups():
        raise RuleError("Nano's pile with an 'a of b' draw: the wires left out and Nano's cannot be told apart")
    left = Counter(table.wires.copies())
    left.subtract(Counter(world.values()))
    return sorted(t for t, k in left.items() for _ in range(k))


def taker_stand(table: GameState, q: int) -> int:
    """Which of q's stands takes the wire (2 stands: the card leaves it to them): the one with fewer
    uncut wires, then the first — a choice made before looking at the wire, so it tells nothing."""
    stands = table.players[q].stands
    return min(range(len(stands)), key=lambda s: (sum(sl.state != CUT for sl in stands[s]), s))


def filed_at(wires: list[int], t: int, rng: random.Random) -> int:
    """Where wire t goes in a stand holding ``wires`` in order: in order, every place among the wires of
    its type alike (see the module's docstring)."""
    return sum(w < t for w in wires) + rng.randrange(wires.count(t) + 1)


def take_from_nano(table: GameState, world: dict, q: int, rng: random.Random) -> tuple[GameState, dict]:
    """(the table, the true wires) after player q takes a wire of Nano's pile at random and files it in
    order on one of their stands (:func:`taker_stand`); the pile must not be empty."""
    pile = nano_pile(table, world)
    if not pile:
        raise RuleError(f"player {q} takes a wire from Nano, whose pile is empty")
    t = pile[rng.randrange(len(pile))]
    s = taker_stand(table, q)
    stand = table.stand(q, s)
    if any(sl.unsorted or sl.turned for sl in stand):
        raise RuleError(f"a wire taken from Nano into player {q}'s stand {s + 1}, which holds an X or turned wire")
    j = filed_at([world[(q, s, i)] for i in range(len(stand))], t, rng)
    table = replace(table, facts=pin_facts(table, {q}))
    where = {(q, s, i): (q, s, i + (i >= j)) for i in range(len(stand))}
    new_stand = stand[:j] + (Slot(),) + stand[j:]
    players = tuple(Player(pl.name, tuple(new_stand if (p, k) == (q, s) else st for k, st in enumerate(pl.stands)))
                    for p, pl in enumerate(table.players))
    new_world = {where.get(k, k): w for k, w in world.items()}
    new_world[(q, s, j)] = t
    facts = tuple(g for f in table.facts for g in _follow(f, where))
    move = Move("nano", (Transfer(None, (q, s, j)),))
    return replace(table, players=players, facts=facts, moves=table.moves + (move,)), new_world
