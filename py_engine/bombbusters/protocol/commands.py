"""The questions one can ask about a state document, shared by the CLI and the bridge.

Imports are lazy so that ``bridge.handle("version")`` and ``--help`` stay instant.
Some questions take options besides the state (how many worlds, which seed):
the bridge reads them from the payload ``{"state": ..., option: value}``, the
CLI from ``--option value``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..table.errors import RuleError

__all__ = ["STATE_COMMANDS", "OPTION_COMMANDS", "OptionCommand", "option_payload", "check_options"]


def _analyze(doc: Any) -> Any:
    from ..questions.report import analyze

    return analyze(doc)


def _moves(doc: Any) -> Any:
    from ..advice.moves import moves_json

    return moves_json(doc)


def _indicate(doc: Any) -> Any:
    from ..advice.indication import indicate_json

    return indicate_json(doc)


def _labels(doc: Any) -> Any:
    from ..advice.labels import labels_json

    return labels_json(doc)


def _radar(doc: Any) -> Any:
    from ..advice.radar import radar_json

    return radar_json(doc)


def _refine(doc: Any, first: int, n: int) -> Any:
    from ..arena.search_policy import refine_json

    return refine_json(doc, first, n)


def _sample(doc: Any, n: int, seed: int) -> Any:
    from ..questions.sampler import sample_json

    return sample_json(doc, n, seed)


def _explain(doc: Any, player: int, stand: int, slot: int, value: str) -> Any:
    from ..questions.explain import explain_json

    return explain_json(doc, player, stand, slot, value)


def _win(doc: Any, n: int, seed: int) -> Any:
    from ..arena.win import win_json

    return win_json(doc, n, seed)


def _search(doc: Any, n: int, seed: int, top: int, depth: int) -> Any:
    from ..arena.search import search_json

    return search_json(doc, n, seed, top, depth or None)


def _lookahead(doc: Any, top: int) -> Any:
    from ..advice.lookahead import lookahead_json

    return lookahead_json(doc, top)


def _reading_tokens(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` on the state document with its teammates' advised starting tokens read into facts
    (``advice.starting_tokens``): the one door every command's document comes through."""

    def run(doc: Any, *args: Any, **options: Any) -> Any:
        if isinstance(doc, dict) and "starting_tokens" in doc:
            from ..advice.starting_tokens import with_starting_tokens

            doc = with_starting_tokens(doc)
        return fn(doc, *args, **options)

    run.__doc__ = fn.__doc__
    return run


#: name -> function taking a state document and returning plain JSON.  ``given`` is ``analyze`` on a request type of
#: its own: a table the page asks about before it is recorded (the actor's wires once a cut's value is known to be
#: the target's), which must not take the place of the table's own analysis (the page's requests: latest wins, per type)
STATE_COMMANDS: dict[str, Callable[[Any], Any]] = {
    name: _reading_tokens(fn) for name, fn in (("analyze", _analyze), ("given", _analyze), ("moves", _moves),
                                               ("indicate", _indicate), ("radar", _radar), ("labels", _labels))}

#: a command with options: (function(doc, **options), {option: (default, largest allowed)}); an option is a
#: whole number from 0 to its largest, or, where its default is text, a short text (a wire label)
OptionCommand = tuple[Callable[..., Any], dict[str, tuple[Any, int]]]

#: name -> command taking a state document and options.  The most worlds one request may draw
#: bounds its memory (a few arrays of that length per sub-stand); ``top`` 0 means every move.
OPTION_COMMANDS: dict[str, OptionCommand] = {
    "sample": (_reading_tokens(_sample), {"n": (1, 200_000), "seed": (0, 2**63 - 1)}),
    "lookahead": (_reading_tokens(_lookahead), {"top": (10, 10_000)}),
    "win": (_reading_tokens(_win), {"n": (20, 100_000), "seed": (0, 2**63 - 1)}),
    "search": (_reading_tokens(_search), {"n": (1, 10_000), "seed": (0, 2**63 - 1), "top": (3, 10),
                                          "depth": (0, 400)}),  # depth 0: to the game's end
    "refine": (_reading_tokens(_refine), {"first": (0, 10_000), "n": (8, 100)}),
    "explain": (_reading_tokens(_explain), {"player": (0, 99), "stand": (0, 9), "slot": (0, 99), "value": ("", 8)}),
}


def check_options(name: str, given: dict[str, Any]) -> dict[str, Any]:
    """Every option of command ``name``: the given ones checked (whole numbers in range), the rest defaulted."""
    specs = OPTION_COMMANDS[name][1]
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise RuleError(f"unknown option {unknown[0]!r} for {name!r}; options: {', '.join(sorted(specs))}")
    out = {}
    for key, (default, top) in specs.items():
        v = given.get(key, default)
        if isinstance(default, str):
            if not isinstance(v, str) or not 0 < len(v) <= top:
                raise RuleError(f"option {key!r} of {name!r} must be a wire label such as \"7\" or \"Y4\", got {v!r}")
        elif isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= top:
            raise RuleError(f"option {key!r} of {name!r} must be a whole number from 0 to {top}, got {v!r}")
        out[key] = v
    return out


def option_payload(name: str, payload: Any) -> tuple[Any, dict[str, Any]]:
    """(state document, options) of a bridge payload ``{"state": ..., option: value}``."""
    if not isinstance(payload, dict) or "state" not in payload:
        raise RuleError(f"a {name!r} request's payload is {{\"state\": <state document>, options}}; 'state' is missing")
    return payload["state"], check_options(name, {k: v for k, v in payload.items() if k != "state"})
