"""The `win` playouts (*Estimate*) play the special actions by the mission's rules: 13's red wires and 39's,
23's and 48's wires cut all at once, 41's tripwires one at a time — each view carries the rule's public
state (``mission_play``) and a playout remakes the play from it, a face-down deck drawn again.

Why: without them the playouts played another game (13's reds revealed one by one, 48's yellows and 39's
noble value cut by dual cuts, no detonator rule for 41), so the chance to win they gave was not the
mission's."""

from __future__ import annotations

import pytest

from bombbusters.arena import advice
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_on, start_game
from bombbusters.arena.plays import play_from_doc
from bombbusters.arena.win import playout_referee, playout_start
from bombbusters.table.state import GameState
from bombbusters.table.wires import RED, YELLOW, colour_of, value_of

#: mission -> the wires only its special action cuts
SPECIAL = {13: lambda t, v: colour_of(t) == RED, 48: lambda t, v: colour_of(t) == YELLOW,
           41: lambda t, v: colour_of(t) == YELLOW, 39: lambda t, v: value_of(t) == v, 23: lambda t, v: value_of(t) == v}


def _first_view(mission: int, k: int = 0) -> tuple[GameState, dict]:
    m = playable(mission, 4)
    ref = start_game(deal_game(m, 4, 1, k), m)
    return ref.view(ref.table.captain), ref.world


@pytest.mark.parametrize("mission", sorted(SPECIAL))
def test_a_playout_remakes_the_play_from_the_view(mission: int) -> None:
    view, _world = _first_view(mission)
    doc = view.extra["mission_play"]
    again = play_from_doc(doc, 4, seed=5)
    assert again is not None and again.doc() == doc
    if "deck" in doc:  # the face-down deck drawn again, as many cards, by the seed
        assert len(again.deck) == doc["deck"] and again.deck == play_from_doc(doc, 4, seed=5).deck  # type: ignore[attr-defined]
        assert any(play_from_doc(doc, 4, seed=s).deck != again.deck for s in range(6, 12))  # type: ignore[attr-defined]


@pytest.mark.parametrize("mission", sorted(SPECIAL))
def test_playouts_cut_the_special_wires_only_by_the_action(mission: int) -> None:
    """Played out on the real deal from the captain's first view, no move of the team names the special
    wires (no dual cut on them, no red revealed), and in the games won they were cut all the same."""
    won = 0
    for k in range(3):
        view, world = _first_view(mission, k)
        table, first, mistakes = playout_start(view)
        noble = (view.extra["mission_play"] or {}).get("noble")
        named: list = []

        def policy(v, an):
            d = advice.decide(v, an)
            if d.move is not None:
                named.append(d.move)
            return d

        ref = playout_referee(table, world, mistakes)
        result = play_on(ref, policy, first, check_truth=False)
        banned = {13: None, 41: "YELLOW", 48: "YELLOW"}.get(mission, noble)
        for m in named:
            assert m["kind"] != "reveal_red" or mission != 13, m
            assert banned is None or m.get("value") != banned, m
        special = [key for key, t in world.items() if SPECIAL[mission](t, noble)]
        cut = [key for key in special if ref.table.stand(*key[:2])[key[2]].state == "cut"]
        assert special and (cut == special or not result.won)
        won += len(cut) == len(special) if mission != 41 else len(cut) > 0
    assert won >= 1, "the action cuts the special wires in a playout"


def test_29_the_table_s_knowledge_of_the_hidden_cards_and_playouts_that_draw_the_rest() -> None:
    """29: through a whole game, what the table knows of each hand (the cards seen taken, how many unseen) holds
    of the real hands; a playout from a view keeps my hand and the cards seen, draws the unseen ones among the
    values nobody has seen (seeded), and plays on."""
    from collections import Counter

    from bombbusters.arena.number_turns import Guess

    m = playable(29, 4)
    ref = start_game(deal_game(m, 4, 1, 0), m)
    play = ref.rules.play
    assert isinstance(play, Guess)
    checked = 0
    inner = play.turn

    def turn(ref_, q, decide):
        nonlocal checked
        done = inner(ref_, q, decide)
        for p, hand in play.hands.items():
            assert not Counter(play.known[p]) - Counter(hand), (p, play.known[p], hand)
            assert len(hand) == len(play.known[p]) + play.unseen[p], (p, hand, play.known[p], play.unseen[p])
        view = ref_.view(q)
        doc = view.extra["mission_play"]
        assert doc["mine"] == play.hands[q] and doc["me"] == q
        again = play_from_doc(doc, 4, seed=checked)
        assert again.hands[q] == play.hands[q] and len(again.deck) <= doc["deck"]
        for p in range(4):
            assert not Counter(play.known[p]) - Counter(again.hands[p])
        checked += 1
        return done

    play.turn = turn  # type: ignore[method-assign]
    play_on(ref, advice.decide, ref.table.captain)
    assert checked >= 10
    view = start_game(deal_game(m, 4, 1, 1), m).view(0)
    table, first, mistakes = playout_start(view)
    assert play_on(playout_referee(table, world_of(view), mistakes), advice.decide, first, check_truth=False).outcome


def world_of(view: GameState) -> dict:
    """A world that fits a first view: the real deal of that game."""
    m = playable(29, 4)
    return deal_game(m, 4, 1, 1).world
