"""Brute-force oracle: enumerate the physical deals of a tiny game, exactly.

Written from the game's semantics only (no dynamic programming), so the
engine can be checked against it.

Model
-----
* Wires in play: every blue number of ``wires.blue_range`` four times (type
  ``10n``); the ``known`` yellow/red numbers once each (``10n+1`` / ``10n+5``);
  for an "a of b" group, every ``keep``-subset of ``candidates`` is equally
  likely to be in play (the others are out of the game).
* A physical deal gives every in-play tile (copies distinguishable) to a stand
  position uniformly at random.  Each stand is sorted by type key, except the
  slots carrying an X token: such a slot keeps the one tile dealt to it, the
  other slots of the stand are sorted among themselves in their positions.
* A *configuration* (the type of every slot of every stand) is produced by
  ``prod_t c_t! / prod_g prod_t k_{g,t}!`` tile-level deals, where the groups
  ``g`` are each stand's sorted part and each X slot (an X slot contributes
  ``1! = 1``).  Each kept subset has weight 1.
* Observations (tokens on slots, facts, the observer's own stands) keep or
  rule out configurations.

Public functions: :func:`enumerate` (surviving configurations with their
weights), :func:`total_weight`, :func:`slot_distributions`,
:func:`probability`; :func:`solve` computes all of it in one pass.
"""

from __future__ import annotations

import builtins
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator, Mapping

from bombbusters.table.notation import Slot
from bombbusters.table.state import GameState
from oracle_facts import fact_holds as _fact_holds, local_facts as _local_facts, slot_allows, stand_ok as _stand_ok
from oracle_moves import PILE, dealt_spots as _dealt_spots, play_moves as _play_moves

from bombbusters.table.wires import (
    blue,
    red,
    yellow,
)

__all__ = [
    "OracleInconsistent",
    "Config",
    "OracleResult",
    "solve",
    "enumerate",
    "total_weight",
    "slot_distributions",
    "probability",
    "slot_allows",
    "physical_weight",
    "in_play_choices",
]

_benum = builtins.enumerate

SlotKey = tuple[int, int, int]  # (player, stand, slot)
StandKey = tuple[int, int]


class OracleInconsistent(ValueError):
    """No configuration survives the observations."""


@dataclass(frozen=True)
class Config:
    """One configuration: the type of every slot, and the kept candidates of "a of b" draws."""

    types: Mapping[SlotKey, int]
    kept: frozenset[int]

    def __getitem__(self, key: SlotKey) -> int:
        return self.types[key]

    def stand(self, player: int, stand: int) -> list[int]:
        out = []
        j = 0
        while (player, stand, j) in self.types:
            out.append(self.types[(player, stand, j)])
            j += 1
        return out


@dataclass
class OracleResult:
    configs: list[tuple[Config, Fraction]]
    total_weight: int  # deals of the wires outside the observer's stands
    distributions: dict[SlotKey, dict[int, Fraction]]


# --------------------------------------------------------------------------
# the pool


def in_play_choices(state: GameState) -> list[tuple[dict[int, int], frozenset[int]]]:
    """Every equally likely set of wires in play: (copies per type, kept candidates)."""
    w = state.wires
    lo, hi = w.blue_range
    base = {blue(n): 4 for n in range(lo, hi + 1)}
    for group, make in ((w.yellow, yellow), (w.red, red)):
        for n in group.known:
            base[make(n)] = 1
    out = []
    ysubs = list(itertools.combinations(w.yellow.candidates, w.yellow.keep))
    rsubs = list(itertools.combinations(w.red.candidates, w.red.keep))
    for ys in ysubs:
        for rs in rsubs:
            pool = dict(base)
            kept = frozenset([yellow(n) for n in ys] + [red(n) for n in rs])
            for t in kept:
                pool[t] = 1
            out.append((dict(sorted(pool.items())), kept))
    return out


def physical_weight(copies: Mapping[int, int], groups: list[Mapping[int, int]]) -> int:
    """Number of tile-level deals giving group g exactly groups[g][t] copies of type t.

    ``prod_t c_t! / prod_g prod_t k_{g,t}!``; every copy must be placed.
    """
    used: Counter[int] = Counter()
    for g in groups:
        used.update({t: k for t, k in g.items() if k})
    for t, k in used.items():
        if k > copies.get(t, 0):
            raise ValueError(f"type {t}: {k} placed but only {copies.get(t, 0)} exist")
    num = 1
    for t, c in copies.items():
        if used.get(t, 0) != c:
            raise ValueError(f"type {t}: {used.get(t, 0)} placed but {c} exist")
        num *= math.factorial(c)
    den = 1
    for g in groups:
        for k in g.values():
            den *= math.factorial(k)
    assert num % den == 0
    return num // den


# --------------------------------------------------------------------------
# enumeration


@dataclass
class _StandOption:
    types: tuple[int, ...]  # type of each slot, in slot order
    counts: tuple[int, ...]  # copies used per type index
    den: int  # prod over the sorted part of k_t!  (X slots: 1)


def _stand_options(
    state: GameState, key: StandKey, universe: list[int], max_copies: Mapping[int, int]
) -> list[_StandOption]:
    p, s = key
    facts = _local_facts(state, key)
    return _slot_options(
        tuple(state.players[p].stands[s]), universe, max_copies,
        lambda tt: all(_fact_holds(state, f, {(p, s, j): t for j, t in _benum(tt)}) for f in facts),
    )


def _slot_options(
    slots: tuple[Slot, ...], universe: list[int], max_copies: Mapping[int, int], local_ok: Callable[[tuple], bool]
) -> list[_StandOption]:
    """Every arrangement of one stand (sorted but for its X slots) that fits its tokens and ``local_ok``."""
    n = len(slots)
    allowed = [[t for t in universe if slot_allows(sl, t)] for sl in slots]
    sorted_pos = [j for j in range(n) if not (slots[j].unsorted or slots[j].turned)]
    x_pos = [j for j in range(n) if slots[j].unsorted or slots[j].turned]  # turned ones: sorted per player later
    index = {t: i for i, t in _benum(universe)}

    sorted_seqs: list[tuple[int, ...]] = []

    def rec(i: int, lo: int, seq: list[int]) -> None:
        if i == len(sorted_pos):
            sorted_seqs.append(tuple(seq))
            return
        for t in allowed[sorted_pos[i]]:
            if t < lo:
                continue
            if seq.count(t) >= max_copies[t]:
                continue
            seq.append(t)
            rec(i + 1, t, seq)
            seq.pop()

    rec(0, -1, [])
    out = []
    for seq in sorted_seqs:
        for xs in itertools.product(*(allowed[j] for j in x_pos)):
            types = [0] * n
            for j, t in zip(sorted_pos, seq):
                types[j] = t
            for j, t in zip(x_pos, xs):
                types[j] = t
            tt = tuple(types)
            c = Counter(tt)
            if any(c[t] > max_copies[t] for t in c):
                continue
            if not _stand_ok(slots, tt) or not local_ok(tt):
                continue
            counts = [0] * len(universe)
            for t, k in c.items():
                counts[index[t]] = k
            den = 1
            for k in Counter(seq).values():
                den *= math.factorial(k)
            out.append(_StandOption(tt, tuple(counts), den))
    return out


def _turned_dens(state: GameState, types: Mapping[SlotKey, int]) -> dict[int, int] | None:
    """Each player's turned-around wires (T) form one sorted run in stand, slot order: None if a
    configuration breaks that order, else {player: prod k_t!} of that run."""
    out = {}
    for p, pl in _benum(state.players):
        seq = [types[(p, s, j)] for s, st in _benum(pl.stands) for j, sl in _benum(st) if sl.turned]
        if any(a > b for a, b in zip(seq, seq[1:])):
            return None
        out[p] = math.prod(math.factorial(k) for k in Counter(seq).values())
    return out


def _coerce(state: Any) -> GameState:
    return state if isinstance(state, GameState) else GameState.from_json(state)


def _iterate(state: GameState) -> Iterator[tuple[Config, int, int]]:
    """Yield (config, weight over all tiles, weight over tiles outside me's stands)."""
    if state.moves or state.extra.get("nano"):
        yield from _iterate_moved(state)
        return
    choices = in_play_choices(state)
    universe = sorted({t for pool, _ in choices for t in pool})
    max_copies = {t: max(pool.get(t, 0) for pool, _ in choices) for t in universe}
    keys = state.stand_keys()
    options = {k: _stand_options(state, k, universe, max_copies) for k in keys}
    for k in keys:
        if not options[k]:
            p, s = k
            raise OracleInconsistent(f"no arrangement of stand {p}/{s} fits its own tokens and facts")
    me_keys = [k for k in keys if k[0] == state.me]
    order = sorted(keys, key=lambda k: (k[0] != state.me, len(options[k])))
    nonlocal_facts = list(state.facts)
    for pool, kept in choices:
        copies = tuple(pool.get(t, 0) for t in universe)
        num_all = math.prod(math.factorial(c) for c in copies)
        chosen: dict[StandKey, _StandOption] = {}

        def rec(i: int, remaining: list[int]) -> Iterator[tuple[Config, int, int]]:
            if i == len(order):
                if any(remaining):
                    return
                types = {(p, s, j): t for (p, s), opt in chosen.items() for j, t in _benum(opt.types)}
                if not all(_fact_holds(state, f, types) for f in nonlocal_facts):
                    return
                turned_den = _turned_dens(state, types)
                if turned_den is None:
                    return
                den_all = math.prod(opt.den for opt in chosen.values()) * math.prod(turned_den.values())
                w_all = num_all // den_all
                assert num_all % den_all == 0
                me_used = [0] * len(universe)  # my turned-around wires count with the ones outside
                den_me = 1
                for k in me_keys:
                    den_me *= chosen[k].den
                    for j, t in _benum(chosen[k].types):
                        if not state.stand(*k)[j].turned:
                            me_used[universe.index(t)] += 1
                num_rest = math.prod(math.factorial(c - u) for c, u in zip(copies, me_used))
                den_rest = den_all // den_me
                assert num_rest % den_rest == 0
                yield Config(types, kept), w_all, num_rest // den_rest
                return
            key = order[i]
            for opt in options[key]:
                if any(c > r for c, r in zip(opt.counts, remaining)):
                    continue
                chosen[key] = opt
                yield from rec(i + 1, [r - c for r, c in zip(remaining, opt.counts)])
                del chosen[key]

        yield from rec(0, list(copies))


# --------------------------------------------------------------------------
# wires that moved after the deal (Walkie-Talkies, Grappling Hook)


def _iterate_moved(state: GameState) -> Iterator[tuple[Config, Any, Any]]:
    """Enumerate the deals (stands as dealt, each wire showing the tokens it carries now), play the moves.

    Nano's pile is a stand of hidden wires; a wire taken from it is checked against what its slot shows now."""
    sizes, here = _dealt_spots(state)
    hidden = Slot()
    dealt_slots = {k: (hidden,) * n if k == PILE else tuple(state.stand(*here[(*k, i)][:2])[here[(*k, i)][2]] for i in range(n))
                   for k, n in sizes.items()}
    unsorted = {(*k, i) for k, sl in dealt_slots.items() for i, x in _benum(sl) if x.unsorted}
    choices = in_play_choices(state)
    universe = sorted({t for pool, _ in choices for t in pool})
    max_copies = {t: max(pool.get(t, 0) for pool, _ in choices) for t in universe}
    keys = list(sizes)
    options = {k: _slot_options(dealt_slots[k], universe, max_copies, lambda tt: True) for k in keys}
    me_keys = [k for k in keys if k[0] == state.me]
    from_pile = any(w.src is None for m in state.moves for w in m.wires)  # then every slot is checked now
    for pool, kept in choices:
        copies = tuple(pool.get(t, 0) for t in universe)
        num_all = math.prod(math.factorial(c) for c in copies)
        for combo in _combos([options[k] for k in keys], list(copies)):
            dealt = {k: o.types for k, o in zip(keys, combo)}
            chosen = dict(zip(keys, combo))
            den_all = math.prod(o.den for o in combo)
            den_me = math.prod(chosen[k].den for k in me_keys)
            me_used = [sum(chosen[k].counts[i] for k in me_keys) for i in range(len(universe))]
            num_rest = math.prod(math.factorial(c - u) for c, u in zip(copies, me_used))
            for types, lik in _play_moves(state, dealt, unsorted):
                if from_pile and not all(slot_allows(state.stand(p, s)[j], t) for (p, s, j), t in types.items()):
                    continue
                if not all(_fact_holds(state, f, types, dealt) for f in state.facts):
                    continue
                yield Config(types, kept), num_all // den_all * lik, num_rest // (den_all // den_me) * lik


def _combos(options: list[list[_StandOption]], remaining: list[int]) -> Iterator[tuple[_StandOption, ...]]:
    """One option per stand using every copy exactly once."""
    if not options:
        if not any(remaining):
            yield ()
        return
    for opt in options[0]:
        if all(c <= r for c, r in zip(opt.counts, remaining)):
            for rest in _combos(options[1:], [r - c for r, c in zip(remaining, opt.counts)]):
                yield (opt,) + rest


def solve(state: Any) -> OracleResult:
    """Enumerate once; return the surviving configurations, total weight and slot marginals."""
    state = _coerce(state)
    raw: list[tuple[Config, int]] = []
    total = 0
    for cfg, w_all, w_rest in _iterate(state):
        raw.append((cfg, w_all))
        total += w_rest
    if not raw:
        raise OracleInconsistent("no deal of the wires fits everything that was entered")
    z = sum(w for _, w in raw)
    dist: dict[SlotKey, dict[int, Fraction]] = {}
    for p, s in state.stand_keys():
        for j in range(len(state.players[p].stands[s])):
            if p == state.me and state.stand(p, s)[j].wire is not None:
                continue  # my wires I see; a turned-around one I do not
            d: dict[int, int] = {}
            for cfg, w in raw:
                t = cfg[(p, s, j)]
                d[t] = d.get(t, 0) + w
            dist[(p, s, j)] = {t: Fraction(v, z) for t, v in sorted(d.items())}
    return OracleResult([(cfg, Fraction(w)) for cfg, w in raw], total, dist)


def enumerate(state: Any) -> list[tuple[Config, Fraction]]:  # noqa: A001 - the brief's name
    """Surviving configurations with weight = number of tile-level deals producing each."""
    return solve(state).configs


def total_weight(state: Any) -> int:
    """Deals of the wires outside the observer's stands consistent with everything known."""
    return solve(state).total_weight


def slot_distributions(state: Any) -> dict[SlotKey, dict[int, Fraction]]:
    """{(player, stand, slot): {type: probability}} for every slot not on the observer's stands."""
    return solve(state).distributions


def probability(state: Any, predicate: Callable[[Config], bool], result: OracleResult | None = None) -> Fraction:
    """Posterior probability of any event on the configuration."""
    configs = (result or solve(state)).configs
    z = sum(w for _, w in configs)
    return sum((w for cfg, w in configs if predicate(cfg)), Fraction(0)) / z
