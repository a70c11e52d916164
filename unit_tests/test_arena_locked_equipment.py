"""Equipment locked or handed out by number cards (``arena/locked_equipment.py``): 12's number card on
each equipment card, 15's face-down cards flipped as the number cards' values are cut, 23's face-down
deck that loses a card a round until the special action.  Each rule is read from the card on its own
(not through the play) and checked on a seeded game and on tables made by hand."""

from __future__ import annotations

from bombbusters.advice.table_edits import cut_slot, with_cuts
from bombbusters.arena import greedy
from bombbusters.arena.cards import INSTANT_CARDS, card_value
from bombbusters.arena.deal import PLAYABLE, deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.referee import Referee
from bombbusters.arena.run import POLICIES
from bombbusters.arena.win import playout_referee
from bombbusters.table.notation import CUT
from bombbusters.table.wires import YELLOW, colour_of, value_of


def _game(mission: int, players: int = 4, k: int = 0) -> Referee:
    m = playable(mission, players)
    return start_game(deal_game(m, players, 1, k), m)


def _cuts(table, v) -> int:
    return sum(1 for p, s in table.stand_keys() for sl in table.stand(p, s) if sl.state == CUT
               and (colour_of(sl.wire) == YELLOW if v == "YELLOW" else value_of(sl.wire) == v))


def _cut_all(ref: Referee, v: int, upto: int = 4) -> None:
    """``upto`` wires of value v cut (as the game's cuts would)."""
    ks = [k for k, t in sorted(ref.world.items()) if value_of(t) == v and ref.table.stand(*k[:2])[k[2]].state != CUT]
    ks = ks[:max(0, upto - _cuts(ref.table, v))]
    ref.table = with_cuts(ref.table, {k: cut_slot(ref.table, k, ref.world[k]) for k in ks})


def test_12_15_23_are_played() -> None:
    assert {12, 15, 23} <= set(PLAYABLE)


def test_12_a_card_is_used_only_once_two_wires_of_its_number_and_of_its_number_card_are_cut() -> None:
    m = playable(12, 4)
    deal = deal_game(m, 4, 1, 1)
    ref = start_game(deal, m)
    tape = dict(zip(deal.cards, deal.numbers))  # the card: one number card on each, in the order drawn
    spent: list = []
    inner = ref._spend

    def spend(card: str) -> None:
        v = tape.get(card)
        assert _cuts(ref.table, card_value(card)) >= 2 and (v is None or _cuts(ref.table, v) >= 2), card
        spent.append(card)
        inner(card)
    ref._spend = spend  # type: ignore[method-assign]
    result = play_on(ref, POLICIES["rank"], ref.table.captain)
    assert result.truth_impossible == 0 and result.sure_failures == 0 and spent
    ref = start_game(deal, m)  # by hand: the card's own pair is not enough
    card = next(c for c in deal.cards if c not in INSTANT_CARDS and tape[c] != card_value(c))
    _cut_all(ref, card_value(card), 2)
    assert card not in ref.usable_cards(1) and not ref.unlocked(card)
    _cut_all(ref, tape[card], 2)
    assert card in ref.usable_cards(1)
    again = playout_referee(ref.view(1), ref.world, 3)  # the win playouts read the number cards on the cards
    assert again.rules.play.tape == ref.rules.play.tape


def _flips(deal, tables) -> list[int]:
    """15 read on its own: how many equipment cards are face up after each table, by the number deck."""
    deck, shown, flips, out = list(deal.numbers), None, 0, []
    for t in tables:
        while True:
            if shown is None:
                while deck and shown is None:
                    v = deck.pop(0)
                    shown = v if _cuts(t, v) < 4 else None
                if shown is None:
                    break
            if _cuts(t, shown) < 4:
                break
            flips, shown = min(flips + 1, len(deal.cards)), None
        out.append(flips)
    return out


def test_15_the_face_down_cards_turn_up_as_the_number_cards_values_are_cut() -> None:
    m = playable(15, 4)
    deal = deal_game(m, 4, 1, 0)
    ref = start_game(deal, m)
    assert ref.cards == () and ref.usable_cards(0) == []
    seen: list = []
    inner = ref.play

    def logged(q, d) -> None:  # the table before each move and the cards face up then
        seen.append((ref.table, tuple(ref.cards)))
        inner(q, d)
    ref.play = logged  # type: ignore[method-assign]
    result = play_on(ref, greedy.decide, ref.table.captain)
    assert result.truth_impossible == 0 and result.sure_failures == 0
    flips = _flips(deal, [t for t, _c in seen])
    assert [len(c) for _t, c in seen] == flips and flips[-1] > 0
    assert all(c == deal.cards[:len(c)] for _t, c in seen)
    ref = start_game(deal, m)  # by hand: a flipped card is usable whatever its number
    play = ref.rules.play
    first = play.shown
    _cut_all(ref, first)
    play.after(ref, 0, None)
    card = deal.cards[0]
    assert ref.cards == (card,) and (card in ref.usable_cards(1) or card in INSTANT_CARDS)
    assert _cuts(ref.table, card_value(card)) < 2 or card_value(card) == first


def test_15_a_number_card_turned_up_with_its_wires_cut_is_discarded_for_nothing() -> None:
    ref = _game(15)
    play = ref.rules.play
    nxt, then = play.deck[0], play.deck[1]
    _cut_all(ref, nxt)  # the next card's wires go first
    _cut_all(ref, play.shown)
    play.after(ref, 0, None)
    assert len(ref.cards) == 1 and play.shown == then  # one card flipped; the next number card discarded


def test_23_a_deck_of_7_loses_a_card_a_round_until_the_action_then_the_rest_is_usable() -> None:
    m = playable(23, 4)
    deal = deal_game(m, 4, 1, 0)
    ref = start_game(deal, m)
    play, noble = ref.rules.play, deal.numbers[0]
    assert ref.cards == () and play.deck == list(deal.cards + deal.reserve)[:7]
    log: list = []
    inner = ref.play

    def logged(q, d) -> None:
        log.append((q, len(play.deck), play.done))
        inner(q, d)
    ref.play = logged  # type: ignore[method-assign]
    result = play_on(ref, greedy.decide, ref.table.captain)
    assert result.truth_impossible == 0 and result.sure_failures == 0
    rounds = 0  # before the captain's turn of round r (from 0) the deck has lost r cards
    for q, left, done in log:
        if q == ref.table.captain and not done:
            assert left == max(0, 7 - rounds)
            rounds += 1
    assert rounds >= 2 and (play.done or result.outcome != "won")
    if play.done:  # the action cut the four at once; the deck left turned face up, usable whatever its numbers
        assert _cuts(ref.table, noble) == 4 and list(ref.cards) == play.revealed and (ref.cards or rounds >= 7)
        assert all(c in ref.usable_cards(1) or c in ref.spent for c in ref.cards)
