"""What a stand must carry inside the DP beyond its fill: Labels, and X wires tied to its run.

Why: a Label on two slots says "same gameplay value" (or "different"), and
all yellows count as one value, all reds as another: Y2 and Y5 are "the same".
Blue is a block rule, yellow and red are not.  An X wire (unsorted, far
right) is its own one-slot run, so a Label between it and the sorted run, or
an x-token counting copies on the run *and* the X wire, ties two runs at the
same type step.  Splitting such facts into colour or value cases multiplies
whole solves (3 per Label, 13 per x-token on an X stand; millions on a real
table); instead the stand's axis carries states:

* the run's fill f and each X slot's fill (0/1), so one step places both;
* while exactly one slot of a Label is filled, that slot's colour (a tag).

That adds a few states per stand, never a factor per fact.  The axis indexes
these states; a fill window keeps those whose fills it allows.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ..table.wires import BLUE, RED, YELLOW, colour_of
from .problem import count_fits

__all__ = ["Label", "StandStates"]

_TAGS_SAME = (YELLOW, RED)  # a "same" Label half-filled: never blue (one blue block covers both)
_TAGS_DIFFERENT = (BLUE, YELLOW, RED)


@dataclass(frozen=True)
class Label:
    """Two slots of one stand hold the same (``same``) or a different gameplay value.

    Positions: 0..n-1 the sorted run, n + i the stand's i-th X slot.
    """

    a: int
    b: int
    same: bool


class StandStates:
    """The states of one stand's axis and the move of a step between them.

    A state is (run fill, X fills, Label tags, yellow tracker).  The yellow
    tracker serves x-tokens on slots that may be yellow ("this value appears m
    times", and every yellow is the same value): (yellows so far, capped;
    the m a yellow token slot demanded, 0 if none yet).  It is dropped (0, 0)
    once every such slot is filled without a yellow, and checked when the
    stand is full.
    """

    def __init__(
        self, n: int, n_x: int, labels: list[Label], mults: list[tuple[int, int]], types: list[int],
        ymults: list[tuple[int, int]] | None = None,
    ):
        self.n, self.n_x = n, n_x
        self.labels = labels
        self.mults = mults  # (position, m): blue copies on run + X slots (only with X slots)
        self.ymults = ymults or []  # (position, m): x-tokens on slots that may be yellow
        self.colours = [colour_of(u) for u in types]
        present = set(self.colours)
        self.options = [[c for c in (_TAGS_SAME if lab.same else _TAGS_DIFFERENT) if c in present] or [YELLOW] for lab in labels]
        # before any yellow token slot turns out yellow, "at least the largest m" is one state: no such
        # slot may be yellow any more; after, the count never exceeds the m demanded (checked uncapped)
        self.ycap = max((m for _, m in self.ymults), default=0)
        states: list[tuple[int, tuple[int, ...], tuple, tuple[int, int]]] = []
        for f in range(n + 1):
            for xs in itertools.product((0, 1), repeat=n_x):
                act = [i for i, lab in enumerate(labels) if self._filled(lab.a, f, xs) != self._filled(lab.b, f, xs)]
                ys = self._trackers(f, xs)
                for combo in itertools.product(*(self.options[i] for i in act)):
                    states += [(f, xs, tuple(zip(act, combo)), y) for y in ys]
        self.states = states
        self.index = {s: i for i, s in enumerate(states)}
        self.run_fill = np.array([s[0] for s in states], dtype=int)
        self.x_fill = np.array([s[1] for s in states], dtype=int).reshape(len(states), n_x)
        self.fill = self.run_fill + self.x_fill.sum(axis=1)

    def _trackers(self, f: int, xs: tuple[int, ...]) -> list[tuple[int, int]]:
        """The yellow trackers a state at these fills may have (the layout keeps those its moves reach)."""
        if not self.ymults or self._done(f, xs):
            return [(0, 0)]
        all_filled = all(self._filled(j, f, xs) for j, _ in self.ymults)
        out = [(0, 0)] if all_filled else [(y, 0) for y in range(self.ycap + 1)]
        for m in sorted({m for j, m in self.ymults if self._filled(j, f, xs)}):
            out += [(y, m) for y in range(1, m + 1)]
        return out

    def _done(self, f: int, xs: tuple[int, ...]) -> bool:
        return f == self.n and all(xs)

    def _filled(self, pos: int, f: int, xs: tuple[int, ...]) -> bool:
        return f > pos if pos < self.n else bool(xs[pos - self.n])

    def valid(self, run_win: tuple[int, int], x_wins: list[tuple[int, int]]) -> np.ndarray:
        """Indices of the states whose fills lie in these windows (sorted)."""
        ok = (self.run_fill >= run_win[0]) & (self.run_fill <= run_win[1])
        for i, (lo, hi) in enumerate(x_wins):
            ok &= (self.x_fill[:, i] >= lo) & (self.x_fill[:, i] <= hi)
        return np.nonzero(ok)[0]

    def move(self, i: int, t: int, k: int, xset: tuple[int, ...]) -> int | None:
        """The state after type index t fills run slots [f, f+k) and the X slots in ``xset``; None if forbidden."""
        f, xs, tags, y = self.states[i]
        c = self.colours[t]
        end = f + k
        new_xs = tuple(1 if (x or j in xset) else 0 for j, x in enumerate(xs))

        def covered(j: int) -> bool:
            return f <= j < end if j < self.n else j - self.n in xset

        for j, m in self.mults:
            if c == BLUE and covered(j) and not count_fits(k + len(xset), m):
                return None
        new_tags = self._tags(tags, c, f, xs, end, new_xs)
        if new_tags is None:
            return None
        new_y = self._yellow(y, c, k + len(xset), covered, end, new_xs)
        if new_y is None:
            return None
        return self.index.get((end, new_xs, new_tags, new_y))

    def _tags(self, tags: tuple, c: str, f: int, xs: tuple, end: int, new_xs: tuple) -> tuple | None:
        """The Label tags after a block of colour c; None if a Label forbids it."""
        tag = dict(tags)
        new = []
        for li, lab in enumerate(self.labels):
            was_a, was_b = self._filled(lab.a, f, xs), self._filled(lab.b, f, xs)
            now_a, now_b = self._filled(lab.a, end, new_xs), self._filled(lab.b, end, new_xs)
            na, nb = now_a and not was_a, now_b and not was_b
            if na and nb:
                if not lab.same:
                    return None
            elif na or nb:
                if was_a or was_b:  # the other slot was filled: compare colours
                    old = tag[li]
                    if lab.same and c != old:
                        return None
                    if not lab.same and c == old != BLUE:
                        return None
                else:  # first of the two: remember its colour
                    if (lab.same and c == BLUE) or c not in self.options[li]:
                        return None
                    new.append((li, c))
            elif li in tag:
                new.append((li, tag[li]))
        return tuple(new)

    def _yellow(self, y: tuple[int, int], c: str, k: int, covered, end: int, new_xs: tuple) -> tuple[int, int] | None:
        """The yellow tracker after a block of colour c and k copies; None if a yellow x-token forbids it."""
        if not self.ymults:
            return (0, 0)
        count, need = y
        if c == YELLOW:
            raw = count + k  # a capped count stands for "ycap or more": raw is then at least the truth
            for j, m in self.ymults:
                if covered(j):
                    if need and need != m:
                        return None
                    need = m
            if need and raw > need:
                return None
            count = min(raw, self.ycap)
        if self._done(end, new_xs):
            return (0, 0) if not need or count == need else None
        if not need and all(self._filled(j, end, new_xs) for j, _ in self.ymults):
            return (0, 0)
        return (count, need)
