"""The wire types in play as arrays, and the mask of types each slot may hold.

Why kept apart and shared: what these depend on is the set of types alone, and a game's tables
share a few sets of types, so every mask is made once and read by every later compilation.
"""

from __future__ import annotations

import numpy as np

from ..table.facts import value_matches
from ..table.notation import Slot
from ..table.wires import BLUE, RED, YELLOW, colour_of

__all__ = ["TypeMasks"]


class TypeMasks:
    """The types in play (``tarr``, ``colour``, ``is_blue`` / ``is_yellow`` / ``is_red``, read only)
    and {what a slot shows: its mask}, one object per set of types (``of``)."""

    _KEPT: dict[tuple, "TypeMasks"] = {}

    def __init__(self, types: list[int]):
        self.types = list(types)
        self.T = len(self.types)
        colour = np.array([colour_of(t) for t in self.types])
        arrays = [np.array(self.types, dtype=int), colour, colour == BLUE, colour == YELLOW, colour == RED]
        for a in arrays:
            a.flags.writeable = False
        self.tarr, self.colour, self.is_blue, self.is_yellow, self.is_red = arrays
        self.masks: dict[tuple, np.ndarray] = {}

    @classmethod
    def of(cls, types: list[int]) -> "TypeMasks":
        """The kept object of these types (the tables of a few recent games are kept)."""
        key = tuple(types)
        got = cls._KEPT.get(key)
        if got is None:
            if len(cls._KEPT) >= 64:
                del cls._KEPT[next(iter(cls._KEPT))]
            got = cls._KEPT[key] = cls(types)
        return got

    def mask_of(self, slot: Slot) -> np.ndarray:
        """The types a slot may hold, from what it shows (wire, colour, parity, x-token, "not N").

        Read only, and shared by the slots that show the same: a table's slots show a few dozen
        things at most, and a late-game table is compiled in a fraction of a millisecond."""
        key = (slot.wire, slot.colour, slot.parity, slot.multiplicity is not None, slot.not_value)
        got = self.masks.get(key)
        if got is None:
            got = self.masks[key] = self._mask(slot)
            got.flags.writeable = False
        return got

    def _mask(self, slot: Slot) -> np.ndarray:
        tarr, colour = self.tarr, self.colour
        m = np.ones(self.T, dtype=bool)
        if slot.wire is not None:
            m &= tarr == slot.wire
        if slot.colour is not None:
            m &= colour == slot.colour
        if slot.parity is not None:
            m &= self.is_blue & ((tarr // 10) % 2 == (0 if slot.parity == "even" else 1))
        if slot.multiplicity is not None or slot.not_value is not None:
            m &= ~self.is_red
        if slot.not_value is not None:
            m &= tarr != 10 * slot.not_value
        return m

    def value_mask(self, value) -> np.ndarray:
        return np.array([value_matches(t, value) for t in self.types], dtype=bool)
