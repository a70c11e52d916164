"""The playouts read the ``mission_play`` documents the table app makes (web/table/play-docs.js, card-play-docs.js; their
shapes in e2e_tests/js/play-docs.test.mjs): oxygen (44), number cards (9, 26, 29, 36, 47, 62, 65), special actions (13,
41, 48), the constraint cards (31, 32, 34, 37), the number-card decks (18, 45, 51), 39's noble value, 22's gifts, the
locked equipment (12, 15, 23), the challenge cards (55, 60), 35 and 46 — each plays whole games, and a rule that binds shows in the games (no oxygen
at hand, a constraint card in play: fewer won)."""

from __future__ import annotations

import pytest
from bombbusters.arena.deal import deal_game, playable
from bombbusters.arena.game import start_game
from bombbusters.arena.win import win_json


def _view_doc(mission: int, players: int = 4) -> dict:
    m = playable(mission, players)
    ref = start_game(deal_game(m, players, 3, 0), m)
    doc = ref.view(ref.table.captain).to_json()
    doc.pop("mission_play", None)
    doc["turn"] = ref.table.captain
    return doc


PAGE_DOCS = {  # as the table app makes them at a game's start (4 players, Ann the captain and me)
    44: {"kind": "oxygen", "oxygen": "reserve", "tokens": {"-1": 8}, "mission": 44, "last": None},
    29: {"kind": "guess", "me": 0, "mine": [4, 12], "known": {"0": [], "1": [], "2": [], "3": []},
         "unseen": {"0": 2, "1": 2, "2": 2, "3": 3}, "deck": 3},
    65: {"kind": "hands", "hands": {"0": [1, 5, 9], "1": [2, 6, 10], "2": [3, 7, 11], "3": [4, 8, 12]}},
    9: {"kind": "sequence", "line": [2, 8], "need": 2, "front": True, "free_end": False, "mission": 9},
    36: {"kind": "sequence", "line": [6, 1, 9, 4, 12], "need": 2, "front": True, "free_end": True, "mission": 36},
    26: {"kind": "pick", "up": [3, 7], "gone": []},
    47: {"kind": "sum", "cards": [4, 9, 1]},
    62: {"kind": "roulette", "cards": [6, 11, 2, 8], "done": []},
    46: {"kind": "sevens_last"},
    35: {"kind": "x_after_yellow"},
    13: {"kind": "all_at_once", "mission": 13, "done": False},
    48: {"kind": "all_at_once", "mission": 48, "done": False},
    41: {"kind": "tripwires", "skips": 0},
    31: {"kind": "chosen", "held": {"0": "B", "1": "A", "3": "E"}, "flipped": []},
    32: {"kind": "constraint_deck", "mode": "captain", "visible": "K", "gone": [], "done": [], "left": 11, "skipped": []},
    37: {"kind": "constraint_deck", "mode": "fours", "visible": "C", "gone": ["A"], "done": [7], "left": 10,
         "skipped": [1, 2], "due": 1},
    57: {"kind": "per_value", "pairs": {"2": "C", "5": "F"}, "order": [11, 2], "skipped": []},
    55: {"kind": "challenges", "active": [2, 4, 8], "targets": [7, 11], "cap": 3,
         "events": [["cut", 8], ["other", None], ["solo", 4]], "validations": [4]},
    60: {"kind": "challenges", "active": [1, 3, 6, 10], "targets": [], "cap": 3, "events": [], "validations": []},
    61: {"kind": "ring", "seats": [0, 1, 2, 3], "held": ["A", "B", "C", "G"], "pool": ["F", "H", "I", "J", "K", "L"],
         "skipped": []},
    34: {"kind": "weakest", "state": "hidden", "named": {"0": [3], "1": [8], "2": [], "3": []}, "me": 0, "own": "B",
         "weak": None},
    51: {"kind": "deck", "mission": 51, "deck": [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12], "current": None},
    45: {"kind": "deck", "mission": 45, "deck": [2, 6, 7, 11], "current": None},
    18: {"kind": "deck", "mission": 18, "deck": [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12], "current": [None, 7]},
    39: {"kind": "all_at_once", "mission": 39, "done": False, "noble": 6, "last": 0, "deck": 7},
    23: {"kind": "fordwich", "mission": 23, "done": False, "noble": 3, "last": None, "deck": 7, "revealed": []},
    12: {"kind": "red_tape", "tape": {"3": 9, "10": 1}, "left": [2, 3, 4, 5, 6, 7, 8, 10, 11, 12]},
    15: {"kind": "novosibirsk", "revealed": ["5"], "shown": 11},
    22: {"kind": "absent", "given": False},
}


@pytest.mark.parametrize("mission", sorted(PAGE_DOCS))
def test_the_page_s_documents_play_whole_games(mission: int) -> None:
    doc = dict(_view_doc(mission), mission_play=PAGE_DOCS[mission])
    if mission in (29, 34):
        doc["mission_play"] = dict(PAGE_DOCS[mission], me=doc["me"])
    got = win_json(doc, n=3, seed=1)
    assert got["n"] == 3, got


def test_no_oxygen_at_hand_costs_the_playouts_games() -> None:
    """The round under way, no token left in the reserve: the players before the captain skip (the detonator moves
    each time) — on the same drawn worlds the team wins fewer games than with the reserve full (deterministic: the
    same seeds; with the document ignored the two would be equal)."""
    doc = _view_doc(44)
    n = 4
    after = dict(doc, turn=(doc["turn"] + 1) % n)  # the captain has played: no refill before their next turn
    full = win_json(dict(after, mission_play=dict(PAGE_DOCS[44], last=doc["turn"])), n=6, seed=1)
    dry = win_json(dict(after, mission_play=dict(PAGE_DOCS[44], tokens={"-1": 0}, last=doc["turn"])), n=6, seed=1)
    assert dry["wins"] < full["wins"], (dry, full)


def test_a_card_owed_a_replacement_is_replaced_and_the_radar_s_card_comes_first() -> None:
    """37's card due to be replaced (the table app has not turned the next one up yet) is replaced from the deck drawn
    again, never by a card already gone; 18's card flipped for the turn under way is the playout's first; 57's pairs
    not entered are drawn among the cards left, each card once."""
    from bombbusters.arena.plays import play_from_doc

    for seed in range(20):
        deck = play_from_doc(PAGE_DOCS[37], 4, seed)
        assert deck.visible not in ("A", "C") and deck.gone == ["A", "C"] and len(deck.deck) == 9, deck.doc()
        assert play_from_doc(PAGE_DOCS[18], 4, seed).deck[0] == 7
        pairs = play_from_doc(PAGE_DOCS[57], 4, seed).pairs  # the pairs not entered drawn among the cards left
        assert pairs[2] == "C" and pairs[5] == "F" and sorted(pairs) == list(range(1, 13)), pairs
        assert sorted(pairs.values()) == list("ABCDEFGHIJKL"), pairs


def test_the_constraint_card_in_play_costs_the_playouts_games() -> None:
    """37's card in play read, on the same drawn worlds: card A (even wires only, for everyone) wins fewer games than
    no card at all (the deck empty) — equal if the document were ignored."""
    doc = dict(_view_doc(37), mistakes_left=1)
    empty = dict(PAGE_DOCS[37], visible=None, gone=list("ABCDEFGHIJKL"), left=0, skipped=[], done=[])
    empty.pop("due")
    free = win_json(dict(doc, mission_play=empty), n=8, seed=1)
    bound = win_json(dict(doc, mission_play=dict(empty, visible="A", gone=list("BCDEFGHIJKL"))), n=8, seed=1)
    assert bound["wins"] < free["wins"], (bound, free)


def test_61_s_cards_on_the_table_with_three_players() -> None:
    """With 3 players a card lies on the table on the captain's left (a place with no player: None)."""
    doc = dict(_view_doc(61, 3), mission_play={"kind": "ring", "seats": [0, None, 1, 2], "held": ["D", "A", "B", "E"],
                                               "pool": list("FGHIJKL"), "skipped": []})
    assert win_json(doc, n=2, seed=1)["n"] == 2


def test_challenges_left_on_the_table_win_the_playouts_games() -> None:
    """55 with no mistake left: the challenge cards the page sends give the detonator back as they are done — on the
    same drawn worlds, with cards 7 and 10 face up the team wins more games than with none (equal if ignored)."""
    doc = _view_doc(55)
    none = {"kind": "challenges", "active": [], "targets": [], "cap": 3, "events": [], "validations": []}
    without = win_json(dict(doc, mission_play=none), n=8, seed=1)
    with_cards = win_json(dict(doc, mission_play=dict(none, active=[7, 10])), n=8, seed=1)
    assert with_cards["wins"] > without["wins"], (with_cards, without)
