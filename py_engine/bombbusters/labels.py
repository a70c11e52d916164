"""Label = / ≠ inside the DP: the little a sorted run must remember between two labelled slots.

Why: a Label on slots a < b of one run says "same gameplay value" (or
"different"), and all yellows count as one value, all reds as another.  Blue
values are a block rule (one block covers both, or not), but yellow and red
are not: Y2 and Y5 are the same value.  Splitting every such fact into
colour cases multiplies whole solves (3 per Label, 81 for four); instead the
run's fill axis carries, while a is filled and b not yet (a < F <= b), the
colour of slot a.  That adds at most two states per fill inside the
labelled stretch, so four Labels cost a few percent, not 81 solves.

The run's axis then indexes *states* (fill f, colour tags of the Labels
active at f), sorted by f, so a fill window is still a contiguous range.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from .wires import BLUE, RED, YELLOW, colour_of

__all__ = ["Label", "RunStates"]


@dataclass(frozen=True)
class Label:
    """Slots a < b of one sorted run hold the same (``same``) or a different gameplay value."""

    a: int
    b: int
    same: bool

    def active(self, f: int) -> bool:
        """Is slot a filled and slot b not, at fill f?"""
        return self.a < f <= self.b


class RunStates:
    """The states of one labelled run and the move each block makes between them."""

    def __init__(self, n: int, labels: list[Label], types: list[int]):
        self.n = n
        self.labels = labels
        self.colours = [colour_of(u) for u in types]
        present = set(self.colours)
        opts = []
        for lab in labels:
            tags = [c for c in (YELLOW, RED) if c in present] if lab.same else [c for c in COLOUR_ORDER if c in present or c == BLUE]
            opts.append(tags or [YELLOW])
        self.options = opts
        states: list[tuple[int, tuple]] = []
        for f in range(n + 1):
            act = [i for i, lab in enumerate(labels) if lab.active(f)]
            for combo in itertools.product(*(opts[i] for i in act)):
                states.append((f, tuple(zip(act, combo))))
        self.states = states
        self.index = {s: i for i, s in enumerate(states)}
        self.fill = np.array([f for f, _ in states], dtype=int)
        self.first = np.searchsorted(self.fill, np.arange(n + 2), side="left")  # first state of fill f

    def span(self, lo: int, hi: int) -> tuple[int, int]:
        """State indices [i0, i1) of the fills lo..hi."""
        if hi < lo:
            return 0, 0
        return int(self.first[lo]), int(self.first[hi + 1])

    def move(self, i: int, t: int, k: int) -> int | None:
        """The state after type index t's block of length k >= 1 starts at state i's fill; None if a Label forbids it."""
        f, tags = self.states[i]
        tag = dict(tags)
        c = self.colours[t]
        end = f + k
        new = []
        for li, lab in enumerate(self.labels):
            ca, cb = f <= lab.a < end, f <= lab.b < end
            if ca and cb:
                if not lab.same:
                    return None
            elif ca:
                if lab.same and c == BLUE:
                    return None
                if c not in self.options[li]:
                    return None
                new.append((li, c))
            elif cb:
                old = tag[li]
                if lab.same and c != old:
                    return None
                if not lab.same and c == old and c != BLUE:
                    return None
            elif lab.active(f) and end <= lab.b:
                new.append((li, tag[li]))
        return self.index.get((end, tuple(new)))


COLOUR_ORDER = (BLUE, YELLOW, RED)
