"""The equipment cards the arena plays, by card id, the number that unlocks each, and how a
player's use of one is written down (:class:`CardUse`).

Why four families: the moves ranking knows four cards as items (it ranks their uses with exact
odds); three act on the table itself (the detonator, the character cards, one turn's failure), so
the team policy decides on those and the referee carries them out; the *free* cards change what
the table knows or where wires sit (Labels, Post-it, General Radar, Single Wire Label, Walkie-Talkies,
Grappling Hook) or who plays next (Coffee Mug), played by the team's rule (``advice/free_cards.py``); and the
*instant* cards (False Bottom, Emergency Drop, Disintegrator) act by themselves the moment they
unlock, as their text says ("instant effect").  What each does is ``card_effects.py``'s.
"""

from __future__ import annotations

from ..advice.free_cards import FREE_CARDS, CardUse

__all__ = ["CARD_NAMES", "CardUse", "ENGINE_ITEMS", "FREE_CARDS", "INSTANT_CARDS", "TABLE_CARDS", "card_value",
           "cuts_to_unlock"]

#: card id -> the moves ranking's item name
ENGINE_ITEMS = {"3": "triple_detector", "5": "super_detector", "10": "x_or_y_ray", "9.9": "fast_pass"}
#: card id -> what the referee does with it (played before the turn's move)
TABLE_CARDS = {"6": "Rewinder", "7": "Emergency Batteries", "9": "Stabilizer"}
#: card id -> name: acts by itself as soon as it unlocks
INSTANT_CARDS = {"Y": "False Bottom", "3.3": "Emergency Drop", "10.10": "Disintegrator"}
#: every card the arena plays, by id
CARD_NAMES = {**{k: v.replace("_", " ").title() for k, v in ENGINE_ITEMS.items()}, **TABLE_CARDS, **FREE_CARDS,
              **INSTANT_CARDS}


def card_value(card: str) -> int | str:
    """The gameplay value whose cut wires unlock the card ("Y": yellow; "9.9": 9)."""
    if card == "Y":
        return "YELLOW"
    return int(card.split(".")[0])


def cuts_to_unlock(card: str) -> int:
    """How many wires of the card's value must be cut before it is usable: two, but all four for the
    double-numbered cards (2.2 ... 11.11), as rule sticker C says (the table app counts alike,
    ``web/table/replay.js``)."""
    return 4 if "." in card else 2
