"""*My best cuts* names the free card the team's rule plays first — the one the arena's ``advice`` plays on
the same table (``advice/free_cards.py`` serves both), with what it buys."""

from __future__ import annotations

import json

import pytest

from bombbusters.advice.free_cards import COFFEE_BELOW, FREE_CARDS, free_card_json
from bombbusters.advice.moves import moves_json
from bombbusters.arena import advice
from bombbusters.arena.card_play import playing_cards
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import play_game
from bombbusters.protocol.bridge import handle
from bombbusters.table.errors import StateError
from bombbusters.table.state import GameState


def _decisions(mission: int, players: int, games: int) -> list:
    """Every (view, decision) of the arena's ``advice`` (free cards played) over ``games`` games."""
    wrapped = playing_cards(advice.decide)
    seen: list = []

    def recording(view, an):
        d = wrapped(view, an)
        seen.append((view, d))
        return d

    m = playable(mission, players)
    for k in range(games):
        play_game(deal_game(m, players, 3, k), m, recording)
    return seen


def test_my_best_cuts_name_the_free_card_the_arena_plays() -> None:
    seen = _decisions(5, 5, 4)
    played: set[str] = set()
    for view, d in seen:
        if not view.extra.get("free_cards"):
            continue
        f = moves_json(view.to_json())["free_card"]
        if d.uses:
            use = d.uses[0]
            assert f is not None and f["card"] == use.card and f["name"] == FREE_CARDS[use.card]
            assert (f["stand"], f["slots"], f.get("value")) == (use.stand, list(use.slots), use.value)
            assert f.get("give") == (list(use.give) if use.give else None)
            assert f.get("target") == (list(use.target) if use.target else None)
            assert f["told"] == len(use.told)
            if use.card in ("1", "12", "4"):
                assert f["bits"] > 0  # what it buys: the bits it tells
            if use.card == "8":
                assert 1 <= f["unseen"] <= 4
            played.add(use.card)
        elif d.pass_to is not None:
            assert f is not None and (f["card"], f["pass_to"]) == ("11", d.pass_to)
            assert f["p_move"] < f["below"] == COFFEE_BELOW
            played.add("11")
        else:
            assert f is None, f
    assert len(played) >= 3, played  # several cards, each named as the arena plays it


def test_a_free_card_waits_while_a_sure_cut_is_at_hand() -> None:
    """The same table with the team's move sure: no free card (a sure cut needs no help); not sure: the card."""
    view = next(v for v, d in _decisions(5, 5, 1) if d.uses)
    sure = {"kind": "dual_cut", "guaranteed": True, "p_success": 1.0}
    assert free_card_json(view, sure) is None
    assert free_card_json(view, dict(sure, guaranteed=False, p_success=0.9)) is not None


def test_a_bad_free_cards_list_names_the_field() -> None:
    view, _d = _decisions(4, 4, 1)[0]
    doc = dict(view.to_json(), free_cards=["99"])
    reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "type": "moves", "payload": doc})))
    assert not reply["ok"] and "free_cards" in reply["error"]["message"] and "'99'" in reply["error"]["message"]
    with pytest.raises(StateError, match="free_cards"):
        moves_json(dict(view.to_json(), free_cards="8"))
    assert isinstance(GameState.from_json(view.to_json()), GameState)
