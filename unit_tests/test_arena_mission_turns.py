"""The missions' turns in the arena, continued from test_arena_missions.py: oxygen pays for every cut and a
skip moves the detonator (44, 49, 63), the win playouts read the play from the view, a value token on the
leftmost hidden wire of it, 51's token of a player without the value, 47's skip, and the detonator's start
where the card sets it, in the arena as on the page."""

from __future__ import annotations

from dataclasses import replace

import pytest
from arena_log import LoggedGame
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import rules_of, start_game
from bombbusters.arena.oxygen import cost
from bombbusters.arena.referee import Referee
from bombbusters.arena.win import playout_referee, win_chance
from bombbusters.questions.analysis import solve_state
from bombbusters.questions.sampler import sample_deals
from bombbusters.table.facts import Fact
from bombbusters.table.wires import value_of


@pytest.mark.parametrize("mission,players", [(44, 4), (49, 3), (63, 4)])
def test_oxygen_pays_for_every_cut_and_a_skip_moves_the_detonator(mission: int, players: int) -> None:
    g = LoggedGame(mission, players, seed=1, snap=lambda play: dict(play.tokens))
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
    value the cards left allow (41 reads its skips so too: every blue value); the skip moves the detonator
    and discards nothing."""
    m = playable(47, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    play.cards = [1, 2, 5, 12]  # sums and differences in 1-12: 1, 3, 4, 6, 7, 10, 11
    before = ref.mistakes_left
    assert play.idle(ref, 2) and ref.mistakes_left == before - 1
    assert {f.value for f in ref.table.facts if f.kind == "has_not" and f.player == 2} == {1, 3, 4, 6, 7, 10, 11}
    # no card discarded (the card's back as bdiffuser's OCR transcription reads it: only the detonator moves)
    assert play.cards == [1, 2, 5, 12]


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


def test_38_a_forced_skip_moves_the_detonator_in_the_arena_too() -> None:
    """38: a player whose only cut is the captain's turned-around wire skips and the detonator moves a space (the
    card); the arena's rules say so for 38 alone (the playouts read it from the view's ``turned`` rule: test_win)."""
    from bombbusters.arena.table_rules import rules_of
    from bombbusters.missions.preset import get_mission

    assert rules_of(get_mission(38)).skip_costs
    assert not any(rules_of(get_mission(n)).skip_costs for n in (4, 56, 64))
