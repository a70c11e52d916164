"""Equipment that number cards lock or hand out (12, 15, 23), as the cards' backs say.

Why a family: each changes only *when an equipment card is usable* (the referee asks
:meth:`MissionPlay.unlocked` in place of "two wires of its number cut") and, in 15 and 23, which cards
lie face up.  The views then carry the usable cards (``available``, ``cards``, ``free_cards``) as ever,
so the advice ranks only what the team may use and the referee refuses the rest.

* 12: a number card lies face up on each equipment card in play (those False Bottom brings too, in the
  order drawn): the card is usable once two wires of its own number *and* two of the number card's are
  cut (the FAQ: one pair may do both).
* 15: the equipment cards lie face down; the top number card of the shuffled 12 is face up; when its 4
  wires are cut, an equipment card is flipped (usable whatever its number) and the next number card is
  turned up; one whose 4 wires are already cut is discarded for nothing.
* 23: no equipment at setup but a face-down deck of 7; one number card face up, whose 4 wires are cut
  only all at once by the special action (39's action and choices, ``together.py``); until it is done
  the deck loses its top card at the end of each round; once done, the cards left are face up and usable.
"""

from __future__ import annotations

import random
from typing import Any

from ..missions.catalog import campaign_equipment
from .mission_play import MissionPlay, cut_count
from .together import Noble

__all__ = ["DOC_KINDS", "Fordwich", "Novosibirsk", "RedTape"]


def _reveal(ref: Any, cards: list[str]) -> None:
    """These equipment cards turn face up on the table (and any instant one acts)."""
    ref.cards = tuple(ref.cards) + tuple(cards)
    ref.in_play += list(cards)
    ref.instants()


class RedTape(MissionPlay):
    """12: ``tape``: equipment card id -> the value of the number card lying on it."""

    def __init__(self, numbers: tuple):
        self.numbers = list(numbers)
        self.tape: dict[str, int] = {}

    def _sync(self, ref: Any) -> None:
        for c in ref.cards:  # the cards in play in the order drawn (False Bottom's two after the rest)
            if c not in self.tape and self.numbers:
                self.tape[c] = self.numbers.pop(0)

    def setup(self, ref: Any) -> None:
        self._sync(ref)

    def unlocked(self, ref: Any, card: str, twice: bool) -> bool:
        self._sync(ref)
        return twice and (card not in self.tape or cut_count(ref.table, self.tape[card]) >= 2)

    def doc(self) -> dict:
        return {"kind": "red_tape", "tape": dict(self.tape), "left": list(self.numbers)}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "RedTape":
        """A playout's play: the number cards on the equipment as they lie, the rest shuffled again."""
        left = [int(v) for v in doc["left"]]
        random.Random(seed).shuffle(left)
        play = cls(tuple(left))
        play.tape = {str(c): int(v) for c, v in doc["tape"].items()}
        return play


class Novosibirsk(MissionPlay):
    """15: ``down``: the face-down equipment cards; ``shown``: the face-up number card's value."""

    def __init__(self, numbers: tuple):
        self.deck = list(numbers)
        self.shown: int | None = None
        self.down: list[str] = []
        self.revealed: list[str] = []

    def setup(self, ref: Any) -> None:
        self.down, ref.cards, ref.in_play = list(ref.cards), (), []
        self._turn_up(ref)

    def _turn_up(self, ref: Any) -> None:
        """The next number card turned up; one whose 4 wires are already cut is discarded for nothing."""
        self.shown = None
        while self.deck and self.shown is None:
            v = self.deck.pop(0)
            self.shown = v if cut_count(ref.table, v) < 4 else None

    def after(self, ref: Any, q: int, move: dict | None) -> None:
        while self.shown is not None and cut_count(ref.table, self.shown) >= 4:
            if self.down:
                card = self.down.pop(0)
                self.revealed.append(card)
                _reveal(ref, [card])
            self._turn_up(ref)

    def unlocked(self, ref: Any, card: str, twice: bool) -> bool:
        return card in self.revealed

    def doc(self) -> dict:
        return {"kind": "novosibirsk", "revealed": list(self.revealed), "shown": self.shown}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "Novosibirsk":
        """A playout's play: the cards flipped stay usable; the face-down ones, unseen, stay out."""
        play = cls(())
        play.revealed, play.shown = [str(c) for c in doc["revealed"]], doc.get("shown")
        return play


class Fordwich(Noble):
    """23: the face-up number card's four wires by the special action only (as 39's noble value, with
    the usual starting tokens); the equipment deck of 7 loses its top card each round until the action,
    then the cards left turn face up, usable whatever their numbers."""

    def __init__(self, numbers: tuple, seed: str):
        super().__init__(numbers, seed)
        self.number = 23
        self.deck = []
        self.revealed: list[str] = []

    def setup(self, ref: Any) -> None:
        pile = list(ref.cards) + list(ref.reserve)
        self.deck, ref.reserve = pile[:7], tuple(pile[7:])
        ref.cards, ref.in_play = (), []

    def after_action(self, ref: Any) -> None:
        self.revealed, self.deck = list(self.deck), []
        _reveal(ref, self.revealed)

    def unlocked(self, ref: Any, card: str, twice: bool) -> bool:
        return card in self.revealed

    def doc(self) -> dict:
        """39's public state, the face-down deck counted, and the cards it turned face up."""
        return {**super().doc(), "kind": "fordwich", "revealed": list(self.revealed)}

    @classmethod
    def from_doc(cls, doc: dict, players: int, seed: int) -> "Fordwich":
        """A playout's play: the face-down deck, which nobody has seen, drawn again from the mission's
        equipment (seeded); the cards it turned face up stay usable."""
        play = cls((int(doc["noble"]),), str(seed))
        play.restore(doc)
        play.revealed = [str(c) for c in doc["revealed"]]
        if not play.done:
            play.deck = random.Random(seed).sample(list(campaign_equipment(23)), int(doc["deck"]))
        return play


#: a view's ``mission_play`` kind -> how a playout's play is made from it (``plays.play_from_doc``)
DOC_KINDS = {"red_tape": RedTape.from_doc, "novosibirsk": Novosibirsk.from_doc, "fordwich": Fordwich.from_doc}
