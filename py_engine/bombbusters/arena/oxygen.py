"""Oxygen: each cut pays tokens, and a player who cannot pay for any cut skips their turn while the
detonator moves a space (44, 49, 63, as the mission cards' backs say).

Why ``no_values``: the table app forbids the cuts I cannot pay for the same way, so the advice ranks
only what I can afford and the referee checks it.  What a skip tells: in 63 (its FAQ) a player who can
pay must play, and a player who holds a value can always cut it (a dual cut, or a solo cut if they hold
every one left), so a skip there says "I hold none of the values I could pay for" ("has not" facts, as
the table app would record); in 44 and 49 a player may skip to save oxygen (their FAQs, in bdiffuser's
card data), so at the table a skip tells nothing, but the arena's players skip only when they cannot
pay, a rule the team knows: the arena reads their skips as 63's.

* 44: one reserve of 2 tokens a player; a cut takes 1 token for a value 1-4, 2 for 5-8, 3 for 9-12;
  all come back at the start of the captain's turn (when the turn passes the captain's seat).
* 49: each player's own tokens (7, 6, 5, 4 each for 2-5 players); a cut of value v gives v of them to
  a teammate with a wire left, the cutter's choice, made as a teammate at the table would: to one who
  shows the thumbs-up (the one signal the mission allows: "I need oxygen" — no value they hold is
  affordable), the nearest on the left; with no such signal, to the one with the fewest (then: the
  nearest on the left).  Giving to the fewest alone won 0 of 20 games at 4 players (a player holding
  only high values never got enough), the signal 7 of 20 (the advice, seed 1).  What a signal tells
  of a hand is not read (the engine counts the deals as if none were shown).  A player who reveals
  their red wires or has no wire left loses the rest (the FAQ).
* 63: the captain takes 14, 18, 24 or 30; a cut of value v puts v in the reserve; the rest travels with
  the turn to the left, and the captain takes the reserve back at the start of their turn.

Revealing red wires is not a cut and costs nothing; a detector pays for the value it names.
"""

from __future__ import annotations

from typing import Any

from ..table.wires import BLUE_MAX
from .mission_play import Decide, MissionPlay, advance, cut_count, hand_values, tell_has_not, value_of_move

__all__ = ["Oxygen", "cost"]

_OWN = {2: 7, 3: 6, 4: 5, 5: 4}
_CAPTAIN = {2: 14, 3: 18, 4: 24, 5: 30}


def cost(kind: str, v: int) -> int:
    """Oxygen tokens a cut of value v takes (44: by depth; 49, 63: its value)."""
    return (v + 3) // 4 if kind == "reserve" else v


class Oxygen(MissionPlay):
    """``kind``: "reserve" (44), "gift" (49) or "pass" (63); ``tokens``: who holds how many (44: the
    reserve is player -1; 63: the tokens travelling with the turn are player -1, the reserve -2)."""

    def __init__(self, kind: str, players: int, number: int):
        self.kind, self.players, self.number = kind, players, number
        if kind == "reserve":
            self.tokens = {-1: 2 * players}
        elif kind == "gift":
            self.tokens = {p: _OWN[players] for p in range(players)}
        else:
            self.tokens = {-1: _CAPTAIN[players], -2: 0}
        self.last: int | None = None

    def doc(self) -> dict:
        return {"kind": "oxygen", "oxygen": self.kind, "tokens": {str(k): v for k, v in self.tokens.items()},
                "mission": self.number, "last": self.last}

    def budget(self, q: int) -> int:
        return self.tokens[q] if self.kind == "gift" else self.tokens[-1]

    def affordable(self, table: Any, q: int) -> list[int]:
        return [v for v in range(1, BLUE_MAX + 1) if cost(self.kind, v) <= self.budget(q) and cut_count(table, v) < 4]

    def rules(self, table: Any, q: int) -> dict:
        b = self.budget(q)
        costs = {v: cost(self.kind, v) for v in range(1, BLUE_MAX + 1)}
        no = [{"value": v, "why": f"not enough oxygen: a {v} takes {c}, {b} at hand (mission {self.number})"}
              for v, c in costs.items() if c > b]
        spend = {"tokens": b, "costs": [{"value": v, "tokens": c} for v, c in costs.items()]}
        return {"oxygen": spend, **({"no_values": no} if no else {})}

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        captain = ref.table.captain
        steps = self.players if self.last is None else (q - self.last) % self.players or self.players
        if self.last is None or any((self.last + i) % self.players == captain for i in range(1, steps + 1)):
            self._captain_turn()
        self.last = q
        return super().turn(ref, q, decide)

    def _captain_turn(self) -> None:
        if self.kind == "reserve":
            self.tokens[-1] = 2 * self.players
        elif self.kind == "pass":
            self.tokens[-1] += self.tokens[-2]
            self.tokens[-2] = 0

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        self._pay(ref, q, move)
        if self.kind == "gift" and (not ref.uncut(q) or (move or {}).get("kind") == "reveal_red"):
            self.tokens[q] = 0  # 49's FAQ: their oxygen leaves the game

    def _pay(self, ref: Any, q: int, move: dict | None) -> None:
        named = [v for v in ((move or {}).get("values") or [value_of_move(move)]) if isinstance(v, int)]
        if not named:
            return
        c = cost(self.kind, max(named))
        if self.kind == "gift":
            n = self.players
            others = [p for p in range(n) if p != q and ref.uncut(p)] or [p for p in range(n) if p != q]
            signal = [p for p in others if self._needs(ref, p)]
            to = min(signal, key=lambda p: (p - q) % n) if signal else \
                min(others, key=lambda p: (self.tokens[p], (p - q) % n))
            self.tokens[q] -= c
            self.tokens[to] += c
        else:
            self.tokens[-1] -= c
            if self.kind == "pass":
                self.tokens[-2] += c

    def _needs(self, ref: Any, p: int) -> bool:
        """Whether p shows the thumbs-up (49): p holds a blue value still in play and can afford none of them."""
        held = {v for v in hand_values(ref, p) if isinstance(v, int) and cut_count(ref.table, v) < 4}
        return bool(held) and min(cost(self.kind, v) for v in held) > self.tokens[p]

    def idle(self, ref: Any, q: int) -> bool:
        # 63: one who can pay must play; 44, 49: the arena's players skip only then too, a rule the team knows
        tell_has_not(ref, q, self.affordable(ref.table, q))
        advance(ref)
        return True
