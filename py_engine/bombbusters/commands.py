"""The questions one can ask about a state document, shared by the CLI and the bridge.

Imports are lazy so that ``bridge.handle("version")`` and ``--help`` stay instant.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["STATE_COMMANDS"]


def _analyze(doc: Any) -> Any:
    from .report import analyze

    return analyze(doc)


def _moves(doc: Any) -> Any:
    from .moves import moves_json

    return moves_json(doc)


def _indicate(doc: Any) -> Any:
    from .indication import indicate_json

    return indicate_json(doc)


#: name -> function taking a state document and returning plain JSON
STATE_COMMANDS: dict[str, Callable[[Any], Any]] = {"analyze": _analyze, "moves": _moves, "indicate": _indicate}
