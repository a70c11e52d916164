"""What is worked out from a table, kept by the table's state document for the next request that meets it.

Why one helper: the token gains of an own view, a public table's leaf features and its laws for the
no-sure reading are each asked again and again for the same table (every player of one stand length,
the worlds of one close call), and each cache is the same small most-recent-last store.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Callable, Generic, TypeVar

from .state import GameState

__all__ = ["Kept", "doc_key", "doc_text"]

V = TypeVar("V")


def doc_key(state: GameState) -> str:
    """The state document as one string: equal tables, equal keys."""
    return doc_text(state.to_json())


def doc_text(doc: dict) -> str:
    return json.dumps(doc, sort_keys=True)


class Kept(Generic[V]):
    """Values by key, the most recent last; past ``size`` the oldest is dropped."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._got: "OrderedDict[str, V]" = OrderedDict()

    def get(self, key: str, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made (and kept) when there is none."""
        got = self._got.get(key)
        if got is None:
            got = self._got[key] = make()
            while len(self._got) > self.size:
                self._got.popitem(last=False)
        self._got.move_to_end(key)
        return got

    def clear(self) -> None:
        self._got.clear()
