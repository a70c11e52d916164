"""Errors by phase, all ``ValueError`` subclasses whose messages quote the input.

Why by phase: the editor shows a notation error under the field that caused it,
a rule error where the setup is wrong, and an inconsistent state as "no deal
fits", naming the entries that conflict.  ``location`` carries the field so a
UI can point at it without parsing the message.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BombBustersError",
    "NotationError",
    "StateError",
    "RuleError",
    "InconsistentStateError",
]


class BombBustersError(ValueError):
    """Base class: ``location`` names the offending field (player, stand, slot, fact)."""

    def __init__(self, message: str, entries: list[dict] | None = None, **location: Any) -> None:
        super().__init__(message)
        self.location = {k: v for k, v in location.items() if v is not None}
        # the table entries it names, as the bridge gives them ({"kind": "slot", "player", "stand", "slot", "text"} or
        # {"kind": "fact", "fact", "text"}): the page offers the log entry behind each
        self.entries = list(entries or [])


class NotationError(BombBustersError):
    """A stand token or wire label that cannot be read."""


class StateError(BombBustersError):
    """A structurally wrong state document (unknown player, missing field, wrong type)."""


class RuleError(BombBustersError):
    """A state the rules of the game forbid (stand sizes, a token on the wrong colour)."""


class InconsistentStateError(BombBustersError):
    """No deal of the wires fits everything that was entered."""

    def __init__(self, message: str, culprits: list[str] | None = None, entries: list[dict] | None = None,
                 **location: Any) -> None:
        super().__init__(message, entries, **location)
        self.culprits = list(culprits or [])
