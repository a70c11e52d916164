"""Compile steps for the stands: one sub-stand per sorted run (the sorted slots, each X slot), each
player's turned-around wires, the table now read through the stands as dealt, x-tokens, filed
wires' order, discard piles and Nano's pile.

Why steps on a :class:`~.compiler.Compiler`: each adds sub-stands or edits and the order they run
in is ``constraints.compile_state``'s; none of them reads a fact.
"""

from __future__ import annotations

import numpy as np

from ..table.notation import CUT, Slot
from .compiled import StandMap
from .compiler import Compiler
from .problem import SubStand
from .shapes import ByStand, plain_run, shape

__all__ = ["add_discard_piles", "add_nano_pile", "add_order", "add_stand", "add_turned", "count_rule", "table_now"]

#: a plain stand's (the types in play, allowed, uncut): ``_plain_arrays``
_STAND_ARRAYS = ByStand(512)


def add_stand(c: Compiler, key: tuple[int, int]) -> None:
    """A stand as dealt: its sorted run and each X slot (``dmaps[key]``: dealt slot -> (sub, pos))."""
    p, s = key
    st = c.dealt_slots(key)
    raw = c.state.stand(p, s) if key not in c.dealt.touched else None  # (then st is its slots)
    smap = StandMap(p, s, [], {})
    if shape(raw).plain if raw is not None else plain_run(st):
        # one sorted run of plain slots (most stands): one sub-stand, position j at j
        idx = len(c.subs)
        c.subs.append(SubStand(*_plain_arrays(c, raw, st)))
        smap.subs.append(idx)
        smap.where = {j: (idx, j) for j in range(len(st))}
        c.dmaps[key] = smap
        return
    sorted_js = [j for j, slot in enumerate(st) if not (slot.unsorted or slot.turned)]
    runs = [sorted_js] + [[j] for j, slot in enumerate(st) if slot.unsorted]
    for run in runs:
        if not run and len(runs) == 1:
            continue
        idx = len(c.subs)
        c.subs.append(
            SubStand(
                allowed=np.array([c.tm.mask_of(st[j]) for j in run], dtype=bool).reshape(len(run), c.tm.T),
                uncut=np.array([st[j].state != CUT for j in run], dtype=bool),
            )
        )
        smap.subs.append(idx)
        for pos, j in enumerate(run):
            smap.where[j] = (idx, pos)
    c.dmaps[key] = smap
    if len(smap.subs) > 1:  # X slots: carried in the run's states, so facts may tie them to the run
        c.subs[smap.subs[0]].xs = smap.subs[1:]
    for j, slot in enumerate(st):
        if slot.multiplicity is not None:
            _multiplicity(c, smap, j, slot)
        if slot.turned:
            c.turned.setdefault(p, []).append((key, j, slot))


def _plain_arrays(c: Compiler, raw: tuple[Slot, ...] | None, st: list[Slot]) -> tuple[np.ndarray, np.ndarray]:
    """(allowed, uncut) of a stand of plain sorted slots ``st``, read only.  ``raw``: the state's own
    tuple of them when nothing moved, whose arrays are kept (with the types in play)."""
    got = _STAND_ARRAYS.get(raw) if raw is not None else None
    if got is not None and got[0] is c.tm:
        return got[1], got[2]
    mask_of = c.tm.mask_of
    allowed = np.array([mask_of(slot) for slot in st], dtype=bool).reshape(len(st), c.tm.T)
    uncut = np.array([slot.state != CUT for slot in st], dtype=bool)
    allowed.flags.writeable = uncut.flags.writeable = False  # (a fact's mask edit copies first: _apply)
    if raw is not None:
        _STAND_ARRAYS.put(raw, (c.tm, allowed, uncut))
    return allowed, uncut


def _multiplicity(c: Compiler, smap: StandMap, j: int, slot: Slot) -> None:
    """An x1/x2/x3 token: the value of slot j appears exactly m times on the stand.

    Blue: a block rule on the run, or with X slots a rule of the stand's
    states (the run's block and the X slots of that type add up to m).
    Yellow (all yellows are one value): if slot j is yellow, the stand
    holds exactly m yellows — the stand's states track its yellows.
    """
    m = slot.multiplicity
    assert m is not None
    count_rule(c, smap, j, m)
    if (c.tm.mask_of(slot) & c.tm.is_yellow).any():
        c.subs[smap.subs[0]].ymult.append((c.stand_pos(smap, j), m))


def count_rule(c: Compiler, smap: StandMap, j: int, m: "int | tuple[int, ...]") -> None:
    """A blue wire on dealt slot j has ``m`` copies on its stand as dealt (an int; a tuple: one of those
    counts): a block rule on the run, or with X slots a rule of the stand's states.  One statement for an
    x-token and a "not_count" fact."""
    if len(smap.subs) > 1:
        c.subs[smap.subs[0]].xmult.append((c.stand_pos(smap, j), m))
    else:
        sub, pos = smap.where[j]
        c.subs[sub].mult.append((pos, m))


def add_turned(c: Compiler) -> None:
    """Each player's turned-around wires (T): one run of their own, sorted in stand then slot order.

    The owner turned wires picked unseen, so with the others they are a uniform share of the deal;
    mission 64 puts the lower one far left and the higher far right: a sorted run of two."""
    for spots in c.turned.values():  # found stand by stand, slot by slot (``_stand``)
        idx = len(c.subs)
        c.subs.append(SubStand(
            allowed=np.array([c.tm.mask_of(sl) for _k, _j, sl in spots], dtype=bool).reshape(len(spots), c.tm.T),
            uncut=np.array([sl.state != CUT for _k, _j, sl in spots], dtype=bool),
        ))
        for pos, (key, j, _sl) in enumerate(spots):
            c.dmaps[key].where[j] = (idx, pos)
            if idx not in c.dmaps[key].subs:
                c.dmaps[key].subs.append(idx)


def table_now(c: Compiler) -> None:
    """Each stand as it is now, read through the dealt stands its wires came from."""
    for key in c.unknown:
        if key not in c.dealt.touched:  # no wire left or joined it: as dealt
            dmap = c.dmaps[key]
            c.stands[key] = StandMap(key[0], key[1], dmap.subs, dict(dmap.where), True)
            continue
        origin = [c.dealt.origin[(*key, j)] for j in range(len(c.state.stand(*key)))]
        where = {j: c.dmaps[o[:2]].where[o[2]] for j, o in enumerate(origin)}
        subs = list(dict.fromkeys(sub for sub, _ in where.values()))
        c.stands[key] = StandMap(key[0], key[1], subs, where, False)


def add_order(c: Compiler) -> None:
    """A wire filed into a stand lies between its neighbours there: (sub, pos) pairs, a <= b."""
    for a, b in c.dealt.order:
        c.base_edits.append(("order", c.dmaps[a[:2]].where[a[2]], c.dmaps[b[:2]].where[b[2]]))


def add_discard_piles(c: Compiler) -> None:
    """An "a of b" draw: the b - a wires left out form a pile no one sees."""
    for group in c.state.wires.groups():
        gm = np.isin(c.tm.tarr, group.candidate_types())
        c.subs.append(SubStand(np.tile(gm, (group.discarded, 1)), np.zeros(group.discarded, dtype=bool)))


def add_nano_pile(c: Compiler) -> int | None:
    """Nano's pile (43): the wires no one took yet, face down, of any type; as a sorted run it takes
    each multiset with its deal weight, which is all a pile of wires picked at random has."""
    left = c.dealt.nano_left
    if not left:
        return None
    c.subs.append(SubStand(np.ones((left, c.tm.T), dtype=bool), np.ones(left, dtype=bool)))
    return len(c.subs) - 1
