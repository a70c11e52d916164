"""The brute-force oracle's observation semantics: what a slot's tokens, a stand's x-tokens and each fact
say of a configuration, written from the rules only.

Why apart: oracle.py enumerates deals; this is the one place that says which of them the table allows."""

from __future__ import annotations

from builtins import enumerate as _benum
from typing import Mapping

from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT, Slot
from bombbusters.table.state import GameState
from bombbusters.table.wires import BLUE, RED, YELLOW, blue, colour_of, number_of, value_of

__all__ = ["fact_holds", "local_facts", "slot_allows", "stand_ok"]

SlotKey = tuple[int, int, int]  # (player, stand, slot)
StandKey = tuple[int, int]


def slot_allows(slot: Slot, t: int) -> bool:
    """Can a slot showing these tokens hold type t (ignoring stand-wide conditions)?"""
    if slot.wire is not None and t != slot.wire:
        return False
    col = colour_of(t)
    if slot.colour is not None and col != slot.colour:
        return False
    if slot.parity is not None:
        if col != BLUE:
            return False
        if (number_of(t) % 2 == 0) != (slot.parity == "even"):
            return False
    if slot.multiplicity is not None and col == RED:
        return False
    if slot.not_value is not None:
        if col == RED or t == blue(slot.not_value):
            return False
    return True


def stand_ok(slots: tuple[Slot, ...], types: tuple[int, ...]) -> bool:
    """Stand-wide token conditions: x1/x2/x3 multiplicities (over the wires the owner sees: not the turned ones)."""
    values = [value_of(t) if not sl.turned else None for sl, t in zip(slots, types)]
    for slot, v in zip(slots, values):
        if slot.multiplicity is not None and values.count(v) != slot.multiplicity:
            return False
    return True


def fact_holds(
    state: GameState, fact: Fact, types: Mapping[SlotKey, int], dealt: Mapping[StandKey, tuple[int, ...]] | None = None
) -> bool:
    """Does a fact hold on this configuration (``dealt``: the stands as dealt, when wires moved since)?"""
    p = fact.player
    stands = range(len(state.players[p].stands)) if fact.stand is None else [fact.stand]
    if fact.kind in ("has", "has_not") and fact.wires is not None:  # one of these wires (then uncut) has the value
        found = any(value_of(types[w]) == fact.value for w in fact.wires)
        return found if fact.kind == "has" else not found
    colour = {"red_count": RED, "yellow_count": YELLOW}.get(fact.kind)
    if colour is not None and dealt is not None:  # counted on the stands as dealt
        return sum(colour_of(t) == colour for s in stands for t in dealt[(p, s)]) == fact.count
    if fact.kind in ("has", "has_not"):
        found = any(  # the player's turned-around wires are not theirs to see
            slot.state != CUT and not slot.turned and value_of(types[(p, s, j)]) == fact.value
            for s in stands
            for j, slot in _benum(state.players[p].stands[s])
        )
        return found if fact.kind == "has" else not found
    s = fact.stand
    if fact.kind in ("same", "different"):
        a, b = fact.slots
        eq = value_of(types[(p, s, a)]) == value_of(types[(p, s, b)])
        return eq if fact.kind == "same" else not eq
    if fact.kind == "not_value":
        return all(value_of(types[(p, s, j)]) != fact.value for j in fact.slots)
    if fact.kind == "not_count":  # as an x-token counts: the wires of the stand its owner sees
        assert dealt is None, "the oracle reads not_count on stands no wire left or entered"
        stand = state.players[p].stands[s]  # type: ignore[index]
        values = [value_of(types[(p, s, j)]) for j, sl in _benum(stand) if not sl.turned]
        return not any(colour_of(types[(p, s, j)]) == BLUE and values.count(value_of(types[(p, s, j)])) == fact.count
                       for j in fact.slots)
    if colour is not None:
        return sum(colour_of(types[(p, x, j)]) == colour for x in stands for j in range(len(state.players[p].stands[x]))) == fact.count
    raise ValueError(f"unknown fact kind {fact.kind!r}")


def local_facts(state: GameState, key: StandKey) -> list[Fact]:
    """Facts that only look at one stand (checked early, to prune)."""
    p, s = key
    n_stands = len(state.players[p].stands)
    out = []
    for f in state.facts:
        if f.player != p or f.wires is not None:
            continue
        if f.stand == s or (f.stand is None and n_stands == 1):
            out.append(f)
    return out
