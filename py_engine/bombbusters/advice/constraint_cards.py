"""Constraint cards A–L and mission rules: which of my moves they forbid, and why, in words a player reads.

Why a module of its own: the cards are mission rules about *legality*, not
about the deal; ``moves.py`` ranks what is legal and shows what a card
forbids with the card's reason, so the advice never ranks a move the mission
refuses (missions 31, 32, 34, 37, 57, 61, 66).

Readings where the cards are terse (the same as the public mission data's):
the value cards A–F speak of blue numbers (a yellow wire has no number, so
they leave it alone); "far-left / far-right wire" is the lowest / highest
*uncut* wire of a teammate's stand; a detector may not point at a wire the
card protects (H, I, J), so a Super Detector, which points at every wire of
a stand, is out under I and J; the Fast Pass is a solo cut (K).  Revealing
red wires is never constrained (missions 32 and 37 say so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..table.errors import StateError
from ..table.notation import CUT, INFO
from ..table.state import GameState

__all__ = ["CARDS", "Rules", "my_rules", "turned_rule", "value_reason", "slot_reason", "move_reason", "failure_steps"]

#: letter -> what the card says, in short
CARDS: dict[str, str] = {
    "A": "even wires only",
    "B": "odd wires only",
    "C": "wires 1-6 only",
    "D": "wires 7-12 only",
    "E": "wires 4-9 only",
    "F": "no wires 4-9",
    "G": "no equipment",
    "H": "no info token on a failure; no cut of a wire with an info token",
    "I": "no far-right wire on teammates' stands",
    "J": "no far-left wire on teammates' stands",
    "K": "no solo cut",
    "L": "double detonator: a failure advances it 2 spaces",
}

_VALUE_OK = {
    "A": lambda v: v % 2 == 0,
    "B": lambda v: v % 2 == 1,
    "C": lambda v: 1 <= v <= 6,
    "D": lambda v: 7 <= v <= 12,
    "E": lambda v: 4 <= v <= 9,
    "F": lambda v: not 4 <= v <= 9,
}
_EQUIPMENT = {"double_detector", "triple_detector", "super_detector", "x_or_y_ray", "fast_pass"}
_SOLO = {"solo_cut", "fast_pass"}
_RULE_KEYS = {"no_values", "locked", "only_values", "costly", "turned", "nano_value", "special_action", "oxygen", "card_risk"}
_POINTED = {"dual_cut", "x_or_y_ray", "double_detector", "triple_detector", "super_detector"}


def _why(card: str) -> str:
    return f"{CARDS[card]} (constraint {card})"


@dataclass(frozen=True)
class Rules:
    """What binds ``me`` this turn: my constraint cards and the mission's rules on values and wires.

    ``no_values``: gameplay value -> why I may not name it (46: the 7s are cut
    last; 41, 48: yellow wires go by a special action).  ``only_values``:
    (the values I may name, why) — number cards that pick the value to cut
    (26, 45, 47, 51, 65) or a sequence card (9, 16, 36).  ``locked``: (player,
    stand, slot) -> (why, equipment only) — a wire nobody may cut now, or one no
    equipment may point at (35: X wires until the 4 yellows are cut, and never
    with equipment; 38: a turned-around wire only its owner cuts).  ``costly``:
    (player, stand, slot) -> why — a wire I may dual cut, but the detonator
    moves a space whatever happens, and no equipment may point at it (56, 64:
    a teammate's turned-around wire).  ``turned``: the mission's rule on every
    turned-around wire but mine (38: "locked", 56/64: "costly"), given once for
    all players so that a playout can expand it for each acting player.  ``nano_value``: (value, why) — the
    value of Nano's space, whose cut takes one of Nano's wires (43) or Nano back a space instead of on (53).
    ``oxygen``: (tokens at hand, {value: tokens a cut of it takes}) — 44, 49, 63: what a cut spends of what
    pays for the turns after (the values beyond what is at hand are in ``no_values``).  ``card_risk``: value ->
    (chance, why) — 29: the chance the number card put down for my turn is that value (a cut of it then moves the
    detonator).
    """

    cards: tuple[str, ...] = ()
    no_values: dict = field(default_factory=dict)
    locked: dict = field(default_factory=dict)
    only_values: tuple | None = None  # (frozenset of values, why)
    costly: dict = field(default_factory=dict)
    nano_value: tuple | None = None  # (value, why)
    oxygen: tuple | None = None  # (tokens at hand, {value: tokens})
    card_risk: dict = field(default_factory=dict)  # value -> (chance, why)

    def __bool__(self) -> bool:
        return bool(self.cards or self.no_values or self.locked or self.only_values or self.costly)


def my_rules(state: GameState) -> Rules:
    """The state's ``constraints`` (letters A–L) and ``rules`` (``no_values``, ``only_values``, ``locked``,
    ``costly``, ``turned``, ``nano_value``, ``oxygen``, ``card_risk``), checked; ``turned`` is expanded here to the teammates' uncut turned wires."""
    raw = state.extra.get("constraints", [])
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise StateError(f"'constraints' must be a list of card letters A-L, got {raw!r}", field="constraints")
    bad = [x for x in raw if x not in CARDS]
    if bad:
        raise StateError(f"constraints: unknown card {bad[0]!r} (cards are A-L)", field="constraints")
    rules = state.extra.get("rules", {})
    if not isinstance(rules, dict) or set(rules) - _RULE_KEYS:
        raise StateError(
            f"'rules' must be an object with 'no_values', 'only_values', 'locked', 'costly', 'turned', "
            f"'nano_value', 'special_action', 'oxygen' and/or 'card_risk', got {rules!r}",
            field="rules",
        )
    no_values: dict = {}
    for item in _list(rules, "no_values"):
        v = item.get("value")
        no_values[_value(v)] = _text(item.get("why"))
    only = None
    if "only_values" in rules:
        item = rules["only_values"]
        values = item.get("values") if isinstance(item, dict) else None
        if not isinstance(values, list):
            raise StateError(f"rules.only_values must be {{\"values\": [...], \"why\": ...}}, got {item!r}", field="rules")
        only = (frozenset(_value(v) for v in values), _text(item.get("why")))
    back = None
    if "nano_value" in rules:
        item = rules["nano_value"]
        if not isinstance(item, dict) or "value" not in item:
            raise StateError(f"rules.nano_value must be {{\"value\": n, \"why\": ...}}, got {item!r}", field="rules")
        back = (_value(item["value"]), _text(item.get("why")))
    locked: dict = {}
    for item in _list(rules, "locked"):
        locked[_slot_key(state, item, "locked")] = (_text(item.get("why")), bool(item.get("equipment_only", False)))
    costly = {_slot_key(state, item, "costly"): _text(item.get("why")) for item in _list(rules, "costly")}
    if "turned" in rules:
        kind, why = turned_rule(rules["turned"])
        for p, s in state.stand_keys():
            if p == state.me:
                continue
            for j, sl in enumerate(state.stand(p, s)):
                if sl.turned and sl.state != CUT:
                    if kind == "locked":
                        locked.setdefault((p, s, j), (why, False))
                    else:
                        costly.setdefault((p, s, j), why)
    return Rules(tuple(sorted(set(raw))), no_values, locked, only, costly, back, _oxygen(rules), _card_risk(rules))


def _card_risk(rules: dict) -> dict:
    """``rules.card_risk``: ``[{"value": v, "p": chance, "why": ...}]``, checked."""
    out = {}
    for item in _list(rules, "card_risk"):
        p = item.get("p")
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise StateError(f"rules.card_risk: {item!r} must give the chance (0 to 1) that the card is its value",
                             field="rules")
        out[_value(item.get("value"))] = (float(p), _text(item.get("why")))
    return out


def _oxygen(rules: dict) -> tuple | None:
    """``rules.oxygen``: ``{"tokens": n, "costs": [{"value": v, "tokens": c}, ...]}``, checked."""
    if "oxygen" not in rules:
        return None
    item = rules["oxygen"]
    n = item.get("tokens") if isinstance(item, dict) else None
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise StateError(f"rules.oxygen must be {{\"tokens\": n ≥ 0, \"costs\": [...]}}, got {item!r}", field="rules")
    costs = {}
    for c in _list(item, "costs"):
        t = c.get("tokens")
        if not isinstance(t, int) or isinstance(t, bool) or t < 0:
            raise StateError(f"rules.oxygen.costs: {c!r} must give the tokens (a whole number ≥ 0) a value takes",
                             field="rules")
        costs[_value(c.get("value"))] = t
    return n, costs


def turned_rule(item: Any) -> tuple[str, str]:
    """(kind, why) of ``rules.turned``: ``{"kind": "locked" | "costly", "why": ...}``, checked."""
    kind = item.get("kind") if isinstance(item, dict) else None
    if kind not in ("locked", "costly"):
        raise StateError(f"rules.turned must be {{\"kind\": \"locked\" or \"costly\", \"why\": ...}}, got {item!r}",
                          field="rules")
    return kind, _text(item.get("why"))


def _slot_key(state: GameState, item: dict, name: str) -> tuple:
    """(player, stand, slot) of a rules entry, checked against the table."""
    key = (item.get("player"), item.get("stand", 0), item.get("slot"))
    try:
        state.stand(key[0], key[1])[key[2]]  # type: ignore[index,arg-type]
    except (TypeError, IndexError, KeyError):
        raise StateError(f"rules.{name}: no slot {list(key)!r}", field="rules") from None
    return key


def _value(v: Any) -> Any:
    if not (isinstance(v, int) and not isinstance(v, bool) or v in ("YELLOW", "RED")):
        raise StateError(f"rules: {v!r} is not a value (a number, YELLOW or RED)", field="rules")
    return v


def _list(rules: dict, key: str) -> list:
    items = rules.get(key, [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise StateError(f"rules.{key} must be a list of objects, got {items!r}", field="rules")
    return items


def _text(why: Any) -> str:
    return why if isinstance(why, str) and why else "a mission rule"


def value_reason(rules: Rules, value: Any) -> str | None:
    """Why I may not cut wires of this gameplay value (None: I may)."""
    if value in rules.no_values:
        return rules.no_values[value]
    if rules.only_values is not None and value not in rules.only_values[0]:
        return rules.only_values[1]
    if not isinstance(value, int):
        return None
    for c in rules.cards:
        if c in _VALUE_OK and not _VALUE_OK[c](value):
            return _why(c)
    return None


def slot_reason(rules: Rules, state: GameState, p: int, s: int, j: int, equipment: bool = False) -> str | None:
    """Why I may not point at slot j of a teammate's stand (None: I may); ``equipment``: with a detector or ray."""
    lock = rules.locked.get((p, s, j))
    if lock and (equipment or not lock[1]):
        return lock[0]
    if equipment and (p, s, j) in rules.costly:
        return rules.costly[(p, s, j)]
    cards = rules.cards
    stand = state.stand(p, s)
    uncut = [i for i, sl in enumerate(stand) if sl.state != CUT]
    if "H" in cards and stand[j].state == INFO:
        return _why("H")
    if "I" in cards and uncut and j == uncut[-1]:
        return _why("I")
    if "J" in cards and uncut and j == uncut[0]:
        return _why("J")
    return None


def move_reason(rules: Rules, state: GameState, move: dict) -> str | None:
    """Why a ranked move is not mine to make under these rules (None: it is legal)."""
    kind = move["kind"]
    if kind == "reveal_red" or not rules:
        return None
    if "G" in rules.cards and kind in _EQUIPMENT:
        return _why("G")
    if "K" in rules.cards and kind in _SOLO:
        return _why("K")
    for v in move.get("values") or [move["value"]]:
        why = value_reason(rules, v)
        if why:
            return why
    if kind in _POINTED:
        for j in move["slots"]:
            why = slot_reason(rules, state, move["player"], move["stand"], j, equipment=kind != "dual_cut")
            if why:
                return why
    return None


def failure_steps(rules: Rules) -> int:
    """How far a failed cut moves the detonator (constraint L doubles it)."""
    return 2 if "L" in rules.cards else 1
