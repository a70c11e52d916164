"""Number cards that also decide who cuts: 51 ("Sir/Ma'am" names who cuts the card's value) and 45
(the first to say "Snip!" cuts it), as the mission cards' backs say.

Why apart from ``number_cards.py``: here the card changes who acts, so the play runs the whole turn.
The choices the cards leave to players, made as a teammate would (docs/arena.md, "Number cards"):

* 51: Sir/Ma'am names themselves if they hold the value, else the teammate their own view gives the
  most wires of it (then: the nearest on their left); a named player without the value puts the
  info token on their wire the table finds least likely to be what it is (the table also learns
  "has not").
* 45: every player who holds the value volunteers in their head; the one whose move is likeliest to
  work says "Snip!" first (a sure move first; then clockwise from the captain).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..advice.indication import placed_token
from ..advice.table_edits import set_slots
from ..questions.analysis import solve_state
from ..table.notation import CUT, HIDDEN
from ..table.wires import BLUE_MAX, RED, colour_of, value_of
from .mission_play import Decide, MissionPlay, advance, cut_count, hand_values, only_red, tell_has_not

__all__ = ["Sir", "Volunteers"]


class _Deck(MissionPlay):
    """A face-down deck of number cards: a card whose 4 wires are cut is discarded; an empty deck is
    made again of the cards left, shuffled.  ``current``: (who must cut, the value) during a cut."""

    def __init__(self, numbers: tuple, seed: str, number: int):
        self.deck, self.number = list(numbers), number
        self.rng = random.Random(f"{seed}:numbers")
        self.current: tuple[int | None, int] | None = None

    def doc(self) -> dict:  # the deck's order is hidden: the playouts shuffle it again
        return {"kind": "deck", "mission": self.number, "deck": sorted(self.deck),
                "current": list(self.current) if self.current else None}

    def rules(self, table: Any, q: int) -> dict:
        if self.current is None or self.current[0] not in (None, q):
            return {}
        return {"only_values": {"values": [self.current[1]], "why": f"the number card's value (mission {self.number})"}}

    def flip(self, table: Any) -> int | None:
        """The next card's value (None: every value's wires are cut)."""
        live = [v for v in range(1, BLUE_MAX + 1) if cut_count(table, v) < 4]
        self.deck = [v for v in self.deck if v in live]
        if not self.deck:
            self.deck = live
            self.rng.shuffle(self.deck)
        return self.deck.pop(0) if self.deck else None

    def cut(self, ref: Any, who: int, v: int, d: Any) -> str:
        """``who`` plays decision ``d`` on value v (checked against the card)."""
        if d is None:
            return "stuck"
        if d.move is None and not d.before:
            return "idle"
        self.check(ref, who, d.move)
        ref.play(who, d)
        return "played"


class Sir(_Deck):
    """51: the active player flips the top card and names who cuts its value (even themselves); the
    named player cuts it, or, without the value, puts an info token and moves the detonator.  The
    detonator starts a space further back; with 2 players the captain puts no starting token.  A
    player with only red wires at the start of their turn reveals them."""

    def setup(self, ref: Any) -> None:
        ref.table = replace(ref.table, mistakes_left=ref.mistakes_left + 1)
        if len(ref.table.players) == 2:
            self.no_token = frozenset({ref.table.captain})

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        if only_red(ref, q):
            return super().turn(ref, q, decide)
        v = self.flip(ref.table)
        if v is None:
            return "idle"
        who = self._name(ref, q, v)
        if v not in hand_values(ref, who):
            self._token(ref, who)
            tell_has_not(ref, who, [v])
            advance(ref)
            return "played"
        self.current = (who, v)
        try:
            return self.cut(ref, who, v, decide(who))
        finally:
            self.current = None

    def _name(self, ref: Any, q: int, v: int) -> int:
        if v in hand_values(ref, q):
            return q
        view = ref.view(q)
        an = solve_state(view)
        n = len(ref.table.players)

        def expected(p: int) -> float:
            return sum(pr for s in range(len(ref.table.players[p].stands)) for j, sl in enumerate(ref.table.stand(p, s))
                       if sl.state != CUT for t, pr in an.slot_probs(p, s, j).items() if value_of(t) == v)
        able = [p for p in range(n) if p != q and ref.uncut(p)]
        return max(able, key=lambda p: (expected(p), -((p - q) % n))) if able else q

    def _token(self, ref: Any, who: int) -> None:
        """The named player's info token: on their wire whose value the table finds least likely (it
        tells the team the most), red wires aside."""
        public = solve_state(replace(ref.table, me=None, extra={}))
        best: tuple = (2.0, None)
        for (p, s, j), t in sorted(ref.world.items()):
            sl = ref.table.stand(p, s)[j]
            if p == who and sl.state == HIDDEN and not sl.turned and colour_of(t) != RED:
                chance = sum(pr for u, pr in public.slot_probs(p, s, j).items() if value_of(u) == value_of(t))
                if chance < best[0]:
                    best = (chance, (s, j))
        if best[1] is None:
            return
        s, j = best[1]
        st = ref.view(who).stand(who, s)
        token = placed_token("value", st[j], st)
        if token is not None:
            ref.table = replace(ref.table, players=set_slots(ref.table, {(who, s, j): token}))


class Volunteers(_Deck):
    """45: the captain flips the top card; the first to say "Snip!" cuts its value (turns in no fixed
    order).  A player with only red wires says "Snip!" to reveal them first."""

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        n = len(ref.table.players)
        order = [(ref.table.captain + i) % n for i in range(n)]
        red = next((p for p in order if only_red(ref, p)), None)
        if red is not None:
            return MissionPlay.turn(self, ref, red, decide)
        v = self.flip(ref.table)
        if v is None:
            return "idle"
        holders = [p for p in order if v in hand_values(ref, p)]
        self.current = (None, v)
        try:
            best: tuple = (-1.0, None, None)
            for p in holders:
                d = decide(p)
                if d is None:
                    return "stuck"
                m = d.move
                key = -0.5 if m is None else (2.0 if m.get("guaranteed") else m.get("p_success", 0.0))
                if key > best[0]:
                    best = (key, p, d)
            if best[1] is None:
                return "idle"
            return self.cut(ref, best[1], v, best[2])
        finally:
            self.current = None
