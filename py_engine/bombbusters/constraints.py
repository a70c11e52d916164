"""Turn a checked ``GameState`` into solver problems (one per disjunctive case).

Every token and fact becomes either an allowed-type set on a slot, a local
rule on a type's block (x1/x2/x3, Label =/≠ on one sorted run), or a small
counter (has / has not, red counts, yellow multiplicities).  Facts that are
"either … or …" by colour (Label = on two slots: both the same blue, both
yellow or both red) are split into disjoint cases whose deal counts add up.
Stands whose every wire is known (the observer's own) leave the DP: their
wires only scale the weight, so they are simply taken out of the pool.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from .errors import RuleError
from .labels import Label
from .notation import CUT, Slot
from .problem import Counter, Problem, SubStand
from .state import Fact, GameState, slot_name, value_matches
from .wires import BLUE, RED, YELLOW, colour_of, value_of

__all__ = ["Compiled", "StandMap", "compile_state", "MAX_CASES"]

MAX_CASES = 729


@dataclass
class StandMap:
    """Where a player's stand went: its sub-stands in the problem, and slot -> (sub, pos)."""

    player: int
    stand: int
    subs: list[int]
    where: dict[int, tuple[int, int]]


@dataclass
class Compiled:
    types: list[int]
    cases: list[Problem]
    stands: dict[tuple[int, int], StandMap]  # stands in the DP
    known: dict[tuple[int, int], tuple[Slot, ...]]  # stands left out: every wire known
    impossible: str | None = None  # a reason found without the DP

    def deal_factors(self, me: int | None) -> tuple[dict[int, int], list[int]]:
        """What turns the DP's Z into a count of tile-level deals outside ``me``'s stands.

        The DP leaves out every fully known stand; those that are not the
        observer's are put back: their copies join the pool (c_t! each) and each
        of their sorted runs of one type divides by k!.  Returns (copies per
        type outside me's stands, the k of every such run).
        """
        outside = dict(zip(self.types, (int(c) for c in self.cases[0].copies)))
        runs: list[int] = []
        for (p, _s), stand in self.known.items():
            if p == me:
                continue
            per_type: dict[int, int] = {}
            for slot in stand:
                t = slot.known_wire
                outside[t] = outside.get(t, 0) + 1
                if not slot.unsorted:
                    per_type[t] = per_type.get(t, 0) + 1
            runs += per_type.values()
        return outside, runs


def _stand_of(fact: Fact) -> int:
    """The stand of a fact that names one (the parser fills it in for these kinds)."""
    assert fact.stand is not None
    return fact.stand


def _is_known(stand: tuple[Slot, ...]) -> bool:
    return all(s.wire is not None for s in stand)


def _value_count(stand: tuple[Slot, ...], value) -> int:
    return sum(1 for s in stand if s.wire is not None and value_matches(s.wire, value))


def _known_stand_problem(state: GameState, p: int, s: int, stand: tuple[Slot, ...]) -> str | None:
    """Why a fully known stand cannot be (unsorted, wrong multiplicity), or None."""
    last: tuple[int, int] | None = None
    for j, slot in enumerate(stand):
        if slot.unsorted:
            continue
        t = slot.known_wire
        if last is not None and t < last[1]:
            return (
                f"{slot_name(state, p, s, j)} ({value_of(t)}) cannot sit right of "
                f"slot {chr(65 + last[0])} ({value_of(last[1])}): stands are sorted"
            )
        last = (j, t)
    for j, slot in enumerate(stand):
        if slot.multiplicity is not None:
            have = _value_count(stand, value_of(slot.known_wire))
            if have != slot.multiplicity:
                return f"{slot_name(state, p, s, j)} carries x{slot.multiplicity} but its value appears {have} times"
    return None


def compile_state(state: GameState) -> Compiled:
    """The solver problems of a checked state: one per combination of disjunctive facts."""
    return _Compiler(state).run()


class _Compiler:
    """One state's compilation, step by step: pool, stands, discard piles, each fact, cases.

    Every step adds sub-stands, edits common to every case (``base_edits``),
    or a list of alternative edit lists (``alternatives``: one is taken per
    case).  A fact that cannot hold whatever the deal sets ``impossible``.
    """

    def __init__(self, state: GameState):
        self.state = state
        self.impossible: str | None = None
        self.known: dict[tuple[int, int], tuple[Slot, ...]] = {}
        self.unknown: list[tuple[int, int]] = []
        self.subs: list[SubStand] = []
        self.stands: dict[tuple[int, int], StandMap] = {}
        self.base_edits: list = []
        self.alternatives: list[list[list]] = []  # each: list of alternative edit lists

    def run(self) -> Compiled:
        self._pool()
        for key in self.unknown:
            self._stand(key)
        self._discard_piles()
        for fact in self.state.facts:
            _FACT_STEPS[fact.kind](self, fact)
        return Compiled(self.types, self._cases(), self.stands, self.known, self.impossible)

    def _fail(self, reason: str) -> None:
        self.impossible = self.impossible or reason

    # ---- the pool: fully known stands leave it, the rest are the DP's types
    def _pool(self) -> None:
        state = self.state
        pool = state.wires.copies()
        for p, s in state.stand_keys():
            st = state.stand(p, s)
            (self.known.__setitem__((p, s), st) if _is_known(st) else self.unknown.append((p, s)))
        for (p, s), st in self.known.items():
            self.impossible = self.impossible or _known_stand_problem(state, p, s, st)
            for slot in st:
                pool[slot.wire] -= 1  # type: ignore[index]
        self.types = [t for t, c in pool.items() if c > 0]
        self.T = len(self.types)
        self.tarr = np.array(self.types, dtype=int)
        self.colour = np.array([colour_of(t) for t in self.types])
        self.is_blue, self.is_yellow, self.is_red = self.colour == BLUE, self.colour == YELLOW, self.colour == RED
        self.copies = np.array([pool[t] for t in self.types], dtype=int)

    def mask_of(self, slot: Slot) -> np.ndarray:
        """The types a slot may hold, from what it shows (wire, colour, parity, x-token, "not N")."""
        tarr, colour = self.tarr, self.colour
        m = np.ones(self.T, dtype=bool)
        if slot.wire is not None:
            m &= tarr == slot.wire
        if slot.colour is not None:
            m &= colour == slot.colour
        if slot.parity is not None:
            m &= self.is_blue & ((tarr // 10) % 2 == (0 if slot.parity == "even" else 1))
        if slot.multiplicity is not None or slot.not_value is not None:
            m &= ~self.is_red
        if slot.not_value is not None:
            m &= tarr != 10 * slot.not_value
        return m

    def value_mask(self, value) -> np.ndarray:
        return np.array([value_matches(t, value) for t in self.types], dtype=bool)

    # ---- stands: one sub-stand per sorted run (the sorted slots, each X slot)
    def _stand(self, key: tuple[int, int]) -> None:
        p, s = key
        st = self.state.stand(p, s)
        smap = StandMap(p, s, [], {})
        sorted_js = [j for j, slot in enumerate(st) if not slot.unsorted]
        runs = [sorted_js] + [[j] for j, slot in enumerate(st) if slot.unsorted]
        for run in runs:
            if not run:
                continue
            idx = len(self.subs)
            self.subs.append(
                SubStand(
                    allowed=np.array([self.mask_of(st[j]) for j in run]).reshape(len(run), self.T),
                    uncut=np.array([st[j].state != CUT for j in run], dtype=bool),
                )
            )
            smap.subs.append(idx)
            for pos, j in enumerate(run):
                smap.where[j] = (idx, pos)
        self.stands[key] = smap
        for j, slot in enumerate(st):
            if slot.multiplicity is not None:
                self._multiplicity(smap, j, slot, has_x=len(runs) > 1)

    def _multiplicity(self, smap: StandMap, j: int, slot: Slot, has_x: bool) -> None:
        """An x1/x2/x3 token: the value of slot j appears exactly m times on the stand."""
        T, is_yellow = self.T, self.is_yellow
        sub, pos = smap.where[j]
        m = slot.multiplicity
        assert m is not None
        allowed = self.mask_of(slot)
        if has_x:
            # the count spans the sorted run and the X slots: one case per value of slot j
            value_cases: list[list] = []
            for g in _value_groups(self.types, self.is_blue, is_yellow, self.is_red):
                if (g & allowed).any():
                    ctr = Counter(tuple(smap.subs), g.copy(), "slots", m, "eq")
                    value_cases.append([("mask", sub, pos, g), ("counter", ctr)])
            self.alternatives.append(value_cases or [[("mask", sub, pos, np.zeros(T, dtype=bool))]])
            return
        self.subs[sub].mult.append((pos, m))
        if (allowed & is_yellow).any():
            ycount = Counter(tuple(smap.subs), is_yellow.copy(), "slots", m, "eq")
            self.alternatives.append(
                [
                    [("mask", sub, pos, ~is_yellow)],
                    [("mask", sub, pos, is_yellow), ("counter", ycount)],
                ]
            )

    def _discard_piles(self) -> None:
        """An "a of b" draw: the b - a wires left out form a pile no one sees."""
        for group in self.state.wires.groups():
            gm = np.isin(self.tarr, group.candidate_types())
            self.subs.append(SubStand(np.tile(gm, (group.discarded, 1)), np.zeros(group.discarded, dtype=bool)))

    # ---- facts: one step per kind
    def _presence(self, fact: Fact) -> None:
        """has / has not: an uncut wire of the value is (is not) on the player's stand(s)."""
        state, stands = self.state, self.stands
        targets = [fact.stand] if fact.stand is not None else list(range(len(state.players[fact.player].stands)))
        keys = [(fact.player, s) for s in targets]
        seen = any(
            slot.state != CUT and slot.wire is not None and value_matches(slot.wire, fact.value)  # type: ignore[arg-type]
            for k in keys
            for slot in state.stand(*k)
        )
        live = [sub for k in keys if k in stands for sub in stands[k].subs]
        vm = self.value_mask(fact.value)
        if fact.kind == "has":
            if seen:
                return
            if not live or not vm.any():
                self._fail(_fact_text(state, fact))
                return
            self.base_edits.append(("counter", Counter(tuple(live), vm, "presence", 1, "ge")))
        else:
            if seen:
                self._fail(_fact_text(state, fact))
                return
            if live and vm.any():
                self.base_edits.append(("counter", Counter(tuple(live), vm, "presence", 0, "eq")))

    def _not_value(self, fact: Fact) -> None:
        """A failed detector: none of these slots holds the value."""
        key = (fact.player, _stand_of(fact))
        if key in self.known:
            if any(value_matches(self.known[key][j].known_wire, fact.value) for j in fact.slots):  # type: ignore[arg-type]
                self._fail(_fact_text(self.state, fact))
            return
        vm = self.value_mask(fact.value)
        for j in fact.slots:
            sub, pos = self.stands[key].where[j]
            self.base_edits.append(("mask", sub, pos, ~vm))

    def _red_count(self, fact: Fact) -> None:
        """How many red wires a stand was dealt (open red deals)."""
        key = (fact.player, _stand_of(fact))
        count = int(fact.count or 0)
        if key in self.known:
            if _value_count(self.known[key], "RED") != count:
                self._fail(_fact_text(self.state, fact))
            return
        self.base_edits.append(("counter", Counter(tuple(self.stands[key].subs), self.is_red.copy(), "slots", count, "eq")))

    def _pair(self, fact: Fact) -> None:
        """Label = / ≠: two slots of one stand hold the same (a different) gameplay value."""
        key = (fact.player, _stand_of(fact))
        a, b = fact.slots
        if key in self.known:
            st = self.known[key]
            same = value_of(st[a].known_wire) == value_of(st[b].known_wire)
            if same != (fact.kind == "same"):
                self._fail(_fact_text(self.state, fact))
            return
        (sa, pa), (sb, pb) = self.stands[key].where[a], self.stands[key].where[b]
        if sa == sb:  # one sorted run: carried in the run's states
            self.base_edits.append(("label", sa, Label(min(pa, pb), max(pa, pb), fact.kind == "same")))
            return
        self.alternatives.append(
            _pair_alternatives(fact.kind, sa, pa, sb, pb, self.types, self.is_blue, self.is_yellow, self.is_red)
        )

    # ---- cases: every combination of the alternatives
    def _cases(self) -> list[Problem]:
        n_cases = 1
        for alt in self.alternatives:
            n_cases *= len(alt)
        if n_cases > MAX_CASES:
            raise RuleError(
                f"too many Label/x-token combinations to weigh ({n_cases} cases); remove some same/different facts"
            )
        cases = []
        for combo in itertools.product(*self.alternatives):
            prob = Problem(
                self.types,
                self.copies,
                [x.copy() for x in self.subs],
                [],
                self.is_blue,
            )
            for edit in self.base_edits + [e for alt in combo for e in alt]:
                _apply(prob, edit)
            if all(x.allowed.any(axis=1).all() for x in prob.substands):
                cases.append(prob)
        return cases


#: fact kind -> the compile step that turns it into masks, block rules, counters or cases
_FACT_STEPS = {
    "has": _Compiler._presence,
    "has_not": _Compiler._presence,
    "not_value": _Compiler._not_value,
    "red_count": _Compiler._red_count,
    "same": _Compiler._pair,
    "different": _Compiler._pair,
}


def _apply(prob: Problem, edit) -> None:
    kind = edit[0]
    if kind == "mask":
        _, sub, pos, m = edit
        prob.substands[sub].allowed[pos] &= m
    elif kind == "label":
        prob.substands[edit[1]].labels.append(edit[2])
    else:
        prob.counters.append(edit[1])


def _pair_alternatives(kind, sa, pa, sb, pb, types, is_blue, is_yellow, is_red) -> list[list]:
    """Disjoint cases for 'same' / 'different' gameplay value of two slots on different sub-stands."""
    groups = _value_groups(types, is_blue, is_yellow, is_red)
    out = []
    for g in groups:
        if not g.any():
            continue
        other = g if kind == "same" else ~g
        out.append([("mask", sa, pa, g), ("mask", sb, pb, other)])
    return out


def _value_groups(types, is_blue, is_yellow, is_red) -> list[np.ndarray]:
    """Type masks of each gameplay value: every blue number, all yellows, all reds."""
    tarr = np.array(types)
    groups = [(tarr == u) for u in types if u % 10 == 0]
    return groups + [g for g in (is_yellow, is_red) if g.any()]


def _fact_text(state: GameState, fact: Fact) -> str:
    from .facts_text import describe_fact

    return f"{describe_fact(state, fact)} contradicts the wires shown"
