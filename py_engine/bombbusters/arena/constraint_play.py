"""Constraint cards A-L dealt, passed, flipped and replaced as the missions say (31, 32, 37, 57, 61;
34 in ``weakest_link.py``), played by the one statement of each card in ``advice/constraint_cards.py``.

Why a play: which cards bind whom changes with the game, and every view must carry them (its
``constraints``, read by the moves ranking, the referee's check and the ``win`` playouts alike).
What a card does beyond a move's legality is the referee's: H places no token (``TableRules.shown_on``),
G and H bar equipment cards (``TableRules.card_barred``), L moves the detonator a second space
(:meth:`ConstraintPlay.turn`).  Readings taken where the cards leave a choice (docs/arena.md,
"Constraint cards"):

* a player "cannot play" under their cards when the team policy finds no allowed move with a
  chance to succeed (a teammate makes no cut sure to fail); they say so and skip, and the table
  records that they hold none of the blue values a card on values (A-F) allows (32, 37, 57: the card binds
  everyone; sound, since a value held gives a move with a chance), nothing from a skip under another card;
* 31: each player, from the captain, takes the card that allows most of their own wires (then: the
  first letter); with 2 players the second does not take the pair of the first (A+B, C+D);
* 32: the captain replaces the visible card while the player about to play cannot play under it;
* 32, 37: a replacement asked of an empty deck leaves no card (no constraint from then on).
"""

from __future__ import annotations

import random
from typing import Any

from ..advice.constraint_cards import Rules, value_reason
from ..table.state import GameState
from ..table.wires import BLUE_MAX
from .mission_play import Decide, MissionPlay, advance, cut_count, hand_values, tell_has_not

__all__ = ["ALL_CARDS", "Chosen", "ConstraintPlay", "Deck", "allowed_count", "shuffled", "validated"]

ALL_CARDS = tuple("ABCDEFGHIJKL")
_PAIRS = {"A": "B", "B": "A", "C": "D", "D": "C"}


def allowed_count(ref: Any, q: int, card: str) -> int:
    """How many of q's own uncut non-red wires a card lets them name (what q knows of their hand)."""
    rules = Rules(cards=(card,))
    return sum(1 for v in hand_values(ref, q) if v != "RED" and value_reason(rules, v) is None)


def validated(table: GameState) -> set[int]:
    """The values whose 4 blue wires are all cut (a validation token on each)."""
    return {v for v in range(1, BLUE_MAX + 1) if cut_count(table, v) >= 4}


class ConstraintPlay(MissionPlay):
    """The turn under constraint cards: a player who cannot play may be relieved (:meth:`relieve`: a card
    flipped, replaced or drawn) and decides again; else they skip.  ``round_rule``: what a whole round
    of skips does ("advance": 37, the detonator moves and the card is replaced; "explode": 57, 61)."""

    round_rule = ""

    def __init__(self) -> None:
        self.skipped: set[int] = set()

    def relieve(self, ref: Any, q: int) -> bool:
        """Player q cannot play under their cards: change them if the mission lets (True: decide again)."""
        return False

    def whole_round(self, ref: Any) -> None:
        """A whole round of skips under ``round_rule`` "advance" (37): beyond the detonator's space."""

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        d = decide(q)
        while d is not None and d.move is None and not d.before and ref.outcome is None and self.relieve(ref, q):
            d = decide(q)
        if ref.outcome is not None:
            return "played"
        if d is None:
            return "stuck"
        if d.move is None and not d.before:
            return self._skip(ref, q)
        held = self.constraints(ref.table, q)
        ml = ref.mistakes_left
        self.check(ref, q, d.move)
        ref.play(q, d)
        if ref.outcome is None and "L" in held and ref.mistakes_left < ml:  # L: a failure moves it two spaces
            advance(ref)
        if ref.outcome is None:
            self.after(ref, q, d.move)
        self.skipped.clear()
        return "played"

    #: whether the table reads a skip (32, 37, 57: one card binds everyone, as the table app reads it)
    reads_skip = False

    def _skip(self, ref: Any, q: int) -> str:
        self._tell_skip(ref, q)
        self.skipped.add(q)
        if not self.round_rule or not self.skipped >= {p for p in range(len(ref.table.players)) if ref.uncut(p)}:
            return "idle"
        self.skipped.clear()
        if self.round_rule == "explode":
            ref.outcome = "exploded"
        else:
            advance(ref)
            if ref.outcome is None:
                self.whole_round(ref)
        return "played"

    def _tell_skip(self, ref: Any, q: int) -> None:
        """Under a card on values (A-F), a player who skips holds none of the blue values it allows: one held would
        give a move with a chance (a teammate's wire that may be it, or a solo cut of the last copies). The table
        app reads it the same way (entries-mission.js, applySkip)."""
        held = self.constraints(ref.table, q)
        if not self.reads_skip or not held or not all(c in "ABCDEF" for c in held):
            return
        rules = Rules(cards=tuple(held))
        tell_has_not(ref, q, [v for v in range(1, BLUE_MAX + 1) if value_reason(rules, v) is None])


class Chosen(ConstraintPlay):
    """31: each player takes one of A-E, from the captain clockwise (the rest are discarded); one who
    cannot apply theirs at the start of their turn flips it face down for the rest of the game."""

    def __init__(self, held: dict | None = None, flipped: Any = ()) -> None:
        super().__init__()
        self.held: dict[int, str] = dict(held or {})
        self.flipped = set(flipped)

    def setup(self, ref: Any) -> None:
        n = len(ref.table.players)
        left = list("ABCDE")
        for i in range(n):
            q = (ref.table.captain + i) % n
            barred = {_PAIRS.get(c) for c in self.held.values()} if n == 2 else set()
            pool = [c for c in left if c not in barred] or left
            card = max(pool, key=lambda c: (allowed_count(ref, q, c), -ord(c)))
            self.held[q] = card
            left.remove(card)

    def constraints(self, table: GameState, q: int) -> list[str]:
        return [self.held[q]] if q in self.held and q not in self.flipped else []

    def relieve(self, ref: Any, q: int) -> bool:
        if q in self.flipped or q not in self.held:
            return False
        self.flipped.add(q)
        return True

    def doc(self) -> dict:
        return {"kind": "chosen", "held": {str(p): c for p, c in self.held.items()}, "flipped": sorted(self.flipped)}

    @classmethod
    def from_doc(cls, doc: dict) -> "Chosen":
        return cls({int(p): c for p, c in doc["held"].items()}, doc["flipped"])


class Deck(ConstraintPlay):
    """32 ("captain": the captain may replace the visible card at the start of each turn) and 37
    ("fours": the card is replaced each time a value's 4 wires are cut, and after a whole round of
    skips, which also moves the detonator): the 12 cards shuffled face down, the top one visible and
    binding everyone."""

    def __init__(self, deck: list[str], mode: str, gone: Any = (), done: Any = ()) -> None:
        super().__init__()
        self.deck, self.mode = list(deck), mode
        self.visible: str | None = self.deck.pop(0) if self.deck else None
        self.gone, self.done = list(gone), set(done)
        self.round_rule = "advance" if mode == "fours" else ""
        self.reads_skip = True

    def constraints(self, table: GameState, q: int) -> list[str]:
        return [self.visible] if self.visible else []

    def replace_card(self) -> bool:
        """The visible card discarded, the deck's top one turned up (none left: no constraint)."""
        if self.visible is None:
            return False
        self.gone.append(self.visible)
        self.visible = self.deck.pop(0) if self.deck else None
        return True

    def relieve(self, ref: Any, q: int) -> bool:
        return self.mode == "captain" and self.replace_card()

    def whole_round(self, ref: Any) -> None:
        self.replace_card()

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        if self.mode != "fours":
            return
        for v in sorted(validated(ref.table) - self.done):
            self.done.add(v)
            self.replace_card()

    def doc(self) -> dict:
        return {"kind": "constraint_deck", "mode": self.mode, "visible": self.visible, "gone": self.gone,
                "done": sorted(self.done), "left": len(self.deck),
                "skipped": sorted(self.skipped)}

    @classmethod
    def from_doc(cls, doc: dict, seed: int) -> "Deck":
        """The deck face down is shuffled again: a playout knows only which cards are gone; ``due`` (optional):
        replacements the table owes the visible card, made from that deck."""
        rest = [c for c in ALL_CARDS if c not in doc["gone"] and c != doc["visible"]]
        random.Random(seed).shuffle(rest)
        play = cls([], str(doc["mode"]), doc["gone"], doc["done"])
        play.visible, play.deck = doc["visible"], rest[:int(doc["left"])]
        play.skipped = set(doc["skipped"])
        for _ in range(int(doc.get("due", 0))):  # the table app's card due to be replaced, not yet turned up (37)
            play.replace_card()
        return play


def shuffled(seed: Any, cards: Any, tag: str) -> list[str]:
    """The cards in the order a game's seed deals them (``tag``: which draw of the game)."""
    out = list(cards)
    random.Random(f"{seed}:{tag}").shuffle(out)
    return out
