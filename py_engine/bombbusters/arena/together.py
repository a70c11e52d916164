"""Wires cut all at once by a mission's special action — 13's three red wires, 39's four noble wires —
and the random info tokens both missions place at setup, as the cards' backs say.

Why a family: the action is the same (point at every wire of a kind still uncut; all right, they are
cut; one wrong, the bomb explodes) and so is the teammate's choice of when (docs/arena.md): a player
takes it as soon as their own view makes it sure, and when they must (13: only red wires left; both:
no other move); they point at their own such wires and at the teammates' wires their view finds
likeliest (46's sevens, ``special_cuts.py``, are the same pointing).  What the action and the tokens
tell reaches the engine as cut wires, info tokens and "has" / "has not" facts.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable

from ..advice.special_action import likeliest
from ..advice.table_edits import cut_slot, with_cuts
from ..questions.analysis import solve_state
from ..table.facts import Fact
from ..table.notation import CUT
from ..table.wires import BLUE_MAX, RED, colour_of, value_of
from .mission_play import Decide, MissionPlay, cut_count, hand_values, token_on_value

__all__ = ["AllAtOnce", "Noble", "RedAlert", "pointed", "random_tokens"]


def pointed(ref: Any, q: int, test: Callable[[int], bool], count: int, an: Any = None,
            joint: bool = True) -> tuple[list, list, float]:
    """(q's own uncut wires passing ``test``, the teammates' wires q points at, the chance they all pass by
    q's view, read wire by wire): the ``count`` wires of the kind still uncut.  ``joint``: picked for their joint
    chance (``advice/special_action.likeliest``); else slot by slot, which is enough to see whether the action is
    sure (every chance 1) and cheaper."""
    own = [k for k, t in sorted(ref.seen.items()) if k[0] == q and test(t) and ref.table.stand(k[0], k[1])[k[2]].state != CUT]
    need = count - sum(1 for k, t in ref.world.items() if test(t) and ref.table.stand(k[0], k[1])[k[2]].state == CUT) - len(own)
    if need <= 0:
        return own, [], 1.0
    an = an or solve_state(ref.view(q), reuse=True)
    spots = [(p, s, j) for p, s in ref.table.stand_keys() if p != q for j, sl in enumerate(ref.table.stand(p, s))
             if sl.state != CUT]
    picked = likeliest(an, spots, test, need, ref.table.wires.copies() if joint else None)
    p_all = 1.0
    for k in picked:
        p_all *= sum(pr for t, pr in an.slot_probs(*k).items() if test(t))
    return own, picked, p_all


def random_tokens(ref: Any, rng: random.Random, skip: frozenset = frozenset()) -> None:
    """13, 39: each player from the captain clockwise draws an info token at random (a yellow one is
    drawn again: 2 of each blue value) and puts it on their leftmost uncut wire of that value, or beside
    their stand ("has not")."""
    n = len(ref.table.players)
    supply = [v for v in range(1, BLUE_MAX + 1) for _ in range(2)]
    for i in range(n):
        q = (ref.table.captain + i) % n
        if q in skip:
            continue
        token_on_value(ref, q, supply.pop(rng.randrange(len(supply))))


class AllAtOnce(MissionPlay):
    """A kind of wire (``test`` on a wire type, ``count`` of them) cut only all at once by the special
    action; ``value``: its gameplay value, which no one names otherwise (39); ``anyone``: whether a player
    who holds none may act (13: with 4-5 players; 39: always); ``must``: whether a player whose wires are
    all of the kind must act (13)."""

    def __init__(self, number: int, test: Callable[[int], bool], count: int, value: Any, seed: str):
        self.number, self.test, self.count, self.value = number, test, count, value
        self.rng = random.Random(f"{seed}:tokens")
        self.done = False
        self.anyone, self.must = True, False

    def doc(self) -> dict:
        """The public state a playout remakes the play from (:func:`all_at_once_from_doc`)."""
        return {"kind": "all_at_once", "mission": self.number, "done": self.done}

    def setup(self, ref: Any) -> None:
        n = len(ref.table.players)
        random_tokens(ref, self.rng, self.no_token)  # 13 with 2 players: not the captain
        self.no_token = frozenset(range(n))  # the random tokens replace the chosen ones

    def rules(self, table: Any, q: int) -> dict:
        if self.value is None or self.done:
            return {}
        return {"no_values": [{"value": self.value, "why": f"these wires are cut all at once (mission {self.number})"}]}

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        if not self.done:
            mine = [t for k, t in ref.seen.items() if k[0] == q and ref.table.stand(k[0], k[1])[k[2]].state != CUT]
            own, _picked, chance = pointed(ref, q, self.test, self.count, joint=False)
            may = self.anyone or bool(own)
            if may and (chance >= 1.0 - 1e-9 or (self.must and mine and all(self.test(t) for t in mine))):
                self.act(ref, q)
                return "played"
        return super().turn(ref, q, decide)

    def idle(self, ref: Any, q: int) -> bool:
        if self.done or not (self.anyone or any(self.test(t) for k, t in ref.seen.items() if k[0] == q)):
            return False
        self.act(ref, q)
        return True

    def act(self, ref: Any, q: int) -> None:
        """The special action: every wire of the kind cut, or the bomb explodes."""
        own, picked, _chance = pointed(ref, q, self.test, self.count)
        if not all(self.test(ref.world[k]) for k in picked):
            ref.outcome = "exploded"
            return
        ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in own + picked})
        self.done = True
        self.after_action(ref)

    def after_action(self, ref: Any) -> None:
        """What the action brings (39: the number cards left, dealt out as "has" tokens)."""


class Noble(AllAtOnce):
    """39: the four wires of the face-up number card's value; until the action is done, the top card of
    an 8-card deck is discarded at the end of each round; then the cards left are dealt out from the
    captain, and each player puts an info token beside their stand for the first value among their cards
    that they hold ("has")."""

    def __init__(self, numbers: tuple, seed: str):
        noble = numbers[0]
        super().__init__(39, lambda t: value_of(t) == noble, 4, noble, seed)
        self.deck = list(numbers[1:9])
        self.last: int | None = None

    def doc(self) -> dict:
        """The noble value, the number of cards left in the face-down deck, who played last."""
        return {**super().doc(), "noble": self.value, "deck": len(self.deck), "last": self.last}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "Noble":
        """A playout's play: the face-down deck's cards, which nobody has seen, drawn again among the other
        values (seeded)."""
        noble = int(doc["noble"])
        others = [v for v in range(1, BLUE_MAX + 1) if v != noble]
        play = cls((noble, *random.Random(seed).sample(others, int(doc["deck"]))), str(seed))
        play.restore(doc)
        return play

    def restore(self, doc: dict) -> None:
        """Whether the action is done and who played last, as the view's ``mission_play`` says."""
        self.done, self.last = bool(doc["done"]), doc.get("last")

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        n = len(ref.table.players)
        if self.last is not None and not self.done:
            steps = (q - self.last) % n or n
            if any((self.last + i) % n == ref.table.captain for i in range(1, steps + 1)) and self.deck:
                self.deck.pop(0)  # the end of a round, before the captain's turn
        self.last = q
        return super().turn(ref, q, decide)

    def after_action(self, ref: Any) -> None:
        n = len(ref.table.players)
        cards: dict[int, list[int]] = {p: [] for p in range(n)}
        for i, v in enumerate(self.deck):
            cards[(ref.table.captain + i) % n].append(v)
        self.deck = []
        facts = []
        for p, vs in cards.items():
            held = set(hand_values(ref, p))
            v = next((v for v in vs if v in held and cut_count(ref.table, v) < 4), None)
            if v is not None:
                facts.append(Fact("has", p, None, v))
        ref.table = replace(ref.table, facts=ref.table.facts + tuple(facts))


class RedAlert(AllAtOnce):
    """13: the three red wires (dealt first, seen going to whom: ``deal._reds_first``) are cut only all at
    once; a player with only red wires left must act (no revealing them); with 2-3 players only a player
    holding a red wire may act."""

    def __init__(self, players: int, seed: str):
        super().__init__(13, lambda t: colour_of(t) == RED, 3, None, seed)
        self.anyone, self.must = players >= 4, True
