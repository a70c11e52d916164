"""The missions the arena plays by their changing rules (``arena/mission_play.py`` and its families):
number cards (9, 16, 26, 36, 45, 47, 51, 62, 65), special cutting rules (35, 46) and oxygen (44, 49,
63).  Each test plays a seeded game, logs every move the referee carries out, and checks the card's
rule on that log by itself (not through the play's own ``rules``), with the truth check."""

from __future__ import annotations

from dataclasses import replace

import pytest
from arena_log import LoggedGame, cut_count, holds_true, tables_of
from bombbusters.arena.absent import _chosen
from bombbusters.arena.deal import PLAYABLE, deal_game, playable
from bombbusters.arena.game import rules_of, start_game
from bombbusters.arena.number_cards import sums
from bombbusters.arena.referee import Referee
from bombbusters.arena.table_rules import UNSIMULATED
from bombbusters.questions.analysis import solve_state
from bombbusters.questions.sampler import sample_deals
from bombbusters.table.errors import StateError
from bombbusters.table.notation import CUT
from bombbusters.table.wires import BLUE, value_of


def test_the_arena_now_plays_these_missions_and_refuses_the_rest_with_a_reason() -> None:
    assert set(range(1, 67)) - set(PLAYABLE) == {54, 66}
    assert all("talk" in UNSIMULATED[n] for n in (44, 49, 63))  # no speaking under water: nothing to simulate
    for n, word in ((66, "bunker"), (54, "later")):
        with pytest.raises(StateError, match=word):
            playable(n, 4)


@pytest.mark.parametrize("mission,need", [(9, 2), (16, 4)])
def test_a_sequence_s_later_values_wait_for_the_earlier_ones(mission: int, need: int) -> None:
    g = LoggedGame(mission, 4, seed=2)
    line = list(g.deal.numbers[:3])
    assert g.result.truth_impossible == 0 and g.moves
    for _q, m, _s, before in g.cuts():
        if m["value"] in line:
            i = line.index(m["value"])
            assert all(cut_count(before, a) >= need for a in line[:i]), (m["value"], line)
    m = playable(mission, 4)
    view = start_game(deal_game(m, 4, 2, 0), m).view(1)  # the advice is told what waits
    assert {x["value"] for x in view.extra["rules"]["no_values"]} == set(line[1:])


def test_36_only_the_value_next_to_the_sequence_card_of_the_line() -> None:
    g = LoggedGame(36, 4, seed=1, snap=lambda play: (list(play.line), play.next_value()))
    assert g.result.truth_impossible == 0
    in_line = [(m["value"], nxt) for _q, m, (line, nxt), _t in g.cuts() if m["value"] in line]
    assert in_line and all(v == nxt for v, nxt in in_line)


def test_26_each_cut_names_a_face_up_card_which_then_turns_face_down() -> None:
    g = LoggedGame(26, 4, seed=1, snap=lambda play: set(play.up))
    assert g.result.truth_impossible == 0
    cuts = g.cuts()
    assert cuts and all(m["value"] in up for _q, m, up, _t in cuts)
    assert all(holds_true(g.ref, f) for f in g.ref.table.facts if f.kind == "has_not")  # what a skip told is true


def test_47_each_cut_is_a_sum_or_difference_of_two_available_cards() -> None:
    g = LoggedGame(47, 4, seed=1, snap=lambda play: list(play.cards))
    assert g.result.truth_impossible == 0
    cuts = g.cuts()
    assert cuts and all(m["value"] in sums(cards) for _q, m, cards, _t in cuts)
    assert any(len(cards) < 12 for _q, _m, cards, _t in cuts)  # the cards are discarded as they are used


def test_65_a_player_cuts_only_the_values_of_their_face_up_cards_and_passes_one_on() -> None:
    g = LoggedGame(65, 4, seed=1, snap=lambda play: {p: list(h) for p, h in play.hands.items()})
    assert g.result.truth_impossible == 0
    cuts = g.cuts()
    assert cuts and all(m["value"] in hands[q] and cut_count(t, m["value"]) < 4 for q, m, hands, t in cuts)
    assert sorted(v for h in g.ref.rules.play.hands.values() for v in h) == list(range(1, 13))
    assert any(hands != cuts[0][2] for _q, _m, hands, _t in cuts[1:])  # cards change hands


def test_65_a_card_goes_to_a_teammate_likely_to_hold_its_value() -> None:
    """The giver's own view picks the card and the teammate: 68 of 78 cards went to a holder of their value over
    these 4 games (the rule before, the card held fewest to the teammate with fewest cards: 39 of 77)."""
    from bombbusters.arena import advice
    from bombbusters.arena.game import play_on
    from bombbusters.arena.mission_play import hand_values

    hit = total = 0
    for seed in range(4):
        m = playable(65, 4)
        ref = start_game(deal_game(m, 4, seed, 0), m)
        play = ref.rules.play
        inner = play._give

        def give(ref_, q, inner=inner, play=play):
            nonlocal hit, total
            before = {p: list(h) for p, h in play.hands.items()}
            inner(ref_, q)
            for p, h in play.hands.items():
                for v in (v for v in h if v not in before[p]):
                    total += 1
                    hit += v in hand_values(ref_, p)
        play._give = give  # type: ignore[method-assign]
        play_on(ref, advice.decide, ref.table.captain)
    assert total >= 40 and hit >= 0.75 * total, (hit, total)


def test_62_the_detonator_starts_a_space_from_the_end_and_goes_back_per_card_value_cut() -> None:
    m = playable(62, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    assert ref.mistakes_left == 0 and ref.view(1).mistakes_left == 0
    g = LoggedGame(62, 4, seed=1)
    cards = list(g.deal.numbers[:4])
    assert g.result.truth_impossible == 0
    tables = tables_of(g)
    for before, after in zip(tables, tables[1:]):
        done = sum(1 for v in cards if cut_count(before, v) < 4 == cut_count(after, v))
        failed = sum(1 for p, s in after.stand_keys() for a, b in zip(before.stand(p, s), after.stand(p, s))
                     if a.state != b.state and b.state != CUT)  # an info token: a failure
        assert (after.mistakes_left or 0) - (before.mistakes_left or 0) == done - failed
    assert any(cut_count(tables[-1], v) == 4 for v in cards)


def test_51_the_named_player_cuts_the_card_s_value_or_shows_they_have_none() -> None:
    g = LoggedGame(51, 4, seed=3, snap=lambda play: play.current)
    assert g.result.truth_impossible == 0
    assert g.start_mistakes == 4  # the detonator a space further back
    assert g.ref.start_mistakes == 4, "a Rewinder takes it back to there, not to the usual start"
    named = [(q, m, cur) for q, m, cur, _t in g.moves if m is not None and m["kind"] != "reveal_red"]
    assert named and all(cur is not None and cur[0] == q and m["value"] == cur[1] for q, m, cur in named)
    nones = [f for f in g.ref.table.facts if f.kind == "has_not"]
    assert nones and all(holds_true(g.ref, f) for f in nones)  # "I have none", true of the wires they held then


def test_45_every_cut_is_of_the_card_the_captain_flipped() -> None:
    g = LoggedGame(45, 4, seed=1, snap=lambda play: play.current)
    assert g.result.truth_impossible == 0
    cuts = [(m, cur) for _q, m, cur, _t in g.moves if m is not None and m["kind"] != "reveal_red"]
    assert cuts and all(cur is not None and m["value"] == cur[1] for m, cur in cuts)


def test_18_the_radar_answers_for_every_stand_and_the_named_player_cuts_the_card_s_value() -> None:
    g = LoggedGame(18, 4, seed=1, moves=8, snap=lambda play: play.current)
    assert g.result.truth_impossible == 0
    named = [(q, m, cur, t) for q, m, cur, t in g.moves if m is not None and m["kind"] != "reveal_red"]
    assert named and all(cur[0] == q and m["value"] == cur[1] for q, m, cur, _t in named)
    for _q, m, _cur, before in named:  # the radar asked every stand about the value before the cut
        answered = {(f.player, f.stand) for f in before.facts if f.value == m["value"] and f.kind in ("has", "has_not")}
        assert answered == set(before.stand_keys())
    for f in g.ref.table.facts:
        if f.kind == "not_value":  # a cut took my leftmost wire of the value: the ones left of it are not
            assert all(value_of(g.ref.world[(f.player, f.stand, j)]) != f.value for j in f.slots), f
            continue
        wires = f.wires if f.wires is not None else [k for k in g.ref.world if k[:2] == (f.player, f.stand)]
        assert (f.kind == "has") == any(value_of(g.ref.world[w]) == f.value for w in wires), f
    # the General Radar face up serves the turns alone: never played beside them as an equipment card
    assert "8" in g.ref.spent and "8" not in g.ref.used


def test_29_a_card_put_down_moves_the_detonator_when_its_value_is_cut() -> None:
    g = LoggedGame(29, 4, seed=1, snap=lambda play: ({p: list(h) for p, h in play.hands.items()}, list(play.deck)))
    assert g.result.truth_impossible == 0
    assert all(sum(map(len, hands.values())) + len(deck) <= 12 for _q, _m, (hands, deck), _t in g.moves)
    play = g.ref.rules.play
    assert sorted(v for h in play.hands.values() for v in h) + sorted(play.deck) == sorted(
        v for v in range(1, 13) if cut_count(g.ref.table, v) < 4) or len([v for v in range(1, 13) if cut_count(g.ref.table, v) < 4]) <= 1
    m = playable(29, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    assert [len(play.hands[p]) for p in range(4)] == [2, 2, 2, 3] and len(play.deck) == 3
    mine = {value_of(t) for k, t in ref.world.items() if k[0] == 0 and value_of(t) != "RED"}
    play.hands[3], play.deck = [min(mine)], []  # the card put down is a value the captain holds
    view = ref.view(0)
    from bombbusters.arena.referee import Decision
    move = next(x for x in _sure_cuts(ref, 0) if x["value"] == play.hands[3][0])
    before = ref.mistakes_left
    play.turn(ref, 0, lambda p: Decision(move))
    assert ref.mistakes_left == before - 1 and play.hands[0][-1] == move["value"] and view.me == 0


def _sure_cuts(ref: Referee, q: int) -> list:
    """Dual cuts by q that the deal makes succeed (a teammate's uncut wire of a value q holds)."""
    mine = {value_of(t) for k, t in ref.world.items() if k[0] == q}
    return [{"kind": "dual_cut", "player": p, "stand": s, "slots": [j], "value": value_of(t), "p_success": 1.0,
             "guaranteed": False} for (p, s, j), t in sorted(ref.world.items())
            if p != q and value_of(t) in mine and value_of(t) != "RED" and ref.table.stand(p, s)[j].state != CUT]


def test_35_x_wires_are_blue_and_wait_for_the_four_yellow_wires() -> None:
    g = LoggedGame(35, 4, seed=1, moves=6)  # its first 6 moves: the engine takes ~10 s on its first views (4 blue X wires)
    assert g.result.truth_impossible == 0
    xs = {(p, s, j) for p, s in g.deal.table.stand_keys() for j, sl in enumerate(g.deal.table.stand(p, s)) if sl.unsorted}
    assert xs and all(g.deal.table.stand(p, s)[j].colour == BLUE for p, s, j in xs)
    for q, m, _s, before in g.moves:
        pointed = {(m["player"], m["stand"], j) for j in m["slots"]} if m and m.get("player") is not None else set()
        assert not pointed & xs or (m["kind"] == "dual_cut" and cut_count(before, "YELLOW") >= 4), m  # no equipment on X
    tables = tables_of(g)
    for before, after in zip(tables, tables[1:]):
        if cut_count(before, "YELLOW") < 4:  # no X wire cut, whoever's it is, before the 4 yellow wires
            assert all(before.stand(p, s)[j].state == after.stand(p, s)[j].state for p, s, j in xs)
    assert any(cut_count(t, "YELLOW") < 4 for t in tables)


def test_46_sevens_are_cut_last_all_four_at_once() -> None:
    g = LoggedGame(46, 4, seed=1)
    assert g.result.truth_impossible == 0
    assert not [m for _q, m, _s, _t in g.cuts() if m["value"] == 7]
    assert all(cut_count(t, 7) in (0, 4) for t in tables_of(g))  # all four at once
    assert g.result.won and cut_count(g.ref.table, 7) == 4  # this seed reaches the special action


def test_13_reds_dealt_first_are_seen_and_cut_only_all_at_once() -> None:
    g = LoggedGame(13, 4, seed=1)
    assert g.result.truth_impossible == 0
    counts = {(f.player, f.stand): f.count for f in g.deal.table.facts if f.kind == "red_count"}
    assert counts == {(p, s): sum(1 for k, t in g.deal.world.items() if k[:2] == (p, s) and t % 10 == 5)
                      for p, s in g.deal.table.stand_keys()}
    assert sorted(counts.values()) == [0, 1, 1, 1]
    for players in (2, 3):  # a stand each fact, the truth of the deal
        d = deal_game(playable(13, players), players, 1, 0)
        assert {(f.player, f.stand): f.count for f in d.table.facts} == {
            (p, s): sum(1 for k, t in d.world.items() if k[:2] == (p, s) and t % 10 == 5) for p, s in d.table.stand_keys()}
    assert not [m for _q, m, _s, _t in g.moves if m and m["kind"] == "reveal_red"]  # never revealed
    reds = [k for k, t in g.deal.world.items() if t % 10 == 5]
    assert all(sum(1 for k in reds if t.stand(k[0], k[1])[k[2]].state == CUT) in (0, 3) for t in tables_of(g))
    tokens = [f for f in g.ref.table.facts if f.kind == "has_not" and f.stand is None]
    placed = sum(1 for p, s in g.deal.table.stand_keys() for sl in tables_of(g)[0].stand(p, s) if sl.state == "info")
    assert len(tokens) + placed == 4 and all(holds_true(g.ref, f) for f in tokens)  # a random token each


def test_22_two_absent_values_each_then_a_token_passed_left_after_two_yellow_wires() -> None:
    g = LoggedGame(22, 4, seed=1, snap=lambda play: play.given)
    assert g.result.truth_impossible == 0
    start = tables_of(g)[0]
    absent = [f for f in start.facts if f.kind == "has_not"]
    assert sorted(f.player for f in absent) == [0, 0, 1, 1, 2, 2, 3, 3] and all(holds_true(g.ref, f) for f in absent)
    assert not any(sl.state == "info" for p, s in start.stand_keys() for sl in start.stand(p, s))  # no chosen token
    held = [f for f in start.facts if f.kind == "has"]  # what each choice tells besides
    assert held and all(any(value_of(t) == f.value for k, t in g.deal.world.items() if k[0] == f.player) for f in held)
    given = [i for i, (_q, _m, done, _t) in enumerate(g.moves) if done]
    assert given, "the yellow wires were cut"
    before, after = g.moves[given[0]][3], g.moves[given[0] - 1][3]
    assert cut_count(before, "YELLOW") >= 2 and cut_count(after, "YELLOW") < 2  # given the move the second yellow was cut
    tokens = sum(1 for p, s in before.stand_keys() for a, b in zip(after.stand(p, s), before.stand(p, s))
                 if a.state == "hidden" and b.state == "info")
    nones = len([f for f in before.facts if f.kind == "has_not"]) - len(absent)
    assert tokens + nones >= 4 - 1  # one token each (a failure's token aside; a repeat adds nothing)


def test_27_tokens_drawn_once_two_yellow_wires_are_cut_each_player_takes_one() -> None:
    """27's card: once the first 2 yellow wires are cut, as many tokens as players are drawn and laid face up; from
    the captain each takes one and places it (or beside the stand).  What the table learns — the tokens placed,
    the values passed over and those placed beside — is true of the deal in every game."""
    drew = 0
    for seed in range(4):
        g = LoggedGame(27, 4, seed=seed, snap=lambda play: play.drawn)
        assert g.result.truth_impossible == 0 and g.result.sure_failures == 0
        drawn = [i for i, (_q, _m, done, _t) in enumerate(g.moves) if done]
        if not drawn:
            continue
        drew += 1
        before, after = g.moves[drawn[0]][3], g.moves[drawn[0] - 1][3]
        assert cut_count(before, "YELLOW") >= 2 and cut_count(after, "YELLOW") < 2
        placed = sum(1 for p, s in before.stand_keys() for a, b in zip(after.stand(p, s), before.stand(p, s))
                     if a.state == "hidden" and b.state == "info")
        told = [f for f in before.facts if f not in after.facts]
        assert all(holds_true(g.ref, f) for f in told if f.kind == "has_not")
        assert placed + len(told) >= 4 - 1  # a token each, placed or beside (a failure's token aside)
    assert drew >= 2, "two yellow wires cut in most games"


def test_22_an_absent_value_chosen_says_that_every_value_ranked_before_it_is_held() -> None:
    ranked = [1, 2, 3, 4, "YELLOW"]
    facts = {(f.kind, f.value) for f in _chosen(ranked, {1, 3, 4}, 0, None, 2)}
    assert facts == {("has_not", 2), ("has_not", "YELLOW"), ("has", 1), ("has", 3), ("has", 4)}
    assert {(f.kind, f.value) for f in _chosen(ranked, {1, 4}, 2, 1, 1)} == {("has_not", 2), ("has", 1)}
    assert {(f.kind, f.value) for f in _chosen(ranked, set(ranked) - {3}, 0, None, 2)} == \
        {("has_not", 3)} | {("has", v) for v in ranked if v != 3}  # one lacking: all the others held
    assert all(f.stand == 1 and f.player == 2 for f in _chosen(ranked, {1, 4}, 2, 1, 1))


@pytest.mark.parametrize("players,k", [(4, 0), (4, 1), (5, 0), (3, 0)])
def test_22_the_absent_values_choice_is_read_in_full(players: int, k: int) -> None:
    """Every deal the public table allows after 22's setup — drawn exactly — would have made the very same
    choices of absent values, and the real deal is among them: the choice is read in full and no more."""
    m = playable(22, players)
    d = deal_game(m, players, 11, k)
    ref = Referee(d.table, d.world, rules_of(m, d), d.cards)
    ref.rules.play.setup(ref)
    public = replace(ref.table, me=None, extra={})
    an = solve_state(public)
    assert all(an.slot_probs(*key).get(t, 0) > 0 for key, t in d.world.items())
    for world in sample_deals(public, 10, seed=k):
        other = Referee(d.table, world, rules_of(m, d), d.cards)
        other.rules.play.setup(other)
        assert set(other.table.facts) == set(ref.table.facts)


def test_39_the_noble_value_goes_only_by_the_special_action_which_deals_the_cards_left() -> None:
    g = LoggedGame(39, 4, seed=4, snap=lambda play: len(play.deck))
    noble = g.deal.numbers[0]
    sizes = [n for _q, _m, n, _t in g.moves]
    assert sizes[0] == 8 and sizes == sorted(sizes, reverse=True) and any(0 < n < 8 for n in sizes)  # a card a round
    assert g.result.truth_impossible == 0
    assert not [m for _q, m, _s, _t in g.cuts() if m["value"] == noble]
    assert all(cut_count(t, noble) in (0, 4) for t in tables_of(g))
    assert g.result.won and g.ref.rules.play.done and not g.ref.rules.play.deck
    assert not g.deal.cards  # no equipment in 39
    has = [f for f in g.ref.table.facts if f.kind == "has"]
    assert all(any(value_of(g.ref.world[w]) == f.value for w in f.wires or [k for k in g.ref.world if k[0] == f.player])
               for f in has)


@pytest.mark.parametrize("mission", [41, 55, 60, 62])
def test_a_dial_set_near_the_end_leaves_its_first_space_to_the_rewinder(mission: int) -> None:
    """41, 55, 60, 62 set the detonator a space from the end: the spaces behind it are there, so a Rewinder takes it
    back past where it started, to the track's first space (the usual start: one mistake fewer than players)."""
    from bombbusters.arena.card_effects import BEFORE
    m = playable(mission, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    assert ref.mistakes_left == 0 and ref.start_mistakes == 3
    BEFORE["6"](ref, 0, None)
    assert ref.mistakes_left == 1
