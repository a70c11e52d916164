"""Hand-made and random Bomb Busters state documents that no deal fits, or that the rules forbid.

Kept apart from ``gen.py`` (which deals true games): these are built to fail.
"""

from __future__ import annotations

import random

from gen import NAMES, _colour, _value, random_game

__all__ = ["inconsistent_states", "random_inconsistent_state"]


def _doc(stands: list[list[str]], wires: dict, facts: list | None = None, me: int | None = None) -> dict:
    return {
        "players": [{"name": NAMES[i], "stands": st} for i, st in enumerate(stands)],
        "me": me,
        "captain": 0,
        "wires": wires,
        "facts": facts or [],
    }


def inconsistent_states() -> list[tuple[str, dict]]:
    """Hand-made documents that no deal fits, or that the rules forbid: (description, doc)."""
    four = {"blue": [1, 2]}  # eight wires over four stands of two
    return [
        ("has_not contradicts an info token",
         _doc([["i1 ?", "? ?"], ["? ?", "? ?"]], four, [{"kind": "has_not", "player": 0, "value": 1}])),
        ("has_not contradicts the observer's own stand",
         _doc([["?1 ?1", "?2 ?2"], ["? ?", "? ?"]], four, [{"kind": "has_not", "player": 0, "value": 2}], me=0)),
        ("too many cut copies of a value",
         _doc([["1 1", "1 ?"], ["1 1", "? ?"]], four)),
        ("unsorted cut wires",
         _doc([["2 1", "? ?"], ["? ?", "? ?"]], four)),
        ("more even tokens than even wires",
         _doc([["E E", "E ?"], ["E E", "? ?"]], four)),
        ("red_count with no red in play",
         _doc([["? ?", "? ?"], ["? ?", "? ?"]], four,
              [{"kind": "red_count", "player": 1, "stand": 0, "count": 1}])),
        ("same on two different cut wires",
         _doc([["1 2", "? ?"], ["? ?", "? ?"]], four, [{"kind": "same", "player": 0, "stand": 0, "slots": [0, 1]}])),
        ("different on two equal cut wires",
         _doc([["1 1", "? ?"], ["? ?", "? ?"]], four,
              [{"kind": "different", "player": 0, "stand": 0, "slots": [0, 1]}])),
        ("x1 token next to a second copy",
         _doc([["1x1 1", "? ?"], ["? ?", "? ?"]], four)),
        ("both candidates of a 1-of-2 red draw are cut",
         _doc([["R1 ?", "? ?"], ["R2 ?", "? ?"], ], {"blue": [1, 1], "red": {"of": [1, 2], "keep": 1}})),
        ("yellow info token out of sort order",
         _doc([["iY 1 ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 2], "yellow": [5]})),
        ("yellow colour where the only yellow is cut elsewhere",
         _doc([["y? ?", "? ?"], ["Y1 ?", "? ?"]], {"blue": [1, 1], "yellow": [1]})),
        ("has a value that cannot remain uncut",
         _doc([["1 1", "? ?"], ["1 1", "? ?"]], four, [{"kind": "has", "player": 0, "value": 1}])),
        ("hidden wires must be larger than a cut 2 but only 1s and 2s remain",
         _doc([["2 ?", "? ?"], ["2 2", "2 ?"]], four, [{"kind": "has_not", "player": 0, "stand": 0, "value": 2}])),
        ("stand sizes do not fit the wire count",
         _doc([["? ? ?", "? ?"], ["? ?", "?"]], four)),
        ("even token but every blue wire is odd",
         _doc([["E ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 1], "yellow": [1, 2], "red": [2, 3]})),
        ("x2 token on a yellow slot with a single yellow in play",
         _doc([["y2x ?", "? ?"], ["? ?", "? ?"]], {"blue": [1, 1], "yellow": [2], "red": [2, 3, 4]})),
    ]


def random_inconsistent_state(rng: random.Random) -> tuple[str, dict]:
    """A random game plus one entry that surely contradicts it: (description, doc)."""
    g = random_game(rng)
    doc = g.doc
    n = len(doc["players"])
    choices: list[tuple] = [("red_count",)]
    for (p, s), types in g.deal.items():
        size = len(types)
        for j in range(size):
            v = g.view[(p, s, j)]
            if v.state != "cut" and v.known is not None:
                choices.append(("has_not", p, v.known))
            for k in range(j + 1, size):
                w = g.view[(p, s, k)]
                if v.known is None or w.known is None:
                    continue
                choices.append(("pair", p, s, j, k, _value(v.known) == _value(w.known)))
                unsorted = (p, s, j) in g.x_slots or (p, s, k) in g.x_slots
                if not unsorted and v.known != w.known:
                    choices.append(("swap", p, s, j, k))
    choice = rng.choice(choices)
    kind = choice[0]
    if kind == "has_not":
        _, p, t = choice
        doc["facts"].append({"kind": "has_not", "player": p, "value": _value(t)})
        return "has_not contradicts a known uncut wire", doc
    if kind == "pair":
        _, p, s, j, k, same = choice
        doc["facts"].append({"kind": "different" if same else "same", "player": p, "stand": s, "slots": [j, k]})
        return "same/different contradicts two known wires", doc
    if kind == "swap":
        _, p, s, j, k = choice
        toks = [g.view[(p, s, i)].token for i in range(len(g.deal[(p, s)]))]
        toks[j], toks[k] = toks[k], toks[j]
        doc["players"][p]["stands"][s] = " ".join(toks)
        return "two known wires out of sort order", doc
    reds = sum(_colour(t) == "red" for t in g.in_play)
    p = rng.randrange(n)
    s = rng.randrange(len(doc["players"][p]["stands"]))
    doc["facts"].append({"kind": "red_count", "player": p, "stand": s, "count": reds + 1})
    return "red_count larger than the reds in play", doc
