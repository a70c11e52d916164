"""The missions the arena plays by their changing rules (``arena/mission_play.py`` and its families):
number cards (9, 16, 26, 36, 45, 47, 51, 62, 65), special cutting rules (35, 46) and oxygen (44, 49,
63).  Each test plays a seeded game, logs every move the referee carries out, and checks the card's
rule on that log by itself (not through the play's own ``rules``), with the truth check."""

from __future__ import annotations

from dataclasses import replace

import pytest
from bombbusters.arena import greedy
from bombbusters.arena.absent import _chosen
from bombbusters.arena.deal import PLAYABLE, deal_game, playable
from bombbusters.arena.game import play_on, rules_of, start_game
from bombbusters.arena.number_cards import sums
from bombbusters.arena.oxygen import cost
from bombbusters.arena.referee import Referee
from bombbusters.arena.table_rules import UNSIMULATED
from bombbusters.arena.win import playout_referee, win_chance
from bombbusters.questions.analysis import solve_state
from bombbusters.questions.sampler import sample_deals
from bombbusters.table.errors import StateError
from bombbusters.table.facts import Fact
from bombbusters.table.notation import CUT
from bombbusters.table.wires import BLUE, value_of


class _Log:
    """A seeded game whose referee logs (player, move, play state before, table before) for every move."""

    def __init__(self, mission: int, players: int, seed: int = 1, k: int = 0, snap=lambda play: None,
                 moves: int | None = None):
        m = playable(mission, players)
        self.deal = deal_game(m, players, seed, k)
        self.ref = start_game(self.deal, m)
        self.start_mistakes = self.ref.mistakes_left
        self.moves: list = []
        ref, play = self.ref, self.ref.rules.play
        inner = ref.play

        def logged(q: int, d) -> None:
            self.moves.append((q, d.move, snap(play), ref.table))
            inner(q, d)
        ref.play = logged  # type: ignore[method-assign]
        self.result = play_on(ref, greedy.decide, ref.table.captain, moves=moves)

    def cuts(self):
        """(player, move, snapshot, table before) of every move naming a number."""
        return [(q, m, s, t) for q, m, s, t in self.moves if m is not None and isinstance(m.get("value"), int)]


def _true(ref: Referee, f: Fact) -> bool:
    """Whether a "has not" fact is true of the wires it speaks of (pinned, or the player's uncut ones)."""
    wires = f.wires if f.wires is not None else [k for k in ref.world if k[0] == f.player
                                                    and ref.table.stand(k[0], k[1])[k[2]].state != CUT]
    return all(value_of(ref.world[w]) != f.value for w in wires)


def _tables(g: "_Log") -> list:
    """The table before each move, then the last one."""
    return [t for _q, _m, _s, t in g.moves] + [g.ref.table]


def _cut(table, v) -> int:
    return sum(1 for p, s in table.stand_keys() for sl in table.stand(p, s) if sl.state == CUT and sl.wire is not None
               and value_of(sl.wire) == v)


def test_the_arena_now_plays_these_missions_and_refuses_the_rest_with_a_reason() -> None:
    assert set(range(1, 67)) - set(PLAYABLE) == {54, 66}
    assert all("talk" in UNSIMULATED[n] for n in (44, 49, 63))  # no speaking under water: nothing to simulate
    for n, word in ((66, "bunker"), (54, "later")):
        with pytest.raises(StateError, match=word):
            playable(n, 4)


@pytest.mark.parametrize("mission,need", [(9, 2), (16, 4)])
def test_a_sequence_s_later_values_wait_for_the_earlier_ones(mission: int, need: int) -> None:
    g = _Log(mission, 4, seed=2)
    line = list(g.deal.numbers[:3])
    assert g.result.truth_impossible == 0 and g.moves
    for _q, m, _s, before in g.cuts():
        if m["value"] in line:
            i = line.index(m["value"])
            assert all(_cut(before, a) >= need for a in line[:i]), (m["value"], line)
    m = playable(mission, 4)
    view = start_game(deal_game(m, 4, 2, 0), m).view(1)  # the advice is told what waits
    assert {x["value"] for x in view.extra["rules"]["no_values"]} == set(line[1:])


def test_36_only_the_value_next_to_the_sequence_card_of_the_line() -> None:
    g = _Log(36, 4, seed=1, snap=lambda play: (list(play.line), play.next_value()))
    assert g.result.truth_impossible == 0
    in_line = [(m["value"], nxt) for _q, m, (line, nxt), _t in g.cuts() if m["value"] in line]
    assert in_line and all(v == nxt for v, nxt in in_line)


def test_26_each_cut_names_a_face_up_card_which_then_turns_face_down() -> None:
    g = _Log(26, 4, seed=1, snap=lambda play: set(play.up))
    assert g.result.truth_impossible == 0
    cuts = g.cuts()
    assert cuts and all(m["value"] in up for _q, m, up, _t in cuts)
    assert all(_true(g.ref, f) for f in g.ref.table.facts if f.kind == "has_not")  # what a skip told is true


def test_47_each_cut_is_a_sum_or_difference_of_two_available_cards() -> None:
    g = _Log(47, 4, seed=1, snap=lambda play: list(play.cards))
    assert g.result.truth_impossible == 0
    cuts = g.cuts()
    assert cuts and all(m["value"] in sums(cards) for _q, m, cards, _t in cuts)
    assert any(len(cards) < 12 for _q, _m, cards, _t in cuts)  # the cards are discarded as they are used


def test_65_a_player_cuts_only_the_values_of_their_face_up_cards_and_passes_one_on() -> None:
    g = _Log(65, 4, seed=1, snap=lambda play: {p: list(h) for p, h in play.hands.items()})
    assert g.result.truth_impossible == 0
    cuts = g.cuts()
    assert cuts and all(m["value"] in hands[q] and _cut(t, m["value"]) < 4 for q, m, hands, t in cuts)
    assert sorted(v for h in g.ref.rules.play.hands.values() for v in h) == list(range(1, 13))
    assert any(hands != cuts[0][2] for _q, _m, hands, _t in cuts[1:])  # cards change hands


def test_62_the_detonator_starts_a_space_from_the_end_and_goes_back_per_card_value_cut() -> None:
    m = playable(62, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    assert ref.mistakes_left == 0 and ref.view(1).mistakes_left == 0
    g = _Log(62, 4, seed=1)
    cards = list(g.deal.numbers[:4])
    assert g.result.truth_impossible == 0
    tables = _tables(g)
    for before, after in zip(tables, tables[1:]):
        done = sum(1 for v in cards if _cut(before, v) < 4 == _cut(after, v))
        failed = sum(1 for p, s in after.stand_keys() for a, b in zip(before.stand(p, s), after.stand(p, s))
                     if a.state != b.state and b.state != CUT)  # an info token: a failure
        assert (after.mistakes_left or 0) - (before.mistakes_left or 0) == done - failed
    assert any(_cut(tables[-1], v) == 4 for v in cards)


def test_51_the_named_player_cuts_the_card_s_value_or_shows_they_have_none() -> None:
    g = _Log(51, 4, seed=3, snap=lambda play: play.current)
    assert g.result.truth_impossible == 0
    assert g.start_mistakes == 4  # the detonator a space further back
    named = [(q, m, cur) for q, m, cur, _t in g.moves if m is not None and m["kind"] != "reveal_red"]
    assert named and all(cur is not None and cur[0] == q and m["value"] == cur[1] for q, m, cur in named)
    nones = [f for f in g.ref.table.facts if f.kind == "has_not"]
    assert nones and all(_true(g.ref, f) for f in nones)  # "I have none", true of the wires they held then


def test_45_every_cut_is_of_the_card_the_captain_flipped() -> None:
    g = _Log(45, 4, seed=1, snap=lambda play: play.current)
    assert g.result.truth_impossible == 0
    cuts = [(m, cur) for _q, m, cur, _t in g.moves if m is not None and m["kind"] != "reveal_red"]
    assert cuts and all(cur is not None and m["value"] == cur[1] for m, cur in cuts)


def test_18_the_radar_answers_for_every_stand_and_the_named_player_cuts_the_card_s_value() -> None:
    g = _Log(18, 4, seed=1, moves=8, snap=lambda play: play.current)
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


def test_29_a_card_put_down_moves_the_detonator_when_its_value_is_cut() -> None:
    g = _Log(29, 4, seed=1, snap=lambda play: ({p: list(h) for p, h in play.hands.items()}, list(play.deck)))
    assert g.result.truth_impossible == 0
    assert all(sum(map(len, hands.values())) + len(deck) <= 12 for _q, _m, (hands, deck), _t in g.moves)
    play = g.ref.rules.play
    assert sorted(v for h in play.hands.values() for v in h) + sorted(play.deck) == sorted(
        v for v in range(1, 13) if _cut(g.ref.table, v) < 4) or len([v for v in range(1, 13) if _cut(g.ref.table, v) < 4]) <= 1
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
    g = _Log(35, 4, seed=1, moves=6)  # its first 6 moves: the engine takes ~10 s on its first views (4 blue X wires)
    assert g.result.truth_impossible == 0
    xs = {(p, s, j) for p, s in g.deal.table.stand_keys() for j, sl in enumerate(g.deal.table.stand(p, s)) if sl.unsorted}
    assert xs and all(g.deal.table.stand(p, s)[j].colour == BLUE for p, s, j in xs)
    for q, m, _s, before in g.moves:
        pointed = {(m["player"], m["stand"], j) for j in m["slots"]} if m and m.get("player") is not None else set()
        assert not pointed & xs or (m["kind"] == "dual_cut" and _cut(before, "YELLOW") >= 4), m  # no equipment on X
    tables = _tables(g)
    for before, after in zip(tables, tables[1:]):
        if _cut(before, "YELLOW") < 4:  # no X wire cut, whoever's it is, before the 4 yellow wires
            assert all(before.stand(p, s)[j].state == after.stand(p, s)[j].state for p, s, j in xs)
    assert any(_cut(t, "YELLOW") < 4 for t in tables)


def test_46_sevens_are_cut_last_all_four_at_once() -> None:
    g = _Log(46, 4, seed=1)
    assert g.result.truth_impossible == 0
    assert not [m for _q, m, _s, _t in g.cuts() if m["value"] == 7]
    assert all(_cut(t, 7) in (0, 4) for t in _tables(g))  # all four at once
    assert g.result.won and _cut(g.ref.table, 7) == 4  # this seed reaches the special action


def test_13_reds_dealt_first_are_seen_and_cut_only_all_at_once() -> None:
    g = _Log(13, 4, seed=1)
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
    assert all(sum(1 for k in reds if t.stand(k[0], k[1])[k[2]].state == CUT) in (0, 3) for t in _tables(g))
    tokens = [f for f in g.ref.table.facts if f.kind == "has_not" and f.stand is None]
    placed = sum(1 for p, s in g.deal.table.stand_keys() for sl in _tables(g)[0].stand(p, s) if sl.state == "info")
    assert len(tokens) + placed == 4 and all(_true(g.ref, f) for f in tokens)  # a random token each


def test_22_two_absent_values_each_then_a_token_passed_left_after_two_yellow_wires() -> None:
    g = _Log(22, 4, seed=1, snap=lambda play: play.given)
    assert g.result.truth_impossible == 0
    start = _tables(g)[0]
    absent = [f for f in start.facts if f.kind == "has_not"]
    assert sorted(f.player for f in absent) == [0, 0, 1, 1, 2, 2, 3, 3] and all(_true(g.ref, f) for f in absent)
    assert not any(sl.state == "info" for p, s in start.stand_keys() for sl in start.stand(p, s))  # no chosen token
    held = [f for f in start.facts if f.kind == "has"]  # what each choice tells besides
    assert held and all(any(value_of(t) == f.value for k, t in g.deal.world.items() if k[0] == f.player) for f in held)
    given = [i for i, (_q, _m, done, _t) in enumerate(g.moves) if done]
    assert given, "the yellow wires were cut"
    before, after = g.moves[given[0]][3], g.moves[given[0] - 1][3]
    assert _cut(before, "YELLOW") >= 2 and _cut(after, "YELLOW") < 2  # given the move the second yellow was cut
    tokens = sum(1 for p, s in before.stand_keys() for a, b in zip(after.stand(p, s), before.stand(p, s))
                 if a.state == "hidden" and b.state == "info")
    nones = len([f for f in before.facts if f.kind == "has_not"]) - len(absent)
    assert tokens + nones >= 4 - 1  # one token each (a failure's token aside; a repeat adds nothing)


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
    g = _Log(39, 4, seed=4, snap=lambda play: len(play.deck))
    noble = g.deal.numbers[0]
    sizes = [n for _q, _m, n, _t in g.moves]
    assert sizes[0] == 8 and sizes == sorted(sizes, reverse=True) and any(0 < n < 8 for n in sizes)  # a card a round
    assert g.result.truth_impossible == 0
    assert not [m for _q, m, _s, _t in g.cuts() if m["value"] == noble]
    assert all(_cut(t, noble) in (0, 4) for t in _tables(g))
    assert g.result.won and g.ref.rules.play.done and not g.ref.rules.play.deck
    assert not g.deal.cards  # no equipment in 39
    has = [f for f in g.ref.table.facts if f.kind == "has"]
    assert all(any(value_of(g.ref.world[w]) == f.value for w in f.wires or [k for k in g.ref.world if k[0] == f.player])
               for f in has)


@pytest.mark.parametrize("mission,players", [(44, 4), (49, 3), (63, 4)])
def test_oxygen_pays_for_every_cut_and_a_skip_moves_the_detonator(mission: int, players: int) -> None:
    g = _Log(mission, players, seed=1, snap=lambda play: dict(play.tokens))
    play = g.ref.rules.play
    assert g.result.truth_impossible == 0
    for q, m, tokens, _t in g.cuts():
        budget = tokens[q] if play.kind == "gift" else tokens[-1]
        assert cost(play.kind, m["value"]) <= budget, (q, m, tokens)
    if play.kind == "gift":
        assert sum(play.tokens.values()) <= {2: 14, 3: 18, 4: 20, 5: 20}[players]
        assert all(play.tokens[p] == 0 for p in range(players) if not g.ref.uncut(p))  # their oxygen leaves


def test_49_oxygen_goes_to_a_teammate_showing_the_thumbs_up_else_to_the_fewest(monkeypatch) -> None:
    """The cutter gives to one who signals "I need oxygen" (no value they hold affordable), nearest on the left,
    even with fewer tokens elsewhere; with no signal, to the teammate with the fewest tokens."""
    from bombbusters.arena.mission_play import hand_values

    m = playable(49, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    cheapest = min(v for v in hand_values(ref, 3) if isinstance(v, int))
    play.tokens = {0: 20, 1: 9, 2: 30, 3: cheapest - 1}
    assert play._needs(ref, 3) and not play._needs(ref, 2)
    play.tokens[3] = cheapest
    assert not play._needs(ref, 3)
    play.tokens = {0: 20, 1: 9, 2: 30, 3: 30}  # nobody signals: the fewest
    play._pay(ref, 0, {"kind": "dual_cut", "value": 3})
    assert play.tokens == {0: 17, 1: 12, 2: 30, 3: 30}
    monkeypatch.setattr(type(play), "_needs", lambda self, ref, p: p in (2, 3))  # both signal: the nearer
    play._pay(ref, 0, {"kind": "dual_cut", "value": 2})
    assert play.tokens == {0: 15, 1: 12, 2: 32, 3: 30}


@pytest.mark.parametrize("mission", [63, 44])
def test_a_skipped_turn_with_oxygen_moves_the_detonator_and_says_what_the_player_lacks(mission: int) -> None:
    """63: one who can pay must play (its FAQ); 44: a player may skip to save oxygen, but the arena's players
    skip only when they cannot pay, a rule the team knows: either way a skip says what they lack."""
    m = playable(mission, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    play.tokens[-1] = 1  # enough for a value 1 (63) or 1-4 (44) only
    play.last = 1  # the captain's seat is not passed before player 2's turn
    before, facts = ref.mistakes_left, len(ref.table.facts)
    assert play.turn(ref, 2, lambda p: _no_move()) == "played"
    assert ref.mistakes_left == before - 1
    lacks = {f.value for f in ref.table.facts[facts:] if f.kind == "has_not" and f.player == 2}
    cheap = 1 if mission == 63 else 4
    assert lacks == set(range(1, cheap + 1))
    assert [x["value"] for x in ref.view(2).extra["rules"]["no_values"]] == list(range(cheap + 1, 13))


def _no_move():
    from bombbusters.arena.referee import Decision
    return Decision(None)


def test_the_win_playouts_read_the_play_from_the_view() -> None:
    m = playable(47, 4)
    ref: Referee = start_game(deal_game(m, 4, 1, 0), m)
    view = ref.view(1)
    assert view.extra["mission_play"]["kind"] == "sum" and "only_values" in view.extra["rules"]
    got = win_chance(replace(view, extra={**view.extra, "turn": 1}), 2, 0)
    assert got["n"] == 2
    m = playable(44, 4)  # a playout's oxygen is the view's: the reserve as it stands, the round where it is
    ref = start_game(deal_game(m, 4, 1, 0), m)
    ref.rules.play.tokens[-1], ref.rules.play.last = 3, 1
    again = playout_referee(ref.view(2), ref.world, 3).rules.play
    assert again.tokens == {-1: 3} and again.last == 1 and again.rules(ref.table, 2) == ref.rules.play.rules(ref.table, 2)


def test_a_value_token_goes_on_the_leftmost_hidden_wire_of_it_and_the_table_reads_it() -> None:
    """13's, 39's and 41's random tokens and 22's gifts go on the receiver's leftmost hidden wire of the
    value: the hidden wires left of it are not that value (facts); with every wire of it under a token
    already, none of the hidden ones is."""
    from bombbusters.arena.mission_play import token_on_value

    m = playable(13, 4)
    d = deal_game(m, 4, 1, 0)
    ref = Referee(d.table, d.world, rules_of(m, d), d.cards)
    j, t = next((j, t) for (p, s, j), t in sorted(d.world.items()) if p == 1 and j > 2 and t % 10 == 0
                and d.world[(1, 0, j - 1)] != t)  # the leftmost wire of its value
    v = value_of(t)
    token_on_value(ref, 1, v)
    assert ref.table.stand(1, 0)[j].state == "info"
    assert Fact("not_value", 1, 0, v, tuple(range(j))) in ref.table.facts
    token_on_value(ref, 1, v)  # again: its other wires of v, if any, take it; else every hidden one is told
    facts = [f for f in ref.table.facts if f.kind == "not_value" and f.value == v]
    assert all(value_of(d.world[(1, 0, i)]) != v for f in facts for i in f.slots)
    an = solve_state(replace(ref.table, me=None))
    assert all(an.slot_probs(*key).get(w, 0) > 0 for key, w in d.world.items())


@pytest.mark.parametrize("k", [0, 1, 2])
def test_51_the_token_of_a_named_player_without_the_value_is_read_in_full(k: int) -> None:
    """The token goes on the named player's wire the table finds least likely to be what it is (a known
    rule): every deal the table then allows — drawn exactly — puts it on the same wire, and the real deal
    is among them."""
    m = playable(51, 4)
    d = deal_game(m, 4, 5, k)
    ref = Referee(d.table, d.world, rules_of(m, d), d.cards)
    ref.rules.play._token(ref, 1)
    public = replace(ref.table, me=None, extra={})
    an = solve_state(public)
    assert all(an.slot_probs(*key).get(t, 0) > 0 for key, t in d.world.items())
    assert any(f.kind == "not_value" for f in ref.table.facts)
    for world in sample_deals(public, 10, seed=k):
        other = Referee(d.table, world, rules_of(m, d), d.cards)
        other.rules.play._token(other, 1)
        assert other.table.players == ref.table.players and set(other.table.facts) == set(ref.table.facts)


def test_47_a_skip_says_what_the_player_lacks() -> None:
    """The arena's players skip only when they cannot play (a rule the team knows): in 47 they lack every
    value the cards left allow (41 reads its skips so too: every blue value)."""
    m = playable(47, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    play.cards = [1, 2, 12]  # sums and differences in 1-12: 3, 1, 11, 10
    before = ref.mistakes_left
    assert play.idle(ref, 2) and ref.mistakes_left == before - 1
    assert {f.value for f in ref.table.facts if f.kind == "has_not" and f.player == 2} == {1, 3, 10, 11}


@pytest.mark.parametrize("mission", [41, 55, 60, 62, 51, 4, 44])
def test_the_detonator_starts_where_the_card_sets_it_in_the_arena_as_on_the_page(mission):
    """41, 55, 60 and 62 set the dial a space from the end, 51 a space further back; the preset the page
    applies says the same (``Mission.detonator``), elsewhere one mistake fewer than the players."""
    from bombbusters.missions.preset import get_mission

    m = playable(mission, 4)
    start = start_game(deal_game(m, 4, 1, 0), m)
    where = get_mission(mission).detonator
    assert start.table.mistakes_left == {"end": 0, "back": 4, "": 3}[where]
    assert where == ("end" if mission in (41, 55, 60, 62) else "back" if mission == 51 else "")
