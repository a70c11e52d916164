"""Wires that moved after the deal (Walkie-Talkies, Grappling Hook) against the brute-force oracle.

The oracle enumerates the physical deals *before* any wire moved, plays the
recorded moves (a receiver files the wire in order among its sorted wires)
and keeps the deals that fit the table as it is now; the engine works on the
stands as dealt with an order condition per filed wire.  Both must agree on
every slot (1e-9, same support), on the deal count, and the slow exact path
must equal the oracle exactly.
"""

from __future__ import annotations

import random

import gen_moved
import oracle
import pytest
from bombbusters.questions.report import analyze
from bombbusters.solvers.exact import exact_deal_count, exact_slot_distributions
from bombbusters.table.errors import RuleError, StateError
from bombbusters.table.state import GameState
from hypothesis import given, settings
from test_moves import ITEMS, check_moves
from test_solver_vs_oracle import PROPERTY, check_against_oracle, check_holdings


def _slot(out: dict, p: int, s: int, j: int) -> dict:
    return next(e["probs"] for e in out["slots"] if (e["player"], e["stand"], e["slot"]) == (p, s, j))


def _doc(stands: list, moves: list, me=None, facts=(), blue=(1, 3), **wires) -> dict:
    names = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
    return {
        "players": [{"name": names[p], "stands": st} for p, st in enumerate(stands)],
        "me": me, "captain": 0, "wires": {"blue": list(blue), **wires}, "facts": list(facts), "moves": moves,
    }


def _hook(src, dst) -> dict:
    return {"kind": "grappling_hook", "wires": [{"from": list(src), "to": list(dst)}]}


def _swap(a_src, a_dst, b_src, b_dst) -> dict:
    return {"kind": "walkie_talkies", "wires": [{"from": list(a_src), "to": list(a_dst)},
                                                 {"from": list(b_src), "to": list(b_dst)}]}


# --------------------------------------------------------------------------
# generated tables


@settings(max_examples=1200, **PROPERTY)
@given(gen_moved.moved_states())
def test_moved_wires_match_the_oracle(doc):
    check_against_oracle(doc)


@settings(max_examples=300, **PROPERTY)
@given(gen_moved.moved_states(n_moves=3))
def test_three_moves_match_the_oracle(doc):
    check_against_oracle(doc)


@settings(max_examples=200, **PROPERTY)
@given(gen_moved.moved_states(n_players=2))
def test_two_players_with_two_stands_each(doc):
    check_against_oracle(doc)


@settings(max_examples=200, **PROPERTY)
@given(gen_moved.moved_states(x_slots=True))
def test_moves_beside_x_wires(doc):
    check_against_oracle(doc)


@settings(max_examples=150, **PROPERTY)
@given(gen_moved.moved_states())
def test_holdings_of_moved_games(doc):
    check_holdings(doc)


def test_moves_on_moved_games():
    """Ranked moves with every item (detectors over wires dealt to different stands too) against the oracle."""
    rng = random.Random(4242)
    for _ in range(150):
        doc = gen_moved.random_moved_game(rng, me="player")
        doc["available"] = list(ITEMS)
        check_moves(doc)


def test_public_view_of_moved_games():
    """The spectator's view of a game in which wires moved (nobody's wire known)."""
    rng = random.Random(77)
    for _ in range(150):
        doc = gen_moved.random_moved_game(rng, me="player")
        check_against_oracle(GameState.from_json(doc).public().to_json())


@pytest.mark.parametrize("chunk", range(2))
def test_exact_path_on_moved_games(chunk):
    for seed in range(500 + chunk, 620, 2):
        doc = gen_moved.random_moved_game(random.Random(seed))
        state = GameState.from_json(doc)
        brute = oracle.solve(state)
        for key, dist in exact_slot_distributions(state).items():
            if key[0] != state.me:
                assert dist == {t: q for t, q in brute.distributions[key].items() if q}, (seed, key)
        assert exact_deal_count(state) == brute.total_weight, seed


# --------------------------------------------------------------------------
# hand-made tables: what each move tells


def test_a_hooked_wire_lies_between_its_new_neighbours():
    """Ann hooks Bob's C and files it between her two cut 3s: it is a 3, so Bob has no 3 left."""
    doc = _doc([["3 ? 3 ?"], ["? ?"], ["? ? ?"], ["? ? ?"]], [_hook((1, 0, 2), (0, 0, 1))])
    out = check_against_oracle(doc)
    assert _slot(out, 0, 0, 1) == {"3": 1.0}
    assert _slot(out, 0, 0, 3) == {"3": 1.0}  # right of three 3s: the fourth
    assert "3" not in _slot(out, 1, 0, 1)


def test_a_hooked_wire_lies_between_its_old_neighbours():
    """Bob's wire B left from between his cut 1 and his cut 2: wherever it is now, it is a 1 or a 2."""
    doc = _doc([["? ? ? ?"], ["1 2"], ["? ? ?"], ["? ? ?"]], [_hook((1, 0, 1), (0, 0, 3))])
    out = check_against_oracle(doc)
    assert set(_slot(out, 0, 0, 3)) <= {"1", "2"}


def test_one_swap_the_giver_knows():
    """Ann (me) gave her 1 to Bob, who filed it at his A; she got Bob's wire and filed it in her stand."""
    moves = [_swap((0, 0, 0), (1, 0, 0), (1, 0, 2), (0, 0, 2))]
    mine = _doc([["?2 ?2 ?3"], ["?1 ? ?"], ["? ? ?"], ["? ? ?"]], moves, me=0)
    out = check_against_oracle(mine)
    assert _slot(out, 1, 0, 0) == {"1": 1.0}
    public = check_against_oracle(GameState.from_json(mine).public().to_json())
    assert len(_slot(public, 1, 0, 0)) > 1  # teammates do not know the wire Ann gave


def test_the_giver_must_enter_the_wire_given():
    moves = [_swap((0, 0, 0), (1, 0, 0), (1, 0, 2), (0, 0, 2))]
    with pytest.raises(RuleError, match="Bob slot A holds a wire you gave away"):
        GameState.from_json(_doc([["?2 ?2 ?3"], ["? ? ?"], ["? ? ?"], ["? ? ?"]], moves, me=0))


def test_two_swaps_and_a_wire_that_moves_twice():
    """Bob's C goes to Cyd, then on to Dee by the Grappling Hook: both filings bound it."""
    moves = [
        _swap((1, 0, 2), (2, 0, 1), (2, 0, 0), (1, 0, 0)),
        _swap((0, 0, 0), (3, 0, 0), (3, 0, 2), (0, 0, 2)),
        _hook((2, 0, 1), (3, 0, 1)),
    ]
    doc = _doc([["? ? ?"], ["1 ? ?"], ["? 3"], ["? ? ? ?"]], moves)
    check_against_oracle(doc)
    check_against_oracle({**doc, "facts": [{"kind": "has", "player": 3, "value": 1}]})


def test_a_moved_wire_beside_a_label():
    """Bob received Ann's wire and a Label = joins it to his own neighbour; Labels on Bob's dealt wires too."""
    moves = [_swap((0, 0, 1), (1, 0, 1), (1, 0, 0), (0, 0, 0))]
    doc = _doc([["? ? ?"], ["? ? ?"], ["? ? ?"], ["? ? ?"]], moves,
               facts=[{"kind": "same", "player": 1, "slots": [0, 1]}, {"kind": "different", "player": 1, "slots": [1, 2]}])
    with pytest.raises(RuleError, match="dealt to different stands"):
        analyze(doc)
    doc["facts"] = [{"kind": "same", "player": 1, "slots": [0, 1]}]
    check_against_oracle(doc)
    doc["facts"] = [{"kind": "different", "player": 1, "slots": [0, 2]}, {"kind": "same", "player": 0, "slots": [1, 2]}]
    check_against_oracle(doc)


def test_a_failed_cut_remembers_the_wires_of_that_moment():
    """Ann said 2 and failed, then gave a wire away: she held a 2 among her wires *then*."""
    doc = _doc([["? ? ?"], ["? ? ?"], ["? ? ?"], ["? ? ?"]],
               [_hook((0, 0, 0), (1, 0, 0))],
               facts=[{"kind": "has", "player": 0, "value": 2, "wires": [[1, 0, 0], [0, 0, 0], [0, 0, 1]]}])
    doc["players"][0]["stands"] = ["? ?"]
    doc["players"][1]["stands"] = ["? ? ? ?"]
    check_against_oracle(doc)


def test_red_count_speaks_of_the_stand_as_dealt():
    """Ann was dealt the one red wire, then Dee hooked Ann's D: the red is on Ann's three or on Dee's D."""
    doc = _doc([["? ? ?"], ["? ? ?"], ["? ? ?"], ["? ? ? ?"]], [_hook((0, 0, 3), (3, 0, 3))], red=[2],
               facts=[{"kind": "red_count", "player": 0, "count": 1}])
    out = check_against_oracle(doc)
    on_dealt_stand = sum(_slot(out, *spot).get("R2", 0.0) for spot in [(0, 0, 0), (0, 0, 1), (0, 0, 2), (3, 0, 3)])
    assert abs(on_dealt_stand - 1.0) < 1e-9
    assert 0 < _slot(out, 3, 0, 3).get("R2", 0.0) < 1


# --------------------------------------------------------------------------
# records that cannot be


@pytest.mark.parametrize("moves, message", [
    ([_hook((1, 0, 5), (0, 0, 0))], r"moves\[0\] \(Grappling Hook\): Bob has no slot F just before it"),
    ([_hook((1, 0, 0), (0, 0, 9))], r"moves\[0\] \(Grappling Hook\): Ann has no slot J just after it"),
    ([_hook((1, 0, 0), (1, 0, 1))], "a wire goes to another player"),
    ([_swap((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 0, 0))], "each give one wire to the other"),
    ([{"kind": "walkie_talkies", "wires": []}], "must list 2 wires"),
    ([{"kind": "teleport", "wires": []}], "'kind' must be one of"),
    ([{"kind": [], "wires": []}], "'kind' must be one of"),
    ([{"kind": "grappling_hook", "wires": [{"from": [1, 0, True], "to": [0, 0, 0]}]}], r"must be \[player, stand, slot\]"),
    ([_hook((1, 3, 0), (0, 0, 0))], "Bob has no stand 4"),
    ("swap", "'moves' must be a list"),
])
def test_bad_move_records_are_named(moves, message):
    doc = _doc([["? ? ? ?"], ["? ?"], ["? ? ?"], ["? ? ?"]], moves)
    with pytest.raises(StateError, match=message):
        GameState.from_json(doc)


def test_sizes_are_checked_as_dealt():
    """A hook changes two stands' lengths; without the record the table is refused, with it it is fine."""
    doc = _doc([["? ? ? ?"], ["? ?"], ["? ? ?"], ["? ? ?"]], [])
    with pytest.raises(RuleError, match="wires per stand"):
        GameState.from_json(doc)
    doc["moves"] = [_hook((1, 0, 0), (0, 0, 0))]
    check_against_oracle(doc)
