"""Special cutting rules: 35's X wires only after the 4 yellow wires, 46's sevens cut last, all at once.

Why these rules are ``rules`` entries: the table app sends them the same way (``locked`` for an X
wire not to be cut yet, ``no_values`` for the 7s), so the advice never ranks a move they forbid and
the referee checks each move against them.  46's special action is the referee's: a player whose
uncut wires, red ones aside, are all 7s must cut the four 7s at once; they point at the teammates'
wires their own view finds likeliest to be 7s (docs/arena.md, "Special cutting rules").
"""

from __future__ import annotations

from typing import Any

from ..advice.special_action import likeliest
from ..advice.table_edits import cut_slot, with_cuts
from ..questions.analysis import solve_state
from ..table.notation import CUT
from ..table.wires import value_of
from .mission_play import Decide, MissionPlay, cut_count, hand_values

__all__ = ["SevensLast", "XAfterYellow"]


class XAfterYellow(MissionPlay):
    """35: an X wire is cut the usual way, but only once the 4 yellow wires are cut (equipment never
    points at it: ``TableRules.view_extra``).  Until then a teammate's X wire is locked, and I name no
    value whose cut would take my own X wire: all my wires of it are X, or I hold every one left (a
    solo cut)."""

    def __init__(self) -> None:
        self.seen: dict = {}

    def bind(self, ref: Any) -> None:
        self.seen = ref.seen

    def doc(self) -> dict:
        return {"kind": "x_after_yellow"}

    def rules(self, table: Any, q: int) -> dict:
        if cut_count(table, "YELLOW") >= 4:
            return {}
        why = "an X wire waits for the 4 yellow wires (mission 35)"
        locked = [{"player": p, "stand": s, "slot": j, "why": why, "equipment_only": False}
                  for p, s in table.stand_keys() if p != q for j, sl in enumerate(table.stand(p, s))
                  if sl.unsorted and sl.state != CUT]
        mine = {k: value_of(t) for k, t in self.seen.items() if k[0] == q and table.stand(k[0], k[1])[k[2]].state != CUT}
        no = []
        for k, v in mine.items():
            if not table.stand(k[0], k[1])[k[2]].unsorted:
                continue
            plain = [k2 for k2, v2 in mine.items() if v2 == v and not table.stand(k2[0], k2[1])[k2[2]].unsorted]
            if not plain or sum(1 for v2 in mine.values() if v2 == v) + cut_count(table, v) >= 4:
                no.append({"value": v, "why": why})
        return {"locked": locked, **({"no_values": no} if no else {})}


class SevensLast(MissionPlay):
    """46: no 7 is cut the usual way (one found by a failed cut is a usual failure); a player whose
    uncut wires, red ones aside, are all 7s cuts the four 7s at once: a wrong one explodes the bomb."""

    def rules(self, table: Any, q: int) -> dict:
        return {"no_values": [{"value": 7, "why": "mission 46: the 7s are cut last, all four at once"}]}

    def doc(self) -> dict:
        return {"kind": "sevens_last"}

    def turn(self, ref: Any, q: int, decide: Decide) -> str:
        mine = [v for v in hand_values(ref, q) if v != "RED"]
        if mine and all(v == 7 for v in mine):
            self.sevens(ref, q)
            return "played"
        return super().turn(ref, q, decide)

    def sevens(self, ref: Any, q: int) -> list:
        """The special action: q's own 7s and the teammates' wires likeliest to be 7s; returns the wires pointed at."""
        own = [k for k, t in ref.seen.items() if k[0] == q and value_of(t) == 7 and ref.table.stand(k[0], k[1])[k[2]].state != CUT]
        need = 4 - cut_count(ref.table, 7) - len(own)
        picked: list = []
        if need > 0:
            an = solve_state(ref.view(q))
            spots = [(p, s, j) for p, s in ref.table.stand_keys() if p != q for j, sl in enumerate(ref.table.stand(p, s))
                     if sl.state != CUT]
            picked = likeliest(an, spots, lambda t: value_of(t) == 7, need, ref.table.wires.copies())
        if all(value_of(ref.world[k]) == 7 for k in picked):
            ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in own + picked})
        else:
            ref.outcome = "exploded"
        return picked
