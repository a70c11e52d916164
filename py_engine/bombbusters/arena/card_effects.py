"""What each equipment card does to the referee's table, one statement per card, as the card says
(``docs/arena.md`` quotes them) and written as the table app records it
(``web/table/entries-equipment.js``, ``entries-moved.js``), so that the engine, told the same facts,
keeps exact odds.

Why a registry instead of branches in the referee: the referee asks "which card, which family"
and calls the one function here; a new card is one entry.  Three families:

* ``BEFORE``: played on one's turn before the move — Rewinder (detonator back a space, not past its
  start), Emergency Batteries (two used Double Detectors back), Stabilizer (this turn's failure
  neither moves the detonator nor explodes; returns True), Coffee Mug (the turn ends, the player the
  decision names plays next, then clockwise from them).
* ``FREE``: played at any time — Label ≠ / = (a ``different`` / ``same`` fact on two neighbouring
  wires of the player's stand), Post-it (an info token of the mission's kind on one of their blue
  wires), General Radar (every stand answers whether it holds an uncut blue of the number: ``has`` /
  ``has_not`` per stand), Single Wire Label (an x1 token on one of their blue wires, its value once
  on that stand), Walkie-Talkies (two wires swapped, each filed in order in the stand it left from),
  Grappling Hook (a teammate's wire taken and filed in order on the player's first stand).
* ``INSTANT``: act when they unlock — False Bottom (the next two cards of the pile come into play),
  Emergency Drop (every used equipment card face up again), Disintegrator (a random info token of
  the supply names a value; every wire of it is cut, and every player has none left).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable, Protocol

from ..advice.radar import radar_wires
from ..advice.table_edits import cut_slot, failure_kind, failure_token, set_slots, stand_count, with_cuts
from ..table.facts import Fact
from ..table.notation import CUT, HIDDEN, INFO
from ..table.state import GameState
from ..table.wires import BLUE, colour_of, value_of
from .cards import CardUse
from .table_rules import TableRules
from .wire_moves import move_wires

__all__ = ["BEFORE", "FREE", "INSTANT", "Ref"]


class Ref(Protocol):
    """What a card may change: the referee's table, deal and equipment."""

    table: GameState
    world: dict
    seen: dict
    rules: TableRules
    cards: tuple[str, ...]
    reserve: tuple[str, ...]
    spent: set
    dd_used: set
    start_mistakes: int
    next_player: int | None
    rng: random.Random


# ---- played before the move ------------------------------------------------------------------
def _rewind(ref: Ref, q: int, pass_to: int | None) -> bool:
    ref.table = replace(ref.table, mistakes_left=min(ref.start_mistakes, (ref.table.mistakes_left or 0) + 1))
    return False


def _batteries(ref: Ref, q: int, pass_to: int | None) -> bool:
    for p in sorted(ref.dd_used)[:2]:
        ref.dd_used.discard(p)
    return False


def _stabilize(ref: Ref, q: int, pass_to: int | None) -> bool:
    return True


def _coffee(ref: Ref, q: int, pass_to: int | None) -> bool:
    assert pass_to is not None and pass_to != q, "the Coffee Mug names who plays next"
    ref.next_player = pass_to
    return False


#: card id -> effect(referee, actor, who plays next) -> whether this turn is stabilized
BEFORE: dict[str, Callable[[Ref, int, int | None], bool]] = {"6": _rewind, "7": _batteries, "9": _stabilize,
                                                              "11": _coffee}


# ---- played at any time ----------------------------------------------------------------------
def _label(kind: str) -> Callable[[Ref, int, CardUse], None]:
    def put(ref: Ref, q: int, u: CardUse) -> None:
        a, b = sorted(u.slots)
        values = [value_of(ref.world[(q, u.stand, j)]) for j in (a, b)]
        assert b == a + 1 and (values[0] == values[1]) == (kind == "same"), (kind, u, values)
        assert not all(ref.table.stand(q, u.stand)[j].state == CUT for j in (a, b)), "one of the two may be cut"
        ref.table = replace(ref.table, facts=ref.table.facts + (Fact(kind, q, u.stand, slots=(a, b)),))
    return put


def _postit(ref: Ref, q: int, u: CardUse) -> None:
    (j,) = u.slots
    spot = (q, u.stand, j)
    t, sl = ref.world[spot], ref.table.stand(q, u.stand)[j]
    assert colour_of(t) == BLUE and sl.state != CUT, "a Post-it goes on one of my uncut blue wires"
    kind = failure_kind(dict(ref.rules.extra).get("tokens"))
    token = failure_token(sl, t, kind, stand_count(ref.world, q, u.stand, value_of(t)))
    ref.table = replace(ref.table, players=set_slots(ref.table, {spot: token}))


def _radar(ref: Ref, q: int, u: CardUse) -> None:
    v = u.value
    assert isinstance(v, int) and 1 <= v <= 12
    facts = []
    for p, s in ref.table.stand_keys():
        wires = radar_wires(ref.table, p, s)
        has = any(value_of(ref.world[k]) == v for k in wires)
        # named where the stand's default wires (uncut, not turned) hold one the answer leaves out: an X wire
        x = any(sl.unsorted and sl.state != CUT for sl in ref.table.stand(p, s))
        facts.append(Fact("has" if has else "has_not", p, s, v, wires=wires if x else None))
    ref.table = replace(ref.table, facts=ref.table.facts + tuple(facts))


def _single_wire(ref: Ref, q: int, u: CardUse) -> None:
    (j,) = u.slots
    spot = (q, u.stand, j)
    t, sl = ref.world[spot], ref.table.stand(q, u.stand)[j]
    assert colour_of(t) == BLUE and stand_count(ref.world, q, u.stand, value_of(t)) == 1, "its value once on my stand"
    assert (q, u.stand) not in ref.table.dealt().touched, "an x1 on a stand a wire left or entered cannot be read"
    token = replace(sl, multiplicity=1, colour=BLUE if sl.state == HIDDEN and sl.wire is None else sl.colour)
    ref.table = replace(ref.table, players=set_slots(ref.table, {spot: token}))


def _moved(ref: Ref, kind: str, wires: list) -> None:
    for src, _dst in wires:
        sl = ref.table.stand(*src[:2])[src[2]]
        assert sl.state != CUT and not sl.turned and not sl.unsorted, ("only uncut wires in order move", src)
    ref.table, ref.world = move_wires(ref.table, ref.world, kind, wires)
    ref.seen = {k: t for k, t in ref.world.items() if not ref.table.stand(k[0], k[1])[k[2]].turned}


def _walkie(ref: Ref, q: int, u: CardUse) -> None:
    assert u.give is not None and u.target is not None and u.target[0] != q
    s, j = u.give
    r, rs, _rj = u.target
    _moved(ref, "walkie_talkies", [((q, s, j), (r, rs)), (u.target, (q, s))])


def _hook(ref: Ref, q: int, u: CardUse) -> None:
    assert u.target is not None and u.target[0] != q
    _moved(ref, "grappling_hook", [(u.target, (q, 0))])


#: card id -> effect(referee, actor, their choices)
FREE: dict[str, Callable[[Ref, int, CardUse], None]] = {
    "1": _label("different"), "12": _label("same"), "4": _postit, "8": _radar, "2.2": _single_wire,
    "2": _walkie, "11.11": _hook,
}


# ---- instant ---------------------------------------------------------------------------------
def _false_bottom(ref: Ref) -> None:
    ref.cards, ref.reserve = ref.cards + ref.reserve[:2], ref.reserve[2:]


def _drop(ref: Ref) -> None:
    ref.spent.intersection_update({"3.3"})


def _disintegrate(ref: Ref) -> None:
    shown = [sl.wire for p, s in ref.table.stand_keys() for sl in ref.table.stand(p, s)
             if sl.state == INFO and sl.wire is not None and colour_of(sl.wire) == BLUE]
    supply = [v for v in range(1, 13) for _ in range(2 - shown.count(10 * v))]
    v = ref.rng.choice(supply)
    cuts = {k: cut_slot(ref.table, k, t) for k, t in ref.world.items()
            if value_of(t) == v and ref.table.stand(k[0], k[1])[k[2]].state != CUT}
    table = with_cuts(ref.table, cuts)
    lo, hi = table.wires.blue_range
    facts = tuple(Fact("has_not", p, None, v) for p in range(len(table.players))) if lo <= v <= hi else ()
    ref.table = replace(table, facts=table.facts + facts)


#: card id -> effect(referee), applied as soon as the card unlocks
INSTANT: dict[str, Callable[[Ref], None]] = {"Y": _false_bottom, "3.3": _drop, "10.10": _disintegrate}
