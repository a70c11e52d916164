"""The equipment cards the arena plays, by card id, and the number that unlocks each.

Why two lists: the moves ranking knows four cards as items (it ranks their uses with exact
odds); three more act on the table itself (the detonator, the character cards, one turn's
failure), so the team policy decides on those and the referee carries them out.  The other
cards of a pile (information cards, swaps, Coffee Mug, …) lie face up unused: no policy here
plays them, which a team may also choose.
"""

from __future__ import annotations

__all__ = ["ENGINE_ITEMS", "TABLE_CARDS", "card_value"]

#: card id -> the moves ranking's item name
ENGINE_ITEMS = {"3": "triple_detector", "5": "super_detector", "10": "x_or_y_ray", "9.9": "fast_pass"}
#: card id -> what the referee does with it
TABLE_CARDS = {"6": "Rewinder", "7": "Emergency Batteries", "9": "Stabilizer"}


def card_value(card: str) -> int | str:
    """The gameplay value whose second cut wire unlocks the card ("Y": yellow; "9.9": 9)."""
    if card == "Y":
        return "YELLOW"
    return int(card.split(".")[0])
