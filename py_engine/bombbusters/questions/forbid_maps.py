"""A condition on the deal as a forbid map: which blocks of which types it rules out on which
sub-stands ({sub: {type: positions}}), the form the solvers rerun.

Why apart from the reruns (``analysis``): turning "no 7 on Bob's stand" or "these two slots hold
red" into a map is reading the table and its slot laws; a condition that no deal can meet, or that
every deal meets, is answered here exactly (0 or 1) with no rerun at all.
"""

from __future__ import annotations

from ..table.notation import CUT
from ..table.wires import value_of
from .slot_laws import SlotLaws

__all__ = ["ForbidMaps"]


def _in_order(live: dict[int, set[int]], copies) -> bool:
    """Can the positions of one sorted run each hold one of their types ({pos: type indices}), the types
    never decreasing along the run and none used more than its copies?  If not, no deal meets the
    condition, and its chance is exactly 0 with no rerun (detectors asking "are these all red?" of
    more slots than reds fit there).  Greedy: each position takes the least type it can."""
    used: dict[int, int] = {}
    prev = -1
    for pos in sorted(live):
        t = min((t for t in live[pos] if t >= prev and used.get(t, 0) < copies[t]), default=None)
        if t is None:
            return False
        used[t] = used.get(t, 0) + 1
        prev = t
    return True


class ForbidMaps(SlotLaws):
    """The forbid maps of the questions the advice asks: "none of a value here", "each of these slots
    holds one of its types" (the base of :class:`~.analysis.Analysis`, which reruns them)."""

    def forbids_none(self, keys: list[tuple[int, int]], value) -> dict | float:
        """The forbid map of "no uncut wire of ``value`` on these stands", or the answer when it needs none."""
        return self.forbids_none_each(keys, [value])[0]

    def forbids_none_each(self, keys: list[tuple[int, int]], values: list) -> list:
        """:meth:`forbids_none` for each value on the same stands (a solo cut's legality, per value of mine):
        the stands read once."""
        known = [self.known_values(*key) for key in keys if key in self.compiled.known]
        where: dict = {}  # type index -> [(sub, positions)] over these stands, in stand order
        for key in keys:
            if key in self.compiled.stands:
                for t, per in self._live(*key).items():
                    where.setdefault(t, []).extend(per.items())
        out: list = []
        for value in values:
            if any(value in vals for vals in known):  # cut or not: as the state says (a lookahead cuts some)
                out.append(0.0)
                continue
            # only where some deal puts the type: other rules change nothing, and fewer types rerun fewer steps
            fmap: dict = {}
            for t in self.value_types(value):
                for x, pos in where.get(t, ()):
                    fmap.setdefault(x, {}).setdefault(t, set()).update(pos)
            out.append(fmap if fmap else 1.0)
        return out

    def _live(self, p: int, s: int) -> dict:
        """{type index: {sub: [pos]}}: where some deal puts each type among stand (p, s)'s uncut slots
        (read once per stand: the moves ask "none of v here?" for every value)."""
        got = self._live_types.get((p, s))
        if got is None or got[0] is not self.state:
            live: dict = {}
            for x, pos in self.uncut_positions(p, s).items():
                rows = self.marginal_rows(x)
                for q in pos:
                    for t, m in enumerate(rows[q]):
                        if m > 0:
                            live.setdefault(t, {}).setdefault(x, []).append(q)
            got = self._live_types[(p, s)] = (self.state, live)
        return got[1]

    def known_values(self, p: int, s: int) -> set:
        """The gameplay values of the uncut wires of a stand outside the DP (every wire known), cut or
        not as the state says (a lookahead's copy cuts some): asked per value by the moves, so kept."""
        got = self._known_values.get((p, s))
        if got is None or got[0] is not self.state:
            vals = {value_of(sl.known_wire) for sl, now in zip(self.compiled.known[(p, s)], self.state.stand(p, s))
                    if now.state != CUT}
            got = self._known_values[(p, s)] = (self.state, vals)
        return got[1]

    def _known_fails(self, conds: list[tuple[int, int, int, frozenset]]) -> bool:
        """Is a condition on a stand outside the DP (every wire known) already false?"""
        return any(
            (p, s) in self.compiled.known and self.compiled.known[(p, s)][j].wire not in allowed
            for p, s, j, allowed in conds
        )

    def forbids_all(self, conds: list[tuple[int, int, int, frozenset]]) -> dict | float:
        """The forbid map of "every listed slot holds one of its types", or the answer when it needs none.

        Put on the moves, not the masks ("no other type's block may cover this slot"), so the
        fill windows stay the same and the stored tables can be reused."""
        if not conds:
            return 1.0
        if self._known_fails(conds):
            return 0.0
        fmap: dict = {}
        live: dict = {}  # sub -> {pos: the type indices some deal puts there that the condition allows}
        for p, s, j, allowed in conds:
            if (p, s) not in self.compiled.stands:
                continue
            sub, pos = self._where(p, s, j)
            row = self.marginal_rows(sub)[pos]
            ok = set()
            for t, u in enumerate(self.compiled.types):
                if row[t] > 0:  # a type no deal puts here needs no rule
                    if u in allowed:
                        ok.add(t)
                    else:
                        fmap.setdefault(sub, {}).setdefault(t, set()).add(pos)
            here = live.setdefault(sub, {})
            here[pos] = here[pos] & ok if pos in here else ok
        copies = self.compiled.cases[0].copies
        if any(not _in_order(here, copies) for here in live.values()):
            return 0.0
        # more slots than copies of every type they may hold, over all their runs and X slots ("are
        # these three slots all red?" with two reds in play, one of them an X slot): exactly 0
        may_hold = set().union(*(ts for here in live.values() for ts in here.values()))
        if sum(map(len, live.values())) > sum(copies[t] for t in may_hold):
            return 0.0
        return fmap if fmap else 1.0
