"""Constraint cards that sit on the table beside the number cards (57) or go round it (61).

Why apart from ``constraint_play.py``: these two missions' cards move by the table's progress (a value
validated) or by the team's choice (a rotation, a card discarded), and a whole round of skips
explodes the bomb.  Readings taken where the cards leave a choice (docs/arena.md, "Constraint cards"):

* 61: before each of the captain's turns the team rotates the cards the way (none, clockwise,
  counter-clockwise, in that order of preference) that lets the most players name a value they hold
  (a player with only red wires can always reveal them); each says only whether they could play;
* 61: a player who cannot play discards their card for a random one of F-L (the detonator moves a
  space) only when their skip would end a whole round of skips, which would explode the bomb.
"""

from __future__ import annotations

from typing import Any

from ..table.state import GameState
from .constraint_play import ALL_CARDS, ConstraintPlay, allowed_count, shuffled, validated
from .mission_play import advance, hand_values

__all__ = ["PerValue", "Ring", "ring_seats"]


class PerValue(ConstraintPlay):
    """57: each number card paired with a random constraint card (A-L); when a value is validated (its 4
    wires cut) its card goes on top of the pile and binds everyone; a whole round of skips explodes."""

    round_rule = "explode"
    reads_skip = True

    def __init__(self, pairs: dict[int, str], order: Any = ()) -> None:
        super().__init__()
        self.pairs, self.order = dict(pairs), list(order)

    @classmethod
    def dealt(cls, seed: Any) -> "PerValue":
        return cls(dict(zip(range(1, 13), shuffled(seed, ALL_CARDS, "57"))))

    def constraints(self, table: GameState, q: int) -> list[str]:
        return [self.pairs[self.order[-1]]] if self.order else []

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        self.order += sorted(validated(ref.table) - set(self.order))

    def doc(self) -> dict:
        return {"kind": "per_value", "pairs": {str(v): c for v, c in self.pairs.items()}, "order": self.order,
                "skipped": sorted(self.skipped)}

    @classmethod
    def from_doc(cls, doc: dict, seed: int) -> "PerValue":
        """A playout's pairs: those the document gives (the table app's: as entered, and the card in play), the
        values it leaves out paired again at random with the cards it leaves out (seeded)."""
        pairs = {int(v): str(c) for v, c in doc["pairs"].items()}
        rest = shuffled(seed, [c for c in ALL_CARDS if c not in pairs.values()], "57 pairs")
        pairs.update(zip([v for v in range(1, 13) if v not in pairs], rest))
        play = cls(pairs, [int(v) for v in doc["order"]])
        play.skipped = set(doc.get("skipped", ()))
        return play


def ring_seats(players: int, captain: int = 0) -> list[int | None]:
    """The places round the table, clockwise from the captain: a player, or None for a card on the table
    (2 players: one on each side of the captain; 3 players: one on the captain's left, before the next)."""
    order = [(captain + i) % players for i in range(players)]
    if players == 2:
        return [order[0], None, order[1], None]
    if players == 3:
        return [order[0], None, order[1], order[2]]
    return list(order)


class Ring(ConstraintPlay):
    """61: one card of A-E at each place round the table (:func:`ring_seats`); each player keeps to
    theirs or skips (the detonator stays); the team may rotate the cards before the captain's turn; a
    player may discard theirs for a random one of F-L, the detonator moving a space; a whole round of
    skips explodes the bomb."""

    round_rule = "explode"

    def __init__(self, seats: list, held: list, pool: list) -> None:
        super().__init__()
        self.seats, self.held, self.pool = list(seats), list(held), list(pool)

    @classmethod
    def dealt(cls, players: int, seed: Any) -> "Ring":
        seats = ring_seats(players)
        return cls(seats, shuffled(seed, "ABCDE", "61")[:len(seats)], shuffled(seed, "FGHIJKL", "61 pool"))

    def constraints(self, table: GameState, q: int) -> list[str]:
        return [self.held[self.seats.index(q)]] if q in self.seats else []

    def turn(self, ref: Any, q: int, decide: Any) -> str:
        n, cap = len(ref.table.players), ref.table.captain
        if q == next(p for p in ((cap + i) % n for i in range(n)) if ref.uncut(p)):  # the captain's turn, or
            self._rotate(ref)  # where it would be once the captain has no wire left
        return super().turn(ref, q, decide)

    def _rotate(self, ref: Any) -> None:
        n = len(self.seats)
        options = [[self.held[(i - k) % n] for i in range(n)] for k in (0, 1, -1)]
        self.held = max(options, key=lambda held: self._able(ref, held))  # max keeps the first of equals

    def _able(self, ref: Any, held: list) -> int:
        able = 0
        for i, p in enumerate(self.seats):
            if p is None or not ref.uncut(p):
                continue
            vs = hand_values(ref, p)
            able += all(v == "RED" for v in vs) or allowed_count(ref, p, held[i]) > 0
        return able

    def relieve(self, ref: Any, q: int) -> bool:
        others = {p for p in range(len(ref.table.players)) if p != q and ref.uncut(p)}
        if not self.pool or not self.skipped >= others:
            return False
        self.held[self.seats.index(q)] = self.pool.pop(0)
        advance(ref)
        return True

    def doc(self) -> dict:
        return {"kind": "ring", "seats": self.seats, "held": self.held, "pool": sorted(self.pool),
                "skipped": sorted(self.skipped)}

    @classmethod
    def from_doc(cls, doc: dict, seed: int) -> "Ring":
        """The F-L cards left are drawn at random: a playout shuffles them again."""
        play = cls(list(doc["seats"]), list(doc["held"]), shuffled(seed, doc["pool"], "61 pool"))
        play.skipped = set(doc["skipped"])
        return play
