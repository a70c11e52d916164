""""Why": a smallest set of table entries that already forces a slot's value (or rules one out).

Why by deletion: every entry on the table is true of the real deal, so
removing entries only ever widens what is possible; a certainty that holds
with a set of entries holds with any larger set.  Dropping entries one at a
time while the certainty survives therefore ends on a set from which no entry
can be removed — checkable both ways, which is what a player can trust.
Large groups are tried first (half the entries, then quarters, …), so tables
with many entries need far fewer solves than one per entry; entries far from
the slot go first, so the explanation keeps the nearby ones.  Each check folds
the stands nothing constrains any more into one (``irreducible.folded``): a nearly empty
table is then a small problem.

Entries: what each slot of the table shows (a cut wire, an info token, a
token, my own wire) and each fact.  Moved wires stay: they are where the
wires are, not something learnt.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from ..compiler.constraints import compile_state
from ..solvers.solver import log_partition
from ..table.errors import BombBustersError, RuleError, StateError
from ..table.facts_text import describe_fact
from ..table.notation import CUT, INFO, slot_letter
from ..table.state import GameState, slot_name
from ..table.wires import colour_of, label, parse_label
from .analysis import FACTS_FROM_TOKENS, solve_state
from .irreducible import Entry, entry_json, folded, minimal, table_entries, without

__all__ = ["explain", "explain_json"]

def _claim(state: GameState, p: int, s: int, j: int, t: int) -> str | None:
    """"certain" / "impossible" if the table makes wire t certain / impossible at the slot, else None."""
    if _no_deal(state, p, s, j, t, other=True):
        return "certain"
    if _no_deal(state, p, s, j, t, other=False):
        return "impossible"
    return None


def _no_deal(state: GameState, p: int, s: int, j: int, t: int, other: bool) -> bool:
    """Does no deal fit the table with the slot holding t (``other``: holding anything but t)?

    A forward pass over the table with the slot's mask narrowed: no block laws, no holdings,
    about half a solve.  A reduced table the rules refuse (say, a wire I gave away left blank)
    proves nothing: it counts as fitting, so the entry that made it valid is kept.
    """
    try:
        st = GameState.from_json(state.to_json())
        comp = compile_state(st)
    except BombBustersError:
        return False
    if comp.impossible is not None:
        return True
    if (p, s) in comp.known:
        return (comp.known[(p, s)][j].wire != t) != other
    sub, pos = comp.stands[(p, s)].where[j]
    for prob in comp.cases:
        subst = [x.copy() for x in prob.substands]
        want = np.array([(u != t) if other else (u == t) for u in prob.types], dtype=bool)
        subst[sub].allowed[pos] &= want
        if subst[sub].allowed[pos].any() and log_partition(folded(replace(prob, substands=subst), sub)) > -math.inf:
            return False
    return True


def _distance(e: Entry, p: int, s: int, j: int, me: int | None) -> tuple:
    """Removal order: my own wires first (tried while the rest of the table still pins the deal, a
    table without some of them is cheap to solve), then the other stands, the facts, and the slot's
    own stand, nearest last (so the explanation keeps what is near the slot)."""
    if e[0] == "fact":
        return (2, 0, e[1])
    if e[1] == me and me != p:
        return (9, 0, e[1], e[2], e[3])
    # (sorted high first: on the slot's own stand the farthest goes first, the nearest last)
    return (1 if e[1:3] == (p, s) else 3, abs(e[3] - j) if e[1:3] == (p, s) else 0, e[1], e[2], e[3])


def _entry_text(state: GameState, e: Entry) -> str:
    if e[0] == "fact":
        text = describe_fact(state, state.facts[e[1]]).strip("'")
        if e[1] in state.extra.get(FACTS_FROM_TOKENS, ()):
            who = state.players[state.facts[e[1]].player].name
            text += f" (read from {who}'s starting token: the advice would have put it there otherwise)"
        return text
    _, p, s, j = e
    sl = state.stand(p, s)[j]
    where = slot_name(state, p, s, j)
    bits = []
    if sl.state == CUT:
        bits.append(f"is a cut {label(sl.wire)}")  # type: ignore[arg-type]
    elif sl.state == INFO:
        bits.append(f"has an info token {label(sl.wire) if sl.wire is not None else 'yellow'}")
    elif sl.wire is not None:
        bits.append(f"is your {label(sl.wire)}" if p == state.me else f"holds {label(sl.wire)}")
    elif sl.colour is not None:
        bits.append(f"is {sl.colour}")
    if sl.parity is not None:
        bits.append(f"is {sl.parity}")
    if sl.multiplicity is not None:
        bits.append(f"has an x{sl.multiplicity} token (its value {sl.multiplicity} time{'s' if sl.multiplicity > 1 else ''} on the stand)")
    if sl.not_value is not None:
        bits.append(f"is not {sl.not_value}")
    return f"{where} {' and '.join(bits)}"


def explain(state: GameState, p: int, s: int, j: int, wire: str) -> dict:
    """Why wire ``wire`` is certain, or impossible, at slot j of stand (p, s): a minimal set of entries."""
    if not (0 <= p < len(state.players) and 0 <= s < len(state.players[p].stands) and 0 <= j < len(state.stand(p, s))):
        raise StateError(f"there is no slot {slot_letter(j) if j >= 0 else j} on stand {s} of player {p}")
    t = parse_label(wire)
    if t not in state.wires.copies():
        raise RuleError(f"{wire!r} is not a wire in play")
    where = slot_name(state, p, s, j)
    solve_state(state, reuse=True)  # a table no deal fits gets the usual message naming its culprits
    claim = _claim(state, p, s, j, t)
    if claim is None:
        raise RuleError(f"{where} may be {wire} and may be something else: nothing to explain")
    entries = sorted(table_entries(state), key=lambda e: _distance(e, p, s, j, state.me), reverse=True)
    every = set(entries)
    kept = minimal(entries, lambda es: _no_deal(without(state, every - set(es)), p, s, j, t, other=claim == "certain"))
    kept.sort(key=lambda e: (e[0] != "slot", e[1:]))
    texts = [_entry_text(state, e) for e in kept]
    verdict = f"{where} {'is certainly' if claim == 'certain' else 'cannot be'} {_word(t)}"
    because = "; ".join(texts) if texts else "The wires in play and the stand's order alone"
    because = because[:1].upper() + because[1:]  # a sentence of its own under the slot
    return {
        "slot": [p, s, j], "value": wire, "claim": claim,
        "entries": [entry_json(e, x) for e, x in zip(kept, texts)],
        "text": f"{because}: so {verdict}.",
    }


def _word(t: int) -> str:
    c = colour_of(t)
    return label(t) if c == "blue" else f"{c} {label(t)}"


def explain_json(doc: Any, player: int, stand: int, slot: int, value: str) -> dict:
    """Bridge/CLI entry: :func:`explain` on a state document."""
    return explain(GameState.from_json(doc), player, stand, slot, value)
