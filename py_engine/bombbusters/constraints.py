"""Turn a checked ``GameState`` into the solver's problem.

Every token and fact becomes an allowed-type set on a slot, a local rule on
a type's block (x1/x2/x3 on blue), a small counter (has / has not, red
counts), or something the stand's states carry (Labels, X wires tied to
their run, x-tokens that may be yellow: ``stand_states.py``).  No fact is
split into cases, so no combination of them multiplies the work.
Stands whose every wire is known (the observer's own) leave the DP: their
wires only scale the weight, so they are simply taken out of the pool.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from .stand_states import Label
from .notation import CUT, Slot
from .problem import Counter, Problem, SubStand
from .errors import RuleError, StateError
from .state import COUNT_KINDS, Fact, GameState, fact_wires, slot_name, value_matches
from .wires import BLUE, RED, YELLOW, colour_of, value_of

__all__ = ["Compiled", "StandMap", "compile_state"]


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
                shape = _shape(stand)  # (a known stand is the state's own tuple: read once per stand text)
                _add(outside, shape.tally, +1)
                runs += shape.runs
        for mine in self.mine_in_dp:  # in the DP's Z with their 1/k!, but not part of the count
            tally, mine_runs = _tally(mine)
            _add(outside, tally, -1)
            back += mine_runs
        return outside, runs, back


def _tally(stand) -> tuple[tuple, tuple]:
    """(each type's known wires on ``stand``, the length of each of its sorted runs of one type); a
    turned-around wire counts with the wires outside (its owner cannot see it): in neither."""
    tally: dict[int, int] = {}
    per_type: dict[int, int] = {}
    for slot in stand:
        if slot.turned:
            continue
        t = slot.wire
        tally[t] = tally.get(t, 0) + 1
        if not slot.unsorted:
            per_type[t] = per_type.get(t, 0) + 1
    return tuple(tally.items()), tuple(per_type.values())


def _add(counts: dict[int, int], tally: tuple, sign: int) -> None:
    for t, k in tally:
        counts[t] = counts.get(t, 0) + sign * k


def _stand_of(fact: Fact) -> int:
    """The stand of a fact that names one (the parser fills it in for these kinds)."""
    assert fact.stand is not None
    return fact.stand


def _is_known(stand: tuple[Slot, ...]) -> bool:
    """Every wire known: the stand leaves the DP (a stand with turned-around wires stays: they form a run with the owner's others)."""
    return all(s.wire is not None and not s.turned for s in stand)


def _plain_run(stand) -> bool:
    """Slots, none X, turned or with an x-token: the stand is one sorted run of plain positions."""
    return bool(stand) and not any(sl.unsorted or sl.turned or sl.multiplicity is not None for sl in stand)


def _value_count(stand: tuple[Slot, ...], value) -> int:
    return sum(1 for s in stand if s.wire is not None and value_matches(s.wire, value))


def _known_stand_fault(stand: tuple[Slot, ...]) -> tuple | None:
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
            have = _value_count(stand, value_of(slot.known_wire))
            if have != slot.multiplicity:
                return ("x", j, have)
    return None


def _known_stand_problem(state: GameState, p: int, s: int, stand: tuple[Slot, ...]) -> str | None:
    """Why a fully known stand cannot be (unsorted, wrong multiplicity), or None."""
    fault = _shape(stand).fault
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


class _Shape(NamedTuple):
    """What the compiler asks of every stand as the notation read it, read once per stand text."""

    known: bool  # every wire known, none turned (:func:`_is_known`)
    plain: bool  # slots, none X, turned or with an x-token: one sorted run
    tally: tuple  # a known stand's (type, copies): its share of the pool
    runs: tuple  # a known stand's sorted runs of one type, their lengths (the deal count divides by k!)
    fault: tuple | None  # a known stand's :func:`_known_stand_fault`


class _ByStand:
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


#: a stand's :class:`_Shape`
_SHAPES = _ByStand(1024)


def _shape(stand: tuple[Slot, ...]) -> _Shape:
    got = _SHAPES.get(stand)
    if got is not None:
        return got
    known = _is_known(stand)
    return _SHAPES.put(stand, _Shape(known, _plain_run(stand), *(_tally(stand) if known else ((), ())),
                                     _known_stand_fault(stand) if known else None))


#: wire types in play -> ({what a slot shows: its mask}, the types, their colours, is blue / yellow / red):
#: what these depend on is the types alone, and a game's tables share a few sets of types
_TYPES: dict[tuple, tuple] = {}
#: a plain stand's (the mask table of its types, allowed, uncut): ``_plain_arrays``
_STAND_ARRAYS = _ByStand(512)


def compile_state(state: GameState) -> Compiled:
    """The solver problems of a checked state: one per combination of disjunctive facts."""
    return _Compiler(state).run()


class _Compiler:
    """One state's compilation, step by step: pool, stands, discard piles, each fact, the problem.

    Every step adds sub-stands or edits (``base_edits``: masks, counters,
    Labels).  A fact that cannot hold whatever the deal sets ``impossible``.
    """

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

    def run(self) -> Compiled:
        self._pool()
        for key in self.unknown:
            self._stand(key)
        self._turned()
        self._table_now()
        self._discard_piles()
        nano = self._nano_pile()
        self._order()
        for fact in self.state.facts:
            _FACT_STEPS[fact.kind](self, fact)
        mine = [self.dealt_slots(k) for k in self.unknown if k[0] == self.state.me]
        return Compiled(self.types, self._cases(), self.stands, self.known, self.impossible, mine, nano)

    def _fail(self, reason: str) -> None:
        self.impossible = self.impossible or reason

    # ---- the pool: fully known stands leave it, the rest are the DP's types
    def _pool(self) -> None:
        """Stands no move touched whose every wire is known leave the DP; the others enter it as dealt."""
        state = self.state
        self.dealt = state.dealt()
        pool = state.wires.copies()
        for p, s in state.stand_keys():
            st = state.stand(p, s)
            if _shape(st).known and (p, s) not in self.dealt.touched:
                self.known[(p, s)] = st
            else:
                self.unknown.append((p, s))
        for key in self.dealt.from_nano:  # an x-token counts the wires its stand was dealt
            for i in range(self.dealt.sizes[key]):
                p, s, j = self.here[(*key, i)]
                m = state.stand(p, s)[j].multiplicity
                if m is not None:
                    self._not_after_nano([key], f"the x{m} token on {slot_name(state, p, s, j)}")
        for (p, s), st in self.known.items():
            self.impossible = self.impossible or _known_stand_problem(state, p, s, st)
            _add(pool, _shape(st).tally, -1)
        self.types = [t for t, c in pool.items() if c > 0]
        self.T = len(self.types)
        tkey: tuple = tuple(self.types)
        if tkey not in _TYPES:
            if len(_TYPES) >= 64:  # the tables of a few recent games
                del _TYPES[next(iter(_TYPES))]
            colour = np.array([colour_of(t) for t in self.types])
            arrays = [np.array(self.types, dtype=int), colour, colour == BLUE, colour == YELLOW, colour == RED]
            for a in arrays:
                a.flags.writeable = False
            _TYPES[tkey] = ({}, *arrays)
        self._masks, self.tarr, self.colour, self.is_blue, self.is_yellow, self.is_red = _TYPES[tkey]
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

    def mask_of(self, slot: Slot) -> np.ndarray:
        """The types a slot may hold, from what it shows (wire, colour, parity, x-token, "not N").

        Read only, and shared by the slots that show the same, over the compilations of tables
        with the same wire types in play (``_TYPES``): a table's slots show a few dozen things at
        most, and a late-game table is compiled in a fraction of a millisecond."""
        key = (slot.wire, slot.colour, slot.parity, slot.multiplicity is not None, slot.not_value)
        got = self._masks.get(key)
        if got is None:
            got = self._masks[key] = self._mask(slot)
            got.flags.writeable = False
        return got

    def _mask(self, slot: Slot) -> np.ndarray:
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
        """A stand as dealt: its sorted run and each X slot (``dmaps[key]``: dealt slot -> (sub, pos))."""
        p, s = key
        st = self.dealt_slots(key)
        raw = self.state.stand(p, s) if key not in self.dealt.touched else None  # (then st is its slots)
        smap = StandMap(p, s, [], {})
        if _shape(raw).plain if raw is not None else _plain_run(st):
            # one sorted run of plain slots (most stands): one sub-stand, position j at j
            idx = len(self.subs)
            self.subs.append(SubStand(*self._plain_arrays(raw, st)))
            smap.subs.append(idx)
            smap.where = {j: (idx, j) for j in range(len(st))}
            self.dmaps[key] = smap
            return
        sorted_js = [j for j, slot in enumerate(st) if not (slot.unsorted or slot.turned)]
        runs = [sorted_js] + [[j] for j, slot in enumerate(st) if slot.unsorted]
        for run in runs:
            if not run and len(runs) == 1:
                continue
            idx = len(self.subs)
            self.subs.append(
                SubStand(
                    allowed=np.array([self.mask_of(st[j]) for j in run], dtype=bool).reshape(len(run), self.T),
                    uncut=np.array([st[j].state != CUT for j in run], dtype=bool),
                )
            )
            smap.subs.append(idx)
            for pos, j in enumerate(run):
                smap.where[j] = (idx, pos)
        self.dmaps[key] = smap
        if len(smap.subs) > 1:  # X slots: carried in the run's states, so facts may tie them to the run
            self.subs[smap.subs[0]].xs = smap.subs[1:]
        for j, slot in enumerate(st):
            if slot.multiplicity is not None:
                self._multiplicity(smap, j, slot)
            if slot.turned:
                self.turned.setdefault(p, []).append((key, j, slot))

    def _plain_arrays(self, raw: tuple[Slot, ...] | None, st: list[Slot]) -> tuple[np.ndarray, np.ndarray]:
        """(allowed, uncut) of a stand of plain sorted slots ``st``, read only.  ``raw``: the state's own
        tuple of them when nothing moved, whose arrays are kept (with the types in play)."""
        got = _STAND_ARRAYS.get(raw) if raw is not None else None
        if got is not None and got[0] is self._masks:
            return got[1], got[2]
        allowed = np.array([self.mask_of(slot) for slot in st], dtype=bool).reshape(len(st), self.T)
        uncut = np.array([slot.state != CUT for slot in st], dtype=bool)
        allowed.flags.writeable = uncut.flags.writeable = False  # (a fact's mask edit copies first: _apply)
        if raw is not None:
            _STAND_ARRAYS.put(raw, (self._masks, allowed, uncut))
        return allowed, uncut

    def _turned(self) -> None:
        """Each player's turned-around wires (T): one run of their own, sorted in stand then slot order.

        The owner turned wires picked unseen, so with the others they are a uniform share of the deal;
        mission 64 puts the lower one far left and the higher far right: a sorted run of two."""
        for spots in self.turned.values():  # found stand by stand, slot by slot (``_stand``)
            idx = len(self.subs)
            self.subs.append(SubStand(
                allowed=np.array([self.mask_of(sl) for _k, _j, sl in spots], dtype=bool).reshape(len(spots), self.T),
                uncut=np.array([sl.state != CUT for _k, _j, sl in spots], dtype=bool),
            ))
            for pos, (key, j, _sl) in enumerate(spots):
                self.dmaps[key].where[j] = (idx, pos)
                if idx not in self.dmaps[key].subs:
                    self.dmaps[key].subs.append(idx)

    def _table_now(self) -> None:
        """Each stand as it is now, read through the dealt stands its wires came from."""
        for key in self.unknown:
            if key not in self.dealt.touched:  # no wire left or joined it: as dealt
                dmap = self.dmaps[key]
                self.stands[key] = StandMap(key[0], key[1], dmap.subs, dict(dmap.where), True)
                continue
            origin = [self.dealt.origin[(*key, j)] for j in range(len(self.state.stand(*key)))]
            where = {j: self.dmaps[o[:2]].where[o[2]] for j, o in enumerate(origin)}
            subs = list(dict.fromkeys(sub for sub, _ in where.values()))
            self.stands[key] = StandMap(key[0], key[1], subs, where, False)

    def locate(self, spot: tuple[int, int, int]) -> tuple[int, int] | None:
        """(sub, pos) of the wire now at this slot; None on a stand left out of the DP."""
        key = spot[:2]
        return self.stands[key].where[spot[2]] if key in self.stands else None

    def _order(self) -> None:
        """A wire filed into a stand lies between its neighbours there: (sub, pos) pairs, a <= b."""
        for a, b in self.dealt.order:
            self.base_edits.append(("order", self.dmaps[a[:2]].where[a[2]], self.dmaps[b[:2]].where[b[2]]))

    def _stand_pos(self, smap: StandMap, j: int) -> int:
        """Slot j's position among the stand's states: its run position, or n + i for the i-th X slot."""
        sub, pos = smap.where[j]
        run = smap.subs[0]
        return pos if sub == run else self.subs[run].n + smap.subs.index(sub) - 1

    def _multiplicity(self, smap: StandMap, j: int, slot: Slot) -> None:
        """An x1/x2/x3 token: the value of slot j appears exactly m times on the stand.

        Blue: a block rule on the run, or with X slots a rule of the stand's
        states (the run's block and the X slots of that type add up to m).
        Yellow (all yellows are one value): if slot j is yellow, the stand
        holds exactly m yellows — the stand's states track its yellows.
        """
        sub, pos = smap.where[j]
        m = slot.multiplicity
        assert m is not None
        if len(smap.subs) > 1:
            self.subs[smap.subs[0]].xmult.append((self._stand_pos(smap, j), m))
        else:
            self.subs[sub].mult.append((pos, m))
        if (self.mask_of(slot) & self.is_yellow).any():
            self.subs[smap.subs[0]].ymult.append((self._stand_pos(smap, j), m))

    def _discard_piles(self) -> None:
        """An "a of b" draw: the b - a wires left out form a pile no one sees."""
        for group in self.state.wires.groups():
            gm = np.isin(self.tarr, group.candidate_types())
            self.subs.append(SubStand(np.tile(gm, (group.discarded, 1)), np.zeros(group.discarded, dtype=bool)))

    def _not_after_nano(self, keys: list, what: str) -> None:
        """A count of the wires a stand was dealt cannot be read once it took a wire from Nano: that
        wire counts as dealt to it here (``transfers.py``).  Named, not guessed."""
        for key in keys:
            if self.dealt.from_nano.get(key):
                raise StateError(f"{what}: it counts the wires {self.state.players[key[0]].name} was dealt, and "
                                 "that stand took a wire from Nano since; such a count is not modelled")

    def _nano_pile(self) -> int | None:
        """Nano's pile (43): the wires no one took yet, face down, of any type; as a sorted run it takes
        each multiset with its deal weight, which is all a pile of wires picked at random has."""
        left = self.dealt.nano_left
        if not left:
            return None
        self.subs.append(SubStand(np.ones((left, self.T), dtype=bool), np.ones(left, dtype=bool)))
        return len(self.subs) - 1

    # ---- facts: one step per kind
    def _presence(self, fact: Fact) -> None:
        """has / has not: one (none) of the player's uncut wires holds the value.

        The wires are :func:`~.state.fact_wires`: the fact's own list (those
        the player held uncut when it was learnt, wherever they are now), or the
        player's uncut wires now but their turned-around ones (T).
        """
        state = self.state
        spots = fact_wires(state, fact)
        seen = any(
            state.stand(p, s)[j].wire is not None and value_matches(state.stand(p, s)[j].wire, fact.value)  # type: ignore[arg-type]
            for p, s, j in spots
        )
        positions: dict[int, np.ndarray] = {}
        for spot in spots:
            at = self.locate(spot)
            if at is not None:
                positions.setdefault(at[0], np.zeros(self.subs[at[0]].n, dtype=bool))[at[1]] = True
        vm = self.value_mask(fact.value)
        if fact.kind == "has":
            if seen:
                return
            if not positions or not vm.any():
                self._fail(_fact_text(state, fact))
                return
            self.base_edits.append(("counter", Counter(tuple(positions), vm, "presence", 1, "ge", positions)))
        else:
            if seen:
                self._fail(_fact_text(state, fact))
                return
            if positions and vm.any():
                self.base_edits.append(("counter", Counter(tuple(positions), vm, "presence", 0, "eq", positions)))

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

    def _colour_count(self, fact: Fact) -> None:
        """How many red (yellow) wires a stand was dealt (open red deal; one yellow each): counted on the stand as dealt."""
        p = fact.player
        keys = [(p, s) for s in range(len(self.state.players[p].stands))] if fact.stand is None else [(p, fact.stand)]
        colour = COUNT_KINDS[fact.kind]
        self._not_after_nano(keys, _fact_text(self.state, fact))
        count = int(fact.count or 0) - sum(_value_count(self.known[k], colour) for k in keys if k in self.known)
        subs = tuple(x for k in keys if k not in self.known for x in self.dmaps[k].subs)
        if count < 0 or (not subs and count):
            self._fail(_fact_text(self.state, fact))
        if subs:
            mask = self.is_red if colour == "RED" else self.is_yellow
            self.base_edits.append(("counter", Counter(subs, mask.copy(), "slots", count, "eq")))

    def _pair(self, fact: Fact) -> None:
        """Label = / ≠: two slots of one stand hold the same (a different) gameplay value.

        Two wires dealt to one stand: a Label of that stand's states.  Two
        wires dealt to different stands (one has moved since): "same" on wires
        that cannot be yellow or red is the same type, i.e. each is <= the other.
        """
        key = (fact.player, _stand_of(fact))
        a, b = fact.slots
        if key in self.known:
            st = self.known[key]
            same = value_of(st[a].known_wire) == value_of(st[b].known_wire)
            if same != (fact.kind == "same"):
                self._fail(_fact_text(self.state, fact))
            return
        oa, ob = self.dealt.origin[(*key, a)], self.dealt.origin[(*key, b)]
        if oa[:2] == ob[:2]:
            smap = self.dmaps[oa[:2]]
            pa, pb = sorted((self._stand_pos(smap, oa[2]), self._stand_pos(smap, ob[2])))
            self.base_edits.append(("label", smap.subs[0], Label(pa, pb, fact.kind == "same")))
            return
        wa, wb = self.stands[key].where[a], self.stands[key].where[b]
        st = self.state.stand(*key)
        multi = ~self.is_blue & (self.mask_of(st[a]) | self.mask_of(st[b]))
        unsorted = st[a].unsorted or st[b].unsorted
        if fact.kind != "same" or multi.any() or unsorted:
            from .facts_text import describe_fact

            raise RuleError(
                f"{describe_fact(self.state, fact)}: its two wires were dealt to different stands; only a Label = "
                "on two sorted wires that cannot be yellow or red can be followed across a move",
                player=fact.player, stand=key[1],
            )
        self.base_edits += [("order", wa, wb), ("order", wb, wa)]

    # ---- the problem: every edit on copies of the sub-stands
    def _cases(self) -> list[Problem]:
        """The one solver problem (a list, empty when some slot allows no type at all)."""
        # the compiler's own sub-stands: nothing else holds them, so the edits go on them, uncopied
        prob = Problem(self.types, self.copies, self.subs, [], self.is_blue, [])
        for edit in self.base_edits:
            _apply(prob, edit)
        every = np.concatenate([x.allowed for x in prob.substands]) if prob.substands else np.ones((0, self.T), bool)
        return [prob] if every.any(axis=1).all() else []


#: fact kind -> the compile step that turns it into masks, block rules, counters or cases
_FACT_STEPS = {
    "has": _Compiler._presence,
    "has_not": _Compiler._presence,
    "not_value": _Compiler._not_value,
    "red_count": _Compiler._colour_count,
    "yellow_count": _Compiler._colour_count,
    "same": _Compiler._pair,
    "different": _Compiler._pair,
}


def _apply(prob: Problem, edit) -> None:
    kind = edit[0]
    if kind == "mask":
        _, sub, pos, m = edit
        st = prob.substands[sub]
        if not st.allowed.flags.writeable:  # a stand's kept arrays (``_plain_arrays``): edit a copy
            st.allowed = st.allowed.copy()
        st.allowed[pos] &= m
    elif kind == "label":
        prob.substands[edit[1]].labels.append(edit[2])
    elif kind == "order":
        prob.order.append((edit[1], edit[2]))
    else:
        prob.counters.append(edit[1])


def _fact_text(state: GameState, fact: Fact) -> str:
    from .facts_text import describe_fact

    return f"{describe_fact(state, fact)} contradicts the wires shown"
