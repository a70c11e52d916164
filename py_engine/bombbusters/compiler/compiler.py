"""One state's compilation under way: the pool, where every wire is, and the edits gathered so far.

Why a class of its own: the steps (``stands``, ``fact_steps``) each add sub-stands or edits to it;
``constraints.compile_state`` runs them in order and makes the problem.
"""

from __future__ import annotations

import functools

import numpy as np

from ..table.errors import StateError
from ..table.notation import Slot
from ..table.state import GameState, slot_name
from .compiled import StandMap
from .problem import SubStand
from .shapes import add_tally, known_stand_problem, shape
from .type_masks import TypeMasks

__all__ = ["Compiler"]


class Compiler:
    """The state being compiled and what the steps found: known stands (out of the DP), the DP's
    sub-stands, each stand's map as dealt (``dmaps``) and now (``stands``), and ``base_edits``
    (masks, counters, Labels, order pairs).  A fact that cannot hold whatever the deal sets
    ``impossible``."""

    def __init__(self, state: GameState):
        self.state = state
        self.impossible: str | None = None
        self.known: dict[tuple[int, int], tuple[Slot, ...]] = {}
        self.unknown: list[tuple[int, int]] = []
        self.subs: list[SubStand] = []
        self.stands: dict[tuple[int, int], StandMap] = {}  # the table now
        self.dmaps: dict[tuple[int, int], StandMap] = {}  # the stands as dealt
        self.turned: dict[int, list] = {}  # player -> their turned-around wires: (stand key, slot, Slot)
        self.base_edits: list = []
        self._pool()

    def fail(self, reason: str) -> None:
        self.impossible = self.impossible or reason

    def _pool(self) -> None:
        """Stands no move touched whose every wire is known leave the DP; the others enter it as dealt."""
        state = self.state
        self.dealt = state.dealt()
        pool = state.wires.copies()
        for p, s in state.stand_keys():
            st = state.stand(p, s)
            if shape(st).known and (p, s) not in self.dealt.touched:
                self.known[(p, s)] = st
            else:
                self.unknown.append((p, s))
        for key in self.dealt.from_nano:  # an x-token counts the wires its stand was dealt
            for i in range(self.dealt.sizes[key]):
                p, s, j = self.here[(*key, i)]
                m = state.stand(p, s)[j].multiplicity
                if m is not None:
                    self.not_after_nano([key], f"the x{m} token on {slot_name(state, p, s, j)}")
        for (p, s), st in self.known.items():
            self.impossible = self.impossible or known_stand_problem(state, p, s, st)
            add_tally(pool, shape(st).tally, -1)
        self.types = [t for t, c in pool.items() if c > 0]
        self.tm = TypeMasks.of(self.types)  # the types' arrays and each slot's mask: c.tm.mask_of(slot), c.tm.is_red…
        self.copies = np.array([pool[t] for t in self.types], dtype=int)

    @functools.cached_property
    def here(self) -> dict:
        """Dealt slot -> where its wire is now (asked only when a wire moved or came from Nano)."""
        return {o: spot for spot, o in self.dealt.origin.items()}

    def dealt_slots(self, key: tuple[int, int]) -> list[Slot]:
        """The slots of a stand as dealt: each wire with the tokens it shows now, wherever it sits."""
        if key not in self.dealt.touched:  # no wire left or entered it (Nano's join in order): as it is now
            return list(self.state.stand(*key))
        spots = [self.here[(*key, i)] for i in range(self.dealt.sizes[key])]
        return [self.state.stand(p, s)[j] for p, s, j in spots]

    def locate(self, spot: tuple[int, int, int]) -> tuple[int, int] | None:
        """(sub, pos) of the wire now at this slot; None on a stand left out of the DP."""
        key = spot[:2]
        return self.stands[key].where[spot[2]] if key in self.stands else None

    def stand_pos(self, smap: StandMap, j: int) -> int:
        """Slot j's position among the stand's states: its run position, or n + i for the i-th X slot."""
        sub, pos = smap.where[j]
        run = smap.subs[0]
        return pos if sub == run else self.subs[run].n + smap.subs.index(sub) - 1

    def not_after_nano(self, keys: list, what: str) -> None:
        """A count of the wires a stand was dealt cannot be read once it took a wire from Nano: that
        wire counts as dealt to it here (``transfers.py``).  Named, not guessed."""
        for key in keys:
            if self.dealt.from_nano.get(key):
                raise StateError(f"{what}: it counts the wires {self.state.players[key[0]].name} was dealt, and "
                                 "that stand took a wire from Nano since; such a count is not modelled")
