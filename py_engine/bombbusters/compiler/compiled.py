"""What compilation hands the solvers and the questions: the problem and where every stand went.

Why apart from the compiler: the questions read these types (which sub-stand holds a slot, how a
DP weight becomes a count of deals) and never need the steps that built them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..table.notation import Slot
from .problem import Problem
from .shapes import add_tally, shape, tally

__all__ = ["Compiled", "StandMap"]


@dataclass
class StandMap:
    """Where a player's stand went: its sub-stands in the problem, and slot -> (sub, pos).

    ``whole``: the stand is exactly its sub-stands (no wire moved in or out),
    so a block law of its run speaks of this stand and no other.
    """

    player: int
    stand: int
    subs: list[int]
    where: dict[int, tuple[int, int]]
    whole: bool = True


@dataclass
class Compiled:
    types: list[int]
    cases: list[Problem]  # the one problem (empty: a slot allows no type); conditioned analyses add none
    stands: dict[tuple[int, int], StandMap]  # stands in the DP
    known: dict[tuple[int, int], tuple[Slot, ...]]  # stands left out: every wire known
    impossible: str | None = None  # a reason found without the DP
    mine_in_dp: list[list[Slot]] = field(default_factory=list)  # the observer's dealt stands a move kept in the DP
    nano_sub: int | None = None  # the sub-stand of Nano's pile (43), if it holds wires

    def deal_factors(self, me: int | None) -> tuple[dict[int, int], list[int], list[int]]:
        """What turns the DP's Z into a count of tile-level deals outside ``me``'s stands.

        The DP leaves out every fully known stand; those that are not the
        observer's are put back: their copies join the pool (c_t! each) and each
        of their sorted runs of one type divides by k!.  The observer's dealt
        stands that moves kept in the DP are taken out alike.  Returns (copies
        per type outside me's stands, the k of every run to divide by, the k
        of every run to multiply by).
        """
        outside = dict(zip(self.types, self.cases[0].copies.tolist()))
        runs: list[int] = []
        back: list[int] = []
        for (p, _s), stand in self.known.items():
            if p != me:
                known = shape(stand)  # (a known stand is the state's own tuple: read once per stand text)
                add_tally(outside, known.tally, +1)
                runs += known.runs
        for mine in self.mine_in_dp:  # in the DP's Z with their 1/k!, but not part of the count
            counts, mine_runs = tally(mine)
            add_tally(outside, counts, -1)
            back += mine_runs
        return outside, runs, back
