"""Yellow wires dealt apart and cut only by a special action (``arena/tripwires.py``): 41's tripwires,
one at a time by pointing at a teammate's, and 48's three yellow wires, all at once.  Each rule is read
from the card on its own and checked on a seeded game and on actions made by hand."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena import greedy
from bombbusters.arena.deal import PLAYABLE, deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.referee import Referee
from bombbusters.table.notation import CUT, INFO
from bombbusters.table.wires import BLUE, RED, YELLOW, colour_of


def _game(mission: int, players: int = 4, k: int = 0) -> Referee:
    m = playable(mission, players)
    return start_game(deal_game(m, players, 1, k), m)


def _yellows(ref, p: int) -> int:
    return sum(1 for k, t in ref.world.items() if k[0] == p and colour_of(t) == YELLOW)


def _logged(ref: Referee) -> tuple[list, list]:
    """(the usual moves, the special actions with the detonator before and after and the table before)."""
    moves: list = []
    acts: list = []
    inner, act = ref.play, ref.rules.play.act

    def play(q, d) -> None:
        moves.append((q, d.move))
        inner(q, d)

    def logged_act(*args) -> None:
        before, table = ref.mistakes_left, ref.table
        act(*args)
        acts.append((args, before, ref.mistakes_left, table))
    ref.play = play  # type: ignore[method-assign]
    ref.rules.play.act = logged_act  # type: ignore[method-assign]
    return moves, acts


def test_41_and_48_are_played() -> None:
    assert {41, 48} <= set(PLAYABLE)


def test_41_one_tripwire_each_random_tokens_and_the_detonator_a_space_from_the_end() -> None:
    for players in (2, 3, 4, 5):
        ref = _game(41, players)
        assert ref.mistakes_left == 0
        for p in range(players):
            assert _yellows(ref, p) == (0 if players == 5 and p == ref.table.captain else 1)
            assert any(f.kind == "yellow_count" and f.player == p and f.count == _yellows(ref, p) for f in ref.table.facts)


def test_41_a_tripwire_goes_only_by_a_teammate_pointing_at_it() -> None:
    ref = _game(41, 4, 1)  # a game won, with tripwires found and a blue wire pointed at
    moves, acts = _logged(ref)
    result = play_on(ref, greedy.decide, ref.table.captain)
    assert result.truth_impossible == 0 and result.sure_failures == 0 and acts
    assert all(m is None or m.get("value") != "YELLOW" for _q, m in moves)  # never by a usual cut
    for (_ref, k, _chance), before, after, table in acts:
        t = ref.world[k]
        if colour_of(t) == YELLOW:  # cut, and the detonator back a space
            assert table.stand(k[0], k[1])[k[2]].state != CUT and after == before + 1
        elif colour_of(t) == BLUE and ref.outcome != "detonator":  # an info token, and the detonator on
            assert after == before - 1
    cut = sum(1 for k, t in ref.world.items() if colour_of(t) == YELLOW and ref.table.stand(*k[:2])[k[2]].state == CUT)
    assert cut == sum(1 for (_ref, k, _c), *_r in acts if colour_of(ref.world[k]) == YELLOW)
    assert result.outcome == "won" and cut == 4 and any(colour_of(ref.world[a[0][1]]) == BLUE for a in acts)


def test_41_pointing_at_a_blue_wire_shows_it_and_at_a_red_one_explodes() -> None:
    ref = _game(41, 4)
    play = ref.rules.play
    ref.table = replace(ref.table, mistakes_left=1)
    blue = next(k for k, t in sorted(ref.world.items()) if k[0] == 1 and colour_of(t) == BLUE
                and ref.table.stand(*k[:2])[k[2]].state != INFO)
    play.act(ref, blue, 0.5)
    assert ref.table.stand(*blue[:2])[blue[2]].state == INFO and ref.mistakes_left == 0 and ref.outcome is None
    red = next((k for k, t in ref.world.items() if colour_of(t) == RED), None)
    if red is not None:
        play.act(ref, red, 0.5)
        assert ref.outcome == "exploded"


def test_41_a_player_with_only_their_tripwire_skips_their_turn() -> None:
    ref = _game(41, 4)
    play = ref.rules.play
    q = 1
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, t) for k, t in ref.world.items()
                                      if k[0] == q and colour_of(t) != YELLOW})
    called: list = []
    before = ref.table
    assert play.turn(ref, q, lambda p: called.append(p)) == "idle" and not called  # never the policy's usual cut
    assert play.skips == 1
    # the card: they skip their turn — they do not point at a teammate's tripwire either, even after a whole
    # round of skips (bdiffuser's OCR transcription; its code skips them)
    play.skips = 3
    assert play.turn(ref, q, lambda p: called.append(p)) == "idle" and not called
    assert ref.table.stand_keys() == before.stand_keys() and ref.outcome is None
    assert all(ref.table.stand(p, s) == before.stand(p, s) for p, s in before.stand_keys())


def test_48_the_three_yellow_wires_go_to_the_first_three_players_and_only_all_at_once() -> None:
    for players in (2, 3, 4, 5):
        ref = deal_game(playable(48, players), players, 1, 0)  # the deal alone (no starting tokens: fast)
        cap = ref.table.captain
        if players == 2:
            assert [sum(1 for k, t in ref.world.items() if k[:2] == (cap, s) and colour_of(t) == YELLOW)
                    for s in range(2)] == [1, 1] and _yellows(ref, 1) == 1  # the third to the other player
        else:
            assert [_yellows(ref, p) for p in range(players)] == [1, 1, 1] + [0] * (players - 3)
    ref = _game(48, 4, 0)
    moves, acts = _logged(ref)
    result = play_on(ref, greedy.decide, ref.table.captain)
    assert result.truth_impossible == 0 and result.sure_failures == 0
    assert all(m is None or m.get("value") != "YELLOW" for _q, m in moves)
    for _args, _before, _after, table in acts[:-1]:  # every action but the last failed: no yellow cut then
        assert not any(sl.state == CUT and colour_of(sl.wire) == YELLOW for p, s in table.stand_keys()
                       for sl in table.stand(p, s))
    assert ref.rules.play.done and acts
    assert all(ref.table.stand(*k[:2])[k[2]].state == CUT for k, t in ref.world.items() if colour_of(t) == YELLOW)


def test_48_a_failure_shows_every_wire_pointed_at_and_moves_the_detonator_once_and_a_red_explodes() -> None:
    ref = _game(48, 4)
    play = ref.rules.play
    blues = [k for k, t in sorted(ref.world.items()) if k[0] == 1 and colour_of(t) == BLUE
             and ref.table.stand(*k[:2])[k[2]].state != INFO][:3]
    play.pointing = lambda ref_, q: ([], blues, 0.0)  # type: ignore[method-assign]
    left = ref.mistakes_left
    play.act(ref, 0)
    assert ref.mistakes_left == left - 1 and ref.outcome is None and not play.done
    assert all(ref.table.stand(*k[:2])[k[2]].state == INFO for k in blues)
    red = next((k for k, t in ref.world.items() if colour_of(t) == RED and k[0] != 0))
    play.pointing = lambda ref_, q: ([], blues[:2] + [red], 0.0)  # type: ignore[method-assign]
    play.act(ref, 0)
    assert ref.outcome == "exploded"


def test_41_the_wire_pointed_at_is_read_after_the_free_cards_played_that_turn() -> None:
    """Game 17 of the campaign's 41-4 cell: a player plays a free card (a wire moves, the stands shift)
    and then points at a tripwire.  Read before the card, the pointing took the slot the tripwire had
    left (a "sure" action that failed and moved the detonator)."""
    from bombbusters.arena.run import POLICIES

    ref = _game(41, 4, 17)
    r = play_on(ref, POLICIES["rank"], ref.table.captain)
    assert any(used for _in_play, _unlocked, used in r.cards.values())
    assert r.sure_failures == 0 and r.truth_impossible == 0


@pytest.mark.parametrize("k", [17, 61])
def test_41_no_tripwire_is_left_to_no_one(k: int) -> None:
    """41 with 2 players, games 17 and 61 of seed 1: a cut of Bob's last wire would leave Ann's tripwire (beside
    her red) to no one — a player with no wire takes no turn and Ann may not point at her own —, so Bob points at
    it before his own last cut (17), and Ann leaves his last wire to him (61: it is locked for her): the games are
    played out, not stuck (they were, before these readings)."""
    from bombbusters.arena.run import POLICIES

    m = playable(41, 2)
    start = start_game(deal_game(m, 2, 1, k), m)
    result = play_on(copy.deepcopy(start), POLICIES["onestep"], start.table.captain)
    assert result.outcome != "stuck" and result.truth_impossible == 0 and result.sure_failures == 0
