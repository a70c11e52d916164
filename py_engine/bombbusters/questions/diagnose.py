"""Name the entries that make a state impossible.

Deletion-based search for an irreducible conflict (``irreducible.minimal``):
drop entries (a slot's tokens, or a fact) while the rest is still impossible.
What remains is a smallest-by-inclusion set whose removal of any single member
makes a deal possible again — the entries the player should look at.
"""

from __future__ import annotations

from ..compiler.constraints import compile_state
from ..solvers.solver import log_partition
from ..table.errors import InconsistentStateError, RuleError
from ..table.facts_text import describe_fact
from ..table.notation import CUT, INFO, Slot, format_slot
from ..table.state import GameState, slot_name
from ..table.wires import label
from .irreducible import entry_json, folded, minimal, table_entries, without

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


def _describe(state: GameState, entry: tuple) -> str:
    if entry[0] == "fact":
        return describe_fact(state, state.facts[entry[1]])
    _, p, s, j = entry
    return f"{slot_name(state, p, s, j)} ({_slot_words(state.stand(p, s)[j])})"


def _slot_words(slot: Slot) -> str:
    """What a slot shows, in a player's words ("cut 9", "info token 11", "even token"), where the table's
    notation ("9", "i11", "E") would be a code to learn; the notation for the rest."""
    words = []
    if slot.state == CUT and slot.wire is not None:
        words.append(f"cut {label(slot.wire)}")
    elif slot.state == INFO:
        words.append(f"info token {label(slot.wire)}" if slot.wire is not None else "yellow info token")
    if slot.parity:
        words.append(f"{slot.parity} token")
    if slot.multiplicity:
        words.append(f"x{slot.multiplicity} token")
    if slot.not_value:
        words.append(f"false token (not {slot.not_value})")
    return ", ".join(words) or format_slot(slot)


def explain_impossible(state: GameState, reason: str | None = None) -> InconsistentStateError:
    """Build the error for a state no deal fits, naming a minimal set of conflicting entries."""
    entries = table_entries(state, mine=False)
    if is_possible(without(state, set(entries))) and len(entries) <= MAX_CHECKS:
        every = set(entries)
        culprits = minimal(entries, lambda kept: not is_possible(without(state, every - set(kept))))
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
        return InconsistentStateError(msg, culprits=names, entries=[entry_json(e, n) for e, n in zip(culprits, names)], **loc)
    msg = "No deal fits what was entered"
    if reason:
        msg += f": {reason}"
    else:
        msg += ": even without the other stands' tokens and facts, your own stand and the wire setup conflict"
    return InconsistentStateError(msg)
