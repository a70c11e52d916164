"""What a table part-way through a playout is worth (``arena/leaf_value.py``): the features read off the
referee's table and world, and the estimate's sense (a mistake more to spare, or less left to find, is worth more)."""

from __future__ import annotations

import math
from dataclasses import replace

from bombbusters.advice.moves import rank_moves
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import start_game
from bombbusters.arena.leaf_value import WEIGHTS, features, leaf_value
from bombbusters.arena.referee import Decision
from bombbusters.questions.analysis import solve_state
from bombbusters.table.notation import CUT
from bombbusters.table.wires import value_of


def _start(k: int = 0):
    m = playable(4, 5)
    return start_game(deal_game(m, 5, 11, k), m)


def test_the_features_are_what_the_table_and_the_world_show() -> None:
    ref = _start()
    f = features(ref)
    uncut = [k for k in ref.world if ref.table.stand(k[0], k[1])[k[2]].state != CUT]
    assert len(f) == len(WEIGHTS) and f[0] == 1.0 and f[1] == ref.mistakes_left
    shown = [k for k in uncut if ref.table.stand(k[0], k[1])[k[2]].wire is not None]
    assert f[2] == len(uncut) / 48 and f[3] == len(shown) / 48 and len(shown) == 5  # the 5 starting tokens
    assert f[4] == len({value_of(ref.world[k]) for k in uncut}) / 12
    an = solve_state(ref.table.public())
    laws = [an.slot_probs(*k) for k in uncut]
    bits = sum(-sum(q * math.log2(q) for q in law.values() if q > 0) for law in laws) / len(uncut) / 4
    assert abs(f[6] - bits) < 1e-12 and 0 < f[6] < 1
    assert 0.0 <= f[5] <= 1.0 and features(ref, public=False) == f[:5]


def test_a_mistake_to_spare_or_a_cut_made_is_worth_more() -> None:
    ref = _start(1)
    v = leaf_value(ref)
    assert 0 < v < 1
    ref.table = replace(ref.table, mistakes_left=ref.mistakes_left + 1)
    assert leaf_value(ref) > v
    # a captain with a sure cut makes it: fewer wires left to find, the table surer
    for k in range(20):
        ref = _start(k)
        view = ref.view(ref.table.captain)
        sure = next((m for m in rank_moves(view, solve_state(view)) if m["guaranteed"]), None)
        if sure is not None:
            break
    assert sure is not None
    before = leaf_value(ref)
    ref.play(ref.table.captain, Decision(sure))
    assert leaf_value(ref) > before
