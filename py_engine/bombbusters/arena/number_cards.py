"""Number cards that decide which values may be cut (9, 16, 36, 26, 47, 65) or move the detonator
back (62), as the mission cards' backs say.

Why here and not in the referee: each card's rule becomes the ``rules`` entries the table app sends
(``no_values`` for a sequence's later values, ``only_values`` for the values the cards allow), so the
advice ranks only legal moves, the referee checks every move against the same entries, and the
playouts read them from the view's ``mission_play``.  Choices the cards leave to a player are made
as a teammate would (docs/arena.md, "Number cards"):

* 36: the Sequence card goes to the end whose value the chooser holds most of (then: the one with
  more wires cut; then: it stays).
* 47: of the pairs of cards that give the value cut, the one whose discard leaves the most values
  reachable (then: the lowest pair).
* 65: a player gives the face-up card and the teammate (one with a wire left) for which the teammate's
  expected wires of that value, by the giver's own view, less the giver's own wires of it, is largest
  (then: the lower value, the nearer on the left).  Before 2026-12-06: the card the giver held fewest of, to the
  teammate with the fewest face-up cards — 9 and 0 of 60 games won at 4 and 5 players (advice, seed 1),
  13 and 13 with this rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..table.wires import BLUE_MAX
from ..questions.analysis import solve_state
from .mission_play import Decide, MissionPlay, advance, cut_count, expected_count, hand_values, only_red, tell_has_not, value_of_move

__all__ = ["Hands", "Pick", "Roulette", "Sequence", "Sum", "sums"]

_ALL = tuple(range(1, BLUE_MAX + 1))


def _only(values: Any, why: str) -> dict:
    return {"only_values": {"values": sorted(values), "why": why}}


class Sequence(MissionPlay):
    """9, 16 (3 cards, the Sequence card at the left) and 36 (5 cards, the Sequence card at the end
    the captain picks): a value on a card not next to the Sequence card may not be cut; once ``need``
    wires of the next card's value are cut (9, 36: 2; 16: all 4), the card goes and the Sequence
    card moves on (36: to the end the cutter picks).  9's FAQ: a player whose wires are all blocked
    (red ones aside) has no action, and the bomb explodes — read for 16 and 36 too."""

    def __init__(self, line: list[int], need: int, free_end: bool, number: int):
        self.line, self.need, self.free_end, self.number = list(line), need, free_end, number
        self.front = True  # the Sequence card at the line's first card

    def setup(self, ref: Any) -> None:
        if self.free_end:
            self._place(ref, ref.table.captain)

    def doc(self) -> dict:
        return {"kind": "sequence", "line": self.line, "need": self.need, "front": self.front, "free_end": self.free_end,
                "mission": self.number}

    def next_value(self) -> int | None:
        return (self.line[0] if self.front else self.line[-1]) if self.line else None

    def blocked(self) -> list[int]:
        nxt = self.next_value()
        return [v for v in self.line if v != nxt]

    def rules(self, table: Any, q: int) -> dict:
        why = f"the number cards' sequence: {self.next_value()} first (mission {self.number})"
        blocked = self.blocked()
        return {"no_values": [{"value": v, "why": why} for v in blocked]} if blocked else {}

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        while self.line and cut_count(ref.table, self.next_value()) >= self.need:
            self.line.remove(self.next_value())  # type: ignore[arg-type]
            if self.free_end and self.line:
                self._place(ref, q)

    def _place(self, ref: Any, q: int) -> None:
        """36: the Sequence card to the end q prefers (see the module's docstring)."""
        mine = Counter(hand_values(ref, q))
        ends = {True: self.line[0], False: self.line[-1]}
        self.front = max((True, False), key=lambda f: (mine[ends[f]], cut_count(ref.table, ends[f]), f == self.front))

    def idle(self, ref: Any, q: int) -> bool:
        if set(hand_values(ref, q)) & set(self.blocked()):
            ref.outcome = "exploded"
            return True
        return False


class Pick(MissionPlay):
    """26: all 12 cards face up; on their turn a player flips one and cuts its value; a card whose 4
    wires are cut leaves the game; with none face up, all the others turn face up again.  A player with
    no wire of a face-up value skips (no detonator): the table learns they hold none of them."""

    def __init__(self) -> None:
        self.up, self.gone = set(_ALL), set()  # type: ignore[var-annotated]

    def doc(self) -> dict:
        return {"kind": "pick", "up": sorted(self.up), "gone": sorted(self.gone)}

    def _refresh(self, table: Any) -> None:
        self.gone |= {v for v in _ALL if cut_count(table, v) >= 4}
        self.up -= self.gone
        if not self.up:
            self.up = set(_ALL) - self.gone

    def rules(self, table: Any, q: int) -> dict:
        return _only(self.up, "the value of a face-up number card (mission 26)")

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        self._refresh(ref.table)
        if not only_red(ref, q) and not set(hand_values(ref, q)) & self.up:
            tell_has_not(ref, q, self.up)
            return "idle"
        return super().turn(ref, q, decide)

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        self.up.discard(value_of_move(move))  # type: ignore[arg-type]
        self._refresh(ref.table)


def sums(cards: Any) -> set[int]:
    """The values two of these cards give, added or subtracted (47)."""
    return {x for a, b in combinations(sorted(cards), 2) for x in (a + b, b - a) if 1 <= x <= BLUE_MAX}


class Sum(MissionPlay):
    """47: to cut, a player picks two available cards whose sum or difference is the value, then
    discards them; when none are left all 12 come back.  A player who cannot play moves the detonator a
    space, no card discarded (the card's back as bdiffuser's OCR transcription reads it; an older one added
    "they discard 2 cards of choice", which its code never did) — a player may also decline, so at the table
    a skip tells nothing; the arena's players decline only when they cannot play, a rule the team knows, so
    there it says they lack every value the cards allow.

    "None left" is read as none *usable*: the 12 come back once no two cards left give a value whose wires
    are not all cut.  Read literally (back only with fewer than two cards), the cards left late in a round
    often give only finished values (6 and 12 give only 6), and from there nobody can ever play: in a model
    of the cards alone, 96–97 % of games reached that lock, and the campaign's advice won 1 game of 100 at 4
    and at 5 players — no team would sit out such a lock.  The pair discarded is the one that leaves the
    most values still in play reachable (then the most values, then the lowest cards)."""

    def __init__(self) -> None:
        self.cards = list(_ALL)

    def doc(self) -> dict:
        return {"kind": "sum", "cards": self.cards}

    def rules(self, table: Any, q: int) -> dict:
        return _only(sums(self.cards), "the sum or difference of two available number cards (mission 47)")

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        v = value_of_move(move)
        if isinstance(v, int):
            self._discard(ref, v)

    def _discard(self, ref: Any, v: int) -> None:
        """The two cards a cut of v used: the pair that leaves the most values still in play reachable (then
        the most values, then the lowest cards); all 12 back once none left is usable."""
        live = {x for x in _ALL if cut_count(ref.table, x) < 4}
        pairs = [(a, b) for a, b in combinations(sorted(self.cards), 2) if v in (a + b, b - a)]
        if pairs:
            left = lambda ab: sums(set(self.cards) - set(ab))  # noqa: E731
            a, b = max(pairs, key=lambda ab: (len(left(ab) & live), len(left(ab)), -ab[0], -ab[1]))
            self.cards = [c for c in self.cards if c not in (a, b)]
        if not sums(self.cards) & live:
            self.cards = list(_ALL)

    def idle(self, ref: Any, q: int) -> bool:
        # the arena's players decline only when they cannot play, a rule the team knows: they lack every
        # value the cards allow
        tell_has_not(ref, q, sorted(v for v in sums(self.cards) if cut_count(ref.table, v) < 4))
        advance(ref)
        return True


class Hands(MissionPlay):
    """65: the 12 cards dealt face up, clockwise from the captain; a player cuts only a value of one of
    their face-up cards (a card whose 4 wires are cut is face down); one with no such wire skips and the
    detonator moves a space (the table learns they hold none); after every turn the player gives one
    face-up card to a teammate.  A player with only red wires reveals them (the usual action)."""

    def __init__(self, numbers: tuple, players: int, captain: int = 0):
        self.hands: dict[int, list[int]] = {p: [] for p in range(players)}
        for i, v in enumerate(numbers):
            self.hands[(captain + i) % players].append(v)

    def doc(self) -> dict:
        return {"kind": "hands", "hands": {str(p): h for p, h in self.hands.items()}}

    def face_up(self, table: Any, q: int) -> list[int]:
        return [v for v in self.hands[q] if cut_count(table, v) < 4]

    def rules(self, table: Any, q: int) -> dict:
        return _only(self.face_up(table, q), "the value of one of my face-up number cards (mission 65)")

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        mine = self.face_up(ref.table, q)
        if not only_red(ref, q) and not set(hand_values(ref, q)) & set(mine):
            tell_has_not(ref, q, mine)
            advance(ref)
            done = "played"
        else:
            done = super().turn(ref, q, decide)
        if ref.outcome is None and done != "stuck":
            self._give(ref, q)
        return done

    def _give(self, ref: Any, q: int) -> None:
        """The card and the teammate that make a cut likeliest to come: the face-up value a teammate holds most
        wires of by q's own view, less the wires of it q holds (a card q can use stays); ties: the lower value, the
        nearer on the left.  A teammate with no wire left takes a card only when no one else can."""
        up = self.face_up(ref.table, q)
        if not up:
            return
        held = Counter(hand_values(ref, q))
        n = len(self.hands)
        others = [p for p in range(n) if p != q and ref.uncut(p)] or [p for p in range(n) if p != q]
        an = solve_state(ref.view(q))
        card, to = max(((v, p) for v in up for p in others),
                       key=lambda vp: (expected_count(an, ref.table, vp[1], vp[0]) - held[vp[0]], -vp[0], -((vp[1] - q) % n)))
        self.hands[q].remove(card)
        self.hands[to].append(card)


class Roulette(MissionPlay):
    """62: one face-up card per player; the detonator starts a space from the end (one more failure
    loses), and goes back a space each time the 4 wires of a card's value are cut."""

    def __init__(self, cards: tuple):
        self.cards, self.done = list(cards), []  # type: ignore[var-annotated]

    def doc(self) -> dict:
        return {"kind": "roulette", "cards": self.cards, "done": self.done}

    def setup(self, ref: Any) -> None:
        ref.table = replace(ref.table, mistakes_left=0)

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        for v in self.cards:
            if v not in self.done and cut_count(ref.table, v) >= 4:
                self.done.append(v)
                ref.table = replace(ref.table, mistakes_left=ref.mistakes_left + 1)
