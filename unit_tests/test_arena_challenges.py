"""Doctor Nope's challenge cards in the arena (55, 60: ``arena/challenges.py``): each card's condition
on tables and turn records built by hand, the detonator's moves on a logged game, the red-wire
challenge when a view is sure of a red wire, and the ``win`` playouts' copy of the cards."""

from __future__ import annotations

from dataclasses import replace

import pytest
from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena import greedy
from bombbusters.arena.challenges import completed
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.plays import play_from_doc
from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT
from bombbusters.table.wires import RED, blue, colour_of


def _table(cuts: list[int], world: dict | None = None):
    """Mission 55's table with these slots of stand (0, 0) cut, and the world (player 0's stand as given)."""
    d = deal_game(playable(55, 4), 4, 1, 0)
    world = {**d.world, **(world or {})}
    return with_cuts(d.table, {(0, 0, j): cut_slot(d.table, (0, 0, j), world[(0, 0, j)]) for j in cuts}), world


def _check(card: int, cuts: list[int], world: dict | None = None) -> bool:
    table, w = _table(cuts, world)
    return completed(card, table, w, [], [], [])


def test_the_cards_that_read_a_stand() -> None:
    n = len(deal_game(playable(55, 4), 4, 1, 0).table.stand(0, 0))
    assert n == 13  # 50 wires over 4 stands: the captain's has 13
    assert _check(3, [j for j in range(n) if j % 3 == 2 or j == 12])  # U U C U U C ... : pairs only
    assert not _check(3, [j for j in range(n) if j % 3 == 2])  # a lone wire at the right end
    assert _check(6, [0, 2, 4, 6, 8, 10, 12])  # 1, 3, 5, 7, 9, 11 each between two cut wires
    assert not _check(6, [0, 2, 4, 6, 8])  # 1, 3, 5, 7 only
    assert not _check(6, [1, 3, 5, 7, 9])  # 2, 4, 6, 8 between two cut wires; 0 has one neighbour only
    assert _check(10, [1, 2, 3, 4, 5, 6, 7]) and not _check(10, [0, 1, 2, 3, 4, 5, 6]) and not _check(10, [1, 2, 3])
    odd = {(0, 0, j): blue(2 * (j % 6) + 1) for j in range(n)}
    assert _check(9, [], odd)
    assert not _check(9, [], {**odd, (0, 0, 4): blue(4)}) and _check(9, [4], {**odd, (0, 0, 4): blue(4)})
    assert not _check(9, list(range(8)), odd)  # 5 odd wires left: fewer than 6


def test_the_cards_that_read_the_last_turns_and_the_validations() -> None:
    table, w = _table([])

    def ok(card: int, events=(), validations=(), targets=()) -> bool:
        return completed(card, table, w, list(events), list(validations), list(targets))
    assert ok(2, [("cut", 2), ("cut", 4), ("solo", 6), ("cut", 12)])
    assert not ok(2, [("cut", 2), ("cut", 4), ("other", None), ("cut", 12)]) and not ok(2, [("cut", 2)] * 3)
    assert not ok(2, [("cut", 3), ("cut", 2), ("cut", 4), ("cut", 6)])
    assert ok(5, [("cut", 3), ("solo", 4), ("solo", 5)]) and not ok(5, [("solo", 4), ("cut", 5)])
    assert ok(7, [("cut", 9), ("cut", 8), ("cut", 7)]) and ok(7, [("cut", 1), ("solo", 2), ("cut", 3)])
    assert not ok(7, [("cut", 5), ("cut", 6), ("cut", 8)]) and not ok(7, [("cut", 4), ("cut", 5), ("cut", 4)])
    assert ok(4, validations=[5, 6, 7, 1]) and not ok(4, validations=[5, 6, 8]) and not ok(4, validations=[9, 9])
    assert ok(8, validations=[3, 9, 4], targets=[9, 3]) and not ok(8, validations=[3, 4, 9], targets=[9, 3])
    assert ok(1, [("cut", 4), ("red", None)]) and not ok(1, [("red", None), ("cut", 4)])
    with pytest.raises(ValueError, match="1-10"):
        ok(11)


@pytest.mark.parametrize("mission,seed", [(55, 3), (60, 1)])
def test_the_detonator_starts_a_space_from_the_end_and_each_card_done_moves_it_back(mission: int, seed: int) -> None:
    m = playable(mission, 4)
    ref = start_game(deal_game(m, 4, seed, 0), m)
    play = ref.rules.play
    assert ref.mistakes_left == 0 and len(play.active) == 4 and set(play.active) <= set(range(1, 11))
    log: list = []
    inner = ref.play

    def logged(q: int, d) -> None:
        log.append((list(play.active), ref.mistakes_left, len(ref.taken)))
        inner(q, d)
    ref.play = logged  # type: ignore[method-assign]
    result = play_on(ref, greedy.decide, ref.table.captain)
    assert result.truth_impossible == 0 and result.sure_failures == 0
    log.append((list(play.active), ref.mistakes_left, len(ref.taken)))
    back = 0
    steps = list(zip(log, log[1:]))
    for i, ((act, ml, k), (act2, ml2, k2)) in enumerate(steps):
        done = len(act) - len(act2)
        assert set(act2) <= set(act) and 0 <= ml2 <= 3
        failed = sum(1 for _p, ok in ref.taken[k:k2] if not ok)
        lost = i == len(steps) - 1 and ref.outcome != "won"  # the losing move moves nothing back
        assert ml2 == min(3, ml - failed + done) or lost, (i, act, act2, ml, ml2, failed)
        back += done
    assert back > 0  # this seed's game completes a challenge


def test_the_red_wire_challenge_is_taken_when_a_view_is_sure() -> None:
    m = playable(55, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    play.active = [1]
    reds = [k for k, t in sorted(ref.world.items()) if colour_of(t) == RED and k[0] != 0]
    p, s, j = reds[0]
    others = {(p, s, i): cut_slot(ref.table, (p, s, i), ref.world[(p, s, i)])
              for i in range(len(ref.table.stand(p, s))) if i != j and ref.table.stand(p, s)[i].state != CUT
              and colour_of(ref.world[(p, s, i)]) != RED}
    ref.table = with_cuts(ref.table, others)
    count = sum(1 for k, t in ref.world.items() if k[:2] == (p, s) and colour_of(t) == RED)
    ref.table = replace(ref.table, facts=ref.table.facts + (Fact("red_count", p, s, count=count),))
    assert play.turn(ref, 0, lambda q: None) == "played"
    assert ref.table.stand(p, s)[j].state == CUT and play.active == [] and ref.mistakes_left == 1
    assert ref.outcome is None and ref.taken[-1] == (1.0, True)


def test_the_win_playouts_remake_the_cards_from_the_view() -> None:
    m = playable(60, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play, again = ref.rules.play, play_from_doc(ref.view(2).extra["mission_play"], 4)
    assert (again.active, again.targets, again.cap) == (play.active, play.targets, 3)
