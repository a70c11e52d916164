"""A mission's special action — 13's red wires, 39's noble value, 46's sevens and 48's yellow wires, all at
once; 41's tripwires, one teammate's at a time —: which wires a player points at and its chances, exactly.

Why one module: *My best cuts* shows the action beside the cuts (the ``moves`` reply's ``special``) and the
arena's referee takes it (``arena/together.py``, ``tripwires.py``, ``special_cuts.py``); both point at the
same wires — the player's own of the kind, then the teammates' uncut wires their view finds likeliest all
together (picked one by one, each keeping the joint chance highest) — and read its chance as the engine's joint law of the wires pointed
at, not a product of slot chances.  A failure explodes the bomb (13, 39, 46) or, in 41 and 48, shows each
wire pointed at and moves the detonator (a red one among them explodes it).

The table app sends the action as ``rules.special_action``: ``{"kind": "reds" | "noble" | "sevens" |
"lethal" | "tripwire", "value": n (39), "holder_only": bool (13, 48 with 2-3 players: only a player holding
one may act)}``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..table.errors import StateError
from ..table.notation import CUT
from ..table.state import GameState
from ..table.wires import RED, YELLOW, colour_of, value_of

__all__ = ["KINDS", "action_chances", "likeliest", "special_json", "special_test"]

#: kind -> (what it cuts, in words; whether a failure shows the wires rather than exploding)
KINDS = {"reds": ("the red wires", False), "noble": ("the noble value", False), "sevens": ("the 7s", False),
         "lethal": ("the yellow wires", True), "tripwire": ("a teammate's tripwire", True)}


def special_test(kind: str, value: int | None = None) -> Callable[[int], bool]:
    """The wire types the action cuts."""
    if kind in ("lethal", "tripwire"):
        return lambda t: colour_of(t) == YELLOW
    if kind == "reds":
        return lambda t: colour_of(t) == RED
    v = 7 if kind == "sevens" else value
    return lambda t: value_of(t) == v


def likeliest(an: Any, spots: list[tuple], test: Callable[[int], bool], need: int, types: Any = None) -> list[tuple]:
    """The ``need`` spots to point at: one by one, the spot that keeps the joint chance of every spot picked so far
    the highest (with ``types``, the wire types in play; else each slot's own chance alone); ties: the likelier
    slot, the least likely red, then table order.  Read slot by slot, two stands' likeliest slots may be ones that
    cannot both hold the kind (13: one red each, the same place on both stands)."""
    def key(k: tuple) -> tuple:
        law = an.slot_probs(*k).items()
        return -sum(pr for t, pr in law if test(t)), sum(pr for t, pr in law if colour_of(t) == RED), k
    ranked = sorted(spots, key=key)
    if types is None or need <= 1:
        return ranked[:need]
    kind = frozenset(t for t in types if test(t))
    live = [k for k in ranked if key(k)[0] < 0]  # a slot that cannot hold the kind joins no pick
    picked: list[tuple] = []
    while len(picked) < need and live:
        joint = an.p_all_many([[(*q, kind) for q in picked + [k]] for k in live])
        best = max(range(len(live)), key=lambda i: (joint[i], -i))
        picked.append(live.pop(best))
    return picked + [k for k in ranked if k not in picked][:need - len(picked)]


def action_chances(an: Any, types: Any, picked: list[tuple], test: Callable[[int], bool], shows: bool,
                   mistakes_left: int | None) -> dict:
    """The action on ``picked`` as a move the team policy scores: P(every wire passes), P(a red one), P(the
    detonator moves) — the joint law —, and what explodes the bomb."""
    kind = frozenset(t for t in types if test(t))
    plain = frozenset(t for t in types if colour_of(t) != RED)
    p = an.p_all([(*k, kind) for k in picked]) if picked else 1.0
    red = 1.0 - an.p_all([(*k, plain) for k in picked]) if picked else 0.0
    if not shows:  # any wrong wire explodes the bomb
        return {"kind": "special", "p_success": p, "p_red": 1.0 - p, "p_advance": 0.0, "p_explode": 1.0 - p}
    adv = max(0.0, 1.0 - p - red)
    last = mistakes_left is not None and mistakes_left <= 0
    return {"kind": "special", "p_success": p, "p_red": red, "p_advance": adv, "p_explode": red + (adv if last else 0.0)}


def _rule(state: GameState) -> tuple[str, int | None, bool] | None:
    item = state.extra.get("rules", {}).get("special_action")
    if item is None:
        return None
    kind = item.get("kind") if isinstance(item, dict) else None
    value = item.get("value") if isinstance(item, dict) else None
    if kind not in KINDS or (kind == "noble" and (isinstance(value, bool) or not isinstance(value, int))):
        raise StateError(f"rules.special_action must be {{\"kind\": {' | '.join(map(repr, KINDS))}, \"value\": n (noble)}}, "
                         f"got {item!r}", field="rules")
    return kind, value, bool(item.get("holder_only", False))


def special_json(state: GameState, an: Any) -> dict | None:
    """The special action ``me`` may take now (``rules.special_action``), or None: the wires pointed at
    (``own``: mine, ``spots``: the teammates'), its chances, ``guaranteed``, and ``must`` where the card leaves no
    other move (46: only 7s left, red aside; 13: only red wires left)."""
    rule = _rule(state)
    if rule is None or state.me is None:
        return None
    kind, value, holder_only = rule
    test, me = special_test(kind, value), state.me
    uncut = {(p, s, j): sl.wire for p, s in state.stand_keys() for j, sl in enumerate(state.stand(p, s)) if sl.state != CUT}
    own = [k for k, t in uncut.items() if k[0] == me and t is not None and test(t)]
    mine = [t for k, t in uncut.items() if k[0] == me]
    need = _in_play(state, kind) - _cut(state, test) - len(own)  # the teammates' wires of the kind, uncut
    if kind == "tripwire":
        own, need = [], min(need, 1)  # one at a time, and only by a teammate pointing at it
    if need < 0 or (need == 0 and not own) or (holder_only and not own):
        return None
    if kind == "sevens" and not all(t is not None and (value_of(t) == 7 or colour_of(t) == RED) for t in mine):
        return None  # 46: only a player whose wires, red aside, are all 7s
    spots = [k for k in uncut if k[0] != me]
    picked = likeliest(an, spots, test, need, state.wires.copies()) if need else []
    if len(picked) < need:
        return None
    move = action_chances(an, state.wires.copies(), picked, test, KINDS[kind][1], state.mistakes_left)
    must = kind in ("sevens", "reds") and bool(mine) and all(t is not None and test(t) for t in mine)
    return {**move, "action": kind, "what": KINDS[kind][0], "own": [list(k) for k in own],
            "spots": [list(k) for k in sorted(picked)], "guaranteed": move["p_success"] >= 1.0 - 1e-12, "must": must}


def _in_play(state: GameState, kind: str) -> int:
    if kind in ("lethal", "tripwire"):
        return state.wires.yellow.in_play
    return state.wires.red.in_play if kind == "reds" else 4


def _cut(state: GameState, test: Callable[[int], bool]) -> int:
    return sum(1 for p, s in state.stand_keys() for sl in state.stand(p, s)
               if sl.state == CUT and sl.wire is not None and test(sl.wire))
