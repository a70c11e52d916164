"""What the compiler reads of a stand's slots, read once per stand text.

Why apart: a stand unchanged from request to request is the same tuple (the notation reads each
stand text once), so its shape — known or not, one plain run, its tally, its runs, why a known
stand cannot be — is kept by the tuple's identity and never read twice.
"""

from __future__ import annotations

from typing import NamedTuple

from ..table.facts import value_matches
from ..table.notation import Slot
from ..table.state import GameState, slot_name
from ..table.wires import value_of

__all__ = ["ByStand", "Shape", "add_tally", "is_known", "known_stand_problem", "plain_run", "shape", "tally",
           "value_count"]


def tally(stand) -> tuple[tuple, tuple]:
    """(each type's known wires on ``stand``, the length of each of its sorted runs of one type); a
    turned-around wire counts with the wires outside (its owner cannot see it): in neither."""
    counts: dict[int, int] = {}
    per_type: dict[int, int] = {}
    for slot in stand:
        if slot.turned:
            continue
        t = slot.wire
        counts[t] = counts.get(t, 0) + 1
        if not slot.unsorted:
            per_type[t] = per_type.get(t, 0) + 1
    return tuple(counts.items()), tuple(per_type.values())


def add_tally(counts: dict[int, int], tally: tuple, sign: int) -> None:
    for t, k in tally:
        counts[t] = counts.get(t, 0) + sign * k


def is_known(stand: tuple[Slot, ...]) -> bool:
    """Every wire known: the stand leaves the DP (a stand with turned-around wires stays: they form a run with the owner's others)."""
    return all(s.wire is not None and not s.turned for s in stand)


def plain_run(stand) -> bool:
    """Slots, none X, turned or with an x-token: the stand is one sorted run of plain positions."""
    return bool(stand) and not any(sl.unsorted or sl.turned or sl.multiplicity is not None for sl in stand)


def value_count(stand: tuple[Slot, ...], value) -> int:
    return sum(1 for s in stand if s.wire is not None and value_matches(s.wire, value))


def known_stand_fault(stand: tuple[Slot, ...]) -> tuple | None:
    """Why a fully known stand cannot be: ("order", j, the sorted slot before it) or ("x", j, copies
    seen) for slot j; None when it can."""
    last: tuple[int, int] | None = None
    for j, slot in enumerate(stand):
        if slot.unsorted:
            continue
        t = slot.known_wire
        if last is not None and t < last[1]:
            return ("order", j, last[0])
        last = (j, t)
    for j, slot in enumerate(stand):
        if slot.multiplicity is not None:
            have = value_count(stand, value_of(slot.known_wire))
            if have != slot.multiplicity:
                return ("x", j, have)
    return None


def known_stand_problem(state: GameState, p: int, s: int, stand: tuple[Slot, ...]) -> str | None:
    """Why a fully known stand cannot be (unsorted, wrong multiplicity), or None."""
    fault = shape(stand).fault
    if fault is None:
        return None
    kind, j, other = fault
    slot = stand[j]
    if kind == "order":
        return (
            f"{slot_name(state, p, s, j)} ({value_of(slot.known_wire)}) cannot sit right of "
            f"slot {chr(65 + other)} ({value_of(stand[other].known_wire)}): stands are sorted"
        )
    return f"{slot_name(state, p, s, j)} carries x{slot.multiplicity} but its value appears {other} times"


class Shape(NamedTuple):
    """What the compiler asks of every stand as the notation read it, read once per stand text."""

    known: bool  # every wire known, none turned (:func:`is_known`)
    plain: bool  # slots, none X, turned or with an x-token: one sorted run
    tally: tuple  # a known stand's (type, copies): its share of the pool
    runs: tuple  # a known stand's sorted runs of one type, their lengths (the deal count divides by k!)
    fault: tuple | None  # a known stand's :func:`known_stand_fault`


class ByStand:
    """What is read from a stand's slots tuple, kept by the tuple's identity: the notation reads each
    stand text once (``notation.parse_stand``), so a stand unchanged from request to request is the
    same tuple (hashing its slots would cost more than reading them).  The tuple is kept alive with
    its entry, so its id stays its own; the whole is cleared when full (the stands of a few recent
    tables)."""

    def __init__(self, size: int):
        self.size = size
        self._got: dict[int, tuple] = {}

    def get(self, stand: tuple):
        got = self._got.get(id(stand))
        return got[1] if got is not None and got[0] is stand else None

    def put(self, stand: tuple, value):
        if len(self._got) >= self.size:
            self._got.clear()
        self._got[id(stand)] = (stand, value)
        return value


#: a stand's :class:`Shape`
_SHAPES = ByStand(1024)


def shape(stand: tuple[Slot, ...]) -> Shape:
    got = _SHAPES.get(stand)
    if got is not None:
        return got
    known = is_known(stand)
    return _SHAPES.put(stand, Shape(known, plain_run(stand), *(tally(stand) if known else ((), ())),
                                     known_stand_fault(stand) if known else None))
