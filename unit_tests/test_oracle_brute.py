"""The oracle against a second brute force over permutations of the physical tiles, and the random table
generator (deterministic, every kind of information, valid states, the deal's sizes).
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter
from fractions import Fraction as F

import gen
import oracle
import oracle_facts
import pytest
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.state import GameState
from bombbusters.table.wires import colour_of

# --------------------------------------------------------------------------
# helpers


def _permutation_brute_force(state: GameState):
    """Deal the tiles outside the observer's stands to their places in every order; count.

    Returns ({(p,s,j): Counter(type -> deals)}, total deals), conditioned on everything.
    """
    me_keys = [k for k in state.stand_keys() if k[0] == state.me]
    me_types = {(p, s, j): sl.wire for p, s in me_keys for j, sl in enumerate(state.stand(p, s))}
    places = [(p, s, j) for p, s in state.stand_keys() if p != state.me for j in range(len(state.stand(p, s)))]
    counts: dict = {k: Counter() for k in places}
    total = 0
    for pool, _kept in oracle.in_play_choices(state):
        tiles = [t for t, c in pool.items() for _ in range(c)]
        mine = Counter(me_types.values())
        for t, c in mine.items():
            if tiles.count(t) < c:
                break
            for _ in range(c):
                tiles.remove(t)
        else:
            assert len(tiles) == len(places)
            for perm in itertools.permutations(tiles):
                types = dict(me_types)
                for p, s in state.stand_keys():
                    if p == state.me:
                        continue
                    stand = state.stand(p, s)
                    got = [perm[places.index((p, s, j))] for j in range(len(stand))]
                    free = [j for j in range(len(stand)) if not stand[j].unsorted]
                    for j, t in zip(free, sorted(got[j] for j in free)):
                        types[(p, s, j)] = t
                    for j in range(len(stand)):
                        if stand[j].unsorted:
                            types[(p, s, j)] = got[j]
                if not _survives(state, types):
                    continue
                total += 1
                for k in places:
                    counts[k][types[k]] += 1
    return counts, total


def _survives(state, types):
    for p, s in state.stand_keys():
        stand = state.stand(p, s)
        tt = tuple(types[(p, s, j)] for j in range(len(stand)))
        # the observer's own stand must itself be in order where it is sorted
        free = [tt[j] for j in range(len(stand)) if not stand[j].unsorted]
        if free != sorted(free):
            return False
        if not all(oracle.slot_allows(sl, t) for sl, t in zip(stand, tt)):
            return False
        if not oracle_facts.stand_ok(stand, tt):
            return False
    return all(oracle_facts.fact_holds(state, f, types) for f in state.facts)


def _tiny_states(n, max_outside):
    rng = random.Random(12345)
    out = []
    while len(out) < n:
        g = gen.random_game(rng, max_tiles=rng.choice([6, 7, 8, 9]), me=rng.choice(["any", "none"]))
        state = GameState.from_json(g.doc)
        outside = sum(len(state.stand(p, s)) for p, s in state.stand_keys() if p != state.me)
        if outside <= max_outside:
            out.append(state)
    return out


@pytest.mark.parametrize("state", _tiny_states(60, 7))
def test_oracle_equals_permutation_brute_force(state):
    counts, total = _permutation_brute_force(state)
    assert total > 0
    res = oracle.solve(state)
    # total_weight counts deals of tiles to stands (a sorted stand's places are unordered):
    # every such deal is |sorted part|! deals to places
    orderings = math.prod(
        math.factorial(sum(not sl.unsorted for sl in state.stand(p, s)))
        for p, s in state.stand_keys()
        if p != state.me
    )
    assert res.total_weight * orderings == total
    for k, c in counts.items():
        assert res.distributions[k] == {t: F(v, total) for t, v in sorted(c.items())}


# --------------------------------------------------------------------------
# the generator


def test_generated_truth_survives():
    for seed in range(400):
        g = gen.random_game(random.Random(seed))
        state = GameState.from_json(g.doc)
        res = oracle.solve(state)
        truth = {(p, s, j): t for (p, s), ts in g.deal.items() for j, t in enumerate(ts)}
        assert any(cfg.types == truth for cfg, _ in res.configs), seed
        for k, dd in res.distributions.items():
            assert sum(dd.values()) == 1
            assert dd.get(truth[k], 0) > 0


def test_generator_is_deterministic():
    a = gen.random_state(random.Random(7))
    b = gen.random_state(random.Random(7))
    assert a == b


def test_generator_exercises_every_kind_of_information():
    seen = Counter()
    for seed in range(600):
        d = gen.random_state(random.Random(seed))
        state = GameState.from_json(d)
        seen[f"players{len(state.players)}"] += 1
        seen["me" if state.me is not None else "spectator"] += 1
        for group, name in ((state.wires.yellow, "yellow"), (state.wires.red, "red")):
            if group.known:
                seen[f"{name} known"] += 1
            if group.candidates:
                seen[f"{name} a of b"] += 1
        for p, s in state.stand_keys():
            for sl in state.stand(p, s):
                mine = p == state.me
                seen[("own " if mine else "") + sl.state] += 1
                if sl.state == INFO and sl.wire is None:
                    seen["iY"] += 1
                if sl.state == INFO and sl.wire is not None and colour_of(sl.wire) == "yellow":
                    seen["iYN"] += 1
                for attr in ("colour", "parity", "multiplicity", "not_value"):
                    if getattr(sl, attr) is not None and not (attr == "colour" and sl.state == INFO):
                        seen[attr] += 1
                if sl.unsorted:
                    seen["X cut" if sl.state == CUT else "X"] += 1
        for f in state.facts:
            seen[f.kind + (" stand" if f.stand is not None else "")] += 1
        if re.search(r"[a-z]", " ".join(s for pl in d["players"] for s in pl["stands"])):
            seen["lower case"] += 1
    needed = [
        "players2", "players3", "players4", "players5", "me", "spectator",
        "yellow known", "red known", "yellow a of b", "red a of b",
        "hidden", "cut", "info", "own hidden", "own cut", "own info", "iY", "iYN",
        "colour", "parity", "multiplicity", "not_value", "X", "X cut",
        "has", "has stand", "has_not", "has_not stand", "same stand", "different stand", "red_count stand",
        "not_value stand",
        "lower case",
    ]
    missing = [k for k in needed if seen[k] < 5]
    assert not missing, (missing, seen)


def test_hypothesis_strategy_gives_valid_states():
    from hypothesis import given, settings

    @settings(max_examples=30, derandomize=True, deadline=None)
    @given(gen.states(n_players=5, groups=True, x_slots=True, facts=True))
    def check(d):
        state = GameState.from_json(d)
        assert len(state.players) == 5
        oracle.solve(state)

    check()


def test_sizes_follow_the_deal_rule():
    for seed in range(100):
        g = gen.random_game(random.Random(seed))
        order = gen.stand_order(len(g.doc["players"]), g.doc["captain"])
        sizes = [len(g.deal[k]) for k in order]
        assert sizes == sorted(sizes, reverse=True)
        assert max(sizes) - min(sizes) <= 1
        assert sum(sizes) == len(g.in_play)
