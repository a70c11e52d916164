"""Hostile bridge requests, from a seeded ``random.Random``: what a broken page or a bad link could send.

Used by ``test_bridge_fuzz.py`` (hypothesis draws the seeds) and by
``build_scripts/fuzz_bridge.py`` (a long run).  Every request must come back
as plain JSON with ``ok`` false or true, and never as an ``InternalError``.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

__all__ = ["hostile_request", "BASE_DOCS"]

#: Valid tables to mutate: a 4-player blue game, one with yellow/red draws and facts, a 3-player one, one with moved wires.
BASE_DOCS: list[dict] = [
    {
        "players": [
            {"name": "A", "stands": ["?1 ?2 ?3 ?4 ?5"]},
            {"name": "B", "stands": ["? ? 2 ? i3"]},
            {"name": "C", "stands": ["? ? ? ? ?"]},
            {"name": "D", "stands": ["? ? ? ? ?"]},
        ],
        "me": 0,
        "captain": 0,
        "wires": {"blue": [1, 5]},
        "facts": [],
        "mistakes_left": 3,
        "available": ["double_detector", "x_or_y_ray"],
        "constraints": ["H", "L"],
        "rules": {"no_values": [{"value": 4, "why": "test"}], "locked": [{"player": 2, "stand": 0, "slot": 4, "why": "x"}]},
        "hidden_red_value": {"ruled_out": [1]},
    },
    {
        "players": [
            {"name": "A", "stands": ["?1 ?Y2 ?3 ?4 ?5"]},
            {"name": "B", "stands": ["? 2x ? ? X"]},
            {"name": "C", "stands": ["E ? ? ? ?"]},
            {"name": "D", "stands": ["? ? !3 ? ?"]},
        ],
        "me": 0,
        "captain": 1,
        "wires": {"blue": [1, 4], "yellow": [2], "red": {"of": [3, 5], "keep": 1}},
        "facts": [
            {"kind": "same", "player": 2, "stand": 0, "slots": [1, 2]},
            {"kind": "has", "player": 3, "value": 4},
            {"kind": "red_count", "player": 1, "stand": 0, "count": 0},
            {"kind": "yellow_count", "player": 0, "count": 1},
        ],
        "mistakes_left": 2,
        "tokens": "value",
    },
    {
        "players": [
            {"name": "A", "stands": ["? ? ? ?", "? ? ? ?"]},
            {"name": "B", "stands": ["?1 ?2 ?3 ?4"]},
            {"name": "C", "stands": ["? ? ? ?"]},
        ],
        "me": None,
        "captain": 0,
        "wires": {"blue": [1, 4]},
        "facts": [{"kind": "has_not", "player": 2, "stand": 0, "value": 2}],
    },
    {
        "players": [
            {"name": "A", "stands": ["?2 ?3 ?4 ?4"]},
            {"name": "B", "stands": ["?1 ? ? ?"]},
            {"name": "C", "stands": ["? ? ?"]},
            {"name": "D", "stands": ["? ? ? ? ?"]},
        ],
        "me": 0,
        "captain": 0,
        "wires": {"blue": [1, 4]},
        "facts": [{"kind": "has", "player": 1, "value": 3, "wires": [[1, 0, 1], [1, 0, 2], [0, 0, 3]]}],
        "moves": [
            {"kind": "walkie_talkies", "wires": [{"from": [0, 0, 0], "to": [1, 0, 0]}, {"from": [1, 0, 3], "to": [0, 0, 3]}]},
            {"kind": "grappling_hook", "wires": [{"from": [2, 0, 0], "to": [3, 0, 0]}]},
        ],
    },
]

TYPES = ["version", "missions", "warm_up", "analyze", "moves", "indicate"]

#: JSON texts that Python's json module reads as non-finite or very large numbers
ODD_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1" + "0" * 400, "-0", "1e-400", "9007199254740993"]


def _scalar(rng: random.Random) -> Any:
    return rng.choice([
        None, True, False, 0, -1, 1, 2, 7, 99, 10**12, -(10**12), 0.5, -3.25, "", "x", "7", "Y", "RED",
        "<b>é</b>", "a" * 300, [], {}, [1, 2], {"a": 1}, "\u0000", "??",
    ])


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value (as Python), sometimes nested."""
    roll = rng.random()
    if depth > 3 or roll < 0.6:
        return _scalar(rng)
    if roll < 0.8:
        return [_junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["players", "me", "wires", "facts", "kind", "x", "stands", "name"]): _junk(rng, depth + 1)
            for _ in range(rng.randint(0, 4))}


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) into a JSON value."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, prefix + (i,))
    return out


ODD = object()  # marks a spot where an odd number text is spliced in after dumping


def _mutated(rng: random.Random, doc: dict) -> Any:
    """A valid document with a few of its parts replaced, dropped or duplicated."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        last = path[-1]
        action = rng.random()
        if action < 0.15 and isinstance(parent, dict):
            del parent[last]
        elif action < 0.3 and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif action < 0.45:
            parent[last] = ODD
        else:
            parent[last] = _junk(rng)
    return doc


def _dumps(value: Any, rng: random.Random) -> str:
    text = json.dumps(value, default=lambda o: "__ODD__")
    while '"__ODD__"' in text:
        text = text.replace('"__ODD__"', rng.choice(ODD_NUMBERS), 1)
    return text


def hostile_request(rng: random.Random) -> str:
    """One request text: garbage, a wrong shape, or an envelope with odd fields or a damaged table."""
    roll = rng.random()
    if roll < 0.05:
        return "".join(chr(rng.randint(0, 0x2FF)) for _ in range(rng.randint(0, 40)))
    if roll < 0.1:
        return _dumps(_junk(rng), rng)
    request: dict[str, Any] = {"v": 1, "id": rng.randint(0, 10**6), "type": rng.choice(TYPES)}
    if request["type"] in ("analyze", "moves", "indicate"):
        base = rng.choice(BASE_DOCS)
        request["payload"] = _mutated(rng, base) if rng.random() < 0.9 else _junk(rng)
    for field in ("v", "id", "type"):
        r = rng.random()
        if r < 0.08:
            request[field] = ODD
        elif r < 0.14:
            request[field] = _junk(rng)
        elif r < 0.16:
            del request[field]
    if rng.random() < 0.05:
        request["extra"] = _junk(rng)
    return _dumps(request, rng)
