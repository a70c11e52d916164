"""The equipment cards the arena plays, by card id, the number that unlocks each, and how a
player's use of one is written down (:class:`CardUse`).

Why four families: the moves ranking knows four cards as items (it ranks their uses with exact
odds); three act on the table itself (the detonator, the character cards, one turn's failure), so
the team policy decides on those and the referee carries them out; the *free* cards change what
the table knows or where wires sit (Labels, Post-it, General Radar, Single Wire Label, Walkie-Talkies,
Grappling Hook) or who plays next (Coffee Mug), played by the rule of ``card_play.py``; and the
*instant* cards (False Bottom, Emergency Drop, Disintegrator) act by themselves the moment they
unlock, as their text says ("instant effect").  What each does is ``card_effects.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..table.facts import Fact

__all__ = ["CARD_NAMES", "CardUse", "ENGINE_ITEMS", "FREE_CARDS", "INSTANT_CARDS", "TABLE_CARDS", "card_value"]

#: card id -> the moves ranking's item name
ENGINE_ITEMS = {"3": "triple_detector", "5": "super_detector", "10": "x_or_y_ray", "9.9": "fast_pass"}
#: card id -> what the referee does with it (played before the turn's move)
TABLE_CARDS = {"6": "Rewinder", "7": "Emergency Batteries", "9": "Stabilizer"}
#: card id -> name: played by a player at any time (the Coffee Mug: on their turn, which it ends)
FREE_CARDS = {"1": "Label ≠", "12": "Label =", "4": "Post-it", "8": "General Radar", "2.2": "Single Wire Label",
              "2": "Walkie-Talkies", "11.11": "Grappling Hook", "11": "Coffee Mug"}
#: card id -> name: acts by itself as soon as it unlocks
INSTANT_CARDS = {"Y": "False Bottom", "3.3": "Emergency Drop", "10.10": "Disintegrator"}
#: every card the arena plays, by id
CARD_NAMES = {**{k: v.replace("_", " ").title() for k, v in ENGINE_ITEMS.items()}, **TABLE_CARDS, **FREE_CARDS,
              **INSTANT_CARDS}


@dataclass(frozen=True)
class CardUse:
    """One play of a free card by the acting player ``q``: what the card asks them to choose.

    ``stand``/``slots``: q's own stand and slots (Labels: two neighbours; Post-it, Single Wire Label:
    one); ``value``: the number asked (General Radar); ``give``: q's wire given away (Walkie-Talkies:
    (stand, slot)); ``target``: a teammate's wire (player, stand, slot) — the one they give back
    (Walkie-Talkies) or the one taken (Grappling Hook); ``player``: who plays next (Coffee Mug);
    ``told``: what the choice itself tells every player who knows the rule that made it, as facts the
    referee adds beside the card's own (``card_play.py``: a Label on the first pair that fits says the
    pairs before it do not)."""

    card: str
    stand: int = 0
    slots: tuple[int, ...] = ()
    value: int | None = None
    give: tuple[int, int] | None = None
    target: tuple[int, int, int] | None = None
    player: int | None = None
    told: tuple[Fact, ...] = ()


def card_value(card: str) -> int | str:
    """The gameplay value whose second cut wire unlocks the card ("Y": yellow; "9.9": 9)."""
    if card == "Y":
        return "YELLOW"
    return int(card.split(".")[0])
