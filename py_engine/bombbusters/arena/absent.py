"""Mission 22's tokens of values a player does not hold, and the tokens passed left once two yellow
wires are cut, as the card's back says; 27's tokens drawn once two yellow wires are cut.

Why a play: the setup tokens and the later gifts are facts the table app records ("has not" beside a
stand, a value token on a wire), and the gift waits for a moment of the game.  The choices the card
leaves to players, made as a teammate would (docs/arena.md):

* setup: of the values (blue or yellow) a player lacks, the two the public table finds likeliest for
  them (one a stand with two stands): the ones that tell the team the most.  The card says "values they
  do not have in their hand" (the table app reads a two-stand player's token so); the arena reads it per
  stand, because the "has" facts its reading adds would then span two stands, a count the engine cannot
  keep small (tried 2026-11-29: the 2-player setup ran out of memory); every player knows the rule,
  so the choice also says that each value ranked before the chosen ones is held (read as "has" facts);
* the gift: the blue value the public table expects the receiver to hold most wires of (then: the
  lowest), so that it lands on a wire — the public table's, not the giver's own view, whose choice
  would tell of the giver's hand; the receiver puts it on their leftmost such wire without a token
  (read: their hidden wires left of it are not that value), or beside their stand ("has not").
* 27's draw: of the tokens face up, a player takes the lowest value they hold (then puts it on their
  leftmost such wire), or with none the lowest, beside their stand; every player knows the rule, so
  passing over a lower token says they hold none of it ("has not").
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..questions.analysis import solve_state
from ..table.facts import Fact
from ..table.wires import BLUE_MAX, value_of
from .mission_play import MissionPlay, cut_count, expected_count, hand_values, token_on_value

__all__ = ["Absent", "TokenDraw"]

_VALUES: tuple = tuple(range(1, BLUE_MAX + 1)) + ("YELLOW",)


def _chosen(ranked: list, held: set, q: int, s: int | None, k: int) -> list[Fact]:
    """The first ``k`` values of ``ranked`` (the public table's order, which every player can work out) that
    the player lacks, as "has not", and what that choice tells besides: every value ranked before the last
    one chosen (all of them, when fewer than ``k`` are lacking) is held — "has".  Without the "has" facts
    the engine counted deals the rule rules out (mission 22's moves succeeded 1–3 points more often than
    the chances given: z up to 5 in the campaign)."""
    chosen = [v for v in ranked if v not in held][:k]
    before = ranked if len(chosen) < k else ranked[:ranked.index(chosen[-1])] if chosen else []
    return [Fact("has_not", q, s, v) for v in chosen] + [Fact("has", q, s, v) for v in before if v not in chosen]


class Absent(MissionPlay):
    """22: two "I have none" tokens each at setup; once the first 2 yellow wires are cut, each player
    from the captain clockwise gives a token to the player on their left."""

    def __init__(self) -> None:
        self.given = False

    def doc(self) -> dict:
        return {"kind": "absent", "given": self.given}

    def setup(self, ref: Any) -> None:
        n = len(ref.table.players)
        self.no_token = frozenset(range(n))
        for i in range(n):
            q = (ref.table.captain + i) % n
            public = solve_state(replace(ref.table, me=None, extra={}))
            stands = [s for p, s in ref.table.stand_keys() if p == q]
            per = [(None, 2)] if len(stands) == 1 else [(s, 1) for s in stands]
            facts = []
            for s, k in per:
                held = {value_of(t) for key, t in ref.seen.items() if key[0] == q and (s is None or key[1] == s)}
                ranked = sorted(_VALUES, key=lambda v: (-self._chance(public, ref, q, s, v), str(v)))
                facts += _chosen(ranked, held, q, s, k)
            ref.table = replace(ref.table, facts=ref.table.facts + tuple(facts))

    @staticmethod
    def _chance(an: Any, ref: Any, q: int, s: int | None, v: Any) -> float:
        return sum(pr for (p, st, j) in ref.world if p == q and (s is None or st == s)
                   for t, pr in an.slot_probs(p, st, j).items() if value_of(t) == v)

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if self.given or cut_count(ref.table, "YELLOW") < 2:
            return
        self.given = True
        n = len(ref.table.players)
        gifts = []
        an = solve_state(replace(ref.table, me=None, extra={}))  # the public table: a choice that tells nothing
        for i in range(n):
            g = (ref.table.captain + i) % n
            r = (g + 1) % n
            live = [v for v in range(1, BLUE_MAX + 1) if cut_count(ref.table, v) < 4]
            if live:
                gifts.append((r, max(live, key=lambda v: (expected_count(an, ref.table, r, v), -v))))
        for r, v in gifts:
            token_on_value(ref, r, v)


class TokenDraw(MissionPlay):
    """27: as soon as the first 2 yellow wires are cut, as many info tokens as players are drawn at random
    (from 2 of each blue value: the yellow one is drawn again, as in 13 and 39; tokens on the table are not
    taken out of the supply) and laid face up; from the captain clockwise each player takes one and puts it
    on a wire of its value, or beside their stand when they hold none."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(f"{seed}:draw")
        self.drawn = False

    def doc(self) -> dict:
        return {"kind": "token_draw", "drawn": self.drawn}

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if self.drawn or cut_count(ref.table, "YELLOW") < 2:
            return
        self.drawn = True
        n = len(ref.table.players)
        supply = [v for v in range(1, BLUE_MAX + 1) for _ in range(2)]
        left = sorted(supply.pop(self.rng.randrange(len(supply))) for _ in range(n))
        for i in range(n):
            r = (ref.table.captain + i) % n
            held = set(hand_values(ref, r))
            v = min((u for u in left if u in held), default=left[0])
            # the rule read: every token passed over that is lower (all of them, when none is held) is not held
            passed = {u for u in left if u != v and (u < v or v not in held)}
            if passed:
                ref.tell(tuple(Fact("has_not", r, None, u) for u in sorted(passed)))
            left.remove(v)
            token_on_value(ref, r, v)
