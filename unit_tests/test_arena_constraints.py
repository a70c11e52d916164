"""Constraint cards in the arena (31, 32, 34, 37, 57, 61: ``arena/constraint_play.py``,
``constraint_table.py``, ``weakest_link.py``): each test plays a seeded game, logs every move with the
cards binding its player, and checks the card's text on the log by itself (not through
``constraint_cards.py``), with the truth check; the cards' side effects (H, G, L) are checked on a
referee directly."""

from __future__ import annotations

from dataclasses import replace

import pytest
from bombbusters.advice.moves import rank_moves
from bombbusters.arena import greedy
from bombbusters.arena.constraint_table import PerValue, ring_seats
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.plays import play_from_doc
from bombbusters.arena.referee import Decision, Referee
from bombbusters.arena.table_rules import rules_of
from bombbusters.arena.weakest_link import candidates
from bombbusters.arena.win import win_chance
from bombbusters.questions.analysis import solve_state
from bombbusters.table.notation import CUT, HIDDEN, INFO
from bombbusters.table.wires import RED, colour_of, value_of

_OK = {"A": lambda v: v % 2 == 0, "B": lambda v: v % 2 == 1, "C": lambda v: 1 <= v <= 6, "D": lambda v: 7 <= v <= 12,
       "E": lambda v: 4 <= v <= 9, "F": lambda v: not 4 <= v <= 9}


def _obeys(card: str | None, move: dict, table) -> bool:
    """Whether a move keeps to the card as printed (red wires revealed are never constrained)."""
    kind = move["kind"]
    if card is None or kind == "reveal_red":
        return True
    values = [v for v in (move.get("values") or [move["value"]]) if isinstance(v, int)]
    if card in _OK:
        return all(_OK[card](v) for v in values)
    if card == "G":
        return kind in ("dual_cut", "solo_cut")
    if card == "K":
        return kind not in ("solo_cut", "fast_pass")
    if move.get("player") is None:
        return True
    stand = table.stand(move["player"], move["stand"])
    uncut = [j for j, sl in enumerate(stand) if sl.state != CUT]
    if card in "IJ":
        return (uncut[-1] if card == "I" else uncut[0]) not in move["slots"]
    if card == "H":
        return all(stand[j].state != INFO for j in move["slots"])
    return True


class _Log:
    """A seeded game logging (player, move, snapshot of the play, table before) for every move."""

    def __init__(self, mission: int, players: int, snap, seed: int = 1, k: int = 0):
        m = playable(mission, players)
        self.ref = start_game(deal_game(m, players, seed, k), m)
        self.play, self.moves, self.views = self.ref.rules.play, [], []
        ref, inner = self.ref, self.ref.play

        def logged(q: int, d) -> None:
            self.moves.append((q, d.move, snap(self.play), ref.table))
            self.views.append(ref.view(q).extra.get("constraints", []))
            inner(q, d)
        ref.play = logged  # type: ignore[method-assign]
        self.result = play_on(ref, greedy.decide, ref.table.captain)
        assert self.result.truth_impossible == 0 and self.result.sure_failures == 0 and self.moves

    def checked(self, card_of) -> int:
        """Every move keeps to the card ``card_of(q, snapshot)`` said bound its player; how many were bound."""
        bound = 0
        for (q, m, snap, table), seen in zip(self.moves, self.views):
            card = card_of(q, snap)
            assert seen == ([card] if card else []), (q, card, seen)  # the view carries it
            if m is not None:
                assert _obeys(card, m, table), (q, card, m)
                bound += card is not None and m["kind"] != "reveal_red"
        return bound


def test_31_each_keeps_their_chosen_card_until_they_flip_it() -> None:
    g = _Log(31, 4, lambda p: (dict(p.held), set(p.flipped)))
    held = g.play.held
    assert sorted(held) == [0, 1, 2, 3] and len(set(held.values())) == 4 and set(held.values()) <= set("ABCDE")
    assert g.checked(lambda q, s: None if q in s[1] else s[0][q]) > 5
    flips = [s[1] for _q, _m, s, _t in g.moves]
    assert all(a <= b for a, b in zip(flips, flips[1:]))  # a flipped card stays face down
    m = playable(31, 2)
    for k in range(8):  # 2 players: never both A+B or both C+D
        d = deal_game(m, 2, 1, k)
        ref = Referee(d.table, d.world, rules_of(m, d), d.cards)
        ref.rules.play.setup(ref)
        assert set(ref.rules.play.held.values()) not in ({"A", "B"}, {"C", "D"})


def test_32_the_captain_replaces_the_card_only_for_a_player_it_leaves_without_a_cut() -> None:
    g = _Log(32, 4, lambda p: (p.visible, list(p.gone)), seed=6)
    m = playable(32, 4)
    deck = start_game(deal_game(m, 4, 6, 0), m).rules.play
    drawn = [deck.visible] + deck.deck
    assert g.checked(lambda q, s: s[0]) > 5
    gone_before: list = []
    for q, _m, (visible, gone), table in g.moves:
        assert gone + ([visible] if visible else []) == drawn[:len(gone) + (visible is not None)]
        hand = {value_of(t) for k, t in g.ref.world.items() if k[0] == q and table.stand(k[0], k[1])[k[2]].state != CUT
                and colour_of(t) != RED}
        for card in gone[len(gone_before):]:  # replaced at q's turn: it left q no value to cut
            assert card in _OK and not any(_OK[card](v) for v in hand), (q, card, hand)
        gone_before = gone
    assert len(gone_before) >= 2


def _validated(table) -> set:
    return {v for v in range(1, 13) if sum(1 for p, s in table.stand_keys() for sl in table.stand(p, s)
                                           if sl.state == CUT and sl.wire is not None and value_of(sl.wire) == v) == 4}


def test_37_the_card_is_replaced_each_time_a_value_s_four_wires_are_cut() -> None:
    g = _Log(37, 4, lambda p: (p.visible, len(p.gone)), seed=2)
    assert g.checked(lambda q, s: s[0]) > 3
    for _q, _m, (_visible, gone), table in g.moves:
        assert gone == len(_validated(table))


def test_57_the_last_validated_value_s_card_binds_everyone() -> None:
    g = _Log(57, 4, lambda p: list(p.order))
    pairs = g.play.pairs
    assert sorted(pairs) == list(range(1, 13)) and sorted(pairs.values()) == list("ABCDEFGHIJKL")
    seen: list = []
    for _q, _m, order, table in g.moves:
        seen += sorted(_validated(table) - set(seen))
        assert order == seen
    assert g.checked(lambda q, s: pairs[s[-1]] if s else None) > 0


def test_61_each_keeps_to_the_card_at_their_place_and_a_new_one_costs_a_space() -> None:
    assert ring_seats(2) == [0, None, 1, None] and ring_seats(3) == [0, None, 1, 2] and ring_seats(4) == [0, 1, 2, 3]
    g = _Log(61, 3, lambda p: list(p.held))
    seats = g.play.seats
    assert g.checked(lambda q, s: s[seats.index(q)]) > 5
    start = g.moves[0][2]
    for _q, _m, held, _t in g.moves:  # a rotation keeps the ring's order; A-E cards only leave for F-L
        base = [c for c in held if c in "ABCDE"]
        assert all(c in start for c in base) and len(held) == len(start)


def test_34_only_the_weakest_link_keeps_to_their_card_and_nobody_has_a_detector_meanwhile() -> None:
    g = _Log(34, 4, lambda p: p.state)
    weak, card = g.play.weak, g.play.dealt[g.play.weak]
    assert g.checked(lambda q, s: card if s == "hidden" and q == weak else None) > 0
    m = playable(34, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    assert all("double_detector" not in ref.view(q).extra["available"] for q in range(4))
    own = ref.rules.play.dealt
    assert ref.view(ref.rules.play.weak).extra["mission_play"]["weak"] == own[ref.rules.play.weak]
    assert all(ref.view(q).extra["mission_play"]["weak"] is None for q in range(4) if q != ref.rules.play.weak)
    # who and which card fit what each has named: 5 and 9 leave player 1 only B (mine) and E; 2 and 11, 8 and 1 fit none
    assert candidates({1: [5, 9], 2: [2, 11], 3: [8, 1]}, 0, "B", 4) == [(1, "E")]


def _deck_with(ref, card: str) -> None:
    play = ref.rules.play
    play.visible = card


def _failing(ref, q: int) -> dict:
    """A ranked dual cut of q's that the deal makes fail on a non-red wire."""
    view = ref.view(q)
    for m in rank_moves(view, solve_state(view)):
        if m["kind"] == "dual_cut" and not m.get("forbidden"):
            t = ref.world[(m["player"], m["stand"], m["slots"][0])]
            if colour_of(t) != RED and value_of(t) != m["value"]:
                return m
    raise AssertionError("no failing cut")


@pytest.mark.parametrize("card", ["L", "H", "A"])
def test_l_moves_the_detonator_two_spaces_and_h_places_no_token(card: str) -> None:
    m = playable(32, 4)
    ref = start_game(deal_game(m, 4, 3, 0), m)
    _deck_with(ref, card)
    q = ref.table.captain
    move = _failing(ref, q)
    spot = (move["player"], move["stand"], move["slots"][0])
    before = ref.mistakes_left
    assert ref.rules.play.turn(ref, q, lambda p: Decision(move)) == "played"
    assert ref.mistakes_left == before - (2 if card == "L" else 1)
    assert ref.table.stand(*spot[:2])[spot[2]].state == (HIDDEN if card == "H" else INFO)
    assert ref.rules.card_barred(ref.table, q, "4") == (card == "H")


def test_g_bars_every_equipment_card_and_the_detector() -> None:
    m = playable(32, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    _deck_with(ref, "G")
    assert all(ref.rules.card_barred(ref.table, 1, c) for c in ("1", "4", "9", "10"))
    view = ref.view(1)
    assert view.extra["constraints"] == ["G"] and view.extra["cards"] == [] and view.extra["free_cards"] == []
    assert all(mv.get("forbidden") for mv in rank_moves(view) if mv["kind"] == "double_detector")


def test_a_whole_round_of_skips_moves_the_detonator_in_37_and_explodes_in_57() -> None:
    m = playable(37, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play, before, card = ref.rules.play, ref.mistakes_left, ref.rules.play.visible
    assert [play._skip(ref, q) for q in range(4)] == ["idle", "idle", "idle", "played"]
    assert ref.mistakes_left == before - 1 and play.gone == [card] and ref.outcome is None
    m = playable(57, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    assert isinstance(ref.rules.play, PerValue)
    assert [ref.rules.play._skip(ref, q) for q in range(4)][-1] == "played" and ref.outcome == "exploded"


@pytest.mark.parametrize("mission", [31, 32, 37, 57, 61, 34])
def test_the_win_playouts_remake_the_cards_from_the_view(mission: int) -> None:
    m = playable(mission, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    view = ref.view(1)
    again = play_from_doc(view.extra["mission_play"], 4, 7)
    assert again is not None and again.constraints(ref.table, 1) == ref.rules.play.constraints(ref.table, 1)
    if mission == 37:
        got = win_chance(replace(view, extra={**view.extra, "turn": 1}), 2, 0)
        assert got["n"] == 2


@pytest.mark.parametrize("mission", [37, 57])
def test_a_skip_under_a_card_on_values_tells_the_table_the_skipper_holds_none_of_them(mission: int, monkeypatch) -> None:
    """37, 57 (one card binds everyone): a player who skips under a card on values (A-F) holds none of the blue values
    it allows — one held would give a move with a chance — and the table reads it as the page does; true every time."""
    from bombbusters.arena import advice, constraint_play
    from bombbusters.arena.game import play_game

    told: list = []
    real = constraint_play.tell_has_not

    def spy(ref, q, values):
        held = {value_of(ref.world[k]) for k in ref.world if k[0] == q and ref.table.stand(k[0], k[1])[k[2]].state != CUT}
        told.append((ref.rules.play.constraints(ref.table, q), set(values) & held))
        real(ref, q, values)

    monkeypatch.setattr(constraint_play, "tell_has_not", spy)
    m = playable(mission, 5)
    for k in range(6):
        assert play_game(deal_game(m, 5, 1, k), m, advice.decide).truth_impossible == 0
    assert told, "no skip under a card on values in these games"
    assert all(set(cards) <= set("ABCDEF") and not wrong for cards, wrong in told), told
