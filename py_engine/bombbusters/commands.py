"""The questions one can ask about a state document, shared by the CLI and the bridge.

Imports are lazy so that ``bridge.handle("version")`` and ``--help`` stay instant.
Some questions take options besides the state (how many worlds, which seed):
the bridge reads them from the payload ``{"state": ..., option: value}``, the
CLI from ``--option value``.
"""

from __future__ import annotations

from typing import Any, Callable

from .errors import RuleError

__all__ = ["STATE_COMMANDS", "OPTION_COMMANDS", "OptionCommand", "option_payload"]


def _analyze(doc: Any) -> Any:
    from .report import analyze

    return analyze(doc)


def _moves(doc: Any) -> Any:
    from .moves import moves_json

    return moves_json(doc)


def _indicate(doc: Any) -> Any:
    from .indication import indicate_json

    return indicate_json(doc)


def _sample(doc: Any, n: int, seed: int) -> Any:
    from .sampler import sample_json

    return sample_json(doc, n, seed)


#: name -> function taking a state document and returning plain JSON
STATE_COMMANDS: dict[str, Callable[[Any], Any]] = {"analyze": _analyze, "moves": _moves, "indicate": _indicate}

#: a command with options: (function(doc, **options), {option: default})
OptionCommand = tuple[Callable[..., Any], dict[str, Any]]

#: name -> command taking a state document and options
OPTION_COMMANDS: dict[str, OptionCommand] = {"sample": (_sample, {"n": 1, "seed": 0})}


def option_payload(name: str, payload: Any) -> tuple[Any, dict[str, Any]]:
    """(state document, options) of a bridge payload ``{"state": ..., option: value}``."""
    _fn, defaults = OPTION_COMMANDS[name]
    if not isinstance(payload, dict) or "state" not in payload:
        raise RuleError(f"a {name!r} request's payload is {{\"state\": <state document>, options}}; 'state' is missing")
    unknown = sorted(set(payload) - {"state"} - set(defaults))
    if unknown:
        raise RuleError(f"unknown option {unknown[0]!r} for {name!r}; options: {', '.join(sorted(defaults))}")
    return payload["state"], {k: payload.get(k, v) for k, v in defaults.items()}
