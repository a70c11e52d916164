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
                t = _wire(slot)
                outside[t] = outside.get(t, 0) + 1
                if not slot.unsorted:
                    per_type[t] = per_type.get(t, 0) + 1
            runs += per_type.values()
        return outside, runs


def _wire(slot: Slot) -> int:
    """The type of a slot whose wire is known (every slot of a known stand)."""
    assert slot.wire is not None
    return slot.wire


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
        t = _wire(slot)
        if last is not None and t < last[1]:
            return (
                f"{slot_name(state, p, s, j)} ({value_of(t)}) cannot sit right of "
                f"slot {chr(65 + last[0])} ({value_of(last[1])}): stands are sorted"
            )
        last = (j, t)
    for j, slot in enumerate(stand):
        if slot.multiplicity is not None:
            have = _value_count(stand, value_of(_wire(slot)))
            if have != slot.multiplicity:
                return f"{slot_name(state, p, s, j)} carries x{slot.multiplicity} but its value appears {have} times"
    return None


def compile_state(state: GameState) -> Compiled:
    pool = state.wires.copies()
    known: dict[tuple[int, int], tuple[Slot, ...]] = {}
    unknown: list[tuple[int, int]] = []
    for p, s in state.stand_keys():
        st = state.stand(p, s)
        (known.__setitem__((p, s), st) if _is_known(st) else unknown.append((p, s)))
    impossible = None
    for (p, s), st in known.items():
        impossible = impossible or _known_stand_problem(state, p, s, st)
        for slot in st:
            pool[slot.wire] -= 1  # type: ignore[index]
    types = [t for t, c in pool.items() if c > 0]
    T = len(types)
    tarr = np.array(types, dtype=int)
    colour = np.array([colour_of(t) for t in types])
    is_blue, is_yellow, is_red = colour == BLUE, colour == YELLOW, colour == RED
    copies = np.array([pool[t] for t in types], dtype=int)

    def mask_of(slot: Slot) -> np.ndarray:
        m = np.ones(T, dtype=bool)
        if slot.wire is not None:
            m &= tarr == slot.wire
        if slot.colour is not None:
            m &= colour == slot.colour
        if slot.parity is not None:
            m &= is_blue & ((tarr // 10) % 2 == (0 if slot.parity == "even" else 1))
        if slot.multiplicity is not None or slot.not_value is not None:
            m &= ~is_red
        if slot.not_value is not None:
            m &= tarr != 10 * slot.not_value
        return m

    subs: list[SubStand] = []
    stands: dict[tuple[int, int], StandMap] = {}
    base_edits: list = []
    alternatives: list[list[list]] = []  # each: list of alternative edit lists

    for p, s in unknown:
        st = state.stand(p, s)
        smap = StandMap(p, s, [], {})
        sorted_js = [j for j, slot in enumerate(st) if not slot.unsorted]
        runs = [sorted_js] + [[j] for j, slot in enumerate(st) if slot.unsorted]
        for run in runs:
            if not run:
                continue
            idx = len(subs)
            subs.append(
                SubStand(
                    allowed=np.array([mask_of(st[j]) for j in run]).reshape(len(run), T),
                    uncut=np.array([st[j].state != CUT for j in run], dtype=bool),
                )
            )
            smap.subs.append(idx)
            for pos, j in enumerate(run):
                smap.where[j] = (idx, pos)
        stands[(p, s)] = smap
        has_x = len(runs) > 1
        for j, slot in enumerate(st):
            if slot.multiplicity is None:
                continue
            sub, pos = smap.where[j]
            m = slot.multiplicity
            allowed = mask_of(slot)
            if has_x:
                # the count spans the sorted run and the X slots: one case per value of slot j
                value_cases: list[list] = []
                for g in _value_groups(types, is_blue, is_yellow, is_red):
                    if (g & allowed).any():
                        ctr = Counter(tuple(smap.subs), g.copy(), "slots", m, "eq")
                        value_cases.append([("mask", sub, pos, g), ("counter", ctr)])
                alternatives.append(value_cases or [[("mask", sub, pos, np.zeros(T, dtype=bool))]])
                continue
            subs[sub].mult.append((pos, m))
            if (allowed & is_yellow).any():
                ycount = Counter(tuple(smap.subs), is_yellow.copy(), "slots", m, "eq")
                alternatives.append(
                    [
                        [("mask", sub, pos, ~is_yellow)],
                        [("mask", sub, pos, is_yellow), ("counter", ycount)],
                    ]
                )
    for group in state.wires.groups():
        gm = np.isin(tarr, group.candidate_types())
        subs.append(SubStand(np.tile(gm, (group.discarded, 1)), np.zeros(group.discarded, dtype=bool)))

    def value_mask(value) -> np.ndarray:
        return np.array([value_matches(t, value) for t in types], dtype=bool)

    for fact in state.facts:
        targets = [fact.stand] if fact.stand is not None else list(range(len(state.players[fact.player].stands)))
        keys = [(fact.player, s) for s in targets]
        if fact.kind in ("has", "has_not"):
            seen = any(
                slot.state != CUT and slot.wire is not None and value_matches(slot.wire, fact.value)  # type: ignore[arg-type]
                for k in keys
                for slot in state.stand(*k)
            )
            live = [sub for k in keys if k in stands for sub in stands[k].subs]
            vm = value_mask(fact.value)
            if fact.kind == "has":
                if seen:
                    continue
                if not live or not vm.any():
                    impossible = impossible or _fact_text(state, fact)
                    continue
                base_edits.append(("counter", Counter(tuple(live), vm, "presence", 1, "ge")))
            else:
                if seen:
                    impossible = impossible or _fact_text(state, fact)
                    continue
                if live and vm.any():
                    base_edits.append(("counter", Counter(tuple(live), vm, "presence", 0, "eq")))
        elif fact.kind == "not_value":
            key = (fact.player, _stand_of(fact))
            if key in known:
                if any(value_matches(_wire(known[key][j]), fact.value) for j in fact.slots):  # type: ignore[arg-type]
                    impossible = impossible or _fact_text(state, fact)
                continue
            vm = value_mask(fact.value)
            for j in fact.slots:
                sub, pos = stands[key].where[j]
                base_edits.append(("mask", sub, pos, ~vm))
        elif fact.kind == "red_count":
            key = (fact.player, _stand_of(fact))
            count = int(fact.count or 0)
            if key in known:
                if _value_count(known[key], "RED") != count:
                    impossible = impossible or _fact_text(state, fact)
                continue
            base_edits.append(("counter", Counter(tuple(stands[key].subs), is_red.copy(), "slots", count, "eq")))
        else:
            key = (fact.player, _stand_of(fact))
            a, b = fact.slots
            if key in known:
                st = known[key]
                same = value_of(_wire(st[a])) == value_of(_wire(st[b]))
                if same != (fact.kind == "same"):
                    impossible = impossible or _fact_text(state, fact)
                continue
            (sa, pa), (sb, pb) = stands[key].where[a], stands[key].where[b]
            alternatives.append(_pair_alternatives(fact.kind, sa, pa, sb, pb, types, is_blue, is_yellow, is_red))

    n_cases = 1
    for alt in alternatives:
        n_cases *= len(alt)
    if n_cases > MAX_CASES:
        raise RuleError(
            f"too many Label/x-token combinations to weigh ({n_cases} cases); remove some same/different facts"
        )
    cases = []
    for combo in itertools.product(*alternatives):
        prob = Problem(
            types,
            copies,
            [x.copy() for x in subs],
            [],
            is_blue,
        )
        for edit in base_edits + [e for alt in combo for e in alt]:
            _apply(prob, edit)
        if all(x.allowed.any(axis=1).all() for x in prob.substands):
            cases.append(prob)
    return Compiled(types, cases, stands, known, impossible)


def _apply(prob: Problem, edit) -> None:
    kind = edit[0]
    if kind == "mask":
        _, sub, pos, m = edit
        prob.substands[sub].allowed[pos] &= m
    elif kind == "join":
        prob.substands[edit[1]].joins.append((edit[2], edit[3]))
    elif kind == "split":
        prob.substands[edit[1]].splits.append((edit[2], edit[3]))
    else:
        prob.counters.append(edit[1])


def _pair_alternatives(kind, sa, pa, sb, pb, types, is_blue, is_yellow, is_red) -> list[list]:
    """Disjoint cases for 'same' / 'different' gameplay value of two slots."""
    if sa == sb:
        if pa > pb:
            pa, pb = pb, pa
        if kind == "same":
            return [
                [("mask", sa, pa, is_blue), ("mask", sb, pb, is_blue), ("join", sa, pa, pb)],
                [("mask", sa, pa, is_yellow), ("mask", sb, pb, is_yellow)],
                [("mask", sa, pa, is_red), ("mask", sb, pb, is_red)],
            ]
        return [
            [("mask", sa, pa, is_blue), ("split", sa, pa, pb)],
            [("mask", sa, pa, is_yellow), ("mask", sb, pb, ~is_yellow)],
            [("mask", sa, pa, is_red), ("mask", sb, pb, ~is_red)],
        ]
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
