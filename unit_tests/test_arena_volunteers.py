"""The surest volunteer (10's "Snip!", 45's number cards): the chosen decision holds on the table it is played on.

Why: each player decides in turn, and deciding plays a player's free cards at once (a Label, a Post-it, a
swap), which changes the table; a decision made before that, on the older table, no longer has its chances —
a "sure" cut made before a teammate's Walkie-Talkies may miss.  Found by the campaign: mission 45, 4 players,
seed 1: rank and advice each counted a sure move that failed (game 51 for rank)."""

from __future__ import annotations

from types import SimpleNamespace

from bombbusters.arena.mission_play import likeliest
from bombbusters.arena.referee import Decision
from bombbusters.arena.run import play_one


def _move(p: float, sure: bool = False) -> dict:
    return {"kind": "dual_cut", "p_success": p, "guaranteed": sure}


def test_a_decision_made_before_the_table_changed_is_made_again() -> None:
    ref = SimpleNamespace(table="before")
    asked: list[tuple[int, str]] = []

    def decide(p: int) -> Decision:
        asked.append((p, ref.table))
        if p == 1:
            ref.table = "after"  # player 1's free card, played while deciding
        return Decision(_move(1.0, sure=True) if p == 0 else _move(0.6))

    who, d = likeliest(ref, [0, 1], decide)
    assert who == 0 and d is not None and d.move["guaranteed"]
    assert asked == [(0, "before"), (1, "before"), (0, "after")]  # 0 decided again, on the table it plays on


def test_the_surest_goes_and_no_one_is_asked_twice_on_an_unchanged_table() -> None:
    ref = SimpleNamespace(table="same")
    asked: list[int] = []
    moves = {0: _move(0.7), 1: _move(0.9), 2: None}

    def decide(p: int) -> Decision:
        asked.append(p)
        return Decision(moves[p])

    assert likeliest(ref, [0, 1, 2], decide)[0] == 1 and asked == [0, 1, 2]
    assert likeliest(ref, [], decide) == (None, None)
    assert likeliest(ref, [2, 0], lambda p: None if p == 0 else Decision(None)) == (0, None)  # no deal fits 0


def test_the_campaign_game_that_failed_a_sure_cut() -> None:
    for r in play_one((45, 4, ("rank",), 1, 51)):
        assert r.sure_failures == 0 and r.truth_impossible == 0
