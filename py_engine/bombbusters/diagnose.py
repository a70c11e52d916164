"""Name the entries that make a state impossible.

Deletion-based search for an irreducible conflict (``irreducible.minimal``):
drop entries (a slot's tokens, or a fact) while the rest is still impossible.
What remains is a smallest-by-inclusion set whose removal of any single member
makes a deal possible again — the entries the player should look at.
"""

from __future__ import annotations

from dataclasses import replace

from .constraints import compile_state
from .errors import InconsistentStateError, RuleError
from .facts_text import describe_fact
from .irreducible import folded, minimal
from .notation import Slot, format_slot
from .solver import log_partition
from .state import GameState, Player, slot_name

__all__ = ["explain_impossible", "is_possible"]

MAX_CHECKS = 200


def is_possible(state: GameState) -> bool:
    try:
        compiled = compile_state(state)
    except RuleError:
        return False
    if compiled.impossible is not None:
        return False
    return any(log_partition(folded(c)) > float("-inf") for c in compiled.cases)


def _entries(state: GameState) -> list[tuple]:
    out: list[tuple] = []
    for p, s in state.stand_keys():
        if p == state.me:
            continue
        for j, slot in enumerate(state.stand(p, s)):
            if slot != Slot() and not (slot.unsorted and slot == Slot(unsorted=True)):
                out.append(("slot", p, s, j))
    out += [("fact", i) for i in range(len(state.facts))]
    return out


def _without(state: GameState, drop: set[tuple]) -> GameState:
    players = []
    for p, pl in enumerate(state.players):
        stands = []
        for s, st in enumerate(pl.stands):
            stands.append(
                tuple(
                    Slot(unsorted=sl.unsorted) if ("slot", p, s, j) in drop else sl for j, sl in enumerate(st)
                )
            )
        players.append(Player(pl.name, tuple(stands)))
    facts = tuple(f for i, f in enumerate(state.facts) if ("fact", i) not in drop)
    return replace(state, players=tuple(players), facts=facts)


def _describe(state: GameState, entry: tuple) -> str:
    if entry[0] == "fact":
        return describe_fact(state, state.facts[entry[1]])
    _, p, s, j = entry
    return f"{slot_name(state, p, s, j)} ({format_slot(state.stand(p, s)[j])})"


def explain_impossible(state: GameState, reason: str | None = None) -> InconsistentStateError:
    """Build the error for a state no deal fits, naming a minimal set of conflicting entries."""
    entries = _entries(state)
    if is_possible(_without(state, set(entries))) and len(entries) <= MAX_CHECKS:
        every = set(entries)
        culprits = minimal(entries, lambda kept: not is_possible(_without(state, every - set(kept))))
        names = [_describe(state, e) for e in culprits]
        loc: dict = {}
        if culprits and culprits[-1][0] == "slot":
            _, loc["player"], loc["stand"], loc["slot"] = culprits[-1]
        elif culprits:
            loc["fact"] = culprits[-1][1]
        msg = "No deal fits what was entered: " + (
            " together with ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
        ) + (" cannot all hold" if len(names) > 1 else " is impossible")
        if len(names) == 1 and reason:
            msg += f" ({reason})"
        return InconsistentStateError(msg, culprits=names, **loc)
    msg = "No deal fits what was entered"
    if reason:
        msg += f": {reason}"
    else:
        msg += ": even without the other stands' tokens and facts, your own stand and the wire setup conflict"
    return InconsistentStateError(msg)
