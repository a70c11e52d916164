"""The deal drawn again before each decision (``Referee.redraw``, ``calibration_probe.py --fresh-deal``).

Why it matters: it is how the arena separates the engine's exactness from what the players' own choices
tell (docs/arena.md, "What the choices tell"), so it must keep everything the table shows, stay a deal
every player's view allows, draw the hands anew, and refuse where the table is not the whole story.
"""

from __future__ import annotations

import copy

import pytest
from bombbusters.arena import greedy
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_game, play_on, start_game, truth_misses
from bombbusters.questions.analysis import solve_state
from bombbusters.table.errors import RuleError
from bombbusters.table.notation import CUT


def _mid_game(mission: int = 6, players: int = 5, k: int = 0):
    """A referee some turns into game k (greedy), the table showing cuts and tokens."""
    ref = start_game(deal_game(playable(mission, players), players, 1, k), playable(mission, players))
    play_on(ref, greedy.decide, ref.table.captain, moves=8)
    ref.outcome = None
    return ref


def test_a_redraw_keeps_the_public_table_and_fits_every_view() -> None:
    ref = _mid_game()
    public = {k: t for k, t in ref.world.items()
              if ref.table.stand(k[0], k[1])[k[2]].state == CUT or ref.table.stand(k[0], k[1])[k[2]].public_wire is not None}
    assert any(ref.table.stand(*k[:2])[k[2]].state == CUT for k in public)
    before = dict(ref.world)
    changed = 0
    for seed in range(6):
        ref.redraw(seed)
        assert {k: ref.world[k] for k in public} == public  # what the table shows stays
        assert sorted(ref.world.values()) == sorted(before.values())  # the same wires, dealt again
        assert ref.seen == ref.world  # each player picks from their new hand (no turned wires here)
        changed += ref.world != before
        for q in range(len(ref.table.players)):
            view = ref.view(q)
            assert truth_misses(solve_state(view), view, ref.world) == 0, (seed, q)
    assert changed >= 5  # the hands are drawn anew, not kept


def test_games_with_a_redraw_play_through_with_the_truth_never_ruled_out() -> None:
    m = playable(4, 4)
    for k in range(3):
        r = play_game(deal_game(m, 4, 2, k), m, greedy.decide, redraw=k)
        assert r.outcome in ("won", "exploded", "detonator") and r.truth_impossible == 0 and r.sure_failures == 0
        assert r.taken


def test_a_redraw_is_refused_where_the_wires_are_not_the_whole_story() -> None:
    ref = start_game(deal_game(playable(11, 4), 4, 1, 0), playable(11, 4))  # the hidden red value's card
    keep = copy.deepcopy(ref.world)
    with pytest.raises(RuleError, match="hidden red value"):
        ref.redraw(1)
    assert ref.world == keep
