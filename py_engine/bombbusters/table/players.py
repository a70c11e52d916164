"""A player at the table: their name and their stands (one, or two with 2 players and the 3-player captain).

Why a module: the facts, the state and every message that names a stand read these, and none of
them should need the whole state to do it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .notation import Slot

__all__ = ["Player", "stand_name", "stands_held"]


@dataclass(frozen=True)
class Player:
    name: str
    stands: tuple[tuple[Slot, ...], ...]


def stand_name(name: str, stand: int, n_stands: int) -> str:
    return name if n_stands == 1 else f"{name} (stand {stand + 1})"


def stands_held(players: int, p: int, captain: int) -> int:
    """How many stands player p holds: two each with 2 players, two for the 3-player captain, else one."""
    return 2 if players == 2 or (players == 3 and p == captain) else 1
