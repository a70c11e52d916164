"""Human wording of facts, for error messages and the turn log."""

from __future__ import annotations

from .facts import Fact
from .notation import slot_letter
from .players import stand_name
from .state import GameState

__all__ = ["describe_fact"]


def describe_fact(state: GameState, fact: Fact) -> str:
    pl = state.players[fact.player]
    who = pl.name if fact.stand is None else stand_name(pl.name, fact.stand, len(pl.stands))
    if fact.kind == "has":
        return f"'{who} has a {fact.value}'"
    if fact.kind == "has_not":
        return f"'{who} has no {fact.value}'"
    if fact.kind in ("red_count", "yellow_count"):
        return f"'{who} holds {fact.count} {fact.kind.split('_')[0]}'"
    if fact.kind == "not_count":
        letters = ", ".join(slot_letter(j) for j in fact.slots)
        return f"'{who} slot{'s' if len(fact.slots) > 1 else ''} {letters} not a blue wire of {fact.count}x'"
    if fact.kind == "not_value":
        letters = ", ".join(slot_letter(j) for j in fact.slots)
        return f"'{who} slot{'s' if len(fact.slots) > 1 else ''} {letters} not {fact.value}'"
    a, b = (slot_letter(j) for j in fact.slots)
    rel = "=" if fact.kind == "same" else "≠"
    return f"'{who} slot {a} {rel} slot {b}'"
